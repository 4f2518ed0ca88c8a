"""The tables a 1998 ISS game computes once from its options, and the checks of the options.

``Game1998._setup`` calls :func:`build`, which checks the options against each other and their
entries (errors are ``ValueError`` naming the option) and fills the game with tables the hot paths
read: compartments as bit positions (a set of compartments is an int mask), their types and labels,
the modules, shuttles, experiments, FEDOR cards and goal thresholds of this table size.

Compartments are numbered module by module: the central piece first, then the three initial
modules, then the module deck in its (numbered) order; FEDOR's "lowest number first" is the order
of these bit positions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.core import Memo, short_repr
from isslab.games.iss_1998.components import (
    ACTION_NAMES,
    ANY,
    CRN,
    FEDOR_ACTIONS,
    GOALS,
    LS,
    SHUTTLE_NAMES,
    SHUTTLE_NATION,
    SOYUZ,
    TYPE_CODES,
)

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import Game1998

__all__ = ["UNITY", "build", "fedor_code"]

#: the source and label of the Unity common area (compartments are bit positions 0, 1, ...)
UNITY = -1
#: codes of FEDOR's card actions (index into FEDOR_ACTIONS)
F_LONG_STAY, F_INSTALL, F_OUTSIDE, F_CONDUCT, F_RESHUFFLE = range(5)


def fedor_code(action: str) -> int:
    """The code of a FEDOR card action name."""
    return FEDOR_ACTIONS.index(action)


def _bad(name: str, what: str, value: Any) -> ValueError:
    return ValueError(f"option {name}: {what}, got {short_repr(value)}")


def _int(name: str, v: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise _bad(name, f"{what} must be an int from {lo} to {hi}", v)
    return v


def _text(name: str, v: Any, what: str) -> str:
    if not isinstance(v, str) or not 0 < len(v) <= 40 or v != v.strip():
        raise _bad(name, f"{what} must be a name of 1 to 40 characters", v)
    return v


def _types(name: str, v: Any, what: str, allow_any: bool, lo: int, hi: int) -> tuple[int, ...]:
    codes = TYPE_CODES if allow_any else TYPE_CODES[:ANY]
    if not isinstance(v, tuple) or not lo <= len(v) <= hi or any(t not in codes for t in v):
        raise _bad(name, f"{what} must be {lo} to {hi} compartment types among {', '.join(codes)}", v)
    return tuple(TYPE_CODES.index(t) for t in v)


def _modules(name: str, rows: Any, lo: int, hi: int) -> list[tuple[str, tuple[int, ...]]]:
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, tuple) or len(row) != 2:
            raise _bad(name, f"row {i} must be (name, (compartment types...))", row)
        label = _text(name, row[0], f"the name of row {i}")
        out.append((label, _types(name, row[1], f"the compartments of {label}", False, lo, hi)))
    return out


def _check_shuttles(o: dict[str, Any]) -> None:
    copies = o["shuttle_copies"]
    for nation, label in ((0, "Russian"), (1, "US")):
        total = sum(c for c, nat in zip(copies, SHUTTLE_NATION, strict=True) if nat == nation)
        if not 1 <= total <= 12:
            raise _bad("shuttle_copies", f"the {label} deck needs 1 to 12 cards", copies)
        if o["first_game_variant"] and total < 2:
            raise ValueError(
                f"option first_game_variant removes a {label} card, and option shuttle_copies leaves "
                f"{total}: give the {label} deck at least 2 cards"
            )
    mats, seats = o["shuttle_materials"], o["shuttle_seats"]
    # the cargo check and the countdown need a shuttle with cargo: a Russian and a US shuttle that
    # can both carry nothing could stop the game (no countdown) for good
    for ru in range(5):
        for us in range(5):
            if SHUTTLE_NATION[ru] != 0 or SHUTTLE_NATION[us] != 1 or not copies[ru] or not copies[us]:
                continue
            if not mats[ru] and not mats[us]:
                raise ValueError(
                    f"options shuttle_materials and shuttle_copies: a {SHUTTLE_NAMES[ru]} and a "
                    f"{SHUTTLE_NAMES[us]} on the pads could carry no material, so the cargo check "
                    "could not be made: let one of every such pair carry materials"
                )
    if not any(seats[t] for t in range(5) if copies[t]):
        raise _bad("shuttle_seats", "some shuttle in the decks needs a seat", seats)
    table = o["countdown_start"]
    if not isinstance(table, tuple) or len(table) != 2:
        raise _bad("countdown_start", "two rows of 5 start spaces (1-2 players, 3-4 players)", table)
    for row in table:
        if not isinstance(row, tuple) or len(row) != 5:
            raise _bad("countdown_start", "each row needs 5 start spaces (S, P, E, A, D)", row)
        for v in row:
            _int("countdown_start", v, 1, 20, "each start space")


def build(g: Game1998) -> None:
    """Check the options and fill ``g`` with the tables of this game (see the module)."""
    o = g._options
    n = o["players"]
    if o["first_player"] >= n:
        raise ValueError(f"option first_player={o['first_player']} is not allowed: use -1 or 0..{n - 1}")
    g.n = n
    g.solo = n == 1
    g.P = 2 if g.solo else n
    g.fedor = 1 if g.solo else -1
    g.countdown_values = tuple(o["action_countdown"])
    _check_shuttles(o)
    g.sh_copies = tuple(o["shuttle_copies"])
    g.sh_seats = tuple(o["shuttle_seats"])
    g.sh_mat = tuple(bool(v) for v in o["shuttle_materials"])
    g.sh_mod = tuple(bool(v) for v in o["shuttle_modules"])
    g.sh_repl = tuple(bool(v) for v in o["shuttle_replacement"])
    g.sh_start = tuple(o["countdown_start"][0 if g.P <= 2 else 1])
    cut = 1 if o["first_game_variant"] else 0
    g.deck_cards = tuple(
        sum(c for c, nat in zip(g.sh_copies, SHUTTLE_NATION, strict=True) if nat == nation) - cut
        for nation in (0, 1)
    )
    g.soyuz = SOYUZ

    # modules and compartments
    initial = _modules("initial_modules", o["initial_modules"], 0, 4)
    deck = _modules("module_deck", o["module_deck"], 2, 2)
    if not initial[1][1]:
        raise _bad(
            "initial_modules", "the second module (covered at the start) needs compartments", initial[1]
        )
    rows = initial + deck
    names = [r[0] for r in rows]
    if len(set(names)) != len(names) or "Unity" in names:
        raise _bad("module_deck", "module names must differ from each other and from Unity", names)
    clash = set(names) & set(ACTION_NAMES)
    if clash:
        raise _bad("module_deck", "module names must differ from the action card names", sorted(clash))
    g.mod_name = tuple(names)
    g.n_initial = len(initial)
    g.mod_index = {name: m for m, name in enumerate(names)}
    comp_type: list[int] = []
    comp_module: list[int] = []
    labels: list[str] = []
    masks: list[int] = []
    comps: list[tuple[int, ...]] = []
    for m, (name, types) in enumerate(rows):
        mine = []
        count: dict[int, int] = {}
        for t in types:
            c = len(comp_type)
            comp_type.append(t)
            comp_module.append(m)
            # "Zvezda COM"; a type that occurs twice on a module is numbered: "Destiny LAB2"
            count[t] = count.get(t, 0) + 1
            labels.append(f"{name} {TYPE_CODES[t]}{count[t] if types.count(t) > 1 else ''}")
            mine.append(c)
        comps.append(tuple(mine))
        masks.append(sum(1 << c for c in mine))
    if len(set(labels)) != len(labels):
        raise _bad("module_deck", "module names must keep the compartments' labels apart", labels)
    g.comp_type = tuple(comp_type)
    g.comp_module = tuple(comp_module)
    g.comp_label = tuple(labels)
    g.n_comps = len(comp_type)
    g.comp_index = {label: c for c, label in enumerate(labels)}
    g.comp_index["Unity"] = UNITY
    g.mod_mask = tuple(masks)
    g.mod_comps = tuple(comps)
    g.type_mask = tuple(sum(1 << c for c, tt in enumerate(comp_type) if tt == t) for t in range(ANY))
    g.all_mask = (1 << len(comp_type)) - 1
    g.ls_mask = g.type_mask[LS]
    g.crn_mask = g.type_mask[CRN]
    g.start_docked = sum(masks[: len(initial)])
    g.start_covered = masks[1]
    g.deck_modules = tuple(range(len(initial), len(rows)))
    tokens = o["installation_tokens"]
    if tokens < len(initial[1][1]):
        raise _bad("installation_tokens", f"at least {len(initial[1][1])} to cover {initial[1][0]}", tokens)
    g.start_token_pool = tokens - len(initial[1][1])

    # experiments
    exps = o["experiment_deck"]
    e_name, e_level, e_points, e_iss, e_ext, e_needs, e_long = [], [], [], [], [], [], []
    for i, row in enumerate(exps):
        if not isinstance(row, tuple) or len(row) != 7:
            raise _bad(
                "experiment_deck",
                f"row {i} must be (name, level, points, ISS, external, (types...), 'long' or 'short')",
                row,
            )
        name, level, pts, iss, ext, needs, task = row
        e_name.append(_text("experiment_deck", name, f"the name of row {i}"))
        e_level.append(_int("experiment_deck", level, 1, 3, f"the level of {name}"))
        e_points.append(_int("experiment_deck", pts, -20, 50, f"the points of {name}"))
        e_iss.append(_int("experiment_deck", iss, 0, 20, f"the ISS materials of {name}"))
        e_ext.append(_int("experiment_deck", ext, 0, 30, f"the external materials of {name}"))
        e_needs.append(_types("experiment_deck", needs, f"the compartments of {name}", True, 1, 4))
        if task not in ("long", "short"):
            raise _bad("experiment_deck", f"the task of {name} must be 'long' or 'short'", task)
        e_long.append(task == "long")
        if task == "long" and ANY in e_needs[-1]:
            # reading 5: the "?" belongs to short-term tasks (a long-term task leaves its astronaut
            # in a compartment of the type the card shows)
            raise _bad("experiment_deck", f"{name}: ANY (the '?') only on short-term tasks", row)
    if len(set(e_name)) != len(e_name):
        raise _bad("experiment_deck", "experiment names must differ", e_name)
    g.exp_name = tuple(e_name)
    g.exp_level = tuple(e_level)
    g.exp_points = tuple(e_points)
    g.exp_iss = tuple(e_iss)
    g.exp_ext = tuple(e_ext)
    g.exp_needs = tuple(e_needs)
    g.exp_long = tuple(e_long)
    g.exp_r = tuple(len(n) for n in e_needs)
    g.exp_index = {name: i for i, name in enumerate(e_name)}
    g.exp_start = tuple(tuple(i for i, lv in enumerate(e_level) if lv == level) for level in (1, 2, 3))
    for level in (1, 2):
        if len(g.exp_start[level - 1]) < g.P:
            raise _bad(
                "experiment_deck",
                f"every player draws a level-{level} card at the start: {g.P} level-{level} cards needed",
                len(g.exp_start[level - 1]),
            )
    if o["hand_limit"] < 2:
        raise _bad(
            "hand_limit", "the start hand holds 2 cards: use a hand limit of at least 2", o["hand_limit"]
        )

    # tracks
    g.ls_points = tuple(o["long_stay_points"])
    g.ls_max = len(g.ls_points) - 1
    for name in ("start_iss_material", "start_player_iss_material", "fedor_iss_material"):
        if o[name] > o["max_iss_material"]:
            raise _bad(name, f"at most the top of the ISS material track ({o['max_iss_material']})", o[name])
    for name in ("start_external", "fedor_external"):
        if o[name] > o["max_external"]:
            raise _bad(name, f"at most the top of the external track ({o['max_external']})", o[name])
    if o["goals_in_play"] > len(GOALS):
        raise _bad("goals_in_play", f"at most {len(GOALS)}", o["goals_in_play"])
    if g.solo and o["astronauts"] < 1:
        raise _bad("astronauts", "at least 1", o["astronauts"])
    g.goal_threshold = tuple(row[1][min(max(n, 2), 4) - 2] for row in GOALS)

    # FEDOR
    f_action, f_back = [], []
    for i, row in enumerate(o["fedor_deck"]):
        if (
            not isinstance(row, tuple)
            or len(row) != 2
            or row[0] not in FEDOR_ACTIONS
            or row[1] not in ("RU", "US")
        ):
            raise _bad(
                "fedor_deck",
                f"row {i} must be (action, back) with an action among {', '.join(FEDOR_ACTIONS)}",
                row,
            )
        f_action.append(fedor_code(row[0]))
        f_back.append(0 if row[1] == "RU" else 1)
    if g.solo and all(a == F_RESHUFFLE for a in f_action):
        raise _bad("fedor_deck", "FEDOR needs at least one action card", o["fedor_deck"])
    g.f_action = tuple(f_action)
    g.f_back = tuple(f_back)
    # a card's label shows its back: a flipped card's back is as public as its face
    g.f_label = tuple(
        f"{'Reshuffle' if a == F_RESHUFFLE else ACTION_NAMES[(4, 5, 6, 7)[a]]} ({('RU', 'US')[b]})"
        for a, b in zip(f_action, f_back, strict=True)
    )

    # bounded memos of legal lists (filled by .legal)
    g.memo_iss = Memo(100_000)
    g.memo_conduct = Memo(100_000)
    g.memo_earth = Memo(20_000)
    g.memo_misc = Memo(20_000)
