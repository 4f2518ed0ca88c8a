"""The 1969 game and its positions: :class:`Game1969` and :class:`State1969`, wiring the modules.

Each concept lives in its own module (the skeleton of ``isslab/games/README.md``):

* :mod:`.components` - nations, boxes, scientists, the default board and the options;
* :mod:`.tables` - option checks, and :class:`~.tables.Tables`: the board, the option values, the
  prices and every shared action, built once per game as ``game.tables``;
* :mod:`.phases` - the :class:`~.phases.Phase` of a round, who acts, :data:`~.phases.PHASE_TEXT`,
  :class:`~.phases.End1969`;
* :mod:`.actions` - the action NamedTuples;
* :mod:`.legal` - legal actions, chance outcomes, and why an action is illegal;
* :mod:`.steps` - what each action does (``State._apply``);
* :mod:`.scoring` - end-of-game points, winners, statistics;
* :mod:`.view` - what a nation sees, the texts, the game view's hooks;
* :mod:`.positions` - positions built by hand, and their checks;
* :mod:`.hidden` - ``resample_hidden``: a position a nation cannot tell from the real one;
* :mod:`.numbering` - the fixed action numbers; :mod:`.bots` - the heuristic bots.

Caches: the tables own bounded :class:`~isslab.core.Memo` objects (``*_memo``) for the legal lists
and the end scores, filled by :mod:`.legal` and :mod:`.scoring`; pure module functions use
``lru_cache``. Nothing else writes to a game. The state's methods are the module functions
themselves, bound by :func:`~isslab.games.kit.wired` (``_apply = steps.apply``), so delegation
costs no extra call.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from isslab.core import Game, GameInfo, ReturnsKind, register_game
from isslab.games.game_1969 import features, hidden, legal, numbering, positions, scoring, steps, view
from isslab.games.game_1969.actions import ACTION_TYPES, Reroll
from isslab.games.game_1969.components import NATIONS, OPTIONS
from isslab.games.game_1969.phases import ACTOR, FIRST, NO_MISSION, NOBODY, OVER, WHO, End1969
from isslab.games.game_1969.scoring import NO_TALLY
from isslab.games.game_1969.tables import Mission, Tables
from isslab.games.kit import FromTables, WiredState, wired

__all__ = ["Game1969", "MissionTest", "State1969"]


class MissionTest(NamedTuple):
    """The mission test of the round so far (``State1969.test``): the dice, the score, the rocket."""

    mission: int
    green: int
    blue: int
    red: int
    #: the test's score (0 until the dice are final)
    score: int
    #: the rocket's space, start space 0
    space: int


@register_game
@wired(positions, numbering)  # game.position, the fixed action numbers (isslab.interop)
class Game1969(Game):
    """1969 (Cranio Creations, 2012): 2-5 nations race to the Moon over seven yearly rounds."""

    id = "1969"
    title = "1969"
    INFO = GameInfo(
        title="1969",
        min_players=2,
        max_players=5,
        # 1.0 per winner; a tie on prestige and money is a shared win, so the sum varies
        returns=ReturnsKind.GENERAL_SUM,
        hidden_information=True,
        chance=True,
        seat_names=NATIONS,
        seat_colours=("#1f5fbf", "#c62828", "#e07b00", "#7b3fa0", "#2e7d32"),
        default_bot="greedy",
    )
    OPTIONS = OPTIONS
    ACTION_TYPES = ACTION_TYPES
    CONFORMANCE_VARIANTS = (
        {
            "players": 3,
            "intel_resolution": "net",
            "flag_penalty": "all_attempts",
            "spy_penalty_to": "sheet_owner",
            "spy_box_rule": False,
            "hand_limit_after_draws": False,
            "reroll_successes": True,
            "intel_deck": (2, 2, 2),
        },
    )

    #: everything built once from the options (see :class:`~.tables.Tables`)
    tables: Tables

    def _setup(self) -> None:
        """Check the options against each other, then build the tables."""
        self.tables = Tables(self._options)

    # the board, as boards, notebooks and tests read it (the rules read ``tables``)

    n = FromTables[int]("The number of nations.")
    rounds = FromTables[int]("The number of yearly rounds (seven: 1963 to 1969).")
    missions = FromTables[tuple[Mission, ...]]("The missions of the board, the Moon Mission last.")
    num_missions = FromTables[int]("The number of ordinary missions.")
    moon = FromTables[int]("The index of the Moon Mission (the last mission).")
    m_name = FromTables[tuple[str, ...]]("The name of each mission.")
    m_boxes = FromTables[tuple[tuple[int, ...], ...]]("The research boxes of each mission's symbols.")
    m_cost = FromTables[tuple[int, ...]]("The cost of each mission, in M.")
    m_ic = FromTables[tuple[int, ...]]("The Intelligence Cost of each mission.")
    m_values = FromTables[tuple[tuple[int, ...], ...]]("The PP of each space of each mission's track.")

    def encode_action(self, action: Any) -> list[Any]:
        """As :meth:`Game.encode_action`, but a ``Reroll`` of no success keeps its three-field form."""
        out = super().encode_action(action)
        if type(action) is Reroll and not action.green:
            out.pop()  # saved games predate the ``green`` field
        return out

    def describe_action(self, action: Any, seat: int | None) -> str:
        """The text of ``action`` for ``seat``: another nation's drawn or face-down cards are masked."""
        return view.describe(action, seat)

    def seat_name(self, seat: int) -> str:
        """The nation of a seat (USA, USSR, Canada, France, Germany)."""
        return NATIONS[seat]

    def round_label(self, index: int) -> str:
        """The year of round ``index`` (0 = 1963)."""
        return str(1963 + index)

    def new_state(self) -> State1969:
        """The position after Setting Up: a chance node choosing the First Player (unless fixed)."""
        t = self.tables
        n = t.n
        st = object.__new__(State1969)
        st._init_base(self)
        st.year = 0
        st.phase = FIRST
        st.first = NOBODY
        st.turn = 0
        st.actor = NOBODY
        st.money = (0,) * n
        st.pp = (t.start_prestige,) * n
        st.cubes = (((),) * 12,) * n
        st.tokens = ((0,) * 12,) * n
        st.research = ((0,) * 12,) * n
        st.supply = t.scientist_supply
        st.bonus_left = t.bonus_tokens
        st.hired = (False,) * n
        st.spies_hired = (0,) * n
        st.hands = (t.no_cards,) * n
        st.deck = t.deck0
        st.discard = t.no_cards
        st.flags = (0,) * (t.moon + 1)
        st.attempted = (0,) * n
        st.launched = t.no_launches
        st.moon_flag = (0,) * n
        st.mission = NO_MISSION
        st.launcher = NOBODY
        st.green = st.blue = st.red = st.score = st.space = 0
        st.commits = st.played = t.no_commits
        st.pending = 0
        st.stats = (NO_TALLY,) * n
        if t.first_player >= 0:
            st.first = t.first_player
            steps.start_round(st)
        return st


@wired(legal, steps, positions, view, hidden, scoring, features)
class State1969(WiredState):
    """A position of 1969. Every field is an int, a bool, None or a tuple (see ``FIELDS``)."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "year",
        "phase",
        "first",
        "turn",
        "actor",
        "money",
        "pp",
        "cubes",
        "tokens",
        "research",
        "supply",
        "bonus_left",
        "hired",
        "spies_hired",
        "hands",
        "deck",
        "discard",
        "flags",
        "attempted",
        "launched",
        "moon_flag",
        "mission",
        "launcher",
        "green",
        "blue",
        "red",
        "score",
        "space",
        "commits",
        "played",
        "pending",
        "stats",
    )
    __slots__ = FIELDS

    game: Game1969
    #: round index 0..rounds - 1 (== rounds once the game is over); ``current_year`` is the calendar year
    year: int
    phase: int  # a Phase
    first: int  # First Player seat (NOBODY before it is chosen)
    turn: int  # position in turn order of the nation whose turn it is (0 = First Player)
    actor: int  # seat to act (or whose cards are drawn); NOBODY at the end
    money: tuple[int, ...]
    pp: tuple[int, ...]  # the Scoring Track
    cubes: tuple[tuple[tuple[int, ...], ...], ...]  # seat -> box -> sorted kind codes
    tokens: tuple[tuple[int, ...], ...]  # seat -> box -> 0/1 Bonus Token
    research: tuple[tuple[int, ...], ...]  # seat -> box -> Researcher value (cubes + token; kept for speed)
    supply: tuple[int, ...]  # cubes left per kind
    bonus_left: int  # Bonus Tokens left in the bank
    hired: tuple[bool, ...]  # hired a scientist this round (the Robotics discount is spent)
    spies_hired: tuple[int, ...]  # spies each nation placed (they cost it points, reading 1)
    hands: tuple[tuple[int, ...], ...]  # seat -> card counts per value
    deck: tuple[int, ...]  # card counts per value
    discard: tuple[int, ...]
    flags: tuple[int, ...]  # mission -> flags placed in previous rounds
    attempted: tuple[int, ...]  # seat -> bit mask of missions attempted (this round included)
    launched: tuple[int, ...]  # seat -> mission launched this round, or NO_MISSION
    moon_flag: tuple[int, ...]  # seat -> head-start space on the Moon track, MOON_LAUNCHED once launched
    # the last mission test (NO_MISSION: none yet this Mission Phase; the final test of a round stays
    # until the next Mission Phase begins)
    mission: int
    launcher: int  # the nation that launched it
    green: int  # the dice (after re-rolls once they are final)
    blue: int
    red: int
    score: int
    space: int  # the rocket's space, start space 0
    commits: tuple[tuple[int, ...] | None, ...]  # seat -> cards played face down on the mission
    played: tuple[tuple[int, ...] | None, ...]  # seat -> cards it played on the mission, once revealed
    pending: int  # cards (or dice) waiting to be drawn (rolled) at a chance node
    stats: tuple[tuple[int, ...], ...]  # seat -> counters in the order of Tally (statistics only)

    # the contract ------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        who = WHO[self.phase]
        return self.actor if who == ACTOR else who

    def round_first(self) -> int:
        """The turn-order hook: the nation that is First Player in the coming year (§4: the left neighbour).

        Called at the end of a round, after the flags are placed and the year has advanced; the
        others follow in seat order from it, so a variant may return any seat (``isslab.variant``).
        """
        return (self.first + 1) % self.game.tables.n

    @property
    def rounds(self) -> int:
        """Completed yearly rounds."""
        return self.year

    @property
    def end_reason(self) -> End1969 | None:
        """``End1969.FINAL_YEAR`` once the 1969 round is over."""
        return End1969.FINAL_YEAR if self.phase == OVER else None

    @property
    def current_year(self) -> int:
        """The year on the Game Turn Track (1963 ...)."""
        return 1963 + min(self.year, self.game.tables.rounds - 1)

    @property
    def test(self) -> MissionTest | tuple[()]:
        """The mission test of this round so far, or ``()`` before the first launch of the round."""
        m = self.mission
        if m == NO_MISSION or self.launched[self.launcher] != m:
            return ()
        return MissionTest(m, self.green, self.blue, self.red, self.score, self.space)

    # the win-chance model's own features (public facts only; see features.py)
    WIN_FEATURES_EXTEND: ClassVar[bool] = True  # beside the generic features, not instead of them
    WIN_FEATURES_VIEW: ClassVar[bool] = False  # ... but not the flattened view: these say it better

    # rules a board or a bot asks about
    hire_cost = legal.hire_cost
    box_accepts = legal.box_accepts
    mission_cost = legal.mission_cost

    # results and statistics
    scores = scoring.scores
    scientist_points = scoring.scientist_points
    tally = scoring.tally


Game1969.STATE = State1969
