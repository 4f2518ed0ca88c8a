"""Positions of 1998 ISS built by hand (``Game1998.position``), and the checks every position passes.

:func:`build` makes the position at the start of a turn (before its cargo check) from friendly
keywords, derives what play would have left elsewhere (astronauts, cubes and tokens not placed
are in the reserves and the pool; experiment cards not in a hand or performed are in their decks;
modules not on the board are in the deck; shuttle cards not on a pad or won are in their decks),
then runs the turn on to its first decision. :func:`check_position` (``State._check_position``)
checks the conservation laws and the rules' invariants, so a position that no game could reach is
refused with a ``ValueError`` naming the inconsistency.

Names: seats by index (0 = Blue ...), FEDOR as ``"FEDOR"`` (or its index 1) in the solo game;
modules, shuttles, action cards, goals and experiment cards by their names; compartments by their
labels (``"Columbus LAB1"``, ``"Zvezda COM"``, see ``game.tables.comp_label``); pads as ``"RU"`` and ``"US"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from isslab.core import short_repr
from isslab.games.iss_1998 import steps
from isslab.games.iss_1998.components import (
    ACTION_INDEX,
    ACTION_NAMES,
    EARTH_ACTIONS,
    FEDOR_NAME,
    GOAL_INDEX,
    GOALS,
    ISS_ACTIONS,
    SEAT_NAMES,
    SHUTTLE_INDEX,
    SHUTTLE_NAMES,
    SHUTTLE_NATION,
)
from isslab.games.iss_1998.phases import Phase, Step
from isslab.games.iss_1998.scoring import NO_TALLY
from isslab.games.kit import a_or_an, check_ints, freeze_keywords, is_int, per_seat

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import Game1998, State1998

__all__ = ["build", "check_position"]

_PADS = {"RU": 0, "US": 1}


def _names(game: Game1998) -> tuple[str, ...]:
    """The participants' names: the seats' colours, FEDOR in the solo game."""
    tb = game.tables
    return tuple(FEDOR_NAME if q == tb.fedor else SEAT_NAMES[q] for q in range(tb.P))


def _who(game: Game1998, who: Any) -> int:
    """A participant index from a seat index, a colour name or ``"FEDOR"``."""
    names = _names(game)
    if isinstance(who, str) and who in names:
        return names.index(who)
    if is_int(who, 0, game.tables.P - 1):
        q: int = who
        return q
    raise ValueError(
        f"{short_repr(who)} is not a participant: use 0..{game.tables.P - 1} or {', '.join(names)}"
    )


def _per(game: Game1998, name: str, value: Any, current: tuple[Any, ...]) -> tuple[Any, ...]:
    """One entry per participant from a mapping participant -> entry (others keep ``current``) or a
    sequence of one entry per participant."""
    out = list(current)
    for q, v in per_seat(name, value, game.tables.P, _names(game)).items():
        out[q] = v
    return tuple(out)


def _index(table: Mapping[str, int], what: str, name: Any) -> int:
    if not isinstance(name, str) or name not in table:
        raise ValueError(f"{what} {short_repr(name)} is unknown; use one of: {', '.join(list(table)[:20])}")
    return table[name]


def build(game: Game1998, **keywords: Any) -> State1998:
    """A position at the start of a turn, built by hand and checked (see :func:`_build` for the keywords).

    A keyword of the wrong type or shape raises ``ValueError`` naming it, like an inconsistent position;
    every keyword is bounded and frozen first (:func:`isslab.games.kit.freeze_keywords`).
    """
    try:
        return _build(game, **freeze_keywords(keywords))
    except (TypeError, AttributeError, IndexError, KeyError, RecursionError, OverflowError) as exc:
        raise ValueError(
            f"position: a keyword has a value of the wrong shape ({short_repr(str(exc), 120)})"
        ) from None


def _build(
    game: Game1998,
    *,
    to_move: Any = None,
    start_player: Any = None,
    ending: int = 0,
    earth: Any = None,
    iss: Any = None,
    column: Any = None,
    column_cubes: Any = None,
    station: Any = None,
    covered: Any = None,
    pads: Any = None,
    cargo: Any = None,
    astronauts: Any = None,
    iss_material: Any = None,
    external: Any = None,
    long_stay: Any = None,
    tokens: Any = None,
    extra_spaces: Any = None,
    hands: Any = None,
    played: Any = None,
    goals: Any = None,
    goal_owners: Any = None,
    shuttles_won: Any = None,
    fedor_top: Any = None,
    **fields: Any,
) -> State1998:
    """A position at the start of ``to_move``'s turn, built by hand and checked (see the module).

    ``earth`` / ``iss``: the action cards of each column top to bottom (default: the rulebook's
    order). ``column``: the four module names of the column (``None`` for an empty space; default:
    the first four of the deck); ``column_cubes``: ``{module: {participant: cubes}}``.
    ``station``: modules launched so far (besides the initial ones); ``covered``: compartment
    labels still covered (default: Destiny's and the launched modules'). ``pads``:
    ``{"RU": (shuttle, countdown), "US": ...}`` (``None``: an empty pad); ``cargo``:
    ``{"US": {participant: (astronauts, materials)}}``. ``astronauts``:
    ``{participant: {"unity": n, "in": (labels...)}}`` (the rest are on Earth; default: one in
    Unity). Per participant (a mapping or a sequence): ``iss_material``, ``external``,
    ``long_stay``, ``tokens``, ``hands`` and ``played`` (experiment names), ``shuttles_won``
    (``{participant: {shuttle: count}}``). ``extra_spaces``: ``{card: participant}``; ``goals``:
    the goal names on offer, ``goal_owners``: ``{goal: participant}``. ``ending``: 1 once a
    shuttle deck has run out, 2 in the final round. ``fedor_top``: the FEDOR deck's top card index
    (solo). Other state fields may be given raw.
    """
    g = game
    tb = g.tables
    P = tb.P
    start = g.new_state()
    g._check_fields(
        start, fields, "the fields are State1998.FIELDS, the friendly keywords those of Game1998.position"
    )
    controlled = sorted(set(fields) & {"phase", "step", "actor", "turn", "start"})
    if controlled:
        raise ValueError(
            f"give to_move and start_player, not the raw fields {', '.join(controlled)}: a built "
            "position starts a turn"
        )
    st = start._copy()
    st._hist, st._nhist = None, 0
    mod_index = tb.mod_index
    exp_index = tb.exp_index

    # turn order
    first = _who(g, start_player) if start_player is not None else tb.first_player if tb.solo else 0
    st.start = first
    turn = first if to_move is None else _who(g, to_move)
    if ending not in (0, 1, 2):
        raise ValueError(
            "ending is 0 (playing), 1 (a shuttle deck ran out) or 2 (final round), "
            f"got {short_repr(ending, 40)}"
        )
    st.ending = ending

    # the action cards
    def order(value: Any, cards: tuple[int, ...], what: str) -> tuple[int, ...]:
        if value is None:
            return cards
        out = tuple(_index(ACTION_INDEX, "action card", c) for c in value)
        if sorted(out) != sorted(cards):
            raise ValueError(f"{what} must order the cards {', '.join(ACTION_NAMES[a] for a in cards)}")
        return out

    st.earth = order(earth, EARTH_ACTIONS, "earth")
    st.iss = order(iss, ISS_ACTIONS, "iss")
    st.rows = steps.card_rows(st.earth, st.iss)

    # modules: column, station, deck
    launched = tuple(_index(mod_index, "module", m) for m in (station or ()))
    st.station = tuple(range(tb.n_initial)) + launched
    if column is None:
        rest = [m for m in tb.deck_modules if m not in launched]
        col = tuple(rest[:4]) + (-1,) * max(0, 4 - len(rest))
    else:
        col = tuple(-1 if m is None else _index(mod_index, "module", m) for m in column)
        if len(col) != 4:
            raise ValueError(f"column needs 4 spaces (None for an empty one), got {len(col)}")
    st.column = col
    used = set(st.station) | {m for m in col if m >= 0}
    st.module_pool = tuple(m for m in tb.deck_modules if m not in used)
    cc = [[0] * P for _ in range(4)]
    for module, per in (column_cubes or {}).items():
        m = _index(mod_index, "module", module)
        if m not in col:
            raise ValueError(f"column_cubes: {module} is not in the column")
        for who, k in per.items():
            cc[col.index(m)][_who(g, who)] = k
    st.ccubes = tuple(tuple(row) for row in cc)
    docked = 0
    for m in st.station:
        docked |= tb.mod_mask[m]
    st.docked = docked
    if covered is None:
        cov = tb.start_covered
        for m in launched:
            cov |= tb.mod_mask[m]
    else:
        cov = 0
        for label in covered:
            cov |= 1 << _index(tb.comp_index, "compartment", label)
    st.covered = cov

    # shuttles
    pad = [-1, -1]
    cd = [0, 0]
    for key, value in (pads or {}).items():
        n = _index(_PADS, "pad", key)
        if value is None:
            continue
        t = _index(SHUTTLE_INDEX, "shuttle", value[0])
        if SHUTTLE_NATION[t] != n:
            raise ValueError(f"pads: {a_or_an(SHUTTLE_NAMES[t])} does not fly from the {key} pad")
        pad[n], cd[n] = t, value[1]
    if pads is None:
        pad = [0, 2]
        cd = [tb.sh_start[0], tb.sh_start[2]]
    st.pad, st.countdown = tuple(pad), tuple(cd)
    ca = [[0] * P, [0] * P]
    cm = [[0] * P, [0] * P]
    for key, per in (cargo or {}).items():
        n = _index(_PADS, "pad", key)
        for who, (a, m) in per.items():
            q = _who(g, who)
            ca[n][q], cm[n][q] = a, m
    st.cargo_astro = tuple(tuple(r) for r in ca)
    st.cargo_mat = tuple(tuple(r) for r in cm)
    won = [[0] * 5 for _ in range(P)]
    for who, per in (shuttles_won or {}).items():
        q = _who(g, who)
        for shuttle, k in per.items():
            won[q][_index(SHUTTLE_INDEX, "shuttle", shuttle)] = k
    st.won = tuple(tuple(r) for r in won)
    out_of_deck = [sum(1 for t in pad if t >= 0 and SHUTTLE_NATION[t] == n) for n in (0, 1)]
    for kept in won:
        for t, k in enumerate(kept):
            out_of_deck[SHUTTLE_NATION[t]] += k
    st.shuttle_pool = tuple(
        tb.sh_copies[t] - sum(r[t] for r in won) - sum(1 for x in pad if x == t) for t in range(5)
    )
    st.shuttle_left = tuple(max(0, tb.deck_cards[n] - out_of_deck[n]) for n in (0, 1))

    # astronauts
    total = [tb.astronauts] * P
    if tb.solo:
        total[tb.fedor] = tb.fedor_astronauts
    unity = list(st.unity)
    occ = [0] * P
    for who, where in (astronauts or {}).items():
        q = _who(g, who)
        unity[q] = where.get("unity", 0)
        for label in where.get("in", ()):
            occ[q] |= 1 << _index(tb.comp_index, "compartment", label)
        unknown_keys = set(where) - {"unity", "in"}
        if unknown_keys:
            raise ValueError(f"astronauts: use the keys 'unity' and 'in', not {sorted(unknown_keys)}")
    st.unity = tuple(unity)
    st.occ = tuple(occ)
    st.reserve = tuple(total[q] - unity[q] - occ[q].bit_count() - ca[0][q] - ca[1][q] for q in range(P))

    # tracks
    iss_default = [tb.start_iss] * P
    iss_default[first] = tb.start_player_iss
    ext_default = [tb.start_ext] * P
    if tb.solo:
        iss_default[tb.fedor] = tb.fedor_iss
        ext_default[tb.fedor] = tb.fedor_ext
    st.iss_mat = (
        tuple(iss_default)
        if iss_material is None
        else _per(g, "iss_material", iss_material, tuple(iss_default))
    )
    st.ext_mat = tuple(ext_default) if external is None else _per(g, "external", external, tuple(ext_default))
    if long_stay is not None:
        st.long_stay = _per(g, "long_stay", long_stay, st.long_stay)
    if tokens is not None:
        st.tokens = _per(g, "tokens", tokens, st.tokens)

    # cubes and extra-action spaces
    extra = [-1] * 8
    for card, who in (extra_spaces or {}).items():
        extra[_index(ACTION_INDEX, "action card", card)] = _who(g, who)
    st.extra = tuple(extra)
    st.cubes = tuple(tb.action_cubes - sum(row[q] for row in st.ccubes) - extra.count(q) for q in range(P))
    st.token_pool = tb.installation_tokens - bin(cov).count("1") - sum(st.tokens)

    # experiments
    if hands is not None:
        st.hands = tuple(
            tuple(sorted(_index(exp_index, "experiment", c) for c in h))
            for h in _per(g, "hands", hands, ((),) * P)
        )
    elif tb.solo:
        st.hands = ((),) * P
    else:
        # the start hands: the first basic and medium cards for each player, in seat order
        basics, mediums = list(tb.exp_start[0]), list(tb.exp_start[1])
        st.hands = tuple(() if q == tb.fedor else (basics[q], mediums[q]) for q in range(P))
    if played is not None:
        st.played = tuple(
            tuple(_index(exp_index, "experiment", c) for c in h) for h in _per(g, "played", played, ((),) * P)
        )
    held = {c for h in st.hands for c in h} | {c for h in st.played for c in h}
    st.exp_pool = tuple(tuple(c for c in level if c not in held) for level in tb.exp_start)
    st.exp_bottom = ((), (), ())

    # goals
    if tb.solo and goals:
        raise ValueError("the solo game uses no goal cards")
    if goals is None:
        offered: tuple[int, ...] = () if tb.solo else tuple(range(tb.goals_in_play))
    else:
        offered = tuple(_index(GOAL_INDEX, "goal", name) for name in goals)
    st.goals = offered
    owners = [-1] * len(offered)
    for name, who in (goal_owners or {}).items():
        goal = _index(GOAL_INDEX, "goal", name)
        if goal not in offered:
            raise ValueError(f"goal_owners: {name} is not on offer")
        owners[offered.index(goal)] = _who(g, who)
    st.goal_owner = tuple(owners)

    # FEDOR
    if tb.solo:
        top = 0 if fedor_top is None else fedor_top
        if not isinstance(top, int) or isinstance(top, bool) or not 0 <= top < len(tb.f_action):
            raise ValueError(f"fedor_top must be a FEDOR card index 0..{len(tb.f_action) - 1}")
        st.fedor_top = top
        st.fedor_pool = tuple(c for c in range(len(tb.f_action)) if c != top)

    for name, value in fields.items():  # frozen by build
        setattr(st, name, value)
    st.phase = Phase.CARGO
    st.actor = turn
    steps.begin_turn(st, turn)
    check_position(st)
    try:
        steps.run(st)
    except (IndexError, KeyError, TypeError, ValueError) as exc:  # a consistent-looking oddity
        raise ValueError(f"the position cannot be played on: {short_repr(str(exc), 200)}") from None
    return st


def check_position(st: State1998) -> None:
    """Raise ``ValueError`` naming every inconsistency of ``st`` (``State._check_position``).

    A malformed field (of a save file or a raw keyword) is a ``ValueError`` too, never another error.
    """
    try:
        problems = _problems(st)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError, OverflowError) as exc:
        why = short_repr(str(exc), 120)
        raise ValueError(f"inconsistent 1998 ISS position: a malformed field ({why})") from None
    if problems:
        raise ValueError("inconsistent 1998 ISS position: " + "; ".join(problems))


def _flat(v: Any, length: int | None, lo: int, hi: int) -> bool:
    return (
        isinstance(v, tuple)
        and (length is None or len(v) == length)
        and len(v) <= 1000
        and all(is_int(x, lo, hi) for x in v)
    )


def _shape_problems(st: State1998) -> list[str]:
    """Every field has the type, length and range the rules read (checked before anything else)."""
    tb = st.game.tables
    P = tb.P
    n_exp = len(tb.exp_name)
    n_mod = len(tb.mod_name)
    big = 10**6
    scalars: dict[str, tuple[int, int]] = {
        "ending": (0, 2),
        "turns": (0, big),
        "docked": (0, tb.all_mask),
        "covered": (0, tb.all_mask),
        "token_pool": (0, big),
        "doing": (-1, 7),
        "need": (0, 2),
        "launch_pad": (-1, 1),
        "launcher": (-1, P - 1),
        "lstep": (0, 3),
        "fedor_top": (-1, len(tb.f_action) - 1),
        "fedor_card": (-1, len(tb.f_action) - 1),
        "fmode": (0, 1),
        "fstate": (0, 6),
        "fedor_left": (0, big),
        "fedor_level": (0, 3),
        "fedor_tries": (0, big),
        "fedor_exp": (-1, n_exp - 1),
    }
    flats: dict[str, tuple[int | None, int, int]] = {
        "earth": (4, 0, 7),
        "iss": (4, 0, 7),
        "rows": (8, 0, 3),
        "extra": (8, -1, P - 1),
        "column": (4, -1, n_mod - 1),
        "module_pool": (None, 0, n_mod - 1),
        "station": (None, 0, n_mod - 1),
        "occ": (P, 0, tb.all_mask),
        "unity": (P, 0, big),
        "reserve": (P, 0, big),
        "pad": (2, -1, 4),
        "countdown": (2, 0, big),
        "shuttle_pool": (5, 0, big),
        "shuttle_left": (2, 0, big),
        "iss_mat": (P, 0, big),
        "ext_mat": (P, 0, big),
        "long_stay": (P, 0, big),
        "tokens": (P, 0, big),
        "cubes": (P, 0, big),
        "goals": (None, 0, len(GOALS) - 1),
        "goal_owner": (None, -1, P - 1),
        "drawn": (None, 0, n_exp - 1),
        "to_draw": (None, 1, 3),
        "targets": (None, 0, 3),
        "queue": (None, 0, P - 1),
        "fedor_pool": (None, 0, max(0, len(tb.f_action) - 1)),
        "fedor_discard": (None, 0, max(0, len(tb.f_action) - 1)),
    }
    nested: dict[str, tuple[int, int | None, int, int]] = {
        "ccubes": (4, P, 0, big),
        "cargo_astro": (2, P, 0, big),
        "cargo_mat": (2, P, 0, big),
        "won": (P, 5, 0, big),
        "hands": (P, None, 0, n_exp - 1),
        "played": (P, None, 0, n_exp - 1),
        "exp_pool": (3, None, 0, n_exp - 1),
        "exp_bottom": (3, None, 0, n_exp - 1),
        "stats": (P, len(NO_TALLY), 0, big),
    }
    p: list[str] = []
    for name, (lo, hi) in scalars.items():
        if not is_int(getattr(st, name), lo, hi):
            p.append(f"{name} must be an int from {lo} to {hi}, got {short_repr(getattr(st, name), 40)}")
    for name in ("claimed", "in_extra", "fedor_failed"):
        if not isinstance(getattr(st, name), bool):
            p.append(f"{name} must be True or False")
    for name, (length, lo, hi) in flats.items():
        if not _flat(getattr(st, name), length, lo, hi):
            size = f"{length} " if length is not None else ""
            got = short_repr(getattr(st, name), 40)
            p.append(f"{name} must be a tuple of {size}ints from {lo} to {hi}, got {got}")
    for name, (rows, length, lo, hi) in nested.items():
        v = getattr(st, name)
        if not isinstance(v, tuple) or len(v) != rows or not all(_flat(r, length, lo, hi) for r in v):
            p.append(f"{name} must be {rows} rows of ints from {lo} to {hi}, got {short_repr(v, 40)}")
    return p


def _problems(st: State1998) -> list[str]:
    shape = _shape_problems(st)
    if shape:
        return shape
    g = st.game
    tb = g.tables
    P = tb.P
    p: list[str] = []
    names = [FEDOR_NAME if q == tb.fedor else SEAT_NAMES[q] for q in range(P)]
    shapes = (
        ("unity", st.unity),
        ("reserve", st.reserve),
        ("iss_mat", st.iss_mat),
        ("ext_mat", st.ext_mat),
        ("long_stay", st.long_stay),
        ("tokens", st.tokens),
        ("cubes", st.cubes),
    )
    ok = all(check_ints(p, name, value, P, 0, 10**6) for name, value in shapes)
    ok &= check_ints(p, "occ", st.occ, P, 0, tb.all_mask)
    if not ok:
        return p
    for q in range(P):
        if st.iss_mat[q] > tb.max_iss:
            p.append(f"{names[q]}'s ISS material {st.iss_mat[q]} is above the top {tb.max_iss}")
        if st.ext_mat[q] > tb.max_ext:
            p.append(f"{names[q]}'s external material {st.ext_mat[q]} is above the top {tb.max_ext}")
        if st.long_stay[q] > tb.ls_max:
            p.append(f"{names[q]}'s long-stay level {st.long_stay[q]} is above the top {tb.ls_max}")
    # astronauts
    occ_all = 0
    for q in range(P):
        if occ_all & st.occ[q]:
            p.append(f"{names[q]} shares a compartment with another astronaut")
        occ_all |= st.occ[q]
        total = tb.fedor_astronauts if q == tb.fedor else tb.astronauts
        here = (
            st.reserve[q] + st.unity[q] + st.occ[q].bit_count() + st.cargo_astro[0][q] + st.cargo_astro[1][q]
        )
        if here != total:
            p.append(f"{names[q]} has {here} astronauts in all, not {total}")
    if occ_all & ~st.docked:
        p.append("an astronaut is in a compartment that is not on the station")
    if occ_all & st.covered:
        p.append("an astronaut is in a compartment still covered by an installation token")
    if st.covered & ~st.docked:
        p.append("an installation token covers a compartment that is not on the station")
    # cubes: the reserve, the column, the extra-action spaces, and the one on the chosen card
    for q in range(P):
        placed = sum(row[q] for row in st.ccubes) + st.extra.count(q)
        cube_on_card = st.doing >= 0 and not st.in_extra and st.step == Step.NORMAL and st.ending != 2
        on_card = 1 if q == st.turn and cube_on_card else 0
        if placed + st.cubes[q] + on_card != tb.action_cubes:
            have = placed + st.cubes[q] + on_card
            p.append(f"{names[q]} has {have} action cubes in all, not {tb.action_cubes}")
    for slot, m in enumerate(st.column):
        if m < 0 and any(st.ccubes[slot]):
            p.append(f"cubes on the empty column space {slot + 1}")
    # tokens
    tokens = st.token_pool + st.covered.bit_count() + sum(st.tokens)
    if tokens != tb.installation_tokens or st.token_pool < 0:
        p.append(
            f"{st.token_pool} tokens in the pool, {st.covered.bit_count()} on compartments and "
            f"{sum(st.tokens)} kept make {tokens}, not {tb.installation_tokens}"
        )
    # modules
    seen = list(st.module_pool) + [m for m in st.column if m >= 0] + list(st.station)
    if sorted(seen) != list(range(len(tb.mod_name))):
        p.append("every module must be once in the deck, the column or the station")
    # experiments
    cards = [c for part in (st.exp_pool, st.exp_bottom, st.hands, st.played) for h in part for c in h]
    cards += list(st.drawn)
    if sorted(cards) != list(range(len(tb.exp_name))):
        p.append("every experiment card must be once in a deck, a hand, the cards drawn or those performed")
    for level, pool in enumerate(st.exp_pool):
        if any(tb.exp_level[c] != level + 1 for c in pool + st.exp_bottom[level]):
            p.append(f"the level-{level + 1} deck holds a card of another level")
    for q in range(P):
        if len(st.hands[q]) > tb.hand_limit:
            p.append(f"{names[q]} holds {len(st.hands[q])} experiments, over the limit of {tb.hand_limit}")
    # shuttles
    for t in range(5):
        here = st.shuttle_pool[t] + sum(r[t] for r in st.won) + sum(1 for x in st.pad if x == t)
        if st.shuttle_pool[t] < 0 or here != tb.sh_copies[t]:
            p.append(f"{SHUTTLE_NAMES[t]} cards: {here} in all, not {tb.sh_copies[t]}")
    for n in (0, 1):
        t = st.pad[n]
        if t >= 0 and SHUTTLE_NATION[t] != n:
            p.append(f"{a_or_an(SHUTTLE_NAMES[t])} on the wrong pad")
        if t >= 0 and sum(st.cargo_astro[n]) > tb.sh_seats[t]:
            p.append(f"the {SHUTTLE_NAMES[t]} carries more astronauts than its {tb.sh_seats[t]} seats")
        if t >= 0 and not tb.sh_mat[t] and any(st.cargo_mat[n]):
            p.append(f"the {SHUTTLE_NAMES[t]} carries no materials")
        if t < 0 and (any(st.cargo_astro[n]) or any(st.cargo_mat[n])):
            p.append("cargo on an empty pad")
        in_deck = sum(st.shuttle_pool[x] for x in range(5) if SHUTTLE_NATION[x] == n)
        if st.shuttle_left[n] > in_deck:
            p.append(f"the {('Russian', 'US')[n]} deck is said to hold more cards than remain")
    if any(st.countdown[n] < 0 for n in (0, 1)):
        p.append("a countdown below 0")
    # goals
    if len(st.goals) != len(st.goal_owner) or len(set(st.goals)) != len(st.goals):
        p.append("goals and goal_owner must match, without repeats")
    # FEDOR
    if tb.solo:
        deck = list(st.fedor_pool) + list(st.fedor_discard) + ([st.fedor_top] if st.fedor_top >= 0 else [])
        removed = 0 if tb.fedor_reshuffle_returns else 1
        if len(set(deck)) != len(deck) or not set(deck) <= set(range(len(tb.f_action))):
            p.append("every FEDOR card must be once in the deck, on top or discarded")
        elif (
            len(deck) + (1 if st.fedor_card >= 0 and st.fedor_card not in deck else 0)
            < len(tb.f_action) - removed
        ):
            p.append("FEDOR cards are missing from the deck, the top and the discards")
    if st.turn < 0 or st.turn >= P:
        p.append(f"turn {st.turn} is not a participant")
    if st.start < 0 or st.start >= P:
        p.append(f"start player {st.start} is not a participant")
    return p
