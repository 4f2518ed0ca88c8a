"""What a seat may see of a 1998 ISS position, and the texts of positions and actions.

Hidden information: the experiment cards in another player's hand (and those it has just drawn),
the order of every deck, and, in the solo game, the face of the top FEDOR card (its back, which
decides FEDOR's countdown, is public). Public: everything on the board and the tracks, the cards
performed, how many cards each hand holds and from which decks they came (the draws are made from
the decks in view, and cards go back under their deck face down), the sizes of the decks, the
modules a Construct Modules names while its player takes back the cubes for it. In the solo game
the player also knows every card under the experiment decks: it put them there itself, or saw
FEDOR flip them and fail (in a game of several players only the one who put a card back knows it,
and the position does not record who did, so nobody is shown them).

:func:`view` is the only road from a state to a seat and :func:`describe` the only road from an
action (``Game1998.describe_action``); what one shows must not tell apart two positions the other
cannot (``State1998.resample_hidden`` relies on it, and the conformance suite checks it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from isslab.core import Action
from isslab.games.iss_1998.actions import (
    Cargo,
    Claim,
    ColumnOrder,
    Conduct,
    Construct,
    Countdown,
    ExperimentDraw,
    FedorTop,
    Install,
    Keep,
    Load,
    LongStay,
    ModuleDraw,
    NoAction,
    NoClaim,
    OutsideJobs,
    Place,
    PlaceExtra,
    Plan,
    Retrieve,
    ShuttleDraw,
    SkipExtra,
    StartPlayer,
    Train,
    level_text,
)
from isslab.games.iss_1998.components import (
    ACTION_NAMES,
    ACTION_SHORT,
    FEDOR_NAME,
    GOALS,
    NATION_NAMES,
    SEAT_NAMES,
    SHUTTLE_NAMES,
    SHUTTLE_NATION,
    TYPE_CODES,
)
from isslab.games.iss_1998.legal import goal_met
from isslab.games.iss_1998.phases import NOBODY, PHASE_TEXT, Phase
from isslab.games.iss_1998.scoring import points, scores, winners

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import Game1998, State1998

__all__ = ["describe", "goal", "headline", "key_numbers", "name", "render", "round_label", "standing", "view"]


def describe(action: Action, seat: int | None) -> str:
    """The text of ``action`` as ``seat`` may know it: another seat's cards, a FEDOR card's face masked."""
    kind = type(action)
    if seat is None:
        return str(action)
    if kind is ExperimentDraw or kind is Keep:
        if seat != action.seat:
            text: str = action.masked_text()
            return text
    elif kind is FedorTop:
        text = action.masked_text()
        return text
    return str(action)


def name(st: State1998, p: int) -> str:
    """The name of participant ``p``: a colour, or FEDOR."""
    return FEDOR_NAME if p == st.game.tables.fedor else SEAT_NAMES[p]


def _card(st: State1998, c: int) -> dict[str, Any]:
    g = st.game.tables
    return {
        "name": g.exp_name[c],
        "level": g.exp_level[c],
        "points": g.exp_points[c],
        "iss": g.exp_iss[c],
        "external": g.exp_ext[c],
        "compartments": [TYPE_CODES[t] for t in g.exp_needs[c]],
        "task": "long" if g.exp_long[c] else "short",
    }


def _compartments(st: State1998) -> list[dict[str, Any]]:
    g = st.game.tables
    owner = {}
    for p, mask in enumerate(st.occ):
        c = 0
        while mask:
            if mask & 1:
                owner[c] = p
            mask >>= 1
            c += 1
    out = []
    for m in st.station:
        for c in g.mod_comps[m]:
            out.append(
                {
                    "label": g.comp_label[c],
                    "module": g.mod_name[m],
                    "type": TYPE_CODES[g.comp_type[c]],
                    "covered": bool(st.covered >> c & 1),
                    "astronaut": name(st, owner[c]) if c in owner else None,
                }
            )
    return out


def view(st: State1998, seat: int) -> dict[str, Any]:
    """What ``seat`` may see, as JSON-able data (see the module for what is hidden)."""
    g = st.game.tables
    P = g.P
    names = [name(st, p) for p in range(P)]
    levels = g.exp_level
    players = []
    for p in range(P):
        pts = points(st, p)
        hand = st.hands[p]
        entry: dict[str, Any] = {
            "name": names[p],
            "astronauts_on_earth": st.reserve[p],
            "astronauts_in_unity": st.unity[p],
            "astronauts_in": [g.comp_label[c] for c in range(g.n_comps) if st.occ[p] >> c & 1],
            "cubes": st.cubes[p],
            "iss_material": st.iss_mat[p],
            "external_material": st.ext_mat[p],
            "long_stay": st.long_stay[p],
            "installation_tokens": st.tokens[p],
            "shuttles": {SHUTTLE_NAMES[t]: k for t, k in enumerate(st.won[p]) if k},
            "goals": [GOALS[goal][0] for i, goal in enumerate(st.goals) if st.goal_owner[i] == p],
            "experiments_done": [g.exp_name[c] for c in st.played[p]],
            "hand_size": len(hand),
            "hand_levels": [sum(1 for c in hand if levels[c] == v) for v in (1, 2, 3)],
            "points": dict(zip(pts._fields, pts, strict=True)),
        }
        if p == seat:
            entry["hand"] = [_card(st, c) for c in hand]
        players.append(entry)
    pads = []
    for n in (0, 1):
        t = st.pad[n]
        pads.append(
            {
                "nation": NATION_NAMES[n],
                "shuttle": SHUTTLE_NAMES[t] if t >= 0 else None,
                "countdown": st.countdown[n] if t >= 0 else None,
                "seats": g.sh_seats[t] if t >= 0 else 0,
                "astronauts": dict(zip(names, st.cargo_astro[n], strict=True)),
                "materials": dict(zip(names, st.cargo_mat[n], strict=True)),
                "cards_left": st.shuttle_left[n],
            }
        )
    column = []
    for slot in range(4):
        m = st.column[slot]
        column.append(
            {
                "module": g.mod_name[m] if m >= 0 else None,
                "compartments": [TYPE_CODES[g.comp_type[c]] for c in g.mod_comps[m]] if m >= 0 else [],
                "cubes": dict(zip(names, st.ccubes[slot], strict=True)),
                "earth_action": ACTION_NAMES[st.earth[slot]] if st.earth else None,
                "iss_action": ACTION_NAMES[st.iss[slot]] if st.iss else None,
            }
        )
    drawn: Any = None
    if st.drawn or st.phase == Phase.KEEP:
        drawn = [_card(st, c) for c in st.drawn] if seat == st.turn else [levels[c] for c in st.drawn]
    fedor: dict[str, Any] | None = None
    if g.solo:
        top = st.fedor_top
        fedor = {
            "deck_size": len(st.fedor_pool) + (1 if top >= 0 else 0),
            "next_back": ("RU", "US")[g.f_back[top]] if top >= 0 else None,
            "discard": [g.f_label[c] for c in st.fedor_discard],
            "card": g.f_label[st.fedor_card] if st.fedor_card >= 0 else None,
        }
    out: dict[str, Any] = {
        "seat": seat,
        "you": names[seat],
        "phase": PHASE_TEXT[st.phase],
        "to_move": st.current_player,
        "turn": names[st.turn] if st.turn >= 0 else None,
        "start_player": names[st.start] if st.start >= 0 else None,
        "final_round": st.ending == 2,
        # the action card played this turn (its normal action, or the extra action being done)
        "card_in_play": ACTION_NAMES[st.doing] if st.doing >= 0 else None,
        "card_in_play_is_extra": st.in_extra,
        # a Construct Modules waiting for the cubes its player takes back: the modules it named
        "construct_targets": [g.mod_name[st.column[slot]] for slot in st.targets],
        "game_end_triggered": st.ending >= 1,
        "players": players,
        "action_cards": [
            {
                "card": ACTION_NAMES[a],
                "key": ACTION_SHORT[a],
                "countdown": g.countdown_values[a],
                "row": st.rows[a] if st.rows else None,
                "extra_space": names[st.extra[a]] if st.extra[a] >= 0 else None,
            }
            for a in range(8)
        ],
        "column": column,
        "module_deck_size": len(st.module_pool),
        "station": [g.mod_name[m] for m in st.station],
        "compartments": _compartments(st),
        "installation_pool": st.token_pool,
        "pads": pads,
        "goals": [
            {
                "goal": GOALS[goal][0],
                "requirement": GOALS[goal][2].format(g.goal_threshold[goal]),
                "owner": names[st.goal_owner[i]] if st.goal_owner[i] >= 0 else None,
            }
            for i, goal in enumerate(st.goals)
        ],
        "experiment_decks": [len(st.exp_pool[i]) + len(st.exp_bottom[i]) for i in range(3)],
        # solo: the cards put back under each deck, in order (the player saw each one go there)
        "under_decks": [[g.exp_name[c] for c in bottom] for bottom in st.exp_bottom] if g.solo else None,
        "drawn": drawn,
        # the decks a draw is about to come from (public: a Plan names them, as does a new hand)
        "decks_to_draw": [level_text(v) for v in st.to_draw],
        "fedor": fedor,
        "scores": list(scores(st)) if st.phase == Phase.OVER else None,
    }
    return out


def render(st: State1998) -> str:
    """The position as readable text (omniscient, but hands only by size)."""
    g = st.game.tables
    P = g.P
    head = f"1998 ISS - {PHASE_TEXT[st.phase]}"
    if st.turn >= 0:
        head += f", {name(st, st.turn)}'s turn"
    if st.actor != NOBODY and st.phase != Phase.OVER and st.current_player >= 0:
        head += f", {name(st, st.current_player)} to act"
    if st.ending == 1:
        head += ", end triggered"
    elif st.ending == 2:
        head += ", final round"
    lines = [head]
    if st.rows:
        cards = []
        for slot in range(4):
            m = st.column[slot]
            module = g.mod_name[m] if m >= 0 else "-"
            cubes = ",".join(f"{name(st, p)[0]}{k}" for p, k in enumerate(st.ccubes[slot]) if k)
            earth, iss = ACTION_NAMES[st.earth[slot]], ACTION_NAMES[st.iss[slot]]
            cards.append(f"    {earth:<20} | {module:<12} {cubes:<10} | {iss}")
        lines.append("  column (Earth action | module, cubes | ISS action):")
        lines += cards
        spaces = [f"{ACTION_SHORT[a]}={name(st, st.extra[a])}" for a in range(8) if st.extra[a] >= 0]
        if spaces:
            lines.append("  extra-action cubes: " + ", ".join(spaces))
    for n in (0, 1):
        t = st.pad[n]
        if t < 0:
            lines.append(f"  {NATION_NAMES[n]} pad: empty ({st.shuttle_left[n]} cards left)")
            continue
        load = [
            f"{name(st, p)} {a}a {m}m"
            for p, (a, m) in enumerate(zip(st.cargo_astro[n], st.cargo_mat[n], strict=True))
            if a or m
        ]
        lines.append(
            f"  {NATION_NAMES[n]} pad: {SHUTTLE_NAMES[t]} countdown {st.countdown[n]}, "
            f"{st.shuttle_left[n]} cards left; cargo: {', '.join(load) if load else 'none'}"
        )
    occupied = []
    for p in range(P):
        for c in range(g.n_comps):
            if st.occ[p] >> c & 1:
                occupied.append(f"{g.comp_label[c]}={name(st, p)}")
    covered = [g.comp_label[c] for c in range(g.n_comps) if st.covered >> c & 1]
    lines.append(f"  station: {', '.join(g.mod_name[m] for m in st.station)}")
    lines.append(f"    covered: {', '.join(covered) if covered else 'none'}; tokens in pool {st.token_pool}")
    if occupied:
        lines.append(f"    astronauts: {', '.join(occupied)}")
    for p in range(P):
        won = ",".join(f"{SHUTTLE_NAMES[t]}x{k}" for t, k in enumerate(st.won[p]) if k)
        lines.append(
            f"  {name(st, p):7} ISS {st.iss_mat[p]} ext {st.ext_mat[p]} stay {st.long_stay[p]} "
            f"tokens {st.tokens[p]} cubes {st.cubes[p]} earth {st.reserve[p]} unity {st.unity[p]} "
            f"hand {len(st.hands[p])} done {len(st.played[p])} shuttles {won or '-'}"
        )
    if st.goals:
        owned = [
            f"{GOALS[goal][0]}" + (f" ({name(st, st.goal_owner[i])})" if st.goal_owner[i] >= 0 else "")
            for i, goal in enumerate(st.goals)
        ]
        lines.append("  goals: " + ", ".join(owned))
    if g.solo and st.fedor_top >= 0:
        lines.append(
            f"  FEDOR deck: {len(st.fedor_pool) + 1} cards, next back {('RU', 'US')[g.f_back[st.fedor_top]]}"
        )
    if st.phase == Phase.OVER:
        final = scores(st)
        win = winners(st)
        lines.append(
            "  final: "
            + ", ".join(f"{name(st, p)} {final[p]}" for p in range(P))
            + " - winner: "
            + (", ".join(name(st, p) for p in win) if win else FEDOR_NAME)
        )
    return "\n".join(lines)


# --- the game view's hooks (public facts only: a hand is a count, never its cards) -----------------


def key_numbers(st: State1998, seat: int) -> list[tuple[str, int | float | str]]:
    """Points so far (public), materials ISS/external, action cubes in reserve, experiments in hand."""
    st._check_seat(seat)
    return [
        ("points", points(st, seat).total),
        ("material ISS/ext", f"{st.iss_mat[seat]}/{st.ext_mat[seat]}"),
        ("cubes", st.cubes[seat]),
        ("experiments", len(st.hands[seat])),
    ]


def goal(st: State1998, seat: int) -> str:
    """The goals ``seat`` may claim now (or those still open); solo: beat FEDOR's points."""
    st._check_seat(seat)
    g = st.game.tables
    if st.phase == Phase.OVER:
        return "most points (ties: most experiments)"
    if g.solo:
        return f"beat {FEDOR_NAME} on points ({FEDOR_NAME} has {points(st, g.fedor).total})"
    open_goals = [k for i, k in enumerate(st.goals) if st.goal_owner[i] < 0]
    if not open_goals:
        return "most points (no goals left)"
    met = [GOALS[k][0] for k in open_goals if goal_met(st, seat, k)]
    if met:
        return "goal ready: " + ", ".join(met)
    return f"most points; {len(open_goals)} goals open"


def standing(st: State1998, seat: int) -> tuple[float, ...]:
    """The public score (as if the game ended now), then experiments performed (the tie-break)."""
    st._check_seat(seat)
    return (float(points(st, seat).total), float(len(st.played[seat])))


#: the decisions of a player (FEDOR's token, chosen by the player for FEDOR, is not one)
_DECISIONS = frozenset(
    (
        Cargo,
        SkipExtra,
        Retrieve,
        NoAction,
        Place,
        Train,
        Load,
        Construct,
        Plan,
        LongStay,
        Install,
        OutsideJobs,
        Conduct,
        Keep,
        Claim,
        NoClaim,
        Countdown,
        PlaceExtra,
    )
)
#: the decisions that can only come before a turn's normal action (turn steps 1-3)
_OPENERS = frozenset((Cargo, SkipExtra, Place, NoAction))


class _Launch(NamedTuple):
    """One launch as every seat saw it."""

    shuttle: int
    nation: int
    launcher: int  # the participant whose turn it was, or -1 if unknown
    astronauts: tuple[int, ...]  # cargo of each participant
    materials: tuple[int, ...]
    module: int  # the module it took to the station, or -1
    next: int  # the shuttle drawn onto the pad after it, or -1 (the deck is exhausted)
    left: int  # cards left in the nation's deck after that draw


def _turns(st: State1998, hist: tuple[Action, ...]) -> tuple[list[int], dict[int, int]]:
    """Where each player turn starts (its seat, else -1), and the launcher before each shuttle draw.

    A turn starts with its first decision once the previous turn's normal action is done; a
    Retrieve right after one's Construct (or Retrieve) takes cubes for that Construct, so it is no
    opener. A launch is the turn player's, except in the solo game when a FEDOR card has been
    revealed since the player's last decision: FEDOR's turn reveals one before counting down.
    """
    g = st.game.tables
    starts = [-1] * len(hist)
    launchers: dict[int, int] = {}
    normal_done = True
    turn = -1
    fedor_since = False
    drawn = [False, False]
    prev: Any = None
    for i, a in enumerate(hist):
        kind = type(a)
        if kind is ShuttleDraw:
            n = SHUTTLE_NATION[SHUTTLE_NAMES.index(a.shuttle)]
            if drawn[n]:
                launchers[i] = g.fedor if g.solo and fedor_since else turn
            drawn[n] = True
        elif kind is FedorTop:
            fedor_since = True
        elif kind in _DECISIONS:
            fedor_since = False
            opener = kind in _OPENERS or (
                kind is Retrieve and not (type(prev) in (Construct, Retrieve) and prev.seat == a.seat)
            )
            if opener and normal_done:
                starts[i] = turn = a.seat
                normal_done = False
            if kind is NoAction or (kind is Place and not a.extra):
                normal_done = True
        prev = a
    return starts, launchers


def _last_launch(st: State1998) -> _Launch | None:
    """The most recent launch, followed through the public history (no rule is replayed).

    The cargo of each pad is counted from the loads (Train, Load, the cargo check's material, given
    or automatic) and FEDOR's loads of each new shuttle; a launch shows as the draw that refills
    its pad. The last shuttle of a deck leaves no draw behind: its launch shows in the position (an
    empty pad, no card left), its launcher in the shuttle cards kept, and it happened in that
    participant's first turn after the draw (the game ends within the round that empties a deck,
    so each participant has at most one turn in which it can launch).
    """
    hist = st.history
    if not hist or type(hist[0]) not in (StartPlayer, ColumnOrder):
        return None  # a position built by hand: its past is unknown
    g = st.game.tables
    P = g.P
    f = g.fedor
    starts, launchers = _turns(st, hist)
    # the launches of the decks' last shuttles: the draw that put each up, and who launched it
    last_draw = [-1, -1]
    kept = [[0] * 5 for _ in range(P)]  # the shuttle cards won at the launches seen as draws
    for i, a in enumerate(hist):
        if type(a) is ShuttleDraw:
            n = SHUTTLE_NATION[SHUTTLE_NAMES.index(a.shuttle)]
            if i in launchers and launchers[i] >= 0:
                kept[launchers[i]][SHUTTLE_NAMES.index(hist[last_draw[n]].shuttle)] += 1
            last_draw[n] = i
    finals: dict[int, int] = {}  # nation -> launcher (-1 unknown) of its deck's last shuttle
    for n in (0, 1):
        if st.pad[n] < 0 and st.shuttle_left[n] == 0 and last_draw[n] >= 0:
            t = SHUTTLE_NAMES.index(hist[last_draw[n]].shuttle)
            extra = [st.won[p][t] - kept[p][t] for p in range(P)]
            finals[n] = extra.index(1) if sorted(extra) == [0] * (P - 1) + [1] else -1
    pad = [-1, -1]
    astro = [[0] * P, [0] * P]
    mat = [[0] * P, [0] * P]
    draws = [0, 0]
    column = 0  # modules in the column
    docked = 0  # modules taken up by launches
    reserve = g.fedor_astronauts - 1 if g.solo else 0
    armed: list[int] = []  # final launches done by the next boundary (a turn start, a draw)
    last: _Launch | None = None

    def launch(n: int, launcher: int, nxt: int) -> None:
        nonlocal last, column, docked
        t = pad[n]
        module = -1
        if g.sh_mod[t] and column > 0:  # Launch step 4: a module goes up if the column has one
            k = g.n_initial + docked
            module = st.station[k] if k < len(st.station) else -1
            docked += 1
            column -= 1
        left = g.deck_cards[n] - draws[n]
        last = _Launch(t, n, launcher, tuple(astro[n]), tuple(mat[n]), module, nxt, left)
        astro[n] = [0] * P
        mat[n] = [0] * P
        pad[n] = -1

    def fedor_loads(n: int) -> None:
        # the same loads as fedor.cargo, from the counts every seat sees
        nonlocal reserve
        t = pad[n]
        if t == g.soyuz:
            if reserve > 0 and sum(astro[n]) < g.sh_seats[t]:
                astro[n][f] += 1
                reserve -= 1
        elif g.sh_mat[t]:
            k = min(g.fedor_cargo, g.mat_capacity - mat[0][f] - mat[1][f])
            if k > 0:
                mat[n][f] += k

    for i, a in enumerate(hist):
        kind = type(a)
        p = starts[i]
        if armed and (p >= 0 or kind is ShuttleDraw):
            for n in armed:
                launch(n, finals.pop(n), -1)
            armed.clear()
        if p >= 0:
            armed += [n for n, q in finals.items() if q == p and last_draw[n] < i]
            # turn step 1: with every shuttle empty, one that alone takes materials gets one
            if not any(any(x) for x in astro) and not any(any(x) for x in mat):
                pads = [n for n in (0, 1) if pad[n] >= 0 and g.sh_mat[pad[n]]]
                if len(pads) == 1:
                    mat[pads[0]][p] += 1
        if kind is ShuttleDraw:
            t = SHUTTLE_NAMES.index(a.shuttle)
            n = SHUTTLE_NATION[t]
            draws[n] += 1
            setup = pad[n] < 0
            if not setup:
                launch(n, launchers.get(i, -1), t)
            pad[n] = t
            if g.solo and not setup:
                fedor_loads(n)
            elif g.solo and pad[1 - n] >= 0 and draws[1 - n] == 1 and draws[n] == 1:
                for m in (0, 1):  # the end of the setup: FEDOR loads both shuttles
                    fedor_loads(m)
            if finals.get(n) == f and i == last_draw[n]:
                armed.append(n)
        elif kind is ModuleDraw:
            column += 1
        elif kind is Train:
            astro[SHUTTLE_NATION[SHUTTLE_NAMES.index(a.shuttle)]][a.seat] += 1
        elif kind is Cargo:
            mat[SHUTTLE_NATION[SHUTTLE_NAMES.index(a.shuttle)]][a.seat] += 1
        elif kind is Load:
            for n in (0, 1):
                mat[n][a.seat] += a.amounts[n]
    for n in list(finals):  # launched in the turn under way (or not placed: said at the end)
        launch(n, finals.pop(n), -1)
    return last


def _amounts(astronauts: int, materials: int) -> str:
    """``"1 astronaut, 2 materials"``."""
    parts = []
    if astronauts:
        parts.append(f"{astronauts} astronaut{'s' if astronauts > 1 else ''}")
    if materials:
        parts.append(f"{materials} material{'s' if materials > 1 else ''}")
    return ", ".join(parts)


def headline(st: State1998, seat: int) -> str:
    """The last launch: shuttle, launcher, each participant's cargo (FEDOR's apart), module, next card.

    Followed through the public history (see :func:`_last_launch`; the same for every seat); a
    position built by hand has no known past and says "". A launch shows once the next shuttle is
    on its pad, or at once when its deck is exhausted.
    """
    st._check_seat(seat)
    g = st.game.tables
    last = _last_launch(st)
    if last is None:
        return ""
    by = f" by {name(st, last.launcher)}" if last.launcher >= 0 else ""
    parts = [f"{SHUTTLE_NAMES[last.shuttle]} launched{by} ({NATION_NAMES[last.nation]} pad)"]
    players = [
        f"{name(st, p)} {_amounts(last.astronauts[p], last.materials[p])}"
        for p in range(g.P)
        if p != g.fedor and (last.astronauts[p] or last.materials[p])
    ]
    parts.append(f"players' cargo: {'; '.join(players) if players else 'none'}")
    if g.solo:
        mine = _amounts(last.astronauts[g.fedor], last.materials[g.fedor])
        parts.append(f"{FEDOR_NAME}'s cargo: {mine or 'none'}")
    if last.module >= 0:
        parts.append(f"module to the station: {g.mod_name[last.module]}")
    if last.next < 0:
        parts.append("next on the pad: none (no shuttle left)")
    else:
        tail = " (the deck's last card)" if last.left == 0 else ""
        parts.append(f"next on the pad: {SHUTTLE_NAMES[last.next]}{tail}")
    return "; ".join(parts)


def round_label(game: Game1998, index: int) -> str:
    """Round ``index`` is one turn of every participant (FEDOR included): ``round 1`` ..."""
    return f"round {index + 1}"
