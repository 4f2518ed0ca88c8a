"""The 1998 ISS game and its positions: :class:`Game1998` (options, tables) and :class:`State1998`.

This module wires the concepts together; each lives in its own module:

* :mod:`.components` - seats, cards, compartments, shuttles, goals, the default data, the options;
* :mod:`.tables` - option checks and the :class:`~.tables.Tables` of one game (compartments as bits ...);
* :mod:`.phases` - the :class:`~.phases.Phase` (what the next action is), the turn's
  :class:`~.phases.Step`, :class:`~.phases.End1998`;
* :mod:`.actions` - the action NamedTuples;
* :mod:`.legal` - legal actions, chance outcomes, and why an action is illegal;
* :mod:`.steps` - what each action does, and the automatic parts of a turn; :mod:`.launch` - a launch;
* :mod:`.fedor` - the solo automaton; :mod:`.effects` - what players and FEDOR both do;
* :mod:`.scoring` - points by source, winners, statistics;
* :mod:`.view` - what a seat sees, and texts;
* :mod:`.positions` - positions built by hand, and their checks;
* :mod:`.hidden` - ``resample_hidden``: a position a seat cannot tell from the real one.

In the solo game the state has two participants: the player (seat 0) and FEDOR (index 1, no seat).
Every per-player field has one entry per participant.
"""

from __future__ import annotations

from typing import Any, ClassVar

from isslab.core import Game, GameInfo, ReturnsKind, register_game
from isslab.games.iss_1998 import features, hidden, legal, numbering, positions, scoring, steps, view
from isslab.games.iss_1998.actions import ACTION_TYPES
from isslab.games.iss_1998.components import OPTIONS, SEAT_COLOURS, SEAT_NAMES
from isslab.games.iss_1998.phases import ACTOR, NOBODY, WHO, End1998, Phase, Step
from isslab.games.iss_1998.scoring import NO_TALLY
from isslab.games.iss_1998.tables import Tables
from isslab.games.kit import WiredState, wired

__all__ = ["Game1998", "State1998"]


@register_game
@wired(positions, numbering)  # game.position, the fixed action numbers (isslab.interop)
class Game1998(Game):
    """1998 ISS (Looping Games, 2022): build the station, launch shuttles, run experiments."""

    id = "1998-iss"
    title = "1998 ISS"
    INFO = GameInfo(
        title="1998 ISS",
        min_players=1,
        max_players=4,
        # 1.0 per winner; ties on points and experiments are shared wins, so the sum varies
        returns=ReturnsKind.GENERAL_SUM,
        hidden_information=True,
        chance=True,
        seat_names=SEAT_NAMES,
        seat_colours=SEAT_COLOURS,
        default_bot="greedy",
    )
    OPTIONS = OPTIONS
    ACTION_TYPES = ACTION_TYPES
    CONFORMANCE_VARIANTS = (
        {"players": 1},
        {
            "players": 1,
            "solo_start": "fedor",
            "fedor_reshuffle_returns": False,
            "first_game_variant": True,
            "fedor_install_limit": 2,
            "fedor_outside_max": 8,
            "fedor_recall_long_stays": False,
        },
        {
            "players": 2,
            "first_game_variant": True,
            "goal_windows": "end",
            "final_round_construct": False,
            "first_player": 1,
        },
        {"players": 3, "installation_tokens": 8, "hand_limit": 2},
    )

    #: the tables of this game (see :class:`~.tables.Tables`), built once by ``_setup``
    tables: Tables

    def _setup(self) -> None:
        """Check the options against each other and build the tables (``game.tables``)."""
        self.tables = Tables(self._options)

    def describe_action(self, action: Any, seat: int | None) -> str:
        """The text of ``action`` for ``seat``: another seat's experiment cards, FEDOR's top card masked."""
        return view.describe(action, seat)

    def round_label(self, index: int) -> str:
        """The name of round ``index``: every participant (FEDOR included) has one turn a round."""
        return view.round_label(self, index)

    def seat_name(self, seat: int) -> str:
        """The colour of a seat."""
        return SEAT_NAMES[seat]

    def new_state(self) -> State1998:
        """The position before the setup's chance nodes (the start player, the decks ...)."""
        tb = self.tables
        P = tb.P
        st = object.__new__(State1998)
        st._init_base(self)
        st.phase = Phase.FIRST
        st.step = Step.SETUP
        st.actor = NOBODY
        st.turn = NOBODY
        st.start = tb.first_player  # NOBODY: chosen by chance (Setup 11)
        st.ending = 0
        st.turns = 0
        st.earth = ()
        st.iss = ()
        st.rows = ()
        st.extra = (-1,) * 8
        st.column = (-1,) * 4
        st.ccubes = ((0,) * P,) * 4
        st.module_pool = tb.deck_modules
        st.station = tuple(range(tb.n_initial))
        st.docked = tb.start_docked
        st.covered = tb.start_covered
        st.token_pool = tb.start_token_pool
        st.occ = (0,) * P
        st.unity = (1,) * P  # Setup 12a (Solo: FEDOR too)
        reserve = [tb.astronauts - 1] * P
        if tb.solo:
            reserve[tb.fedor] = tb.fedor_astronauts - 1  # Solo setup: one goes back to the box
        st.reserve = tuple(reserve)
        st.cargo_astro = ((0,) * P,) * 2
        st.cargo_mat = ((0,) * P,) * 2
        st.pad = (-1, -1)
        st.countdown = (0, 0)
        st.shuttle_pool = tb.sh_copies
        st.shuttle_left = tb.deck_cards
        st.won = ((0,) * 5,) * P
        st.iss_mat = (0,) * P  # set when the start player is known (Setup 12b)
        st.ext_mat = (0,) * P
        st.long_stay = (0,) * P
        st.tokens = (0,) * P
        st.cubes = (tb.action_cubes,) * P
        st.goals = ()
        st.goal_owner = ()
        st.claimed = False
        st.hands = ((),) * P
        st.played = ((),) * P
        st.exp_pool = tb.exp_start
        st.exp_bottom = ((), (), ())
        st.drawn = ()
        st.to_draw = ()
        st.in_extra = False
        st.doing = -1
        st.need = 0
        st.targets = ()
        st.launch_pad = -1
        st.launcher = NOBODY
        st.lstep = 0
        st.queue = ()
        st.fedor_pool = tuple(range(len(tb.f_action))) if tb.solo else ()
        st.fedor_top = -1
        st.fedor_discard = ()
        st.fedor_card = -1
        st.fmode = 0
        st.fstate = 0
        st.fedor_failed = False
        st.fedor_left = 0
        st.fedor_level = 0
        st.fedor_tries = 0
        st.fedor_exp = -1
        st.stats = (NO_TALLY,) * P
        steps.run(st)
        return st


@wired(legal, steps, positions, view, hidden, scoring, features)
class State1998(WiredState):
    """A position of 1998 ISS. Every field is an int, a bool or a tuple (see ``FIELDS``)."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",
        "step",
        "actor",
        "turn",
        "start",
        "ending",
        "turns",
        "earth",
        "iss",
        "rows",
        "extra",
        "column",
        "ccubes",
        "module_pool",
        "station",
        "docked",
        "covered",
        "token_pool",
        "occ",
        "unity",
        "reserve",
        "cargo_astro",
        "cargo_mat",
        "pad",
        "countdown",
        "shuttle_pool",
        "shuttle_left",
        "won",
        "iss_mat",
        "ext_mat",
        "long_stay",
        "tokens",
        "cubes",
        "goals",
        "goal_owner",
        "claimed",
        "hands",
        "played",
        "exp_pool",
        "exp_bottom",
        "drawn",
        "to_draw",
        "in_extra",
        "doing",
        "need",
        "targets",
        "launch_pad",
        "launcher",
        "lstep",
        "queue",
        "fedor_pool",
        "fedor_top",
        "fedor_discard",
        "fedor_card",
        "fmode",
        "fstate",
        "fedor_failed",
        "fedor_left",
        "fedor_level",
        "fedor_tries",
        "fedor_exp",
        "stats",
    )
    __slots__ = FIELDS

    game: Game1998
    phase: int  # a Phase: what the next action is
    step: int  # a Step: where the turn stands
    actor: int  # the participant who decides now (or whose experiment card is drawn)
    turn: int  # whose turn it is
    start: int  # the start player
    ending: int  # 0 playing, 1 a shuttle deck ran out (finish the round), 2 the final round
    turns: int  # turns played
    earth: tuple[int, ...]  # the Earth action cards, top to bottom
    iss: tuple[int, ...]  # the ISS action cards, top to bottom
    rows: tuple[int, ...]  # the row (module space) beside each action card
    extra: tuple[int, ...]  # the participant with a cube on each card's extra-action space, or -1
    column: tuple[int, ...]  # the module in each space of the column, or -1
    ccubes: tuple[tuple[int, ...], ...]  # cubes of each participant on each column space
    module_pool: tuple[int, ...]  # the module deck (its order is hidden: a set)
    station: tuple[int, ...]  # modules on the station, in docking order
    docked: int  # bit mask of the compartments on the station
    covered: int  # bit mask of the compartments under an installation token
    token_pool: int  # installation tokens in the pool
    occ: tuple[int, ...]  # per participant: bit mask of the compartments its astronauts occupy
    unity: tuple[int, ...]  # astronauts in the Unity common area
    reserve: tuple[int, ...]  # astronauts on Earth
    cargo_astro: tuple[tuple[int, ...], ...]  # per pad (Russian, US): astronauts of each participant
    cargo_mat: tuple[tuple[int, ...], ...]  # per pad: materials of each participant
    pad: tuple[int, ...]  # the shuttle type on each pad, or -1
    countdown: tuple[int, ...]  # the countdown cube of each pad
    shuttle_pool: tuple[int, ...]  # shuttle cards of each type not yet drawn
    shuttle_left: tuple[int, ...]  # cards each nation's deck still holds
    won: tuple[tuple[int, ...], ...]  # shuttle cards each participant keeps, by type
    iss_mat: tuple[int, ...]
    ext_mat: tuple[int, ...]
    long_stay: tuple[int, ...]
    tokens: tuple[int, ...]  # installation tokens kept
    cubes: tuple[int, ...]  # action cubes in the reserve
    goals: tuple[int, ...]  # the goal cards on offer
    goal_owner: tuple[int, ...]  # who took each, or -1
    claimed: bool  # the turn player has taken a goal this turn
    hands: tuple[tuple[int, ...], ...]  # experiment cards in hand (sorted)
    played: tuple[tuple[int, ...], ...]  # experiments performed, in order
    exp_pool: tuple[tuple[int, ...], ...]  # per level: the unknown top part of the deck (a set)
    exp_bottom: tuple[tuple[int, ...], ...]  # per level: the cards put under the deck, in order
    drawn: tuple[int, ...]  # experiments just drawn (Plan Experiments)
    to_draw: tuple[int, ...]  # the levels still to draw
    in_extra: bool  # the card action being resolved is the extra action
    doing: int  # the card whose action is performed (normal or extra); the normal one's stays to the end
    need: int  # cubes still to take back
    targets: tuple[int, ...]  # the column spaces of a Construct Modules waiting for cubes
    launch_pad: int  # the pad launching now, or -1
    launcher: int  # who caused it
    lstep: int  # where the launch stands
    queue: tuple[int, ...]  # participants still to place (or play) an extra action won
    fedor_pool: tuple[int, ...]  # the FEDOR deck under the top card (a set)
    fedor_top: int  # the top FEDOR card (face hidden, back public), or -1
    fedor_discard: tuple[int, ...]
    fedor_card: int  # the FEDOR card being resolved, or -1
    fmode: int  # 0 FEDOR's turn, 1 an extra action
    fstate: int  # where FEDOR's card action stands (fedor.FS_*)
    fedor_failed: bool
    fedor_left: int  # installation tokens FEDOR still takes
    fedor_level: int  # the level of experiment FEDOR tries
    fedor_tries: int  # experiment cards FEDOR has tried this action
    fedor_exp: int  # the experiment card FEDOR flipped, or -1
    stats: tuple[tuple[int, ...], ...]  # per participant: the counters of scoring.Tally

    @property
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        who = WHO[self.phase]
        return self.actor if who == ACTOR else who

    def round_first(self) -> int:
        """The turn-order hook: the start player of the coming round (the rules keep the same one).

        Called when the player to the start player's right ends a round; the others follow
        clockwise and the round ends before the new start player's turn, so a variant may return
        any participant (``isslab.variant``); the start player card moves with it.
        """
        return self.start

    @property
    def rounds(self) -> int:
        """Completed rounds (every participant has had a turn)."""
        return self.turns // self.game.tables.P

    @property
    def end_reason(self) -> End1998 | None:
        """``End1998.FINAL_ROUND`` once the final round is over."""
        return End1998.FINAL_ROUND if self.phase == Phase.OVER else None

    # results and statistics
    scores = scoring.scores
    points = scoring.points
    tally = scoring.tally

    #: the win-chance model's features (isslab.analysis.features): what is secured and reachable,
    #: from public facts only, beside the generic features
    WIN_FEATURES_EXTEND: ClassVar[bool] = True  # beside the generic features, not instead of them
    WIN_FEATURES_VIEW: ClassVar[bool] = False  # ... but not the flattened view: these say it better


Game1998.STATE = State1998
