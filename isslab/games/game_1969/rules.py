"""The 1969 game and its positions: :class:`Game1969` (options, tables) and :class:`State1969`.

This module wires the concepts together; each lives in its own module:

* :mod:`.components` - nations, boxes, scientists, the default board and the options;
* :mod:`.tables` - option checks and the board as :class:`~.tables.Mission` records;
* :mod:`.phases` - the :class:`~.phases.Phase` of a round, who acts, :class:`~.phases.End1969`;
* :mod:`.actions` - the action NamedTuples;
* :mod:`.legal` - legal actions, chance outcomes, and why an action is illegal;
* :mod:`.steps` - what each action does (``State._apply``);
* :mod:`.scoring` - end-of-game points, winners, statistics;
* :mod:`.view` - what a nation sees, and texts;
* :mod:`.positions` - positions built by hand, and their checks;
* :mod:`.hidden` - ``resample_hidden``: a position a nation cannot tell from the real one.

Caches: the game owns bounded :class:`~isslab.core.Memo` objects (``*_memo``) for the legal lists
and the end scores, filled by :mod:`.legal` and :mod:`.scoring`; the pure helpers of :mod:`.counts`
and :mod:`.legal` use ``lru_cache``. Nothing else writes to a game. The state's methods are the
module functions themselves (``_apply = steps.apply``), so delegation costs no extra call.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from isslab.core import Game, GameInfo, Memo, ReturnsKind, State, register_game
from isslab.games.game_1969 import hidden, legal, numbering, positions, scoring, steps, view
from isslab.games.game_1969.actions import (
    ACTION_TYPES,
    BuyCards,
    DiceRoll,
    Discard,
    EndPurchases,
    FirstPlayer,
    Hire,
    Launch,
    Pass,
    Reroll,
    SpendPrestige,
)
from isslab.games.game_1969.components import (
    BOXES,
    KINDS,
    NATIONS,
    OPTIONS,
    FlagPenalty,
    IntelResolution,
    SpyPenalty,
)
from isslab.games.game_1969.phases import (
    ACTOR,
    BUY,
    BUY_DRAW,
    COMMIT,
    FIRST,
    INCOME_DISCARD,
    INCOME_DRAW,
    INCOME_SPEND,
    LAUNCH,
    NO_MISSION,
    NOBODY,
    OVER,
    PHASES,
    REROLL,
    REROLL_ROLL,
    ROLL,
    WHO,
    End1969,
    Phase,
)
from isslab.games.game_1969.scoring import NO_TALLY, STAT_NAMES
from isslab.games.game_1969.tables import Mission, board, check_options

__all__ = [
    "BUY",
    "BUY_DRAW",
    "COMMIT",
    "FIRST",
    "INCOME_DISCARD",
    "INCOME_DRAW",
    "INCOME_SPEND",
    "LAUNCH",
    "OVER",
    "PHASES",
    "REROLL",
    "REROLL_ROLL",
    "ROLL",
    "STAT_NAMES",
    "End1969",
    "Game1969",
    "MissionTest",
    "Phase",
    "State1969",
]


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

    # the board and the option readings
    n: int
    rounds: int
    missions: tuple[Mission, ...]
    num_missions: int
    #: the index of the Moon Mission (the last mission)
    moon: int
    # the columns of ``missions``, for the hot paths and the board
    m_name: tuple[str, ...]
    m_boxes: tuple[tuple[int, ...], ...]
    m_cost: tuple[int, ...]
    m_ic: tuple[int, ...]
    m_values: tuple[tuple[int, ...], ...]
    spy_penalty: SpyPenalty
    intel_resolution: IntelResolution
    flag_penalty: FlagPenalty
    deck0: tuple[int, ...]
    nvalues: int
    no_cards: tuple[int, ...]
    no_commits: tuple[None, ...]
    no_launches: tuple[int, ...]
    max_price: int
    max_mission_cost: int
    # one shared object per action, so that bots hand back the very objects the legal lists hold
    # (``State.resolve`` then matches by identity instead of comparing NamedTuples field by field)
    dice_table: tuple[tuple[tuple[DiceRoll, float], ...], ...]
    dice_actions: tuple[list[Any], ...]
    first_outcomes: tuple[tuple[FirstPlayer, float], ...]
    hire_table: tuple[tuple[tuple[tuple[Hire, ...], ...], ...], ...]  # [seat][kind][sheet][box]
    end_actions: tuple[EndPurchases, ...]
    pass_actions: tuple[Pass, ...]
    buy_actions: tuple[tuple[BuyCards, ...], ...]  # [seat][number]
    discard_actions: tuple[tuple[Discard, ...], ...]  # [seat][value - 1]
    spend_actions: tuple[tuple[SpendPrestige, ...], ...]  # [seat][points]
    spend_lists: tuple[list[list[Any]], ...]  # [seat][limit] -> SpendPrestige 0..limit
    reroll_actions: tuple[tuple[tuple[Reroll, ...], ...], ...]  # [seat][red][blue]
    launch_table: tuple[tuple[tuple[Launch, ...], ...], ...]  # [seat][mission][cost]
    # bounded memos of legal lists and scores (filled by .legal and .scoring)
    own_memo: Memo[Any, tuple[tuple[Hire, ...], ...]]
    spy_memo: Memo[Any, tuple[Hire, ...]]
    buy_memo: Memo[Any, list[Any]]
    launch_memo: Memo[Any, list[Any]]
    draw_memo: Memo[Any, legal.Draws]
    commit_memo: Memo[Any, list[Any]]
    reroll_memo: Memo[Any, list[Any]]
    price_memo: Memo[int, tuple[int, ...]]
    points_memo: Memo[Any, tuple[int, ...]]
    hidden_memo: Memo[Any, Any]

    def _setup(self) -> None:
        """Check the options against each other, then build the board, action and memo tables."""
        o = self._options
        check_options(o)
        self.n = n = o["players"]
        self.rounds = len(o["income"])
        self.missions = missions = board(o)
        self.num_missions = len(missions) - 1
        self.moon = len(missions) - 1
        self.m_name = tuple(m.name for m in missions)
        self.m_boxes = tuple(m.boxes for m in missions)
        self.m_cost = tuple(m.cost for m in missions)
        self.m_ic = tuple(m.ic for m in missions)
        self.m_values = tuple(m.values for m in missions)
        self.spy_penalty = SpyPenalty(o["spy_penalty_to"])
        self.intel_resolution = IntelResolution(o["intel_resolution"])
        self.flag_penalty = FlagPenalty(o["flag_penalty"])
        self.deck0 = tuple(o["intel_deck"])
        self.nvalues = len(self.deck0)
        self.no_cards = (0,) * self.nvalues
        self.no_commits = (None,) * n
        self.no_launches = (NO_MISSION,) * n
        # money beyond the dearest scientist (mission) changes no purchase (launch) list
        self.max_price = max(o["scientist_costs"], default=0)
        self.max_mission_cost = max(self.m_cost)
        dice = o["dice"]
        self.dice_table = tuple(
            tuple((DiceRoll(*c), p) for c, p in legal.dice_outcomes(k, o["die_faces"]))
            for k in range(dice + 1)
        )
        # lists handed out as legal-action lists: ``State`` never mutates them (it copies on access)
        self.dice_actions = tuple([a for a, _ in row] for row in self.dice_table)
        seats = range(n)
        self.first_outcomes = tuple((FirstPlayer(s), 1.0 / n) for s in seats)
        self.hire_table = tuple(
            tuple(tuple(tuple(Hire(s, k, b, t) for b in BOXES) for t in seats) for k in KINDS) for s in seats
        )
        self.end_actions = tuple(EndPurchases(s) for s in seats)
        self.pass_actions = tuple(Pass(s) for s in seats)
        # index k is BuyCards(s, k); k = 0 is never legal and only keeps the index simple
        self.buy_actions = tuple(tuple(BuyCards(s, k) for k in range(o["hand_limit"] + 1)) for s in seats)
        self.discard_actions = tuple(tuple(Discard(s, v + 1) for v in range(self.nvalues)) for s in seats)
        self.spend_actions = tuple(
            tuple(SpendPrestige(s, k) for k in range(max(o["pp_limits"], default=0) + 1)) for s in seats
        )
        self.spend_lists = tuple([list(row[: k + 1]) for k in range(len(row))] for row in self.spend_actions)
        self.reroll_actions = tuple(
            tuple(tuple(Reroll(s, i, j) for j in range(dice + 1)) for i in range(dice + 1)) for s in seats
        )
        self.launch_table = tuple(
            tuple(tuple(Launch(s, i, m.name, c) for c in range(m.cost + 1)) for i, m in enumerate(missions))
            for s in seats
        )
        self.own_memo = Memo()
        self.spy_memo = Memo()
        self.buy_memo = Memo()
        self.launch_memo = Memo()
        # draw and commit lists grow with the deck (hundreds of outcomes at the largest options):
        # fewer entries keep their memory bounded (about 100 MB at the option maxima)
        self.draw_memo = Memo(5_000)
        self.commit_memo = Memo(5_000)
        self.reroll_memo = Memo()
        self.price_memo = Memo()
        self.points_memo = Memo(10_000)
        # the card tracking of a history, for resample_hidden (a few kB each)
        self.hidden_memo = Memo(64)

    def launch_action(self, seat: int, mission: int, cost: int) -> Launch:
        """The shared ``Launch`` object of ``seat`` for ``mission`` at ``cost``."""
        return self.launch_table[seat][mission][cost]

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
        o = self._options
        n = self.n
        st = object.__new__(State1969)
        st._init_base(self)
        st.year = 0
        st.phase = FIRST
        st.first = NOBODY
        st.turn = 0
        st.actor = NOBODY
        st.money = (0,) * n
        st.pp = (o["start_prestige"],) * n
        st.cubes = (((),) * 12,) * n
        st.tokens = ((0,) * 12,) * n
        st.research = ((0,) * 12,) * n
        st.supply = tuple(o["scientist_supply"])
        st.bonus_left = o["bonus_tokens"]
        st.hired = (False,) * n
        st.spies_hired = (0,) * n
        st.hands = (self.no_cards,) * n
        st.deck = self.deck0
        st.discard = self.no_cards
        st.flags = (0,) * (self.num_missions + 1)
        st.attempted = (0,) * n
        st.launched = self.no_launches
        st.moon_flag = (0,) * n
        st.mission = NO_MISSION
        st.launcher = NOBODY
        st.green = st.blue = st.red = st.score = st.space = 0
        st.commits = st.played = self.no_commits
        st.pending = 0
        st.stats = (NO_TALLY,) * n
        if o["first_player"] >= 0:
            st.first = o["first_player"]
            steps.start_round(st)
        return st

    #: ``game.position(year=1966, phase="LAUNCH", research={0: "lunar=G+T"}, ...)``: see positions.build
    position = positions.build

    # the fixed action numbers (isslab.interop): see .numbering
    num_distinct_actions = numbering.num_distinct_actions
    max_chance_outcomes = numbering.max_chance_outcomes
    action_index = numbering.action_index


class State1969(State):
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
        return 1963 + min(self.year, self.game.rounds - 1)

    @property
    def test(self) -> MissionTest | tuple[()]:
        """The mission test of this round so far, or ``()`` before the first launch of the round."""
        m = self.mission
        if m == NO_MISSION or self.launched[self.launcher] != m:
            return ()
        return MissionTest(m, self.green, self.blue, self.red, self.score, self.space)

    _legal_actions = legal.legal_actions
    _chance_outcomes = legal.chance_outcomes
    _apply = steps.apply
    _illegal_reason = legal.illegal_reason
    _check_position = positions.check_position
    _view = view.view
    __str__ = view.render
    resample_hidden = hidden.resample_hidden

    # rules a board or a bot asks about
    hire_cost = legal.hire_cost
    box_accepts = legal.box_accepts
    mission_cost = legal.mission_cost

    # results and statistics
    returns = scoring.returns
    winners = scoring.winners
    ranks = scoring.ranks
    scores = scoring.scores
    scientist_points = scoring.scientist_points
    tally = scoring.tally
    seat_stats = scoring.seat_stats
    game_stats = scoring.game_stats

    # the game view's player panel (public facts only)
    key_numbers = view.key_numbers
    goal = view.goal
    standing = view.standing
    headline = view.headline


Game1969.STATE = State1969
