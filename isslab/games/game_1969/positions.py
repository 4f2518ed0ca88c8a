"""Positions of 1969 built by hand (``Game1969.position``), and the checks every position must pass.

:func:`build` starts from the set-up position and fills in what the keywords say, deriving the rest
the way play would have left it: cards in hands and discards come out of the deck, cubes out of
the supply, Bonus Tokens out of the bank, flags follow the missions attempted. :func:`check_position`
(``State._check_position``) then checks the conservation laws and the rules' invariants, so a
position that no game could reach is refused with a ``ValueError`` that names the inconsistency.

Research sheets are written as text, one ``box=cubes`` item per box: ``"launchpad=FB lunar=G+T"``
is a famous and a basic scientist on Launchpad, a genius and a Bonus Token on Lunar Module
(letters: B basic, R rookie, F famous, G genius, S spy). :func:`parse_sheets` reads it,
:func:`sheets_text` writes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.core import short_repr
from isslab.games.game_1969.components import BASIC, BOXES, FAMOUS, GENIUS, KINDS, NATIONS, ROOKIE, SPY
from isslab.games.game_1969.phases import (
    BUY,
    BUY_DRAW,
    COMMIT,
    FIRST,
    INCOME_DISCARD,
    INCOME_DRAW,
    INCOME_SPEND,
    LAUNCH,
    MOON_LAUNCHED,
    NO_MISSION,
    NOBODY,
    OVER,
    REROLL,
    REROLL_ROLL,
    ROLL,
    TEST_PHASES,
    Phase,
)
from isslab.games.game_1969.scoring import Tally
from isslab.games.game_1969.tables import researchers
from isslab.games.kit import check_ints, freeze, is_int, per_seat

if TYPE_CHECKING:
    from isslab.games.game_1969.rules import Game1969, State1969

__all__ = ["LETTERS", "build", "check_position", "parse_sheets", "sheets_text"]

#: the letter of each scientist kind in sheet text
LETTERS: dict[str, int] = {"B": BASIC, "R": ROOKIE, "F": FAMOUS, "G": GENIUS, "S": SPY}
_LETTER_OF = {k: c for c, k in LETTERS.items()}
#: the phases :func:`build` makes: a nation decides outside a mission test, or the game is over
BUILT_PHASES = (INCOME_DISCARD, INCOME_SPEND, BUY, LAUNCH, OVER)
_DRAWS = (INCOME_DRAW, BUY_DRAW)
_TURN_ORDER = (INCOME_DRAW, INCOME_DISCARD, INCOME_SPEND, BUY, BUY_DRAW, LAUNCH, ROLL, REROLL, REROLL_ROLL)

Cubes = tuple[tuple[int, ...], ...]
_PHASE_VALUES = frozenset(int(p) for p in Phase)


def parse_sheets(text: str) -> tuple[Cubes, tuple[int, ...]]:
    """A nation's research boxes from sheet text: (cubes per box, Bonus Token per box)."""
    if not isinstance(text, str):
        raise ValueError(f"research: sheets are text like 'launchpad=FB lunar=G+T', got {short_repr(text)}")
    cubes: list[tuple[int, ...]] = [()] * 12
    tokens = [0] * 12
    for item in text.split():
        box, eq, content = item.partition("=")
        if not eq or box not in BOXES:
            raise ValueError(
                f"research: {short_repr(item)} is not box=cubes with a box among {', '.join(BOXES)}"
            )
        i = BOXES.index(box)
        if content.endswith("+T"):
            tokens[i] = 1
            content = content[:-2]
        bad = [c for c in content if c not in LETTERS]
        if bad:
            raise ValueError(
                f"research: {short_repr(item)} has {short_repr(bad[0])}; "
                "the letters are B, R, F, G, S (and +T)"
            )
        cubes[i] = tuple(sorted(LETTERS[c] for c in content))
    return tuple(cubes), tuple(tokens)


def sheets_text(cubes: Cubes, tokens: tuple[int, ...]) -> str:
    """The sheet text of one nation's boxes (the inverse of :func:`parse_sheets`)."""
    items = []
    for b, (c, t) in enumerate(zip(cubes, tokens, strict=True)):
        if c or t:
            items.append(f"{BOXES[b]}={''.join(_LETTER_OF[k] for k in c)}{'+T' if t else ''}")
    return " ".join(items)


def _per_seat(name: str, value: Any, current: tuple[Any, ...]) -> tuple[Any, ...]:
    """``value`` as one entry per seat (each frozen): a sequence of one entry per seat, or a mapping
    seat (index or nation) -> entry, the seats it leaves out keeping their ``current`` entry."""
    given = per_seat(name, value, len(current), NATIONS)
    return tuple(freeze(given[s]) if s in given else current[s] for s in range(len(current)))


def _phase(phase: Phase | str | None) -> Phase:
    if phase is None:
        return BUY
    if isinstance(phase, str):
        try:
            return Phase[phase.upper()]
        except KeyError:
            raise ValueError(
                f"phase {short_repr(phase)} is not one of {', '.join(p.name for p in Phase)}"
            ) from None
    if isinstance(phase, bool) or not isinstance(phase, int) or phase not in _PHASE_VALUES:
        raise ValueError(f"phase {short_repr(phase)} is not a Phase")
    return Phase(phase)


def _mission_index(game: Game1969, m: Any) -> int:
    t = game.tables
    if isinstance(m, str):
        if m not in t.m_name:
            raise ValueError(f"attempted: no mission {short_repr(m)}; the missions are {', '.join(t.m_name)}")
        return t.m_name.index(m)
    if not is_int(m, 0, t.moon):
        raise ValueError(f"attempted: {short_repr(m)} is not a mission index from 0 to {t.moon} or a name")
    return int(m)


def build(
    game: Game1969,
    *,
    year: int | None = None,
    phase: Phase | str | None = None,
    first_player: int | None = None,
    to_act: int | None = None,
    money: Any = None,
    prestige: Any = None,
    research: Any = None,
    hands: Any = None,
    deck: Any = None,
    discard: Any = None,
    attempted: Any = None,
    moon_flags: Any = None,
    spies_hired: Any = None,
    **fields: Any,
) -> State1969:
    """A position built by hand (``Game1969.position``), checked: ``ValueError`` names what is wrong.

    ``year`` is the calendar year (1963 ...); ``phase`` a :class:`Phase` or its name where a nation
    decides outside a mission test (``"BUY"``, the default, ``"LAUNCH"``, ``"INCOME_SPEND"``,
    ``"INCOME_DISCARD"``) or ``"OVER"``; ``first_player`` and ``to_act`` are seats (the nations
    before ``to_act`` in turn order have had their turn). Per seat, as a sequence or a dict
    seat -> value: ``money`` (default: the year's income), ``prestige``, ``hands`` (card counts per
    value), ``moon_flags`` (head-start space, -1 once the Moon is launched), ``spies_hired``;
    ``research`` gives each seat's sheets as text (``{0: "launchpad=FB lunar=G+T"}``, see the
    module); ``attempted`` gives each seat the missions (names or indices) it attempted in earlier
    rounds. ``deck`` and ``discard`` are card counts. By default the cards in hands and discards
    come out of the deck, the cubes out of the supply, the tokens out of the bank, the flags follow
    ``attempted``. Other state fields may be given raw (``hired``, ``stats`` ...).
    """
    t = game.tables
    n = t.n
    start = game.new_state()
    game._check_fields(start, fields)
    friendly = {"prestige": prestige, "moon_flags": moon_flags, "first_player": first_player}
    for name, raw in (("prestige", "pp"), ("moon_flags", "moon_flag"), ("first_player", "first")):
        if raw in fields and friendly[name] is not None:
            raise ValueError(f"give {name} or the raw field {raw}, not both")
    if "actor" in fields or "turn" in fields:
        raise ValueError("give to_act (the seat to act), not the raw fields actor or turn")
    ph = _phase(phase)
    if ph not in BUILT_PHASES:
        raise ValueError(
            f"position() builds the phases {', '.join(p.name for p in BUILT_PHASES)}; reach {ph.name} by "
            "applying actions to one of them (a LAUNCH position, then Launch and DiceRoll ...)"
        )
    first = t.first_player if t.first_player >= 0 else 0
    if first_player is not None:
        first = first_player
    first = fields.pop("first", first)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
        raise ValueError(f"first_player must be a seat from 0 to {n - 1}, got {short_repr(first)}")
    last_year = 1962 + t.rounds
    if ph == OVER:
        if year is not None and year != last_year:
            raise ValueError(f"a finished game stands after {last_year}: leave year out")
        index = t.rounds
    else:
        y = 1963 if year is None else year
        if isinstance(y, bool) or not isinstance(y, int) or not 1963 <= y <= last_year:
            raise ValueError(f"year is the calendar year, 1963 to {last_year}; got {short_repr(y)}")
        index = y - 1963
    if ph == OVER:
        if to_act is not None:
            raise ValueError("nobody acts in a finished game: leave to_act out")
        actor, turn = NOBODY, n
    else:
        actor = first if to_act is None else to_act
        if isinstance(actor, bool) or not isinstance(actor, int) or not 0 <= actor < n:
            raise ValueError(f"to_act must be a seat from 0 to {n - 1}, got {short_repr(actor)}")
        turn = (actor - first) % n

    st = start._copy()
    st._hist, st._nhist = None, 0
    st.year, st.phase, st.first, st.actor, st.turn = index, ph, first, actor, turn
    income = t.income[min(index, t.rounds - 1)]
    st.money = (income,) * n
    if money is not None:
        st.money = _per_seat("money", money, st.money)
    if prestige is not None:
        st.pp = _per_seat("prestige", prestige, st.pp)
    # research: text per seat (or the raw fields cubes and tokens)
    if research is not None:
        if "cubes" in fields or "tokens" in fields:
            raise ValueError("give research (sheet text) or the raw fields cubes and tokens, not both")
        sheets = [parse_sheets(text) for text in _per_seat("research", research, ("",) * n)]
        st.cubes = tuple(c for c, _ in sheets)
        st.tokens = tuple(t for _, t in sheets)
    st.cubes = freeze(fields.pop("cubes", st.cubes))
    st.tokens = freeze(fields.pop("tokens", st.tokens))
    try:
        st.research = tuple(
            tuple(researchers(tuple(c)) + t for c, t in zip(row, toks, strict=True))
            for row, toks in zip(st.cubes, st.tokens, strict=True)
        )
    except (TypeError, ValueError, IndexError):
        raise ValueError("cubes and tokens need 12 boxes per seat, cubes as tuples of kind codes") from None
    placed = [sum(1 for row in st.cubes for c in row for k in c if k == kind) for kind in range(len(KINDS))]
    st.supply = tuple(have - used for have, used in zip(t.scientist_supply, placed, strict=True))
    st.bonus_left = t.bonus_tokens - sum(sum(row) for row in st.tokens)
    if spies_hired is not None:
        st.spies_hired = _per_seat("spies_hired", spies_hired, st.spies_hired)
    elif placed[SPY]:
        raise ValueError(f"{placed[SPY]} spies are on the sheets: say who hired them with spies_hired")
    # cards: hands and discards come out of the deck unless the deck is given
    if hands is not None:
        st.hands = _per_seat("hands", hands, st.hands)
    if discard is not None:
        st.discard = freeze(discard)
    commits = freeze(fields.get("commits", st.commits))
    if deck is not None:
        st.deck = freeze(deck)
    else:
        try:
            out = [
                sum(h[v] for h in st.hands) + st.discard[v] + sum(c[v] for c in commits if c is not None)
                for v in range(t.nvalues)
            ]
        except (TypeError, IndexError):
            raise ValueError(f"hands, discard and commits need {t.nvalues} card counts each") from None
        st.deck = tuple(have - used for have, used in zip(t.deck0, out, strict=True))
    # missions attempted in earlier rounds, and what follows from them
    if attempted is not None:
        masks = []
        for entry in _per_seat("attempted", attempted, ((),) * n):
            if isinstance(entry, str | int):
                raise ValueError(f"attempted: give each seat a list of missions, got {short_repr(entry)}")
            mask = 0
            for m in entry:
                mask |= 1 << _mission_index(game, m)
            masks.append(mask)
        st.attempted = tuple(masks)
    if moon_flags is not None:
        current = tuple(MOON_LAUNCHED if a >> t.moon & 1 else 0 for a in st.attempted)
        st.moon_flag = _per_seat("moon_flags", moon_flags, current)
    elif "moon_flag" not in fields:
        st.moon_flag = tuple(MOON_LAUNCHED if a >> t.moon & 1 else 0 for a in st.attempted)
    launched = freeze(fields.get("launched", st.launched))
    try:
        st.flags = tuple(
            sum(1 for s in range(n) if st.attempted[s] >> m & 1 and launched[s] != m)
            for m in range(t.moon + 1)
        )
    except (TypeError, IndexError):
        raise ValueError(f"attempted and launched need one entry per seat ({n})") from None
    for name, value in fields.items():
        setattr(st, name, freeze(value))
    check_position(st)
    return st


def check_position(st: State1969) -> None:
    """Raise ``ValueError`` naming every inconsistency of ``st`` (``State._check_position``)."""
    problems = _problems(st)
    if problems:
        raise ValueError("inconsistent 1969 position: " + "; ".join(problems))


def _problems(st: State1969) -> list[str]:  # noqa: C901 - one check after another, in field order
    t = st.game.tables
    n = t.n
    p: list[str] = []
    # the clock: year, phase, who acts
    if isinstance(st.year, bool) or not isinstance(st.year, int) or not 0 <= st.year <= t.rounds:
        return [f"year index {short_repr(st.year)} is not from 0 to {t.rounds}"]
    if isinstance(st.phase, bool) or not isinstance(st.phase, int) or st.phase not in _PHASE_VALUES:
        return [f"phase {short_repr(st.phase)} is not a Phase"]
    ph = st.phase
    if (ph == OVER) != (st.year == t.rounds):
        p.append(f"the phase is {Phase(ph).name} in year index {st.year} of {t.rounds} rounds")
    if ph == FIRST:
        if st.first != NOBODY or st.actor != NOBODY or st.year:
            p.append("before the First Player is chosen nobody acts and the year is 1963")
    elif not isinstance(st.first, int) or not 0 <= st.first < n:
        p.append(f"first {short_repr(st.first)} is not a seat")
    if ph == OVER:
        if st.actor != NOBODY:
            p.append("nobody acts in a finished game (actor must be -1)")
    elif ph != FIRST and (not isinstance(st.actor, int) or not 0 <= st.actor < n):
        p.append(f"actor {short_repr(st.actor)} is not a seat")
    if not isinstance(st.turn, int) or not 0 <= st.turn <= n:
        p.append(f"turn {short_repr(st.turn)} is not from 0 to {n}")
    elif ph in _TURN_ORDER and not p and st.actor != (st.first + st.turn) % n:
        p.append(f"the seat to act ({st.actor}) is not the one at turn {st.turn} from the First Player")
    if p:
        return p
    # per-seat numbers
    check_ints(p, "money", st.money, n)
    check_ints(p, "prestige (pp)", st.pp, n)
    check_ints(p, "spies_hired", st.spies_hired, n)
    check_ints(p, "attempted", st.attempted, n)
    check_ints(p, "launched", st.launched, n, lo=NO_MISSION)
    check_ints(p, "moon_flag", st.moon_flag, n, lo=MOON_LAUNCHED)
    check_ints(p, "supply", st.supply, len(KINDS))
    check_ints(p, "flags", st.flags, t.moon + 1)
    if not isinstance(st.hired, tuple) or len(st.hired) != n or any(type(h) is not bool for h in st.hired):
        p.append(f"hired needs {n} bools")
    if not isinstance(st.stats, tuple) or len(st.stats) != n:
        p.append(f"stats needs {n} entries")
    else:
        for s, row in enumerate(st.stats):
            check_ints(p, f"stats of {NATIONS[s]}", row, len(Tally._fields))
    for name in ("bonus_left", "pending", "green", "blue", "red", "space"):
        v = getattr(st, name)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            p.append(f"{name} {short_repr(v)} is not an int >= 0")
    if p:
        return p
    # research: cubes, tokens, the derived Researcher values, the supply and the bank
    p += _research_problems(st)
    # cards: counts, conservation, the hand limit
    p += _card_problems(st)
    # missions: attempts, flags, the Moon track, the mission test
    last_moon = len(t.m_values[t.moon]) - 1
    for s in range(n):
        name = NATIONS[s]
        if st.attempted[s] >> (t.moon + 1):
            p.append(f"{name} attempted a mission beyond the Moon Mission (bit mask {st.attempted[s]})")
        m = st.launched[s]
        if m > t.moon:
            p.append(f"{name} launched mission {m}, beyond the Moon Mission")
        elif m != NO_MISSION and not st.attempted[s] >> m & 1:
            p.append(f"{name} launched {t.m_name[m]} this round but has not attempted it")
        moon_done = bool(st.attempted[s] >> t.moon & 1)
        if (st.moon_flag[s] == MOON_LAUNCHED) != moon_done:
            p.append(
                f"{name}'s Moon flag is {'off' if st.moon_flag[s] == MOON_LAUNCHED else 'on'} the head-start "
                f"track but it has {'' if moon_done else 'not '}launched the Moon Mission"
            )
        if st.moon_flag[s] > last_moon:
            p.append(f"{name}'s Moon flag {st.moon_flag[s]} is beyond the last space {last_moon}")
    if not p:
        for m in range(t.moon + 1):
            earlier = sum(1 for s in range(n) if st.attempted[s] >> m & 1 and st.launched[s] != m)
            if st.flags[m] != earlier:
                p.append(
                    f"{t.m_name[m]} has {st.flags[m]} flags but {earlier} nations attempted it in "
                    "earlier rounds"
                )
    p += _test_problems(st)
    # chance nodes wait for something
    if (ph in _DRAWS or ph in (ROLL, REROLL_ROLL)) != (st.pending > 0):
        p.append(f"pending is {st.pending} in phase {Phase(ph).name}")
    elif ph in _DRAWS and isinstance(st.deck, tuple) and st.pending >= sum(st.deck):
        p.append(f"{st.pending} cards to draw from a deck of {sum(st.deck)} would be taken without a draw")
    if ph == INCOME_SPEND and not min(t.pp_limits[st.year], st.pp[st.actor]) > 0:
        p.append(f"{NATIONS[st.actor]} has no Prestige to sell in {st.current_year}")
    return p


def _research_problems(st: State1969) -> list[str]:
    t = st.game.tables
    n = t.n
    p: list[str] = []
    shape = isinstance(st.cubes, tuple) and len(st.cubes) == n and isinstance(st.tokens, tuple)
    if not shape or len(st.tokens) != n:
        return [f"cubes and tokens need one row per seat ({n})"]
    placed = [0] * len(KINDS)
    spies_on = [0] * n
    for s in range(n):
        row, toks = st.cubes[s], st.tokens[s]
        if (
            not isinstance(row, tuple)
            or len(row) != 12
            or not check_ints(p, f"tokens of {NATIONS[s]}", toks, 12)
        ):
            p.append(f"the sheets of {NATIONS[s]} need 12 boxes")
            continue
        for b, cubes in enumerate(row):
            where = f"{NATIONS[s]}'s {BOXES[b]}"
            if not isinstance(cubes, tuple) or any(
                isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(KINDS) for k in cubes
            ):
                p.append(f"{where} holds {short_repr(cubes)}, not kind codes 0..4")
                continue
            if len(cubes) > 2:
                p.append(f"{where} holds {len(cubes)} cubes; a box has two spaces")
            if list(cubes) != sorted(cubes):
                p.append(f"{where} cubes must be sorted, got {short_repr(cubes)}")
            if len(cubes) == 2 and cubes[0] == cubes[1] and cubes[0] != BASIC:
                if cubes[0] != SPY or t.spy_box_rule:
                    p.append(f"{where} holds two {KINDS[cubes[0]]} scientists (two different types, §2.1)")
            if toks[b] > 1:
                p.append(f"{where} holds {toks[b]} Bonus Tokens; a box has one token space")
            for k in cubes:
                placed[k] += 1
            spies_on[s] += cubes.count(SPY)
    if p:
        return p
    research = tuple(
        tuple(researchers(c) + t for c, t in zip(row, toks, strict=True))
        for row, toks in zip(st.cubes, st.tokens, strict=True)
    )
    if st.research != research:
        p.append("research does not match the cubes and tokens (it is derived: leave it out)")
    for k, kind in enumerate(KINDS):
        if st.supply[k] + placed[k] != t.scientist_supply[k]:
            p.append(
                f"{placed[k]} {kind} cubes on the sheets and {st.supply[k]} in the supply make "
                f"{st.supply[k] + placed[k]}, not {t.scientist_supply[k]} (option scientist_supply)"
            )
    tokens = sum(sum(row) for row in st.tokens)
    if st.bonus_left + tokens != t.bonus_tokens:
        p.append(
            f"{tokens} Bonus Tokens on the sheets and {st.bonus_left} in the bank make "
            f"{st.bonus_left + tokens}, not {t.bonus_tokens} (option bonus_tokens)"
        )
    if sum(st.spies_hired) != placed[SPY]:
        p.append(f"{placed[SPY]} spies are on the sheets but spies_hired counts {sum(st.spies_hired)}")
    for s in range(n):
        rivals = sum(st.spies_hired) - st.spies_hired[s]
        if spies_on[s] > rivals:
            p.append(f"{NATIONS[s]}'s sheets hold {spies_on[s]} spies, more than its rivals hired ({rivals})")
    return p


def _card_problems(st: State1969) -> list[str]:
    t = st.game.tables
    n = t.n
    k = t.nvalues
    p: list[str] = []
    ok = check_ints(p, "deck", st.deck, k) & check_ints(p, "discard", st.discard, k)
    if not isinstance(st.hands, tuple) or len(st.hands) != n:
        return [*p, f"hands needs {n} entries"]
    for s in range(n):
        ok &= check_ints(p, f"the hand of {NATIONS[s]}", st.hands[s], k)
    if not isinstance(st.commits, tuple) or len(st.commits) != n:
        return [*p, f"commits needs {n} entries"]
    for s, c in enumerate(st.commits):
        if c is not None:
            ok &= check_ints(p, f"the face-down cards of {NATIONS[s]}", c, k)
    if not ok:
        return p
    for v in range(k):
        held = sum(h[v] for h in st.hands)
        down = sum(c[v] for c in st.commits if c is not None)
        total = held + st.deck[v] + st.discard[v] + down
        if total != t.deck0[v]:
            p.append(
                f"cards of value {v + 1}: {held} in hands, {st.deck[v]} in the deck, {st.discard[v]} "
                f"discarded and {down} face down make {total}, not {t.deck0[v]} (option intel_deck)"
            )
    limit = t.hand_limit
    for s in range(n):
        size = sum(st.hands[s])
        pending = st.pending if st.phase == BUY_DRAW and s == st.actor else 0
        over_allowed = not t.hand_limit_after_draws or (
            s == st.actor and st.phase in (INCOME_DISCARD, INCOME_DRAW)
        )
        if size + pending > limit and not over_allowed:
            p.append(f"{NATIONS[s]} holds {size + pending} cards, over the hand limit of {limit} (§2.2)")
    if st.phase != COMMIT and any(c is not None for c in st.commits):
        p.append("cards are face down outside the play of Intelligence (commits must be None)")
    if not isinstance(st.played, tuple) or len(st.played) != n:
        p.append(f"played needs {n} entries")
    else:
        for s, c in enumerate(st.played):
            if c is not None:
                check_ints(p, f"the cards {NATIONS[s]} played", c, k)
        if any(c is not None for c in st.played) and (st.mission == NO_MISSION or st.phase in TEST_PHASES):
            p.append("played shows the cards of a revealed mission test only")
    if not any(st.deck) and any(st.discard):
        p.append(f"the deck is empty and {sum(st.discard)} cards are discarded: they are the deck (§2.2)")
    return p


def _test_problems(st: State1969) -> list[str]:
    t = st.game.tables
    ph = st.phase
    m = st.mission
    if m == NO_MISSION:
        if ph in TEST_PHASES:
            return [f"phase {Phase(ph).name} needs a mission test (mission and launcher)"]
        if st.launcher != NOBODY or st.green or st.blue or st.red or st.score or st.space:
            return ["without a mission test (mission -1) launcher is -1 and the dice, score and space 0"]
        return []
    if ph == FIRST:
        return ["no mission test before the First Player is chosen"]
    if isinstance(m, bool) or not isinstance(m, int) or not 0 <= m <= t.moon:
        return [f"mission {short_repr(m)} is not a mission index from 0 to {t.moon}"]
    if not isinstance(st.launcher, int) or not 0 <= st.launcher < t.n:
        return [f"launcher {short_repr(st.launcher)} is not a seat"]
    p = []
    if st.launched[st.launcher] != m:
        # the final test of last round stays in view until the Mission Phase
        if ph not in (INCOME_DRAW, INCOME_DISCARD, INCOME_SPEND, BUY, BUY_DRAW, OVER):
            p.append(f"{NATIONS[st.launcher]} has not launched {t.m_name[m]} this round")
        elif not st.attempted[st.launcher] >> m & 1:
            p.append(f"{NATIONS[st.launcher]} has never attempted {t.m_name[m]}")
    if ph in (ROLL, REROLL, REROLL_ROLL) and st.actor != st.launcher:
        p.append(f"the launcher {NATIONS[st.launcher]} rolls its own test")
    if st.green + st.blue + st.red + st.pending * (ph in (ROLL, REROLL_ROLL)) > t.dice:
        p.append(f"the dice of the test are more than the {t.dice} dice")
    if st.space >= len(t.m_values[m]):
        p.append(f"space {st.space} is beyond the last space of {t.m_name[m]}")
    return p
