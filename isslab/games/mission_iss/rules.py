"""The Mission ISS game and its state: the wiring of the package's modules on one screen."""

from __future__ import annotations

from typing import Any, ClassVar

from isslab.core import CHANCE, TERMINAL, Game, GameInfo, ReturnsKind, register_game
from isslab.games.kit import WiredState, wired
from isslab.games.mission_iss import legal, numbering, positions, scoring, steps, view
from isslab.games.mission_iss.actions import ACTION_TYPES
from isslab.games.mission_iss.components import (
    MODULES,
    OPTIONS,
    SEAT_COLOURS,
    SEAT_NAMES,
    TRACK_14,
    TRANQUILITY,
)
from isslab.games.mission_iss.phases import ARRIVE, DEAL, OVER, SETUP, SOLO_DEAL, TILE, EndMissionISS
from isslab.games.mission_iss.scoring import NO_SEAT_TALLY, NO_TALLY
from isslab.games.mission_iss.tables import Tables

__all__ = ["GameMissionISS", "StateMissionISS"]

_NUM_MODULES = len(MODULES)


@register_game
@wired(positions, numbering)  # game.position, the fixed action numbers (isslab.interop)
class GameMissionISS(Game):
    """Mission ISS (Schmidt Spiele, 2021): 1-4 players build the ISS together before time runs out."""

    id = "mission-iss"
    title = "Mission ISS"
    INFO = GameInfo(
        title="Mission ISS",
        min_players=1,
        max_players=4,
        # the team shares one result: the modules attached
        returns=ReturnsKind.COOPERATIVE,
        # command cards move face up, for all to see; only pile orders are unknown, to everyone
        hidden_information=False,
        chance=True,
        seat_names=SEAT_NAMES,
        seat_colours=SEAT_COLOURS,
        default_bot="planner",
    )
    OPTIONS = OPTIONS
    ACTION_TYPES = ACTION_TYPES
    CONFORMANCE_VARIANTS = (
        {"players": 1},
        {"players": 2, "good_job_cards": 0, "milestones": ((2005, 6), (2008, 9))},
        # no milestones and easy modules: random games run to the last space and attach modules
        {
            "players": 2,
            "milestones": (),
            "difficulty_values": (1,) * 12,
            "astronaut_markers": (1, 1, 1),
            "blue_dice": 2,
            "red_dice": 1,
        },
        {
            "players": 3,
            "track_years": TRACK_14,
            "reshuffle_empty_incident_pile": False,
            "blue_dice": 1,
            "red_dice": 1,
            "robonauts": 0,
        },
    )

    #: the tables of this game (see :class:`~.tables.Tables`), built once by ``_setup``
    tables: Tables

    def _setup(self) -> None:
        """Check the options against each other and build the tables (``game.tables``)."""
        self.tables = Tables(self._options)

    def round_label(self, index: int) -> str:
        """The shift of round ``index`` by the tracker's year: ``the 1998 shift`` (one space per shift)."""
        return view.round_label(self, index)

    def describe_action(self, action: Any, seat: int | None) -> str:
        """The text of ``action``: the same for every seat (nothing is hidden between players)."""
        return view.describe(action, seat)

    def new_state(self) -> StateMissionISS:
        """The table before the setup draws: every draw of the setup waits in the queue."""
        t = self.tables
        n = t.n
        st = object.__new__(StateMissionISS)
        st._init_base(self)
        st.phase = SETUP
        st.seat = 0
        st.track = 0
        queue = [(DEAL, k) for k in range(len(t.marker_kinds))]
        queue += [(TILE, f) for f in t.setup_fields]
        if t.solo:
            queue.append((SOLO_DEAL, 0))
        st.queue = tuple(queue)
        st.station = (-1,) * _NUM_MODULES
        st.difficulty = ((-1, False),) * _NUM_MODULES
        st.incidents = ((),) * _NUM_MODULES
        st.astronauts = tuple(TRANQUILITY if a < t.start_astronauts else -1 for a in range(t.num_astronauts))
        st.skills = t.skills0
        st.robonauts = (-1,) * t.robonauts0
        st.exercise_supply = t.exercise0
        st.held = ((0, 0, 0),) * n
        st.tiles = ()
        st.tile_pile = tuple(range(1, t.num_tiles + 1))
        st.bonuses = ()
        st.tiles_used = ()
        st.dice_free = t.dice_total
        st.incident_pile = t.incident_pile0
        st.marker_pile = t.marker_pile0
        st.marker_discard = (0,) * len(t.marker_pile0)
        st.face_up = t.cards0 if not t.solo else ((0, 0, 0, 0),)
        st.face_down = ((0, 0, 0, 0),) * n
        st.wild = 0
        st.hand = (0,) * 5
        st.rows = ((0,) * 5,) * 4
        st.pool = ()
        st.commanded = False
        st.picked = (0, 0, 0, 0)
        st.boost = (0, 0, 0)
        st.carry = ()
        st.end = 0
        st.tally = NO_TALLY
        st.seat_tally = (NO_SEAT_TALLY,) * n
        steps.resume(st)
        return st


@wired(legal, steps, positions, view, scoring)
class StateMissionISS(WiredState):
    """A position of Mission ISS. Every field is an int, a bool or a tuple (see ``FIELDS``)."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "phase",
        "seat",
        "track",
        "queue",
        "station",
        "difficulty",
        "incidents",
        "astronauts",
        "skills",
        "robonauts",
        "exercise_supply",
        "held",
        "tiles",
        "tile_pile",
        "bonuses",
        "tiles_used",
        "dice_free",
        "incident_pile",
        "marker_pile",
        "marker_discard",
        "face_up",
        "face_down",
        "wild",
        "hand",
        "rows",
        "pool",
        "commanded",
        "picked",
        "boost",
        "carry",
        "end",
        "tally",
        "seat_tally",
    )
    __slots__ = FIELDS

    game: GameMissionISS
    phase: int  # a Phase
    seat: int  # the player whose turn it is
    track: int  # the ISS marker's space on the Earth progress tracker (0 = the start)
    queue: tuple[tuple[int, int], ...]  # tasks to do first: (Task, argument)
    station: tuple[int, ...]  # module B..M -> the field it is attached to, -1 if not attached
    difficulty: tuple[tuple[int, bool], ...]  # module card -> (difficulty marker, astronaut symbol)
    incidents: tuple[tuple[int, ...], ...]  # module card -> incident marker values on it
    astronauts: tuple[int, ...]  # astronaut -> field, -1 on the Earth board
    skills: tuple[tuple[int, ...], ...]  # astronaut -> (orange, blue, grey)
    robonauts: tuple[int, ...]  # sorted fields of the robonauts, -1 in the Soyuz capsule
    exercise_supply: tuple[int, ...]  # exercise markers in the Soyuz capsule by colour
    held: tuple[tuple[int, ...], ...]  # seat -> exercise markers collected, by colour
    tiles: tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]  # (tile, field, ((colour, value),))
    tile_pile: tuple[int, ...]  # research tiles face down (their order is drawn when needed)
    bonuses: tuple[int, ...]  # completed tiles whose bonus is still unused
    tiles_used: tuple[int, ...]  # tiles set aside (bonus used, or none)
    dice_free: tuple[int, ...]  # blue and red dice next to the Earth board
    incident_pile: tuple[int, ...]  # cards left face down: A..M (0/1 each), then Good Job
    marker_pile: tuple[int, ...]  # face-down incident markers by value 1..5
    marker_discard: tuple[int, ...]  # face-up incident markers laid aside, by value
    face_up: tuple[tuple[int, ...], ...]  # seat -> face-up command cards (Move, Research, Assemble, Exercise)
    face_down: tuple[tuple[int, ...], ...]  # seat -> face-down command cards
    wild: int  # command wild cards in the supply (module cards turned over)
    hand: tuple[int, ...]  # single player: hand cards (four kinds, then module cards)
    rows: tuple[tuple[int, ...], ...]  # single player: top, middle free, middle covered, bottom
    pool: tuple[int, ...]  # sorted Via codes of the commands still to give this turn
    commanded: bool  # the turn's two cards have been picked
    picked: tuple[int, ...]  # cards picked this turn that go face down at its end
    boost: tuple[int, ...]  # research-bonus points for the next move, research, attach
    carry: tuple[int, ...]  # research points left over: (astronaut, points), or ()
    end: int  # an EndCode: PLAYING (0) until the game is over
    tally: tuple[int, ...]  # the team's counters (scoring.Tally)
    seat_tally: tuple[tuple[int, ...], ...]  # per seat counters (scoring.SeatTally)

    @property
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` (a queued draw) or ``TERMINAL``."""
        q = self.queue
        if q:
            return self.seat if q[0][0] == ARRIVE else CHANCE
        return TERMINAL if self.phase == OVER else self.seat

    def round_first(self) -> int:
        """The turn-order hook: the seat that takes the first turn once the setup is done (seat 0).

        The turns then pass to the left without rounds (the ISS marker moves by shifts, not by
        turns), so this is the one place the turn order starts; a variant may return any seat.
        """
        return 0

    @property
    def rounds(self) -> int:
        """Spaces the ISS marker has moved on the Earth progress tracker (shifts ended)."""
        return self.track

    @property
    def end_reason(self) -> EndMissionISS | None:
        """How the game ended, or None while it goes on."""
        return scoring.end_reason(self)

    @property
    def year(self) -> int:
        """The year of the ISS marker's space."""
        t = self.game.tables
        return int(t.years[min(self.track, t.last_space)])

    # results and statistics
    modules_attached = scoring.modules_attached
    band = scoring.band
    success = scoring.success


GameMissionISS.STATE = StateMissionISS
