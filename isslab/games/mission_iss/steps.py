"""The steps of Mission ISS: what each action does to the position (``State._apply``).

:func:`apply` copies the state once and hands the copy to the step functions, which change its
fields in place (the copy is not shared yet) and run on until the next decision or chance node
(:func:`resume`). Each function cites the rulebook section it implements; "reading n" refers to
the numbered readings of the package docstring.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from isslab.core import IllegalActionError
from isslab.games.kit import drop, put
from isslab.games.mission_iss.actions import (
    GOOD_JOB,
    Arrive,
    Assemble,
    DealMarkers,
    Deploy,
    DrawIncident,
    DrawMarker,
    DrawTile,
    EndShift,
    EndTurn,
    Exercise,
    Move,
    Play,
    Research,
    ResearchOn,
    ResearchStop,
    Select,
    Skip,
    SoloDeal,
    Train,
    UseBonus,
)
from isslab.games.mission_iss.components import MAX_SKILL, MODULES, RASSVET, TRANQUILITY, WILD, Bonus
from isslab.games.mission_iss.legal import (
    BLUE_DIE,
    RED_DIE,
    WAITING,
    field_totals,
    red_on_station,
    solo_can_play,
    task_possible,
)
from isslab.games.mission_iss.phases import (
    ARRIVE,
    COMMAND,
    FINISH,
    INCIDENT,
    MARKER,
    OVER,
    RESEARCH_MORE,
    SELECT,
    SETUP,
    TILE,
    TRAIN,
    EndCode,
    Via,
)
from isslab.games.mission_iss.scoring import (
    ARRIVALS,
    ATTACHES,
    BONUSES,
    CARDS_TAKEN,
    DICE_TILES,
    EXERCISES,
    FORCED_SHIFTS,
    INCIDENT_MARKERS,
    MOVES,
    RESEARCHES,
    ROBONAUTS,
    SEAT_SHIFTS,
    SEAT_TURNS,
    SHIFTS,
    SKIPPED,
    STOPPAGES,
    TILES_DONE,
    TURNS,
    WILD_USED,
)

if TYPE_CHECKING:
    from isslab.games.mission_iss.rules import StateMissionISS

__all__ = ["apply", "resume"]

_NUM_MODULES = len(MODULES)
_LATE = frozenset((Bonus.EXTRA_MOVE, Bonus.EXTRA_RESEARCH, Bonus.FREE_ROBONAUT, Bonus.FREE_EXERCISE))
_EXTRA_VIA = {
    Bonus.EXTRA_MOVE: Via.BONUS_MOVE,
    Bonus.EXTRA_RESEARCH: Via.BONUS_RESEARCH,
    Bonus.FREE_ROBONAUT: Via.BONUS_ROBONAUT,
    Bonus.FREE_EXERCISE: Via.BONUS_EXERCISE,
}


def _add(row: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    # through a list, like kit.put: a third faster than two slices and an unpacking (the most called step)
    out = list(row)
    out[i] += delta
    return tuple(out)


def _count(st: StateMissionISS, index: int, delta: int = 1) -> None:
    st.tally = _add(st.tally, index, delta)


def _seat_count(st: StateMissionISS, seat: int, index: int) -> None:
    st.seat_tally = put(st.seat_tally, seat, _add(st.seat_tally[seat], index, 1))


def apply(st: StateMissionISS, action: Any) -> StateMissionISS:
    """The state after ``action`` (legal: ``State.apply`` resolved it); ``st`` is left unchanged."""
    new = st._copy()
    step = _STEPS.get(type(action))
    if step is None:  # unreachable: State.apply resolved the action against the legal list
        raise IllegalActionError(f"no step for {action!r}")
    step(new, action)
    resume(new)
    return new


# --- the flow of a turn ---------------------------------------------------------------------------


def resume(st: StateMissionISS) -> None:
    """Run on to the next decision: drop queued tasks that cannot happen, end the setup or the turn."""
    q = st.queue
    while q and not task_possible(st, q[0][0], q[0][1]):
        q = q[1:]
    st.queue = q
    if q or st.phase == OVER:
        return
    ph = st.phase
    if ph == SETUP:
        st.phase = SELECT
        st.seat = st.round_first()  # the turn-order hook: the first seat unless a variant says otherwise
    elif ph == COMMAND and not st.pool:
        if not st.commanded:  # an extra command from a bonus used before picking the cards
            st.phase = SELECT
        elif _late_bonus(st):
            st.phase = FINISH
        else:
            _end_turn(st)


def _late_bonus(st: StateMissionISS) -> bool:
    """Is a bonus usable after the last command (an extra command, or a card to recover)?"""
    t = st.game.tables
    for tile in st.bonuses:
        bonus = t.tile_bonus[tile]
        if bonus in _LATE:
            return True
        if bonus == Bonus.RECOVER:
            if t.solo and sum(st.rows[3]) >= 2:
                return True
            if not t.solo and any(st.face_down[st.seat]):
                return True
    return False


def _end_turn(st: StateMissionISS) -> None:
    """Give commands, end: the picked cards go face down in front of the player; next player."""
    t = st.game.tables
    seat = st.seat
    if not t.solo:
        st.face_down = put(
            st.face_down, seat, tuple(d + p for d, p in zip(st.face_down[seat], st.picked, strict=True))
        )
        st.picked = (0, 0, 0, 0)
        st.seat = (seat + 1) % t.n
    st.pool = ()
    st.boost = (0, 0, 0)
    st.commanded = False
    st.phase = SELECT


def _select(st: StateMissionISS, a: Select) -> None:
    """Give commands: pick up one's own face-up card and a fellow player's (or a wild card)."""
    seat = a.seat
    st.face_up = put(st.face_up, seat, _add(st.face_up[seat], a.own, -1))
    picked = _add(st.picked, a.own, 1)
    if a.partner < 0:  # Command wild cards: back to the box after use, never face down
        st.wild -= 1
        second = int(Via.WILD_CARD)
    else:
        st.face_up = put(st.face_up, a.partner, _add(st.face_up[a.partner], a.kind, -1))
        picked = _add(picked, a.kind, 1)
        second = a.kind
        _seat_count(st, seat, CARDS_TAKEN)
    st.picked = picked
    st.pool = tuple(sorted((*st.pool, a.own, second)))
    st.commanded = True
    st.phase = COMMAND
    _count(st, TURNS)
    _seat_count(st, seat, SEAT_TURNS)


def _play(st: StateMissionISS, a: Play) -> None:
    """Single player, How to play: a hand card onto the top row over a free middle-row card, or two."""
    hand = _add(st.hand, a.top, -1)
    top, free, used, bottom = st.rows
    top = _add(top, a.top, 1)
    if a.from_hand:
        hand = _add(hand, a.under, -1)
    else:
        free = _add(free, a.under, -1)
    used = _add(used, a.under, 1)
    st.hand = hand
    st.rows = (top, free, used, bottom)
    st.pool = tuple(sorted((*st.pool, a.top, a.under)))
    st.commanded = True
    st.phase = COMMAND
    _count(st, TURNS)
    _seat_count(st, 0, SEAT_TURNS)


def _used(st: StateMissionISS, via: int) -> None:
    if via == Via.WILD_CARD:
        _count(st, WILD_USED)


def _move(st: StateMissionISS, a: Move) -> None:
    """Move: the astronaut goes to a field within its movement points (Move; Assistance)."""
    st.astronauts = put(st.astronauts, a.astronaut, a.dest)
    st.pool = drop(st.pool, a.via)
    if st.boost[0]:
        st.boost = (0, *st.boost[1:])
    _count(st, MOVES)
    _used(st, a.via)


def _research(st: StateMissionISS, a: Research) -> None:
    """Research: reduce a die by the blue total; points left over carry on in the module (Research)."""
    f = st.astronauts[a.astronaut]
    points = field_totals(st)[1][f] + st.boost[1]
    if st.boost[1]:
        st.boost = (st.boost[0], 0, st.boost[2])
    st.pool = drop(st.pool, a.via)
    _count(st, RESEARCHES)
    _used(st, a.via)
    _research_points(st, a.astronaut, a.tile, a.die, points)


def _research_on(st: StateMissionISS, a: ResearchOn) -> None:
    astronaut, points = st.carry
    st.carry = ()
    st.phase = COMMAND
    _research_points(st, astronaut, a.tile, a.die, points)


def _research_points(st: StateMissionISS, astronaut: int, tile: int, die: int, points: int) -> None:
    """Spend ``points`` on a die; a cleared die with points left opens the carry-over (reading 5)."""
    rest = _reduce(st, tile, die, points)
    if rest > 0:
        f = st.astronauts[astronaut]
        if any(w == f and any(c != WAITING for c, _ in dice) for _, w, dice in st.tiles):
            st.carry = (astronaut, rest)
            st.phase = RESEARCH_MORE


def _reduce(st: StateMissionISS, tile: int, die: int, points: int) -> int:
    """Reduce a die; return the points left after clearing it (-1: not cleared, 0: exactly)."""
    tiles = st.tiles
    i = next(k for k, entry in enumerate(tiles) if entry[0] == tile)
    _, f, dice = tiles[i]
    colour, value = dice[die]
    if points < value:
        tiles = put(tiles, i, (tile, f, put(dice, die, (colour, value - points))))
        st.tiles = tiles
        return -1
    dice = dice[:die] + dice[die + 1 :]
    if dice:
        tiles = put(tiles, i, (tile, f, dice))
    else:  # the tile is complete: its bonus becomes available (Research bonuses)
        tiles = tiles[:i] + tiles[i + 1 :]
        if st.game.tables.tile_bonus[tile] == Bonus.NONE:  # nothing to use: set aside at once (reading 7)
            st.tiles_used = tuple(sorted((*st.tiles_used, tile)))
        else:
            st.bonuses = tuple(sorted((*st.bonuses, tile)))
        _count(st, TILES_DONE)
    st.tiles = tiles
    _free_die(st, colour)
    return points - value


def _free_die(st: StateMissionISS, colour: int) -> None:
    """A cleared die returns to the Earth board, or at once replaces the oldest dice tile (reading 6)."""
    for i, (tile, f, dice) in enumerate(st.tiles):
        for k, (c, value) in enumerate(dice):
            if c == WAITING:
                st.tiles = put(st.tiles, i, (tile, f, put(dice, k, (colour, value))))
                return
    st.dice_free = _add(st.dice_free, colour, 1)


def _place_dice(st: StateMissionISS, values: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Assemble step 4: blue dice first, red when no blue is left, a dice tile when no die is left."""
    out = []
    red_before = red_on_station(st)
    for v in values:
        blue, red = st.dice_free
        if blue:
            st.dice_free = (blue - 1, red)
            out.append((BLUE_DIE, v))
        elif red:
            st.dice_free = (blue, red - 1)
            out.append((RED_DIE, v))
        else:
            out.append((WAITING, v))
            _count(st, DICE_TILES)
    if not red_before and red_on_station(st):
        _count(st, STOPPAGES)
    return tuple(out)


def _assemble(st: StateMissionISS, a: Assemble) -> None:
    """Assemble: attach the module, then steps 2-6 (Assemble; overview "Assemble module")."""
    t = st.game.tables
    m = a.module
    f = st.astronauts[a.astronaut]
    st.pool = drop(st.pool, a.via)
    if st.boost[2]:
        st.boost = (st.boost[0], st.boost[1], 0)
    _count(st, ATTACHES)
    _used(st, a.via)
    st.station = put(st.station, m, f)
    if all(p >= 0 for p in st.station):  # step 1: the twelfth module ends the game at once
        st.end = int(EndCode.ALL_MODULES)
        st.phase = OVER
        return
    queue: list[tuple[int, int]] = []
    if st.difficulty[m][1] and any(x < 0 for x in st.astronauts):  # step 2: a new astronaut
        queue.append((ARRIVE, 0))
    # step 3: the difficulty marker goes to the Earth board, the incident markers face up aside
    markers = st.incidents[m]
    if markers:
        discard = list(st.marker_discard)
        for v in markers:
            discard[v - 1] += 1
        st.marker_discard = tuple(discard)
        st.incidents = put(st.incidents, m, ())
    queue.append((TILE, 3 + m))  # step 4: the top research tile onto the new module
    queue += [(INCIDENT, 0), (INCIDENT, 0)]  # step 5: two incident cards, one after the other
    st.queue = (*st.queue, *queue)
    # step 6: the module card turns over: a command wild card (single player: into the hand)
    if t.solo:
        st.hand = _add(st.hand, WILD, 1)
    else:
        st.wild += 1


def _deploy(st: StateMissionISS, a: Deploy) -> None:
    """Robonauts: from the Soyuz capsule, or (none left there) from any field, to the astronaut."""
    f = st.astronauts[a.astronaut]
    robots = list(st.robonauts)
    robots[robots.index(a.source)] = f
    st.robonauts = tuple(sorted(robots))
    st.pool = drop(st.pool, a.via)
    _count(st, ROBONAUTS)
    _used(st, a.via)


def _exercise(st: StateMissionISS, a: Exercise) -> None:
    """Exercise: take an exercise marker from the Soyuz capsule and keep it in front of oneself."""
    st.exercise_supply = _add(st.exercise_supply, a.colour, -1)
    st.held = put(st.held, a.seat, _add(st.held[a.seat], a.colour, 1))
    st.pool = drop(st.pool, a.via)
    _count(st, EXERCISES)
    _used(st, a.via)


def _use_bonus(st: StateMissionISS, a: UseBonus) -> None:
    """Research bonuses: use a completed tile's bonus once, then set the tile aside (reading 7)."""
    t = st.game.tables
    tile = a.tile
    st.bonuses = tuple(x for x in st.bonuses if x != tile)
    st.tiles_used = tuple(sorted((*st.tiles_used, tile)))
    _count(st, BONUSES)
    bonus = t.tile_bonus[tile]
    if bonus == Bonus.BOOST_MOVE:
        st.boost = (st.boost[0] + 2, st.boost[1], st.boost[2])
    elif bonus == Bonus.BOOST_RESEARCH:
        st.boost = (st.boost[0], st.boost[1] + 2, st.boost[2])
    elif bonus == Bonus.BOOST_ASSEMBLE:
        st.boost = (st.boost[0], st.boost[1], st.boost[2] + 2)
    elif bonus == Bonus.RECOVER:
        k = a.choice
        if t.solo:  # Change to the research tiles: a bottom-row card back to the hand
            top, free, used, bottom = st.rows
            st.rows = (top, free, used, _add(bottom, k, -1))
            st.hand = _add(st.hand, k, 1)
        else:  # reading 19: one of one's face-down cards turns face up
            seat = a.seat
            st.face_down = put(st.face_down, seat, _add(st.face_down[seat], k, -1))
            st.face_up = put(st.face_up, seat, _add(st.face_up[seat], k, 1))
    elif bonus in _EXTRA_VIA:
        st.pool = tuple(sorted((*st.pool, int(_EXTRA_VIA[bonus]))))
        st.phase = COMMAND


def _arrive(st: StateMissionISS, a: Arrive) -> None:
    """Assemble step 2: the chosen astronaut comes from the Earth board to Rassvet."""
    st.astronauts = put(st.astronauts, a.astronaut, RASSVET)
    st.queue = st.queue[1:]
    _count(st, ARRIVALS)


# --- end of a shift -------------------------------------------------------------------------------


def _end_shift(st: StateMissionISS, seat: int) -> None:
    """End your shift, step 1: the ISS marker moves one space; its symbol acts."""
    t = st.game.tables
    _count(st, SHIFTS)
    _seat_count(st, seat, SEAT_SHIFTS)
    if t.solo:
        forced = not solo_can_play(st)
    else:  # no face-up card of one's own, or none of a fellow player's and no wild card
        others = any(any(up) for p, up in enumerate(st.face_up) if p != seat)
        forced = not any(st.face_up[seat]) or (not others and not st.wild)
    if forced:
        _count(st, FORCED_SHIFTS)
    st.pool = ()
    st.boost = (0, 0, 0)
    st.track += 1
    space = st.track
    if space in t.incident_spaces:  # incident symbol: all incident cards are reshuffled
        st.incident_pile = t.incident_pile0
    need = t.milestones.get(space)
    if need is not None and sum(1 for p in st.station if p >= 0) < need:
        st.end = int(EndCode.MILESTONE_MISSED)  # ISS symbol missed: the game ends at once
        st.phase = OVER
        return
    if space >= t.last_space:  # the last space of the tracker ends the game
        st.end = int(EndCode.TRACK_END)
        st.phase = OVER
        return
    st.phase = TRAIN
    _return_useless_markers(st)


def _return_useless_markers(st: StateMissionISS) -> None:
    """Step 2 goes on while a held marker can raise someone; markers nobody can use go back."""
    seat = st.seat
    held = st.held[seat]
    for c in range(3):
        if not held[c]:
            continue
        if any(f >= 0 and st.skills[a][c] < MAX_SKILL for a, f in enumerate(st.astronauts)):
            return
        st.exercise_supply = _add(st.exercise_supply, c, held[c])
        held = put(held, c, 0)
        st.held = put(st.held, seat, held)
    _finish_shift(st)


def _train(st: StateMissionISS, a: Train) -> None:
    """End your shift, step 2: raise the marker's colour of an astronaut on the ISS by one (max 4)."""
    c = a.colour
    skills = st.skills[a.astronaut]
    st.skills = put(st.skills, a.astronaut, _add(skills, c, 1))
    st.held = put(st.held, a.seat, _add(st.held[a.seat], c, -1))
    st.exercise_supply = _add(st.exercise_supply, c, 1)
    _return_useless_markers(st)


def _finish_shift(st: StateMissionISS) -> None:
    """Step 3: face-down cards turn face up (single player: steps 3-5 move the rows); next turn."""
    t = st.game.tables
    seat = st.seat
    st.phase = SELECT
    st.commanded = False
    if t.solo:
        top, free, used, bottom = st.rows
        top = (*top[:4], 0)  # step 3: played module cards leave the game
        used = (*used[:4], 0)
        st.hand = tuple(h + b for h, b in zip(st.hand, bottom, strict=True))  # step 4
        st.rows = ((0,) * 5, top, (0,) * 5, tuple(u + f for u, f in zip(used, free, strict=True)))  # 5
        return
    st.face_up = put(
        st.face_up, seat, tuple(u + d for u, d in zip(st.face_up[seat], st.face_down[seat], strict=True))
    )
    st.face_down = put(st.face_down, seat, (0, 0, 0, 0))
    st.seat = (seat + 1) % t.n


# --- chance ---------------------------------------------------------------------------------------


def _deal(st: StateMissionISS, a: DealMarkers) -> None:
    """Materials 5: the difficulty markers of one kind land face up on these module cards."""
    marker = (a.value, a.astronaut)
    diff = list(st.difficulty)
    for letter in a.modules:
        diff[MODULES.index(letter)] = marker
    st.difficulty = tuple(diff)
    st.queue = st.queue[1:]


def _solo_deal(st: StateMissionISS, a: SoloDeal) -> None:
    """Single-player setup: 4 cards in the bottom row, 3 in the middle row, the rest in the hand."""
    cards = (*st.game.tables.solo_cards, 0)
    st.hand = tuple(c - b - m for c, b, m in zip(cards, a.bottom, a.middle, strict=True))
    st.rows = ((0,) * 5, tuple(a.middle), (0,) * 5, tuple(a.bottom))
    st.queue = st.queue[1:]


def _draw_tile(st: StateMissionISS, a: DrawTile) -> None:
    """A research tile onto a field with its dice (Assemble step 4); an empty pile is reshuffled."""
    if not st.tile_pile:
        st.tile_pile = st.tiles_used
        st.tiles_used = ()
    st.tile_pile = drop(st.tile_pile, a.tile)  # each tile is in the pile once
    dice = _place_dice(st, st.game.tables.tile_dice[a.tile])
    st.tiles = (*st.tiles, (a.tile, a.field, dice))
    st.queue = st.queue[1:]


def _draw_incident(st: StateMissionISS, a: DrawIncident) -> None:
    """Assemble step 5: turn over an incident card and do what it says (overview, step 5)."""
    t = st.game.tables
    pile = st.incident_pile if any(st.incident_pile) else t.incident_pile0  # reading 10
    card = a.card
    i = 13 if card == GOOD_JOB else (0 if card == "A" else 1 + MODULES.index(card))
    st.incident_pile = _add(pile, i, -1)
    queue = st.queue[1:]
    if card == GOOD_JOB:
        pass
    elif card == "A":  # module A is always attached: a research tile on Tranquility (reading 9)
        queue = ((TILE, TRANQUILITY), *queue)
    else:
        m = i - 1
        if st.station[m] >= 0:  # an attached module gets a new research tile
            queue = ((TILE, 3 + m), *queue)
        else:  # a module still to attach gets an incident marker (at most the cap, reading 8)
            queue = ((MARKER, m), *queue)
    st.queue = queue


def _draw_marker(st: StateMissionISS, a: DrawMarker) -> None:
    """An incident marker onto a module card; an empty supply is reshuffled from the discards."""
    if not any(st.marker_pile):
        st.marker_pile = st.marker_discard
        st.marker_discard = (0,) * len(st.marker_discard)
    st.marker_pile = _add(st.marker_pile, a.value - 1, -1)
    st.incidents = put(st.incidents, a.module, tuple(sorted((*st.incidents[a.module], a.value))))
    st.queue = st.queue[1:]
    _count(st, INCIDENT_MARKERS)


def _skip(st: StateMissionISS, a: Skip) -> None:
    """Give up a command without executing it: the command is used up, and the skip counted."""
    st.pool = drop(st.pool, a.via)
    _count(st, SKIPPED)
    _used(st, a.via)


def _research_stop(st: StateMissionISS, a: ResearchStop) -> None:
    """The research points left are forfeited: nothing is carried, and the commands go on."""
    st.carry = ()
    st.phase = COMMAND


#: the step of each action type (:func:`apply` looks it up)
_STEPS: dict[type, Callable[[Any, Any], None]] = {
    Move: _move,
    Select: _select,
    DrawIncident: _draw_incident,
    DrawTile: _draw_tile,
    Research: _research,
    EndShift: lambda st, a: _end_shift(st, a.seat),
    Play: _play,
    Exercise: _exercise,
    Assemble: _assemble,
    Deploy: _deploy,
    Skip: _skip,
    DrawMarker: _draw_marker,
    Train: _train,
    ResearchOn: _research_on,
    ResearchStop: _research_stop,
    UseBonus: _use_bonus,
    Arrive: _arrive,
    EndTurn: lambda st, a: _end_turn(st),
    DealMarkers: _deal,
    SoloDeal: _solo_deal,
}
