"""Legal actions, chance outcomes and the reasons an action is refused, for Mission ISS.

Generation is the hot path: it reads the game's :class:`~.tables.Tables` and returns the shared
action objects built there. Lists handed out are never mutated (the core copies them).

Canonical astronaut: with assistance every astronaut in a field has the same total for a colour
(their own value plus everyone else's there, Assistance), so a Research, Assemble or robonaut
command has the same effect whichever astronaut in the field receives it. Those commands are
listed once per field, given to the lowest-numbered astronaut there; a Move is listed per astronaut.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.core import short_repr
from isslab.games.kit import turn_gate
from isslab.games.mission_iss.actions import (
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
from isslab.games.mission_iss.components import (
    CARD_NAMES,
    COLOURS,
    MAX_SKILL,
    MODULES,
    NUM_FIELDS,
    SEAT_NAMES,
    SOLO_ROWS,
    Bonus,
)
from isslab.games.mission_iss.phases import (
    ARRIVE,
    COMMAND,
    DEAL,
    FINISH,
    INCIDENT,
    MARKER,
    PHASE_TEXT,
    RESEARCH_MORE,
    SELECT,
    SOLO_DEAL,
    TILE,
    TRAIN,
    VIA_COMMANDS,
    VIA_NAMES,
)

if TYPE_CHECKING:
    from isslab.games.mission_iss.rules import StateMissionISS
    from isslab.games.mission_iss.tables import Tables

__all__ = [
    "WAITING",
    "attached",
    "chance_outcomes",
    "difficulty",
    "field_totals",
    "illegal_reason",
    "legal_actions",
    "red_on_station",
    "solo_can_play",
    "task_possible",
]

#: die colours on a research tile: blue, red, and a dice tile waiting for a die
BLUE_DIE, RED_DIE, WAITING = 0, 1, 2
_NUM_MODULES = len(MODULES)
#: bonuses that give an extra command or card (worth using after the last command)
_LATE_BONUSES = frozenset(
    (Bonus.EXTRA_MOVE, Bonus.EXTRA_RESEARCH, Bonus.FREE_ROBONAUT, Bonus.FREE_EXERCISE, Bonus.RECOVER)
)


# --- facts about a position -----------------------------------------------------------------------


def attached(st: StateMissionISS) -> int:
    """How many of the modules B..M are attached."""
    return sum(1 for p in st.station if p >= 0)


def difficulty(st: StateMissionISS, module: int) -> int:
    """The level of difficulty of a module: its difficulty marker plus its incident markers."""
    return int(st.difficulty[module][0]) + sum(st.incidents[module])


def red_on_station(st: StateMissionISS) -> int:
    """Red research dice on the station (any one stops the assembly work: Work stoppage)."""
    return int(st.game.tables.dice_total[1] - st.dice_free[1])


def field_totals(st: StateMissionISS) -> list[list[int]]:
    """``totals[colour][field]``: the sum of that colour over astronauts and robonauts in each field.

    An astronaut given a command in a field acts with this total (Assistance: its own value plus
    every other astronaut's there, and 1 per robonaut).
    """
    o = [0] * NUM_FIELDS
    b = [0] * NUM_FIELDS
    g = [0] * NUM_FIELDS
    skills = st.skills
    for a, f in enumerate(st.astronauts):
        if f >= 0:
            s = skills[a]
            o[f] += s[0]
            b[f] += s[1]
            g[f] += s[2]
    for f in st.robonauts:
        if f >= 0:
            o[f] += 1
            b[f] += 1
            g[f] += 1
    return [o, b, g]


def _colour_totals(st: StateMissionISS, colour: int) -> list[int]:
    """One colour of :func:`field_totals`: a command reads only its own colour, so only that is summed."""
    tot = [0] * NUM_FIELDS
    skills = st.skills
    for a, f in enumerate(st.astronauts):
        if f >= 0:
            tot[f] += skills[a][colour]
    for f in st.robonauts:
        if f >= 0:
            tot[f] += 1
    return tot


def _first_in_field(st: StateMissionISS) -> dict[int, int]:
    """The lowest-numbered astronaut of each occupied field (the canonical one, see the module)."""
    first: dict[int, int] = {}
    for a, f in enumerate(st.astronauts):
        if f >= 0 and f not in first:
            first[f] = a
    return first


def solo_can_play(st: StateMissionISS) -> bool:
    """Single player: can a card be played (a hand card over a free middle card, or two hand cards)?"""
    hand = sum(st.hand)
    return hand >= 2 or (hand == 1 and sum(st.rows[1]) > 0)


def task_possible(st: StateMissionISS, task: int, arg: int) -> bool:
    """Whether a queued task can happen (a draw from an empty supply, or a full module card, cannot)."""
    if task == TILE:
        return bool(st.tile_pile or st.tiles_used)
    if task == INCIDENT:
        return bool(any(st.incident_pile) or st.game.tables.reshuffle_incidents)
    if task == MARKER:
        return len(st.incidents[arg]) < st.game.tables.cap and bool(
            any(st.marker_pile) or any(st.marker_discard)
        )
    if task == ARRIVE:
        return any(f < 0 for f in st.astronauts)
    return True


# --- legal actions --------------------------------------------------------------------------------


def legal_actions(st: StateMissionISS) -> list[Any]:
    """The legal actions of ``st`` in their fixed order (chance outcomes at a chance node)."""
    q = st.queue
    if q:
        task = q[0][0]
        if task == ARRIVE:
            table = st.game.tables.arrive_table[st.seat]
            return [table[a] for a, f in enumerate(st.astronauts) if f < 0]
        return [a for a, _ in chance_outcomes(st)]
    ph = st.phase
    if ph == COMMAND:
        return command_actions(st)
    if ph == SELECT:
        return select_actions(st)
    if ph == RESEARCH_MORE:
        return research_more_actions(st)
    if ph == TRAIN:
        return train_actions(st)
    if ph == FINISH:
        return [st.game.tables.end_turn[st.seat], *bonus_actions(st, late=True)]
    return []


def select_actions(st: StateMissionISS) -> list[Any]:
    """Start of a turn: pick two cards (or play them, single player), use a bonus, or end the shift."""
    t = st.game.tables
    seat = st.seat
    if t.solo:
        out = _solo_plays(st)
        if any(st.rows[0]) or not out:  # solo End your shift: a card on the top row (or no play left)
            out = [*out, t.end_shift[0]]
    else:
        up = st.face_up
        mine = up[seat]
        shown = t.kinds_shown
        masks = [shown[row] for row in up]
        parts = t.select_parts[seat]
        out = []
        for own in range(4):
            if mine[own]:
                for p, by_mask in parts[own]:
                    out += by_mask[masks[p]]
                if st.wild:
                    out.append(t.select_wild[seat][own])
        out.append(t.end_shift[seat])
    if st.bonuses:
        return [*out, *bonus_actions(st, late=False)]
    return out


def _solo_plays(st: StateMissionISS) -> list[Any]:
    t = st.game.tables
    hand = st.hand
    free = st.rows[1]
    key = ("solo", hand, free)
    found = t.select_memo.get(key)
    if found is None:
        found = []
        for top in range(5):
            if not hand[top]:
                continue
            row = t.play_table[top]
            found += [row[u][0] for u in range(4) if free[u]]
            found += [row[u][1] for u in range(5) if hand[u] > (u == top)]
        t.select_memo[key] = found
    return found


def bonus_actions(st: StateMissionISS, late: bool) -> list[Any]:
    """The research bonuses ``st.seat`` may use now (``late``: after the last command, no boosts)."""
    t = st.game.tables
    seat = st.seat
    out: list[Any] = []
    for tile in st.bonuses:
        bonus = t.tile_bonus[tile]
        if late and bonus not in _LATE_BONUSES:
            continue
        if bonus == Bonus.RECOVER:
            if t.solo:  # single player: a bottom-row card to the hand, never the last one
                bottom = st.rows[3]
                if sum(bottom) >= 2:
                    out += [t.recover_table[seat][tile][k] for k in range(4) if bottom[k]]
            else:
                down = st.face_down[seat]
                out += [t.recover_table[seat][tile][k] for k in range(4) if down[k]]
        else:
            out.append(t.bonus_table[seat][tile])
    return out


def command_actions(st: StateMissionISS) -> list[Any]:
    """The commands of the cards (and bonuses) still to give this turn, then skips and bonuses."""
    t = st.game.tables
    seat = st.seat
    pool = st.pool
    # what the commands read is computed when a card first needs it: most pools give two commands
    orange: list[int] | None = None
    grey: list[int] | None = None
    first: dict[int, int] | None = None
    astronauts = st.astronauts
    boost = st.boost
    out: list[Any] = []
    append = out.append
    prev = -1
    # plain loops: a comprehension per astronaut or tile costs more than the few items it makes
    for via in pool:
        if via == prev:
            continue
        prev = via
        can = VIA_COMMANDS[via]
        if can[0]:  # Move
            reach = t.reach(st.station)
            table = t.move_table[seat][via]
            if orange is None:
                orange = _colour_totals(st, 0)
            top = NUM_FIELDS - 1
            for a, f in enumerate(astronauts):
                if f >= 0:
                    pts = orange[f] + boost[0]
                    out += map(table[a].__getitem__, reach[f][pts if pts < top else top])
        if can[1]:  # Research
            table = t.research_table[seat][via]
            if first is None:
                first = _first_in_field(st)
            for tile, f, dice in st.tiles:
                who = first.get(f)
                if who is not None:
                    pair = table[who][tile]
                    for i, (colour, _) in enumerate(dice):
                        if colour != WAITING:
                            append(pair[i])
        if can[2] and red_on_station(st) == 0:  # Assemble: attach a module
            table = t.assemble_table[seat][via]
            if grey is None:
                grey = _colour_totals(st, 2)
            if first is None:
                first = _first_in_field(st)
            station = st.station
            for f, a in first.items():
                kids = t.children[f]
                if kids:
                    value = grey[f] + boost[2]
                    row = table[a]
                    for m in kids:
                        if station[m] < 0 and difficulty(st, m) <= value:
                            append(row[m])
        if can[3]:  # Assemble: deploy a robonaut
            table = t.deploy_table[seat][via]
            robots = st.robonauts
            in_capsule = robots and robots[0] < 0
            if first is None:
                first = _first_in_field(st)
            for f, a in first.items():
                row = table[a]
                if in_capsule:
                    out.append(row[0])
                else:
                    out += [row[r + 1] for r in sorted(set(robots)) if r != f]
        if can[4]:  # Exercise
            row = t.exercise_table[seat][via]
            out += [row[c] for c in range(3) if st.exercise_supply[c]]
    prev = -1
    skips = t.skip_table[seat]
    for via in pool:
        if via != prev:
            out.append(skips[via])
            prev = via
    if st.bonuses:
        out += bonus_actions(st, late=False)
    return out


def research_more_actions(st: StateMissionISS) -> list[Any]:
    """Research points left after clearing a die: another die in the same field, or forfeit them."""
    t = st.game.tables
    a = st.carry[0]
    f = st.astronauts[a]
    table = t.research_on[st.seat]
    out: list[Any] = []
    for tile, where, dice in st.tiles:
        if where == f:
            out += [table[tile][i] for i, (colour, _) in enumerate(dice) if colour != WAITING]
    out.append(t.research_stop[st.seat])
    return out


def train_actions(st: StateMissionISS) -> list[Any]:
    """End of a shift: the first colour of exercise marker held, on any astronaut that can improve."""
    t = st.game.tables
    held = st.held[st.seat]
    c = next(i for i in range(3) if held[i])
    row = t.train_table[st.seat][c]
    return [row[a] for a, f in enumerate(st.astronauts) if f >= 0 and st.skills[a][c] < MAX_SKILL]


# --- chance ---------------------------------------------------------------------------------------


def chance_outcomes(st: StateMissionISS) -> list[tuple[Any, float]]:
    """Chance outcomes of the task at the head of the queue, with exact probabilities."""
    t = st.game.tables
    task, arg = st.queue[0]
    if task == INCIDENT:
        pile = st.incident_pile if any(st.incident_pile) else t.incident_pile0
        return _incident_outcomes(t, pile)
    if task == TILE:
        pile = st.tile_pile or st.tiles_used  # an empty pile: the set-aside tiles are reshuffled
        p = 1.0 / len(pile)
        return [(t.tile_actions[tile][arg], p) for tile in pile]
    if task == MARKER:
        pile = st.marker_pile if any(st.marker_pile) else st.marker_discard
        key = (pile, arg)
        found = t.marker_memo.get(key)
        if found is None:
            total = sum(pile)
            found = [(t.marker_actions[v][arg], c / total) for v, c in enumerate(pile) if c]
            t.marker_memo[key] = found
        return found
    if task == DEAL:
        open_modules = tuple(m for m in range(_NUM_MODULES) if st.difficulty[m][0] < 0)
        return t.deal_outcomes(arg, open_modules)
    if task == SOLO_DEAL:
        return _solo_deal_outcomes(t)
    return []


def _incident_outcomes(t: Tables, pile: tuple[int, ...]) -> list[tuple[Any, float]]:
    found = t.incident_memo.get(pile)
    if found is None:
        total = sum(pile)
        found = [(t.incident_actions[i], c / total) for i, c in enumerate(pile) if c]
        t.incident_memo[pile] = found
    return found


def _solo_deal_outcomes(t: Tables) -> list[tuple[Any, float]]:
    """The shuffled single-player cards: bottom row and middle row as counts per kind.

    Multivariate hypergeometric: the number of ways to pick each row's counts out of the cards of
    each kind, over the ways to pick 4 then 3 cards out of all of them.
    """
    if t.solo_deal_outcomes is not None:
        return t.solo_deal_outcomes
    from math import comb

    cards = t.solo_cards
    nb, nm = SOLO_ROWS
    total = sum(cards)
    denom = comb(total, nb) * comb(total - nb, nm)
    out: list[tuple[Any, float]] = []
    for bottom in _splits(cards, nb):
        rest = tuple(c - b for c, b in zip(cards, bottom, strict=True))
        ways_b = 1
        for c, b in zip(cards, bottom, strict=True):
            ways_b *= comb(c, b)
        for middle in _splits(rest, nm):
            ways_m = 1
            for c, m in zip(rest, middle, strict=True):
                ways_m *= comb(c, m)
            out.append((SoloDeal((*bottom, 0), (*middle, 0)), ways_b * ways_m / denom))
    t.solo_deal_outcomes = out
    return out


def _splits(counts: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    """Every way to take ``k`` cards out of ``counts`` (counts per kind), in a fixed order."""
    if not counts:
        return [()] if k == 0 else []
    out = []
    for first in range(min(counts[0], k) + 1):
        out += [(first, *rest) for rest in _splits(counts[1:], k - first)]
    return out


# --- why an action is refused ---------------------------------------------------------------------

_CHANCE_TYPES = (DealMarkers, DrawTile, DrawIncident, DrawMarker, SoloDeal)
_PHASE_OF: dict[type, tuple[int, ...]] = {
    Select: (SELECT,),
    Play: (SELECT,),
    EndShift: (SELECT,),
    EndTurn: (FINISH,),
    Move: (COMMAND,),
    Research: (COMMAND,),
    Assemble: (COMMAND,),
    Deploy: (COMMAND,),
    Exercise: (COMMAND,),
    Skip: (COMMAND,),
    UseBonus: (SELECT, COMMAND, FINISH),
    ResearchOn: (RESEARCH_MORE,),
    ResearchStop: (RESEARCH_MORE,),
    Train: (TRAIN,),
}


def _seat_name(st: StateMissionISS, seat: int) -> str:
    """A seat's name for a message, or a short repr of a number that is no seat."""
    return SEAT_NAMES[seat] if 0 <= seat < st.game.tables.n else short_repr(seat, 20)


def illegal_reason(st: StateMissionISS, action: Any) -> str | None:  # noqa: C901 - one rule after another
    """The rule that forbids ``action`` in ``st``, in words; None when no rule names it (it may raise on
    a malformed action: the state gives the generic message then)."""
    cp = st.current_player
    gate = turn_gate(
        cp,
        action,
        chance_types=_CHANCE_TYPES,
        phases_of=_PHASE_OF,
        phase=st.phase,
        phase_text=PHASE_TEXT.__getitem__,
        who=lambda seat: _seat_name(st, seat),
    )
    if gate is not None or cp < 0:  # a rule of the turn broken, or a chance outcome offered to chance
        return gate
    kind = type(action)
    if kind is Arrive:
        if not st.queue or st.queue[0][0] != ARRIVE:
            return "an astronaut arrives only right after a module with an astronaut symbol is attached"
        return "that astronaut is not waiting on the Earth board"
    if st.queue and st.queue[0][0] == ARRIVE:
        return "first choose the astronaut who arrives on Rassvet (Assemble, step 2)"
    if kind not in _PHASE_OF:
        return None
    t = st.game.tables
    seat = cp
    if kind is Select:
        if t.solo:
            return "the single-player game plays cards onto the rows (Play), not Select"
        if not st.face_up[seat][action.own]:
            return f"{SEAT_NAMES[seat]} has no face-up {CARD_NAMES[action.own]} card"
        if action.partner < 0:
            return None if st.wild else "no command wild card is left in the supply"
        if action.partner == seat:
            return "the second card comes from a fellow player, not from one's own cards"
        if not st.face_up[action.partner][action.kind]:
            return f"{SEAT_NAMES[action.partner]} has no face-up {CARD_NAMES[action.kind]} card"
        return None
    if kind is Play:
        if not t.solo:
            return "only the single-player game plays cards onto rows"
        if not st.hand[action.top]:
            return f"no {CARD_NAMES[action.top]} card in the hand"
        if action.from_hand:
            need = 1 + (action.top == action.under)
            if st.hand[action.under] < need:
                return f"the hand lacks a second card ({CARD_NAMES[action.under]})"
            return None
        if not st.rows[1][action.under]:
            return f"no free {CARD_NAMES[action.under]} card on the middle row (one with no card above it)"
        return None
    if kind is EndShift:
        if t.solo and not any(st.rows[0]) and solo_can_play(st):
            return "a shift ends only with at least one card on the top row (single player)"
        return None
    if kind is UseBonus:
        if action.tile not in st.bonuses:
            return f"tile #{action.tile} is not a completed research tile with an unused bonus"
        if st.phase == FINISH and t.tile_bonus[action.tile] not in _LATE_BONUSES:
            return "a boost improves a command: none is left this turn"
        if t.tile_bonus[action.tile] == Bonus.RECOVER:
            if t.solo:
                return "the bottom row must keep at least one card, and hold the card taken"
            return f"{SEAT_NAMES[seat]} has no face-down {CARD_NAMES[action.choice]} card"
        return None
    if kind is Train:
        held = st.held[seat]
        c = next(i for i in range(3) if held[i])
        if action.colour != c:
            return f"the {COLOURS[c]} markers are used first"
        if st.astronauts[action.astronaut] < 0:
            return "only an astronaut on the ISS is trained"
        return f"that skill is already at {MAX_SKILL}, the highest value"
    if kind is ResearchOn:
        return "the points left go to a die in the same module as the astronaut"
    if kind in (Move, Research, Assemble, Deploy, Exercise, Skip):
        via = action.via
        if via not in st.pool:
            return f"no {VIA_NAMES[via] if 0 <= via < len(VIA_NAMES) else 'such source'} is left to give"
        if kind is Skip:
            return None
        flag = {Move: 0, Research: 1, Assemble: 2, Deploy: 3, Exercise: 4}[kind]
        if not VIA_COMMANDS[via][flag]:
            return f"a {VIA_NAMES[via]} cannot give that command"
        if kind is Exercise:
            return f"no {COLOURS[action.colour]} exercise marker is left in the Soyuz capsule"
        a = action.astronaut
        f = st.astronauts[a]
        if f < 0:
            return "that astronaut is on the Earth board, not on the ISS"
        if kind is Move:
            return "the destination is farther than the astronaut's movement points (with assistance)"
        if _first_in_field(st)[f] != a:
            return "such commands are listed for the lowest-numbered astronaut in the field (same effect)"
        if kind is Research:
            return "no research die there in the astronaut's module"
        if kind is Assemble:
            m = action.module
            if red_on_station(st):
                return "work stoppage: a red research die is on the ISS"
            if st.station[m] >= 0:
                return f"module {MODULES[m]} is attached already"
            if f not in t.parents[m]:
                return f"module {MODULES[m]} does not attach to the astronaut's module"
            need = difficulty(st, m)
            return f"module {MODULES[m]} has difficulty {need}, more than the grey total there"
        return "that robonaut cannot be moved there"
    return None
