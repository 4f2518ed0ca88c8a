"""Positions of Mission ISS built by hand (``GameMissionISS.position``), and the checks every position passes.

:func:`build` starts from a table after the setup (no research tile yet, the difficulty markers
dealt in module order) and fills in what the keywords say, deriving the rest the way play would
have left it: dice on tiles come out of the supply, tiles out of the pile, exercise markers and
robonauts out of the Soyuz capsule, incident markers out of their supply.
:func:`check_position` (``State._check_position``) then checks the conservation laws and the
rules' invariants, so a position no game could reach is refused with a ``ValueError`` naming why.

Cards are written as letters, one per card: ``"MMRA"`` is two Move, a Research and an Assemble
card; ``E`` is Exercise and ``W`` a module card used as a wild card. Fields are their codes: ``T``,
``R``, ``S`` (module A's Tranquility, Rassvet, Soyuz-1) and the module letters ``B``..``M``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from isslab.core import short_repr
from isslab.games.kit import check_ints, freeze, freeze_keywords, is_int, per_seat
from isslab.games.mission_iss.components import (
    CARD_NAMES,
    FIELD_CODES,
    MAX_SKILL,
    MODULES,
    NUM_FIELDS,
    SEAT_NAMES,
    Bonus,
)
from isslab.games.mission_iss.legal import WAITING
from isslab.games.mission_iss.phases import (
    ARRIVE,
    COMMAND,
    OVER,
    PHASE_TEXT,
    RESEARCH_MORE,
    SELECT,
    SETUP,
    TRAIN,
    EndCode,
    Phase,
)
from isslab.games.mission_iss.scoring import NO_SEAT_TALLY, NO_TALLY

if TYPE_CHECKING:
    from isslab.games.mission_iss.rules import GameMissionISS, StateMissionISS

__all__ = ["CARD_LETTERS", "build", "build_position", "cards_letters", "check_position", "parse_cards"]

#: the letter of each card kind in card text
CARD_LETTERS = "MRAEW"
_DIE_NAMES = {"blue": 0, "red": 1, "waiting": 2}
_NUM_MODULES = len(MODULES)
_PHASES = frozenset(int(p) for p in Phase)


def parse_cards(text: Any, kinds: int = 5) -> tuple[int, ...]:
    """Card letters (``"MMRA"``) -> counts per kind; a sequence of counts is taken as it is."""
    if isinstance(text, str):
        counts = [0] * kinds
        for ch in text.upper():
            i = CARD_LETTERS.find(ch)
            if i < 0 or i >= kinds:
                raise ValueError(f"cards: {short_repr(ch)} is not one of {CARD_LETTERS[:kinds]}")
            counts[i] += 1
        return tuple(counts)
    value = freeze(text)
    if (
        not isinstance(value, tuple)
        or len(value) != kinds
        or not all(type(v) is int and v >= 0 for v in value)
    ):
        raise ValueError(f"cards: give letters like 'MMRA' or {kinds} counts, got {short_repr(text)}")
    return value


def cards_letters(counts: tuple[int, ...]) -> str:
    """Counts per kind -> card letters (the inverse of :func:`parse_cards`)."""
    return "".join(CARD_LETTERS[k] * c for k, c in enumerate(counts))


def _field(value: Any, what: str) -> int:
    if value is None or value == "earth":
        return -1
    if isinstance(value, str) and value in FIELD_CODES:
        return FIELD_CODES.index(value)
    raise ValueError(f"{what}: {short_repr(value)} is not a field code ({' '.join(FIELD_CODES)}) or None")


def _module(value: Any, what: str) -> int:
    if isinstance(value, str) and value in MODULES:
        return MODULES.index(value)
    raise ValueError(f"{what}: {short_repr(value)} is not a module letter B..M")


def _by_module(
    name: str, given: Any, now: tuple[Any, ...], value: Callable[[Any], Any], what: str
) -> tuple[Any, ...]:
    """``now`` with the entries of the modules ``given`` names replaced by their ``value``."""
    if not isinstance(given, Mapping):
        raise ValueError(f"{name} maps module letters to {what}")
    out = list(now)
    for m, v in given.items():
        out[_module(m, name)] = value(v)
    return tuple(out)


def build(game: GameMissionISS, **keywords: Any) -> StateMissionISS:
    """A position built by hand (``GameMissionISS.position``): see :func:`build_position` for the keywords.

    Input of the wrong shape (a number where a list belongs ...) is refused with ``ValueError``;
    every keyword is bounded and frozen first (:func:`isslab.games.kit.freeze_keywords`).
    """
    try:
        return build_position(game, **freeze_keywords(keywords))
    except (TypeError, IndexError, KeyError, AttributeError, OverflowError) as exc:
        raise ValueError(f"mission-iss position: malformed input ({short_repr(str(exc), 120)})") from None


def build_position(  # noqa: C901 - one keyword after another
    game: GameMissionISS,
    *,
    year: int | None = None,
    turn: int | str | None = None,
    attached: Mapping[str, str] | None = None,
    difficulty: Mapping[str, Any] | None = None,
    incidents: Mapping[str, Any] | None = None,
    astronauts: Any = None,
    skills: Any = None,
    robonauts: Any = None,
    tiles: Any = None,
    bonuses: Any = None,
    tiles_used: Any = None,
    face_up: Any = None,
    face_down: Any = None,
    wild: int | None = None,
    hand: Any = None,
    rows: Mapping[str, Any] | None = None,
    held: Any = None,
    turned: Any = None,
    **fields: Any,
) -> StateMissionISS:
    """A position built by hand (``GameMissionISS.position``), checked: ``ValueError`` names what is wrong.

    The position is a player's turn to pick cards (phase SELECT) unless ``phase`` is given raw.
    ``year`` is the ISS marker's year (default the start); ``turn`` the seat to move (a number or a
    name). ``attached`` maps module letters to the field each is attached to (``{"B": "T"}``);
    ``difficulty`` maps module letters to a marker value or ``(value, astronaut_symbol)`` (default:
    the markers in module order); ``incidents`` module letters to incident marker values.
    ``astronauts`` lists each astronaut's field code (None: on the Earth board); ``skills`` their
    (orange, blue, grey); ``robonauts`` the fields of the robonauts on the station. ``tiles`` lists
    the research tiles on the station as ``(tile, field, dice)``, a die as a value (blue) or
    ``(colour, value)`` with colour ``"blue"``, ``"red"`` or ``"waiting"``; ``bonuses`` and
    ``tiles_used`` list completed tiles. Cards per seat as letters: ``face_up``, ``face_down``
    (default: the dealt cards face up); ``wild`` the wild cards in the supply. Single player:
    ``hand`` and ``rows`` (``{"top": ..., "middle": ..., "covered": ..., "bottom": ...}``).
    ``held`` gives each seat's exercise markers (orange, blue, grey); ``turned`` the incident cards
    already turned over (module letters, ``"A"``, ``"Good Job"``). Other state fields may be given raw.
    """
    t = game.tables
    n = t.n
    start = game.new_state()
    game._check_fields(start, fields)
    st = start._copy()
    st._hist, st._nhist = None, 0
    st.queue = ()
    st.phase = SELECT
    st.difficulty = t.default_difficulty
    if year is not None:
        if type(year) is not int or year not in t.years:
            raise ValueError(f"year must be a year of the tracker ({', '.join(map(str, t.years))})")
        st.track = t.years.index(year)
    if turn is not None:
        if isinstance(turn, str) and turn in SEAT_NAMES[:n]:
            turn = SEAT_NAMES.index(turn)
        if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < n:
            raise ValueError(f"turn must be a seat from 0 to {n - 1} or its name, got {short_repr(turn)}")
        st.seat = turn
    if attached is not None:
        st.station = _by_module(
            "attached", attached, (-1,) * _NUM_MODULES, lambda f: _field(f, "attached"),
            "field codes, like {'B': 'T'}",
        )  # fmt: skip
    if difficulty is not None:
        st.difficulty = _by_module(
            "difficulty", difficulty, st.difficulty, lambda v: (v, False) if type(v) is int else freeze(v),
            "a value or (value, astronaut symbol)",
        )  # fmt: skip
    if incidents is not None:
        st.incidents = _by_module(
            "incidents", incidents, st.incidents, lambda vs: tuple(sorted(freeze(vs))),
            "lists of incident marker values",
        )  # fmt: skip
    on_cards = Counter(v for row in st.incidents for v in row if type(v) is int)
    discard = fields.get("marker_discard", st.marker_discard)
    if "marker_pile" not in fields:
        try:
            st.marker_pile = tuple(c - on_cards[v + 1] - discard[v] for v, c in enumerate(t.marker_pile0))
        except (TypeError, IndexError):
            raise ValueError("marker_discard needs one count per marker value 1..5") from None
    if astronauts is not None:
        if isinstance(astronauts, str | bytes) or not isinstance(astronauts, Iterable):
            raise ValueError("astronauts lists each astronaut's field code (None: on the Earth board)")
        where = [_field(f, "astronauts") for f in astronauts]
        if len(where) != t.num_astronauts:
            raise ValueError(f"astronauts needs {t.num_astronauts} entries, got {len(where)}")
        st.astronauts = tuple(where)
    if skills is not None:
        st.skills = freeze(skills)
    if robonauts is not None:
        if isinstance(robonauts, str | bytes) or not isinstance(robonauts, Iterable):
            raise ValueError("robonauts lists the field codes of the robonauts on the station")
        placed = [_field(f, "robonauts") for f in robonauts]
        if len(placed) > t.robonauts0:
            raise ValueError(f"robonauts: {len(placed)} robonauts placed, the game has {t.robonauts0}")
        st.robonauts = tuple(sorted(placed + [-1] * (t.robonauts0 - len(placed))))
    if tiles is not None:
        if isinstance(tiles, str | bytes) or not isinstance(tiles, Iterable):
            raise ValueError("tiles lists (tile, field, dice) entries")
        out = []
        for entry in tiles:
            try:
                tile, f, dice = entry
                dice_out = []
                for d in dice:
                    if type(d) is int:
                        dice_out.append((0, d))
                    else:
                        colour, value = d
                        dice_out.append((_DIE_NAMES.get(colour, colour), value))
            except (TypeError, ValueError):
                raise ValueError(f"tiles: {short_repr(entry)} is not (tile, field, dice)") from None
            out.append((tile, _field(f, "tiles"), tuple(dice_out)))
        st.tiles = tuple(out)
    if bonuses is not None:
        st.bonuses = tuple(sorted(freeze(bonuses)))
    if tiles_used is not None:
        st.tiles_used = tuple(sorted(freeze(tiles_used)))
    if "tile_pile" not in fields:
        taken = {e[0] for e in st.tiles if isinstance(e, tuple) and e} | set(st.bonuses) | set(st.tiles_used)
        st.tile_pile = tuple(x for x in range(1, t.num_tiles + 1) if x not in taken)
    if "dice_free" not in fields:
        on = [0, 0, 0]
        for e in st.tiles:
            for d in e[2] if isinstance(e, tuple) and len(e) == 3 and isinstance(e[2], tuple) else ():
                if isinstance(d, tuple) and len(d) == 2 and d[0] in (0, 1, 2):
                    on[d[0]] += 1
        st.dice_free = (t.dice_total[0] - on[0], t.dice_total[1] - on[1])
    if not t.solo:
        if face_up is not None:
            up = list(st.face_up)
            for s, v in per_seat("face_up", face_up, n, SEAT_NAMES).items():
                up[s] = parse_cards(v, 4)
            st.face_up = tuple(up)
        if face_down is not None:
            down = list(st.face_down)
            for s, v in per_seat("face_down", face_down, n, SEAT_NAMES).items():
                down[s] = parse_cards(v, 4)
            st.face_down = tuple(down)
    elif face_up is not None or face_down is not None:
        raise ValueError("the single-player game has a hand and rows, not face_up / face_down cards")
    if wild is not None:
        st.wild = wild
    if t.solo:
        if hand is not None:
            st.hand = parse_cards(hand)
        if rows is not None:
            if not isinstance(rows, Mapping) or set(rows) - {"top", "middle", "covered", "bottom"}:
                raise ValueError("rows maps top, middle, covered, bottom to card letters")
            cur = list(st.rows)
            for i, name in enumerate(("top", "middle", "covered", "bottom")):
                if name in rows:
                    cur[i] = parse_cards(rows[name])
            st.rows = tuple(cur)
    elif hand is not None or rows is not None:
        raise ValueError("hand and rows belong to the single-player game (players=1)")
    if held is not None:
        cur_held = list(st.held)
        for s, v in per_seat("held", held, n, SEAT_NAMES).items():
            cur_held[s] = freeze(v)
        st.held = tuple(cur_held)
    if "exercise_supply" not in fields:
        try:
            st.exercise_supply = tuple(t.exercise0[c] - sum(h[c] for h in st.held) for c in range(3))
        except (TypeError, IndexError):
            raise ValueError("held needs three marker counts (orange, blue, grey) per seat") from None
    if turned is not None:
        from isslab.games.mission_iss.tables import INCIDENT_CARDS

        pile = list(t.incident_pile0)
        for card in freeze(turned) if not isinstance(turned, str) else (turned,):
            if card not in INCIDENT_CARDS:
                raise ValueError(f"turned: {short_repr(card)} is not an incident card (A..M, 'Good Job')")
            pile[INCIDENT_CARDS.index(card)] -= 1
        st.incident_pile = tuple(pile)
    for name, value in fields.items():
        setattr(st, name, value)
    check_position(st)
    try:  # a consistent-looking position must leave somebody something to do
        moves = st.chance_outcomes() if st.is_chance_node() else st.legal_actions()
    except (TypeError, ValueError, IndexError, KeyError, AttributeError, StopIteration) as exc:
        raise ValueError(
            f"mission-iss position: it cannot be played on ({short_repr(str(exc), 120)})"
        ) from None
    if not moves and not st.is_terminal():
        raise ValueError(f"mission-iss position: nobody can act in phase {PHASE_TEXT[st.phase]!r}")
    return st


# --- the checks -----------------------------------------------------------------------------------


def check_position(st: StateMissionISS) -> None:
    """Raise ``ValueError`` naming every inconsistency of ``st`` (``State._check_position``)."""
    try:
        problems = _problems(st)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as exc:
        why = short_repr(str(exc), 120)
        raise ValueError(f"inconsistent mission-iss position: a malformed field ({why})") from None
    if problems:
        raise ValueError("inconsistent mission-iss position: " + "; ".join(problems[:8]))


def _problems(st: StateMissionISS) -> list[str]:  # noqa: C901 - one check after another, in field order
    g = st.game
    t = g.tables
    n = t.n
    p: list[str] = []
    if not is_int(st.phase) or st.phase not in _PHASES:
        return [f"phase {short_repr(st.phase)} is not a Phase"]
    if not is_int(st.seat) or not 0 <= st.seat < n:
        return [f"seat {short_repr(st.seat)} is not a seat"]
    if not is_int(st.track) or not 0 <= st.track <= t.last_space:
        return [f"track {short_repr(st.track)} is not a space from 0 to {t.last_space}"]
    if st.track == t.last_space and st.phase != OVER:
        p.append("the ISS marker is on the last space but the game is not over")
    if not isinstance(st.queue, tuple) or not all(
        isinstance(q, tuple) and len(q) == 2 and all(is_int(x) for x in q) and 0 <= q[0] <= ARRIVE
        for q in st.queue
    ):
        return [f"queue {short_repr(st.queue)} is not a tuple of (task, argument) pairs"]
    if st.phase == SETUP and not st.queue:
        p.append("a SETUP position needs its draws in the queue")
    # the station
    if not check_ints(p, "station", st.station, _NUM_MODULES, lo=-1, hi=NUM_FIELDS - 1):
        return p
    on = {0, 1, 2} | {3 + m for m in range(_NUM_MODULES) if st.station[m] >= 0}
    for m, parent in enumerate(st.station):
        if parent >= 0:
            if parent not in t.parents[m]:
                p.append(
                    f"module {MODULES[m]} cannot attach to {FIELD_CODES[parent]} (option module_parents)"
                )
            elif parent not in on:
                p.append(f"module {MODULES[m]} is attached to {FIELD_CODES[parent]}, which is not attached")
    done = sum(1 for x in st.station if x >= 0)
    if done == _NUM_MODULES and st.phase != OVER:
        p.append("all modules are attached: the game is over")
    # module cards
    if not isinstance(st.difficulty, tuple) or len(st.difficulty) != _NUM_MODULES:
        return [*p, f"difficulty needs {_NUM_MODULES} (value, astronaut) pairs"]
    for m, d in enumerate(st.difficulty):
        if not isinstance(d, tuple) or len(d) != 2 or not is_int(d[0]) or type(d[1]) is not bool:
            return [*p, f"difficulty of {MODULES[m]} is {short_repr(d)}, not (value, astronaut symbol)"]
    if st.phase != SETUP:
        dealt = Counter(st.difficulty)
        kinds = Counter({(v, a): c for v, a, c in t.marker_kinds})
        if dealt != kinds:
            p.append("the difficulty markers on the module cards are not the game's markers")
    if not isinstance(st.incidents, tuple) or len(st.incidents) != _NUM_MODULES:
        return [*p, f"incidents needs {_NUM_MODULES} tuples of marker values"]
    for m, row in enumerate(st.incidents):
        size = len(row) if isinstance(row, tuple) else -1
        if not check_ints(p, f"incident markers of {MODULES[m]}", row, size, 1, 5):
            return p
        if len(row) > t.cap:
            p.append(f"module card {MODULES[m]} holds {len(row)} incident markers, above the cap {t.cap}")
        if row and st.station[m] >= 0:
            p.append(f"module {MODULES[m]} is attached: its incident markers were laid aside")
    # markers conservation
    k = len(t.marker_pile0)
    piles = check_ints(p, "marker_pile", st.marker_pile, k)
    if check_ints(p, "marker_discard", st.marker_discard, k) and piles:
        for v in range(k):
            total = st.marker_pile[v] + st.marker_discard[v] + sum(r.count(v + 1) for r in st.incidents)
            if total != t.marker_pile0[v]:
                p.append(f"incident markers of value {v + 1} add up to {total}, not {t.marker_pile0[v]}")
    # crew
    na = t.num_astronauts
    if check_ints(p, "astronauts", st.astronauts, na, lo=-1, hi=NUM_FIELDS - 1):
        for a, f in enumerate(st.astronauts):
            if f >= 0 and f not in on:
                p.append(f"astronaut {a + 1} is on {FIELD_CODES[f]}, which is not attached")
    if not isinstance(st.skills, tuple) or len(st.skills) != na:
        p.append(f"skills needs {na} (orange, blue, grey) rows")
    else:
        for a, row in enumerate(st.skills):
            check_ints(p, f"skills of astronaut {a + 1}", row, 3, 1, MAX_SKILL)
    if check_ints(p, "robonauts", st.robonauts, t.robonauts0, lo=-1, hi=NUM_FIELDS - 1):
        if list(st.robonauts) != sorted(st.robonauts):
            p.append("robonauts must be sorted")
        if any(f >= 0 and f not in on for f in st.robonauts):
            p.append("a robonaut stands on a field that is not attached")
    # exercise markers
    if not isinstance(st.held, tuple) or len(st.held) != n:
        return [*p, f"held needs {n} rows of three counts"]
    ok = check_ints(p, "exercise_supply", st.exercise_supply, 3)
    for s in range(n):
        ok &= check_ints(p, f"held of {SEAT_NAMES[s]}", st.held[s], 3)
    if ok:
        for c in range(3):
            total = st.exercise_supply[c] + sum(h[c] for h in st.held)
            if total != t.exercise0[c]:
                p.append(f"exercise markers of colour {c} add up to {total}, not {t.exercise0[c]}")
    p += _tile_problems(st, on)
    p += _card_problems(st)
    # the turn in progress
    if not isinstance(st.pool, tuple) or not all(is_int(v) and 0 <= v <= 8 for v in st.pool):
        p.append(f"pool {short_repr(st.pool)} is not a tuple of command sources 0..8")
    elif list(st.pool) != sorted(st.pool):
        p.append("pool must be sorted")
    if type(st.commanded) is not bool:
        p.append("commanded must be True or False")
    if st.phase == SELECT and (st.pool or st.commanded):
        p.append("at the start of a turn no command is pending")
    if st.phase == COMMAND and not st.pool and not st.queue:
        # the turn moves on as soon as the last command is given: nobody could act here
        p.append("phase COMMAND (give the commands) needs the sources of the commands left in pool")
    if st.phase == TRAIN and not st.queue and not _can_train(st):
        p.append(
            f"phase TRAIN (end of shift: exercise markers) needs {SEAT_NAMES[st.seat]} to hold an exercise "
            "marker of a colour some astronaut on the ISS can still improve (the first colour held)"
        )
    check_ints(p, "boost", st.boost, 3)
    if st.phase == RESEARCH_MORE:
        if not isinstance(st.carry, tuple) or len(st.carry) != 2 or not all(is_int(x) for x in st.carry):
            p.append("a carry-over of research points needs carry = (astronaut, points)")
        elif not 0 <= st.carry[0] < na or st.carry[1] <= 0:
            p.append(f"carry {st.carry} is not (astronaut, points > 0)")
    elif st.carry != ():
        p.append("carry is () outside the research carry-over")
    if not is_int(st.end) or (st.phase == OVER) != (st.end in {int(e) for e in EndCode if e}):
        p.append("end is an EndCode other than PLAYING exactly when the game is over")
    if not check_ints(p, "tally", st.tally, len(NO_TALLY)):
        pass
    if not isinstance(st.seat_tally, tuple) or len(st.seat_tally) != n:
        p.append(f"seat_tally needs {n} rows")
    else:
        for s in range(n):
            check_ints(p, f"seat_tally of {SEAT_NAMES[s]}", st.seat_tally[s], len(NO_SEAT_TALLY))
    if st.queue and st.queue[0][0] == ARRIVE and all(f >= 0 for f in st.astronauts):
        p.append("an astronaut is to arrive but none waits on the Earth board")
    return p


def _can_train(st: StateMissionISS) -> bool:
    """Whether the seat's first colour of exercise marker held can raise an astronaut on the ISS."""
    held = st.held[st.seat]
    c = next((i for i in range(3) if held[i]), -1)
    return c >= 0 and any(f >= 0 and st.skills[a][c] < MAX_SKILL for a, f in enumerate(st.astronauts))


def _tile_problems(st: StateMissionISS, on: set[int]) -> list[str]:
    t = st.game.tables
    p: list[str] = []
    if not isinstance(st.tiles, tuple):
        return ["tiles must be a tuple of (tile, field, dice)"]
    placed = []
    colours = [0, 0, 0]
    for e in st.tiles:
        if not isinstance(e, tuple) or len(e) != 3 or not is_int(e[0]) or not is_int(e[1]):
            return [f"tile entry {short_repr(e)} is not (tile, field, dice)"]
        tile, f, dice = e
        if not 1 <= tile <= t.num_tiles:
            return [f"there is no research tile #{tile}"]
        if f not in on:
            p.append(f"tile #{tile} lies on {short_repr(f)}, which is not an attached field")
        if not isinstance(dice, tuple) or not dice:
            p.append(f"tile #{tile} on the station has no die left (a complete tile leaves the station)")
            continue
        if len(dice) > len(t.tile_dice[tile]):
            p.append(f"tile #{tile} holds more dice than its dice fields")
        for d in dice:
            if not isinstance(d, tuple) or len(d) != 2 or d[0] not in (0, 1, 2) or not is_int(d[1]):
                return [*p, f"die {short_repr(d)} of tile #{tile} is not (colour 0-2, value)"]
            if not 1 <= d[1] <= 6:
                p.append(f"a die of tile #{tile} shows {d[1]}")
            colours[d[0]] += 1
        placed.append(tile)
    for name in ("tile_pile", "bonuses", "tiles_used"):
        value = getattr(st, name)
        if not isinstance(value, tuple) or not all(is_int(x) and 1 <= x <= t.num_tiles for x in value):
            return [*p, f"{name} must be a tuple of tile numbers 1..{t.num_tiles}"]
        if list(value) != sorted(value):
            p.append(f"{name} must be sorted")
    every = placed + list(st.tile_pile) + list(st.bonuses) + list(st.tiles_used)
    if sorted(every) != list(range(1, t.num_tiles + 1)):
        p.append("every research tile is once on the station, in the pile, a bonus or set aside")
    if any(t.tile_bonus[x] == Bonus.NONE for x in st.bonuses):
        p.append("a tile without bonus is set aside, not kept as a bonus")
    if check_ints(p, "dice_free", st.dice_free, 2):
        for c, name in ((0, "blue"), (1, "red")):
            if st.dice_free[c] + colours[c] != t.dice_total[c]:
                p.append(
                    f"{name} dice: {colours[c]} on tiles and {st.dice_free[c]} free, not {t.dice_total[c]}"
                )
        if colours[WAITING] and any(st.dice_free):
            p.append("a dice tile waits while a die is free: the die replaces it at once")
    if check_ints(p, "incident_pile", st.incident_pile, 14):
        if any(c > c0 for c, c0 in zip(st.incident_pile, t.incident_pile0, strict=True)):
            p.append("the incident pile holds more cards than the game has")
    return p


def _card_problems(st: StateMissionISS) -> list[str]:
    t = st.game.tables
    n = t.n
    p: list[str] = []
    if not is_int(st.wild) or st.wild < 0:
        return [f"wild {short_repr(st.wild)} is not a count"]
    attached = sum(1 for x in st.station if x >= 0)
    ok = check_ints(p, "picked", st.picked, 4)
    if not isinstance(st.face_up, tuple) or len(st.face_up) != n:
        return [*p, f"face_up needs {n} rows"]
    if not isinstance(st.face_down, tuple) or len(st.face_down) != n:
        return [*p, f"face_down needs {n} rows"]
    for s in range(n):
        ok &= check_ints(p, f"face_up of {SEAT_NAMES[s]}", st.face_up[s], 4)
        ok &= check_ints(p, f"face_down of {SEAT_NAMES[s]}", st.face_down[s], 4)
    ok &= check_ints(p, "hand", st.hand, 5)
    if not isinstance(st.rows, tuple) or len(st.rows) != 4:
        return [*p, "rows needs four rows (top, middle free, middle covered, bottom)"]
    for i in range(4):
        ok &= check_ints(p, f"row {i}", st.rows[i], 5)
    if not ok:
        return p
    if t.solo:
        held = [st.hand[k] + sum(r[k] for r in st.rows) for k in range(5)]
        in_play = st.phase != SETUP
        if in_play and held[:4] != list(t.solo_cards):
            p.append(f"the single-player cards add up to {held[:4]}, not {list(t.solo_cards)}")
        if held[4] > attached:
            p.append("more module cards in play than modules attached")
        if any(st.face_up[0]) or any(st.face_down[0]) or st.wild or any(st.picked):
            p.append("the single-player game keeps its cards in the hand and the rows")
        if st.rows[1][4] or st.rows[3][4]:
            p.append("module cards never lie free on the middle row or on the bottom row")
    else:
        for k in range(4):
            total = sum(u[k] + d[k] for u, d in zip(st.face_up, st.face_down, strict=True)) + st.picked[k]
            dealt = sum(row[k] for row in t.cards0)
            if total != dealt:
                p.append(f"{CARD_NAMES[k]} cards add up to {total}, not {dealt}")
        if st.wild > attached:
            p.append(f"{st.wild} wild cards but only {attached} modules attached")
        if any(st.hand) or any(any(r) for r in st.rows):
            p.append("hand and rows belong to the single-player game")
    return p
