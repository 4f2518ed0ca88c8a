"""The tables a 1998 ISS game computes once from its options, and the checks of the options.

``Game1998._setup`` builds one :class:`Tables` (held as ``game.tables``): it checks the options
against each other and their entries (errors are ``ValueError`` naming the option) and holds what
the hot paths read: compartments as bit positions (a set of compartments is an int mask), their
types and labels, the modules, shuttles, experiments, FEDOR cards and goal thresholds of this
table size, the option values the rules read, the shared action objects, and the bounded memos of
the legal lists. Nothing reads ``game._options`` after this.

Compartments are numbered module by module: the central piece first, then the three initial
modules, then the module deck in its (numbered) order; FEDOR's "lowest number first" is the order
of these bit positions.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import lru_cache
from math import comb
from typing import Any

from isslab.core import Memo, short_repr
from isslab.games.iss_1998.actions import (
    ColumnOrder,
    Construct,
    ExperimentDraw,
    FedorExperiment,
    FedorTop,
    GoalDraw,
    ModuleDraw,
    NoAction,
    NoClaim,
    Place,
    ShuttleDraw,
    SkipExtra,
    StartPlayer,
    Train,
)
from isslab.games.iss_1998.components import (
    ACTION_NAMES,
    ANY,
    CRN,
    EARTH_ACTIONS,
    FEDOR_ACTIONS,
    GOALS,
    ISS_ACTIONS,
    LS,
    SHUTTLE_NAMES,
    SHUTTLE_NATION,
    SOYUZ,
    TYPE_CODES,
)
from isslab.games.kit import a_or_an

__all__ = ["UNITY", "Tables", "bits", "fedor_code"]

#: the source and label of the Unity common area (compartments are bit positions 0, 1, ...)
UNITY = -1
#: codes of FEDOR's card actions (index into FEDOR_ACTIONS)
F_LONG_STAY, F_INSTALL, F_OUTSIDE, F_CONDUCT, F_RESHUFFLE = range(5)


def fedor_code(action: str) -> int:
    """The code of a FEDOR card action name."""
    return FEDOR_ACTIONS.index(action)


@lru_cache(maxsize=65536)
def bits(mask: int) -> tuple[int, ...]:
    """The positions of the set bits of ``mask`` (compartments of a mask), lowest first."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return tuple(out)


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


def _check_shuttles(o: Mapping[str, Any]) -> None:
    copies = o["shuttle_copies"]
    for nation, label in ((0, "Russian"), (1, "US")):
        total = sum(c for c, nat in zip(copies, SHUTTLE_NATION, strict=True) if nat == nation)
        # the game ends when a launch puts a deck's last card on its pad (Endgame); a deck whose
        # only card goes on the pad at the setup never does, and such a game would never end
        if total > 12:
            raise _bad("shuttle_copies", f"the {label} deck needs 2 to 12 cards", copies)
        if total < 2:
            raise _bad(
                "shuttle_copies",
                f"the {label} deck needs 2 to 12 cards (its first goes on the pad at the setup, and "
                "the game ends only when a launch puts a deck's last card on its pad)",
                copies,
            )
        if o["first_game_variant"] and total < 3:
            raise ValueError(
                f"option first_game_variant removes a {label} card, and option shuttle_copies leaves "
                f"{total}: give the {label} deck at least 3 cards (the game ends only when a launch "
                "puts a deck's last card on its pad, and the first goes on the pad at the setup)"
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
                    f"options shuttle_materials and shuttle_copies: {a_or_an(SHUTTLE_NAMES[ru])} and "
                    f"{a_or_an(SHUTTLE_NAMES[us])} on the pads could carry no material, so the cargo check "
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


def _order_outcomes(column: str, cards: tuple[int, ...]) -> tuple[tuple[ColumnOrder, float], ...]:
    """The 24 orders of one column of action cards, equally likely (Setup 2)."""
    perms = list(itertools.permutations(cards))
    return tuple(
        (ColumnOrder(column, tuple(ACTION_NAMES[a] for a in perm)), 1.0 / len(perms)) for perm in perms
    )


def _goal_outcomes(k: int) -> tuple[tuple[GoalDraw, float], ...]:
    """The sets of ``k`` goal cards of the ten, equally likely (Setup 9; order does not matter)."""
    p = 1.0 / comb(len(GOALS), k)
    return tuple(
        (GoalDraw(tuple(GOALS[i][0] for i in c)), p) for c in itertools.combinations(range(len(GOALS)), k)
    )


class Tables:
    """Everything a 1998 ISS game precomputes from its options (see the module), built once."""

    def __init__(self, o: Mapping[str, Any]) -> None:
        """Check the options ``o`` (resolved, defaults included) and build the tables."""
        n = o["players"]
        if o["first_player"] >= n:
            raise ValueError(f"option first_player={o['first_player']} is not allowed: use -1 or 0..{n - 1}")
        #: seats; participants (FEDOR is the second in the solo game); FEDOR's index or -1
        self.n: int = n
        self.solo: bool = n == 1
        self.P: int = 2 if self.solo else n
        self.fedor: int = 1 if self.solo else -1
        #: a shuttle's cargo of nobody (per participant: no astronaut, no material); the steps compare
        #: a pad's cargo with it, one comparison instead of a call of ``any``
        self.no_cargo: tuple[int, ...] = (0,) * self.P
        self._shuttles(o)
        self._modules(o)
        self._experiments(o)
        self._tracks(o)
        self._fedor(o)
        self._actions()
        # bounded memos of legal lists (filled by .legal)
        self.memo_iss: Memo[Any, list[Any]] = Memo(100_000)
        self.memo_conduct: Memo[Any, Any] = Memo(100_000)
        self.memo_earth: Memo[Any, list[Any]] = Memo(20_000)
        self.memo_misc: Memo[Any, Any] = Memo(20_000)
        #: per player's and free compartments: the room of Conduct Experiments (``legal_conduct._room``)
        self.memo_room: Memo[tuple[int, int], tuple[int, tuple[int, ...]]] = Memo(100_000)
        #: per compartment mask and k: its k lowest compartments of each type (``legal_cards._lowest``)
        self.memo_lowest: Memo[tuple[int, int], int] = Memo(100_000)
        #: the ways of Conduct Experiments of a card, and the choices of Plan Experiments
        self.memo_conduct_lists: Memo[tuple[int, ...], list[Any]] = Memo(50_000)
        self.memo_keep: Memo[tuple[Any, ...], list[Any]] = Memo(50_000)

    def _shuttles(self, o: Mapping[str, Any]) -> None:
        self.countdown_values: tuple[int, ...] = tuple(o["action_countdown"])
        _check_shuttles(o)
        self.sh_copies: tuple[int, ...] = tuple(o["shuttle_copies"])
        self.sh_seats: tuple[int, ...] = tuple(o["shuttle_seats"])
        self.sh_mat: tuple[bool, ...] = tuple(bool(v) for v in o["shuttle_materials"])
        self.sh_mod: tuple[bool, ...] = tuple(bool(v) for v in o["shuttle_modules"])
        self.sh_repl: tuple[bool, ...] = tuple(bool(v) for v in o["shuttle_replacement"])
        self.sh_start: tuple[int, ...] = tuple(o["countdown_start"][0 if self.P <= 2 else 1])
        cut = 1 if o["first_game_variant"] else 0
        self.deck_cards: tuple[int, ...] = tuple(
            sum(c for c, nat in zip(self.sh_copies, SHUTTLE_NATION, strict=True) if nat == nation) - cut
            for nation in (0, 1)
        )
        self.soyuz: int = SOYUZ
        self.set_points: tuple[int, ...] = tuple(o["shuttle_set_points"])

    def _modules(self, o: Mapping[str, Any]) -> None:
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
        self.mod_name: tuple[str, ...] = tuple(names)
        self.n_initial: int = len(initial)
        self.mod_index: dict[str, int] = {name: m for m, name in enumerate(names)}
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
        self.comp_type: tuple[int, ...] = tuple(comp_type)
        self.comp_module: tuple[int, ...] = tuple(comp_module)
        self.comp_label: tuple[str, ...] = tuple(labels)
        self.n_comps: int = len(comp_type)
        self.comp_index: dict[str, int] = {label: c for c, label in enumerate(labels)}
        self.comp_index["Unity"] = UNITY
        self.mod_mask: tuple[int, ...] = tuple(masks)
        self.mod_comps: tuple[tuple[int, ...], ...] = tuple(comps)
        self.type_mask: tuple[int, ...] = tuple(
            sum(1 << c for c, tt in enumerate(comp_type) if tt == t) for t in range(ANY)
        )
        self.all_mask: int = (1 << len(comp_type)) - 1
        self.ls_mask: int = self.type_mask[LS]
        self.crn_mask: int = self.type_mask[CRN]
        self.start_docked: int = sum(masks[: len(initial)])
        self.start_covered: int = masks[1]
        self.deck_modules: tuple[int, ...] = tuple(range(len(initial), len(rows)))
        tokens = o["installation_tokens"]
        if tokens < len(initial[1][1]):
            raise _bad(
                "installation_tokens", f"at least {len(initial[1][1])} to cover {initial[1][0]}", tokens
            )
        self.installation_tokens: int = tokens
        self.start_token_pool: int = tokens - len(initial[1][1])

    def _experiments(self, o: Mapping[str, Any]) -> None:
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
                # reading 5: the "?" belongs to short-term tasks (a long-term task leaves its
                # astronaut in a compartment of the type the card shows)
                raise _bad("experiment_deck", f"{name}: ANY (the '?') only on short-term tasks", row)
        if len(set(e_name)) != len(e_name):
            raise _bad("experiment_deck", "experiment names must differ", e_name)
        self.exp_name: tuple[str, ...] = tuple(e_name)
        self.exp_level: tuple[int, ...] = tuple(e_level)
        self.exp_points: tuple[int, ...] = tuple(e_points)
        self.exp_iss: tuple[int, ...] = tuple(e_iss)
        self.exp_ext: tuple[int, ...] = tuple(e_ext)
        self.exp_needs: tuple[tuple[int, ...], ...] = tuple(e_needs)
        self.exp_long: tuple[bool, ...] = tuple(e_long)
        self.exp_r: tuple[int, ...] = tuple(len(n) for n in e_needs)
        #: per card: its requirements of a given type as (type, how many), and its "?" ones
        self.exp_typed: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((t, needs.count(t)) for t in sorted(set(needs)) if t != ANY) for needs in e_needs
        )
        self.exp_any: tuple[int, ...] = tuple(needs.count(ANY) for needs in e_needs)
        #: per card: the compartments of the types its requirements may use ("?" uses every type;
        #: the type masks are disjoint, so their sum is their union)
        self.exp_type_mask: tuple[int, ...] = tuple(
            sum(m for t, m in enumerate(self.type_mask) if ANY in needs or t in needs) for needs in e_needs
        )
        self.exp_index: dict[str, int] = {name: i for i, name in enumerate(e_name)}
        self.exp_start: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i, lv in enumerate(e_level) if lv == level) for level in (1, 2, 3)
        )
        for level in (1, 2):
            if len(self.exp_start[level - 1]) < self.P:
                raise _bad(
                    "experiment_deck",
                    f"every player draws a level-{level} card at the start: "
                    f"{self.P} level-{level} cards needed",
                    len(self.exp_start[level - 1]),
                )
        if o["hand_limit"] < 2:
            raise _bad(
                "hand_limit", "the start hand holds 2 cards: use a hand limit of at least 2", o["hand_limit"]
            )
        self.hand_limit: int = o["hand_limit"]

    def _tracks(self, o: Mapping[str, Any]) -> None:
        self.ls_points: tuple[int, ...] = tuple(o["long_stay_points"])
        self.ls_max: int = len(self.ls_points) - 1
        for name in ("start_iss_material", "start_player_iss_material", "fedor_iss_material"):
            if o[name] > o["max_iss_material"]:
                raise _bad(
                    name, f"at most the top of the ISS material track ({o['max_iss_material']})", o[name]
                )
        for name in ("start_external", "fedor_external"):
            if o[name] > o["max_external"]:
                raise _bad(name, f"at most the top of the external track ({o['max_external']})", o[name])
        if o["goals_in_play"] > len(GOALS):
            raise _bad("goals_in_play", f"at most {len(GOALS)}", o["goals_in_play"])
        if self.solo and o["astronauts"] < 1:
            raise _bad("astronauts", "at least 1", o["astronauts"])
        self.goal_threshold: tuple[int, ...] = tuple(row[1][min(max(self.n, 2), 4) - 2] for row in GOALS)
        self.max_iss: int = o["max_iss_material"]
        self.max_ext: int = o["max_external"]
        self.mat_capacity: int = 2 * o["material_tokens"]  # a token turned over counts two
        self.goals_in_play: int = 0 if self.solo else o["goals_in_play"]
        self.goal_after_action: bool = o["goal_windows"] == "action_and_end"
        self.final_construct: bool = o["final_round_construct"]
        # the start of a game (Setup 12, the solo setup) and the scoring (Endgame)
        self.astronauts: int = o["astronauts"]
        self.action_cubes: int = o["action_cubes"]
        self.start_iss: int = o["start_iss_material"]
        self.start_player_iss: int = o["start_player_iss_material"]
        self.start_ext: int = o["start_external"]
        #: the start player fixed by the options, or -1 (a chance node)
        self.first_player: int = (0 if o["solo_start"] == "player" else 1) if self.solo else o["first_player"]
        self.installation_points: int = o["installation_points"]
        self.goal_points: int = o["goal_points"]
        self.unplayed_penalty: int = o["unplayed_penalty"]

    def _fedor(self, o: Mapping[str, Any]) -> None:
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
        if self.solo and all(a == F_RESHUFFLE for a in f_action):
            raise _bad("fedor_deck", "FEDOR needs at least one action card", o["fedor_deck"])
        self.f_action: tuple[int, ...] = tuple(f_action)
        self.f_back: tuple[int, ...] = tuple(f_back)
        # a card's label shows its back: a flipped card's back is as public as its face
        self.f_label: tuple[str, ...] = tuple(
            f"{'Reshuffle' if a == F_RESHUFFLE else ACTION_NAMES[(4, 5, 6, 7)[a]]} ({('RU', 'US')[b]})"
            for a, b in zip(f_action, f_back, strict=True)
        )
        self.fedor_astronauts: int = o["fedor_astronauts"]
        self.fedor_iss: int = o["fedor_iss_material"]
        self.fedor_ext: int = o["fedor_external"]
        self.fedor_cargo: int = o["fedor_cargo"]
        self.fedor_tries: int = o["fedor_tries"]
        self.fedor_install_limit: int = o["fedor_install_limit"]
        self.fedor_outside_max: int = o["fedor_outside_max"]
        self.fedor_recall_long_stays: bool = o["fedor_recall_long_stays"]
        self.fedor_reshuffle_returns: bool = o["fedor_reshuffle_returns"]

    def _actions(self) -> None:
        """The shared action objects (``State.resolve`` matches a bot's answer by identity)."""
        seats = range(self.n)
        self.act_none: tuple[NoAction, ...] = tuple(NoAction(s) for s in seats)
        self.act_skip: tuple[SkipExtra, ...] = tuple(SkipExtra(s) for s in seats)
        self.act_noclaim: tuple[NoClaim, ...] = tuple(NoClaim(s) for s in seats)
        self.act_train: tuple[tuple[Train, ...], ...] = tuple(
            tuple(Train(s, SHUTTLE_NAMES[t]) for t in range(5)) for s in seats
        )
        self.act_place: tuple[tuple[tuple[Place, Place], ...], ...] = tuple(
            tuple((Place(s, ACTION_NAMES[a], False), Place(s, ACTION_NAMES[a], True)) for a in range(8))
            for s in seats
        )
        # the legal lists of turn steps 2 and 3 by the mask of the cards that can be performed
        self.place_lists: tuple[tuple[list[Any], ...], ...] = tuple(
            tuple(
                [self.act_place[s][a][0] for a in range(8) if mask >> a & 1] or [self.act_none[s]]
                for mask in range(256)
            )
            for s in seats
        )
        self.extra_lists: tuple[tuple[list[Any], ...], ...] = tuple(
            tuple(
                [self.act_place[s][a][1] for a in range(8) if mask >> a & 1] + [self.act_skip[s]]
                for mask in range(256)
            )
            for s in seats
        )
        self.act_construct: tuple[tuple[tuple[Construct, ...], ...], ...] = tuple(
            tuple(tuple(Construct(s, a, b) for b in self.mod_name) for a in self.mod_name) for s in seats
        )
        # chance outcomes: the start player, module, shuttle, experiment and FEDOR cards
        self.act_start: tuple[StartPlayer, ...] = tuple(StartPlayer(s) for s in seats)
        self.act_module_draw: tuple[ModuleDraw, ...] = tuple(ModuleDraw(m) for m in self.mod_name)
        self.act_shuttle_draw: tuple[ShuttleDraw, ...] = tuple(ShuttleDraw(t) for t in SHUTTLE_NAMES)
        self.act_xdraw: tuple[tuple[ExperimentDraw, ...], ...] = tuple(
            tuple(ExperimentDraw(s, lv, e) for lv, e in zip(self.exp_level, self.exp_name, strict=True))
            for s in seats
        )
        self.act_fedor_exp: tuple[FedorExperiment, ...] = tuple(
            FedorExperiment(lv, e) for lv, e in zip(self.exp_level, self.exp_name, strict=True)
        )
        self.act_fedor_top: tuple[FedorTop, ...] = tuple(
            FedorTop(c, label, ("RU", "US")[back])
            for c, (label, back) in enumerate(zip(self.f_label, self.f_back, strict=True))
        )
        #: the item each drawn outcome object stands for, by the object's identity (``legal_chance.offered``):
        #: the tables keep the objects alive, so their ids stay theirs
        self.draw_index: dict[int, int] = {
            id(a): i
            for acts in (
                self.act_start,
                self.act_module_draw,
                self.act_shuttle_draw,
                *self.act_xdraw,
                self.act_fedor_exp,
                self.act_fedor_top,
            )
            for i, a in enumerate(acts)
        }
        self.earth_outcomes: tuple[tuple[Any, float], ...] = _order_outcomes("Earth", EARTH_ACTIONS)
        self.iss_outcomes: tuple[tuple[Any, float], ...] = _order_outcomes("ISS", ISS_ACTIONS)
        self.goal_outcomes: tuple[tuple[Any, float], ...] = (
            _goal_outcomes(self.goals_in_play) if self.goals_in_play else ()
        )
        #: the outcome objects of the setup's shuffles and goal draw, by identity (``legal_chance.offered``;
        #: the outcomes above keep them alive)
        self.earth_ids: frozenset[int] = frozenset(id(a) for a, _ in self.earth_outcomes)
        self.iss_ids: frozenset[int] = frozenset(id(a) for a, _ in self.iss_outcomes)
        self.goal_ids: frozenset[int] = frozenset(id(a) for a, _ in self.goal_outcomes)
