"""Tables of a Mission ISS game, computed once per ``Game`` from its options.

:func:`check_options` refuses combinations that cannot be played, naming the options.
:class:`Tables` holds what the hot paths read: the tracker's symbols by space, the modules that may
attach to each field, tile dice and bonuses, the kinds of difficulty marker to deal, the incident
pile, and one shared object per action (``State.resolve`` then matches a bot's answer by identity).
Distances on the station depend on which modules are attached where; :meth:`Tables.reach` keeps
them in a bounded memo keyed by the attachments.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations
from math import comb
from typing import Any

from isslab.core import Memo, short_repr
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
    Train,
    UseBonus,
)
from isslab.games.mission_iss.components import (
    BONUS_NAMES,
    FIELD_CODES,
    MAX_SKILL,
    MODULE_A_LINKS,
    MODULES,
    NUM_FIELDS,
    SOLO_ROWS,
    Bonus,
)
from isslab.games.mission_iss.phases import VIA_COMMANDS

__all__ = ["KindsShown", "Tables", "check_options"]

#: incident card index of module A, then B..M (1..12), then Good Job (13)
INCIDENT_CARDS = ("A", *MODULES, GOOD_JOB)
#: most marker values (incident markers are valued 1..5)
MARKER_VALUES = 5
_NUM_MODULES = len(MODULES)


def _bad(option: str, value: Any, why: str) -> ValueError:
    return ValueError(f"option {option}={short_repr(value, 80)} is not allowed: {why}")


def _parse_fields(option: str, value: Any) -> tuple[int, ...]:
    """Field codes as a string of letters (``"BE"``) -> field indices."""
    if not isinstance(value, str) or not value:
        raise _bad(option, value, "give field letters among " + "".join(FIELD_CODES))
    out = []
    for ch in value:
        if ch not in FIELD_CODES:
            raise _bad(option, value, f"{short_repr(ch)} is not a field letter ({''.join(FIELD_CODES)})")
        out.append(FIELD_CODES.index(ch))
    return tuple(sorted(set(out)))


def check_options(o: Mapping[str, Any]) -> None:  # noqa: C901 - one check per option, in order
    """Raise ``ValueError`` naming the options when they cannot be played together."""
    years = o["track_years"]
    if any(b <= a for a, b in zip(years, years[1:], strict=False)):
        raise _bad("track_years", years, "the years must increase")
    for y in o["incident_years"]:
        if y not in years[1:]:
            raise _bad("incident_years", o["incident_years"], f"{y} is not a space after the start")
    seen: set[int] = set()
    for row in o["milestones"]:
        ok = isinstance(row, tuple) and len(row) == 2 and all(type(v) is int for v in row)
        if not ok or row[0] not in years[1:] or not 0 <= row[1] <= _NUM_MODULES or row[0] in seen:
            raise _bad(
                "milestones",
                o["milestones"],
                "rows (year, modules) with a year of the tracker after the start, each once, and "
                f"0 to {_NUM_MODULES} modules",
            )
        seen.add(row[0])
    parents = o["module_parents"]
    options = [_parse_fields("module_parents", p) for p in parents]
    for m, opts in enumerate(options):
        if 3 + m in opts:
            raise _bad("module_parents", parents, f"module {MODULES[m]} cannot attach to itself")
    reachable = {0, 1, 2}
    grew = True
    while grew:
        grew = False
        for m, opts in enumerate(options):
            if 3 + m not in reachable and any(f in reachable for f in opts):
                reachable.add(3 + m)
                grew = True
    if len(reachable) != NUM_FIELDS:
        lost = [MODULES[f - 3] for f in range(3, NUM_FIELDS) if f not in reachable]
        raise _bad("module_parents", parents, f"modules {', '.join(lost)} can never be attached")
    values = Counter(o["difficulty_values"])
    for v, k in Counter(o["astronaut_markers"]).items():
        if values[v] < k:
            raise _bad(
                "astronaut_markers",
                o["astronaut_markers"],
                f"{k} markers of value {v} show an astronaut, but difficulty_values has {values[v]}",
            )
    dice, bonuses = o["research_dice"], o["research_bonuses"]
    if len(dice) != len(bonuses):
        raise _bad("research_bonuses", bonuses, f"one bonus per research tile ({len(dice)} in research_dice)")
    for row in dice:
        good = isinstance(row, tuple) and 1 <= len(row) <= 2
        if not good or not all(type(v) is int and 1 <= v <= 6 for v in row):
            raise _bad("research_dice", row, "each tile has one or two dice fields valued 1 to 6")
    for b in bonuses:
        if b not in BONUS_NAMES:
            raise _bad("research_bonuses", b, "use " + ", ".join(BONUS_NAMES))
    for f in o["setup_tile_fields"]:
        if f not in ("T", "R", "S"):
            raise _bad("setup_tile_fields", o["setup_tile_fields"], "use T, R, S (module A's fields)")
    for name, seats in (("cards_2p", 2), ("cards_3p", 3), ("cards_4p", 4)):
        rows = o[name]
        for row in rows:
            good = isinstance(row, tuple) and len(row) == 4
            if not good or not all(type(v) is int and 0 <= v <= 10 for v in row):
                raise _bad(name, rows, f"{seats} rows of four card counts from 0 to 10")
    if sum(o["solo_cards"]) < sum(SOLO_ROWS):
        raise _bad("solo_cards", o["solo_cards"], f"the rows need at least {sum(SOLO_ROWS)} cards")
    skills = o["astronaut_skills"]
    for row in skills:
        good = isinstance(row, tuple) and len(row) == 3
        if not good or not all(type(v) is int and 1 <= v <= MAX_SKILL for v in row):
            raise _bad("astronaut_skills", skills, f"rows of three values from 1 to {MAX_SKILL}")
    if o["starting_astronauts"] > len(skills):
        raise _bad(
            "starting_astronauts",
            o["starting_astronauts"],
            f"astronaut_skills lists only {len(skills)} astronauts",
        )


class KindsShown(dict[tuple[int, ...], int]):
    """A row of card counts -> the bit mask of the kinds it holds at least one of (filled on demand)."""

    def __missing__(self, row: tuple[int, ...]) -> int:
        mask = sum(1 << k for k, count in enumerate(row) if count)
        self[row] = mask
        return mask


class Tables:
    """Everything a game precomputes from its options (see the module)."""

    def __init__(self, o: Mapping[str, Any]) -> None:
        check_options(o)
        n = o["players"]
        self.n = n
        self.solo = n == 1
        years = o["track_years"]
        self.years = years
        self.last_space = len(years) - 1
        self.incident_spaces = frozenset(years.index(y) for y in o["incident_years"])
        self.milestones = {years.index(y): need for y, need in o["milestones"]}
        # the station: the fields each module may attach to, and the modules each field may take
        self.parents = tuple(_parse_fields("module_parents", p) for p in o["module_parents"])
        self.children = tuple(
            tuple(m for m in range(_NUM_MODULES) if f in self.parents[m]) for f in range(NUM_FIELDS)
        )
        # difficulty markers: kinds (value, astronaut symbol) with counts, dealt kind by kind
        kinds: Counter[tuple[int, bool]] = Counter((v, False) for v in o["difficulty_values"])
        for v in o["astronaut_markers"]:
            kinds[(v, False)] -= 1
            kinds[(v, True)] += 1
        self.marker_kinds = tuple((v, a, c) for (v, a), c in sorted(kinds.items()) if c > 0)
        # a built position's markers: in module order, symbols on the first markers of their values
        symbols = Counter(o["astronaut_markers"])
        default = []
        for v in o["difficulty_values"]:
            default.append((v, symbols[v] > 0))
            symbols[v] -= 1
        self.default_difficulty: tuple[tuple[int, bool], ...] = tuple(default)
        self.deal_memo: Memo[Any, list[tuple[Any, float]]] = Memo(5_000)
        # research tiles are numbered from 1; index 0 is unused
        self.tile_dice = ((),) + tuple(tuple(r) for r in o["research_dice"])
        self.tile_bonus = (Bonus.NONE,) + tuple(Bonus(BONUS_NAMES.index(b)) for b in o["research_bonuses"])
        self.num_tiles = len(o["research_dice"])
        self.setup_fields = tuple(FIELD_CODES.index(f) for f in o["setup_tile_fields"])
        self.dice_total = (o["blue_dice"], o["red_dice"])
        # the incident pile: one card per module A..M and the Good Job cards
        self.incident_pile0 = (1,) * (1 + _NUM_MODULES) + (o["good_job_cards"],)
        self.incident_actions = tuple(DrawIncident(c) for c in INCIDENT_CARDS)
        self.incident_memo: Memo[tuple[int, ...], list[tuple[Any, float]]] = Memo(5_000)
        marker_counts = [0] * MARKER_VALUES
        for v in o["incident_markers"]:
            marker_counts[v - 1] += 1
        self.marker_pile0 = tuple(marker_counts)
        self.cap = o["incident_marker_cap"]
        self.marker_memo: Memo[Any, list[tuple[Any, float]]] = Memo(5_000)
        self.reshuffle_incidents = o["reshuffle_empty_incident_pile"]
        # command cards
        if n == 1:
            self.cards0: tuple[tuple[int, ...], ...] = ()
        else:
            self.cards0 = tuple(tuple(row) for row in o[f"cards_{n}p"])
        self.solo_cards = tuple(o["solo_cards"])
        self.skills0 = tuple(tuple(r) for r in o["astronaut_skills"])
        self.num_astronauts = len(self.skills0)
        self.start_astronauts = o["starting_astronauts"]
        self.robonauts0 = o["robonauts"]
        self.exercise0 = tuple(o["exercise_markers"])
        self._build_actions(n)
        self.reach_memo: Memo[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]] = Memo(20_000)
        self.dist_memo: Memo[tuple[int, ...], tuple[tuple[int, ...], ...]] = Memo(20_000)
        self.toward_memo: Memo[tuple[int, ...], tuple[tuple[int, ...], ...]] = Memo(20_000)
        self.select_memo: Memo[Any, list[Any]] = Memo(20_000)  # single player's plays
        self.kinds_shown = KindsShown()  # bounded: rows of counts no larger than the cards dealt
        self.solo_deal_outcomes: list[tuple[Any, float]] | None = None

    def _build_actions(self, n: int) -> None:
        seats = range(n)
        na = self.num_astronauts
        nt = self.num_tiles
        vias = range(len(VIA_COMMANDS))

        def per_via(flag: int, make: Any) -> tuple[Any, ...]:
            """``make(via)`` for the command sources that can give the command ``flag``, else ()."""
            return tuple(make(v) if VIA_COMMANDS[v][flag] else () for v in vias)

        self.select_table = tuple(
            tuple(
                tuple(tuple(Select(s, own, p, k) for k in range(4)) if p != s else () for p in range(n))
                for own in range(4)
            )
            for s in seats
        )
        # select_parts[seat][own]: (partner, the picks of each kind the partner shows by its
        # kinds_shown mask), so the list of picks is a few concatenations: the face-up counts of four
        # seats are too many to memoise the whole list (a memo of them missed one time in three
        # after 10,000 random games)
        self.select_parts = tuple(
            tuple(
                tuple(
                    (p, tuple(tuple(row[p][k] for k in range(4) if mask >> k & 1) for mask in range(16)))
                    for p in range(n)
                    if p != s
                )
                for row in (self.select_table[s][own] for own in range(4))
            )
            for s in seats
        )
        self.select_wild = tuple(tuple(Select(s, own, -1, 4) for own in range(4)) for s in seats)
        self.play_table = tuple(
            tuple((Play(0, t, u, False), Play(0, t, u, True)) for u in range(5)) for t in range(5)
        )
        self.end_shift = tuple(EndShift(s) for s in seats)
        self.end_turn = tuple(EndTurn(s) for s in seats)
        self.research_stop = tuple(ResearchStop(s) for s in seats)
        self.skip_table = tuple(tuple(Skip(s, v) for v in vias) for s in seats)
        self.move_table = tuple(
            per_via(
                0,
                lambda v, s=s: tuple(tuple(Move(s, v, a, f) for f in range(NUM_FIELDS)) for a in range(na)),
            )
            for s in seats
        )
        self.research_table = tuple(
            per_via(
                1,
                lambda v, s=s: tuple(
                    tuple((Research(s, v, a, t, 0), Research(s, v, a, t, 1)) for t in range(nt + 1))
                    for a in range(na)
                ),
            )
            for s in seats
        )
        self.research_on = tuple(
            tuple((ResearchOn(s, t, 0), ResearchOn(s, t, 1)) for t in range(nt + 1)) for s in seats
        )
        self.assemble_table = tuple(
            per_via(
                2,
                lambda v, s=s: tuple(
                    tuple(Assemble(s, v, a, m) for m in range(_NUM_MODULES)) for a in range(na)
                ),
            )
            for s in seats
        )
        # index source + 1: 0 is the Soyuz capsule
        self.deploy_table = tuple(
            per_via(
                3,
                lambda v, s=s: tuple(
                    tuple(Deploy(s, v, a, f - 1) for f in range(NUM_FIELDS + 1)) for a in range(na)
                ),
            )
            for s in seats
        )
        self.exercise_table = tuple(
            per_via(4, lambda v, s=s: tuple(Exercise(s, v, c) for c in range(3))) for s in seats
        )
        self.bonus_table = tuple(
            tuple(UseBonus(s, t, int(self.tile_bonus[t]), -1) for t in range(nt + 1)) for s in seats
        )
        self.recover_table = tuple(
            tuple(tuple(UseBonus(s, t, int(self.tile_bonus[t]), k) for k in range(4)) for t in range(nt + 1))
            for s in seats
        )
        self.arrive_table = tuple(tuple(Arrive(s, a) for a in range(na)) for s in seats)
        self.train_table = tuple(
            tuple(tuple(Train(s, c, a) for a in range(na)) for c in range(3)) for s in seats
        )
        self.tile_actions = tuple(
            tuple(DrawTile(t, f) for f in range(NUM_FIELDS)) for t in range(self.num_tiles + 1)
        )
        self.marker_actions = tuple(
            tuple(DrawMarker(v + 1, m) for m in range(_NUM_MODULES)) for v in range(MARKER_VALUES)
        )

    def reach(self, station: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """``reach(station)[field][points]``: the fields within ``points`` moves of ``field`` (Move).

        Fields are nodes and the lines between them edges: module A's three fields in a line, each
        attached module linked to the field it is attached to. Memoised per station.
        """
        found = self.reach_memo.get(station)
        if found is None:
            found = self._station_tables(station)[0]
        return found

    def distances(self, station: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        """``distances(station)[a][b]``: moves from field ``a`` to ``b`` (99: not connected), memoised."""
        found = self.dist_memo.get(station)
        if found is None:
            found = self._station_tables(station)[1]
        return found

    def toward(self, station: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        """``toward(station)[a][b]``: the neighbour of field ``a`` on the way to ``b`` (-1: none)."""
        found = self.toward_memo.get(station)
        if found is None:
            dist = self.distances(station)
            reach = self.reach(station)
            rows = []
            for a in range(NUM_FIELDS):
                near = reach[a][1]
                rows.append(
                    tuple(
                        next((x for x in near if dist[x][b] < dist[a][b]), -1) if b != a else -1
                        for b in range(NUM_FIELDS)
                    )
                )
            found = tuple(rows)
            self.toward_memo[station] = found
        return found

    def _station_tables(
        self, station: tuple[int, ...]
    ) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[int, ...], ...]]:
        """Breadth-first search from every field: the reach rows and the distance rows."""
        links: list[list[int]] = [[] for _ in range(NUM_FIELDS)]
        for a, b in MODULE_A_LINKS:
            links[a].append(b)
            links[b].append(a)
        for m, parent in enumerate(station):
            if parent >= 0:
                links[parent].append(3 + m)
                links[3 + m].append(parent)
        reach_rows = []
        dist_rows = []
        for start in range(NUM_FIELDS):
            dist = [99] * NUM_FIELDS
            dist[start] = 0
            levels: list[list[int]] = [[]]
            frontier = [start]
            while frontier:
                nxt = []
                for f in frontier:
                    for g in links[f]:
                        if dist[g] == 99:
                            dist[g] = dist[f] + 1
                            nxt.append(g)
                if nxt:
                    levels.append(nxt)
                frontier = nxt
            rows: list[tuple[int, ...]] = [()]
            acc: list[int] = []
            for r in range(1, NUM_FIELDS):
                if r < len(levels):
                    acc = sorted(acc + levels[r])
                    rows.append(tuple(acc))
                else:
                    rows.append(rows[-1])
            reach_rows.append(tuple(rows))
            dist_rows.append(tuple(dist))
        reach = tuple(reach_rows)
        dists = tuple(dist_rows)
        self.reach_memo[station] = reach
        self.dist_memo[station] = dists
        return reach, dists

    def deal_outcomes(self, kind: int, open_modules: tuple[int, ...]) -> list[tuple[Any, float]]:
        """Chance outcomes of dealing the markers of kind ``kind`` onto the open module cards.

        Every set of ``count`` cards among the open ones is equally likely: dealing the shuffled
        markers one per card gives each kind a uniformly random set of cards (Materials 5).
        """
        key = (kind, open_modules)
        found = self.deal_memo.get(key)
        if found is not None:
            return found
        value, astro, count = self.marker_kinds[kind]
        sets = list(combinations(open_modules, count))
        p = 1.0 / comb(len(open_modules), count)
        found = [(DealMarkers(value, astro, "".join(MODULES[m] for m in s)), p) for s in sets]
        self.deal_memo[key] = found
        return found
