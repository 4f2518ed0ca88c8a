"""Game and State: the rules and options of one game, and its positions as values.

The model is OpenSpiel's: a state is a value, ``apply`` returns a new state, and dice, draws and
shuffles are *chance nodes* whose outcomes are ordinary actions with known probabilities. The rules
never draw random numbers; drivers and bots receive a ``random.Random``. A game declares what it is
in a :class:`GameInfo`; the game view and the designer metrics read the hooks of :class:`State`.
"""

from __future__ import annotations

import enum
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from isslab.core.options import Option
from isslab.core.values import (
    CHANCE,
    TERMINAL,
    Action,
    IllegalActionError,
    _freeze,
    _names,
    _plain,
    _short,
    _thaw,
    as_int,
)

__all__ = ["EndReason", "Game", "GameInfo", "ReturnsKind", "State"]


class EndReason(enum.Enum):
    """Base of each game's enum of the ways a game can end."""


class ReturnsKind(enum.Enum):
    """What the returns of a game add up to (OpenSpiel's utility types)."""

    #: returns sum to 0 in every finished game
    ZERO_SUM = "zero-sum"
    #: returns sum to the same constant in every finished game
    CONSTANT_SUM = "constant-sum"
    #: win/lose games with shared wins or unfinished games, and score games: the sum varies
    GENERAL_SUM = "general-sum"
    #: every seat gets the same return (a team against the game)
    COOPERATIVE = "cooperative"


@dataclass(frozen=True)
class GameInfo:
    """What a game declares about itself: players, kind of returns, information, seats, default bot."""

    title: str
    min_players: int
    max_players: int
    returns: ReturnsKind
    #: True when some seat may not see everything (cards in hand, face-down cards, deck order)
    hidden_information: bool
    #: True when the game has chance nodes (dice, draws, shuffles)
    chance: bool
    #: a name per seat, for the largest table (a colour, a nation)
    seat_names: tuple[str, ...]
    #: a CSS colour per seat, for boards and plots
    seat_colours: tuple[str, ...]
    #: the bot that plays when none is named (benchmarks, the game view's opponents)
    default_bot: str
    #: True for a reference game: a measuring stick for the design report's metrics (a pure-luck race,
    #: a pure-skill toy), listed apart from the board games (``isslab.games(reference=True)``)
    reference: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.title}: need 1 <= min_players <= max_players")
        if len(self.seat_names) < self.max_players or len(self.seat_colours) < self.max_players:
            raise ValueError(f"{self.title}: one seat name and colour per seat of the largest table")


# --------------------------------------------------------------------------------------------------
# Game
# --------------------------------------------------------------------------------------------------


class Game(ABC):
    """The rules and the frozen options of one game; states are made with :meth:`new_state`."""

    #: registry id, e.g. ``"space-1999"``
    id: ClassVar[str]
    #: human title, e.g. ``"Space: 1999"``
    title: ClassVar[str]
    #: every option with its default and meaning
    OPTIONS: ClassVar[tuple[Option, ...]]
    #: the NamedTuple classes used as actions (player and chance), for JSON decoding
    ACTION_TYPES: ClassVar[tuple[type, ...]]
    #: the State subclass of this game
    STATE: ClassVar[type[State]]
    #: option sets (besides the defaults) that the shared conformance suite also runs
    CONFORMANCE_VARIANTS: ClassVar[tuple[dict[str, Any], ...]] = ()
    #: what the game declares about itself (see :class:`GameInfo`)
    INFO: ClassVar[GameInfo]
    #: the id of the game a variant changes (``isslab.variant``); None for a game of its own
    VARIANT_OF: ClassVar[str | None] = None

    def __init__(self, **options: Any) -> None:
        resolved = self.resolve_options(options)
        self._options: dict[str, Any] = resolved
        self._key = (self.id, tuple(sorted(resolved.items())))
        self._action_types = {t.__name__: t for t in self.ACTION_TYPES}
        self._setup()

    @classmethod
    def resolve_options(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option in canonical form, defaults included; ``ValueError`` naming a bad one.

        Each option is checked on its own here; :meth:`_setup` checks them against each other.
        """
        known = {o.name: o for o in cls.OPTIONS}
        unknown = sorted(set(options) - set(known), key=str)
        if unknown:
            raise ValueError(
                f"unknown option{'s' if len(unknown) > 1 else ''} {_names(unknown)} for {cls.id}; "
                f"the options are: {', '.join(known)}"
            )
        return {name: opt.validate(options.get(name, opt.default)) for name, opt in known.items()}

    def _setup(self) -> None:  # noqa: B027 - an optional hook, empty by default
        """Check options against each other and precompute tables (override in games)."""

    @property
    def options(self) -> dict[str, Any]:
        """The full, resolved options, defaults included (a copy)."""
        return dict(self._options)

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return int(self._options["players"])

    @property
    def info(self) -> GameInfo:
        """Players, kind of returns, hidden information, chance, seat names and colours, default bot."""
        return self.INFO

    @abstractmethod
    def new_state(self) -> State:
        """The position before the first move (a chance node if the game starts with a roll)."""

    def position(self, **fields: Any) -> State:
        """A position built by hand: ``new_state()`` with the named state fields replaced.

        Games add friendlier keywords (Space: 1999 takes dot names) and check the result with
        :meth:`State._check_position`; an inconsistent position raises ``ValueError``. The history
        of a built position is empty.
        """
        state = self.new_state()
        self._check_fields(state, fields)
        new = state._copy()
        new._hist, new._nhist = None, 0
        for name, value in fields.items():
            setattr(new, name, _plain(value))  # lists become tuples, numpy numbers Python ones
        new._check_position()
        return new

    def _check_fields(self, state: State, names: Iterable[str], hint: str = "") -> None:
        """Raise ``ValueError`` naming the ``names`` (keywords of :meth:`position`) that are no field
        of ``state``; the message lists the state's fields, or says ``hint`` where that list is long."""
        unknown = sorted(set(names) - set(state.FIELDS), key=str)
        if unknown:
            raise ValueError(
                f"{self.id} has no state field {', '.join(_short(u, 40) for u in unknown[:6])}; "
                + (hint or f"the fields are: {', '.join(state.FIELDS)}")
            )

    def seat_name(self, seat: int) -> str:
        """A readable name for a seat (a colour, a nation)."""
        return self.INFO.seat_names[seat]

    def round_label(self, index: int) -> str:
        """The name of round ``index`` (0 = the first, as ``State.rounds`` counts): ``round 1``.

        Recaps group a game by ``State.rounds`` and head each group with this label (1969 names
        the year).
        """
        return f"round {index + 1}"

    def describe_action(self, action: Action, seat: int | None) -> str:
        """The text of ``action`` as ``seat`` may know it; ``None`` is the omniscient text.

        Games with hidden information override this to mask what ``seat`` may not see (another
        nation's drawn cards, a face-down card). It must depend only on the action and the seat,
        so that every action of a history can be described from the final state.
        """
        return str(action)

    # actions <-> JSON ------------------------------------------------------------------------

    def encode_action(self, action: Action) -> list[Any]:
        """JSON-able form of an action: ``[TypeName, field, ...]``."""
        return [type(action).__name__, *(_thaw(x) for x in action)]

    def decode_action(self, obj: Any) -> Action:
        """Rebuild an action from :meth:`encode_action` output; ``ValueError`` if it is not one."""
        if not isinstance(obj, list) or not obj or not isinstance(obj[0], str):
            raise ValueError(f"not an encoded {self.id} action: {_short(obj)}")
        kind = self._action_types.get(obj[0])
        if kind is None:
            raise ValueError(
                f"unknown action type {_short(obj[0], 40)} for {self.id}; "
                f"known: {', '.join(self._action_types)}"
            )
        fields = getattr(kind, "_fields", None)
        if fields is not None and len(obj) - 1 > len(fields):  # before any work on the surplus
            raise ValueError(
                f"bad fields for {obj[0]} action {_short(obj)}: {len(obj) - 1} fields, at most {len(fields)}"
            )
        try:
            return kind(*(_freeze(x) for x in obj[1:]))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"bad fields for {obj[0]} action {_short(obj)}: {exc}") from None

    # fixed action numbering (PettingZoo, OpenSpiel, neural agents) ---------------------------
    # The three hooks below are the whole contract (isslab/games/README.md, "Action numbers"):
    # ``action_index`` reads the action alone, never a state, and two legal actions of one state
    # never share a number, so a number and the state it is played in name exactly one action.
    # Games that do not implement them still play everywhere except in isslab.interop.

    def num_distinct_actions(self) -> int:
        """How many numbers player actions use: ``action_index`` of one is in ``range(this)``."""
        raise NotImplementedError(self._no_numbering("num_distinct_actions"))

    def max_chance_outcomes(self) -> int:
        """How many numbers chance outcomes use (0 without chance): their ``action_index`` range."""
        raise NotImplementedError(self._no_numbering("max_chance_outcomes"))

    def action_index(self, action: Action) -> int:
        """The fixed number of an action (a player's below ``num_distinct_actions()``, chance's below
        ``max_chance_outcomes()``); distinct legal actions of one state have distinct numbers."""
        raise NotImplementedError(self._no_numbering("action_index"))

    def _no_numbering(self, hook: str) -> str:
        return (
            f"{self.id} declares no fixed action numbering: its Game class must implement {hook}() "
            "(with num_distinct_actions, max_chance_outcomes and action_index; see "
            "isslab/games/README.md, 'Action numbers')"
        )

    # value semantics -------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        changed = {k: v for k, v in self._options.items() if v != _default_of(self, k)}
        args = ", ".join(f"{k}={v!r}" for k, v in changed.items())
        return f"isslab.make({self.id!r}{', ' + args if args else ''})"

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as (id, options) and rebuilt through validation, so tables are recomputed (a
        # variant's class overrides this to carry its definition to processes that lack it)
        return (_make_from, (self.id, self._options))


def _make_from(game_id: str, options: dict[str, Any]) -> Game:
    # imported here: the registry builds on this module
    from isslab.core.registry import make

    return make(game_id, **options)


def _default_of(game: Game, name: str) -> Any:
    for o in game.OPTIONS:
        if o.name == name:
            return o.default
    raise KeyError(name)


# --------------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------------


class State(ABC):
    """A position: a value that never changes. ``apply`` returns the next position.

    Subclasses list the slots that define the position in ``FIELDS``; those slots hold only ints,
    strings, bools, None and (nested) tuples, which makes equality, hashing and JSON generic.
    """

    __slots__ = ("game", "_hist", "_nhist", "_legal")
    FIELDS: ClassVar[tuple[str, ...]]

    game: Game
    _hist: tuple[Any, Any] | None
    _nhist: int
    _legal: list[Any] | None

    def _init_base(self, game: Game) -> None:
        self.game = game
        self._hist = None
        self._nhist = 0
        self._legal = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # a class that declares FIELDS gets its own copier (a subclass without them, like the
        # class a variant is written in, inherits one: ``isslab.variant`` builds the class it plays)
        if "FIELDS" in cls.__dict__:
            cls._copy = _field_copier(cls)  # type: ignore[method-assign,assignment]

    def _copy(self) -> Self:
        """A new state with the same game and fields; ``apply`` sets its history (generated from FIELDS)."""
        raise TypeError(f"{type(self).__name__} defines no FIELDS")

    def _check_position(self) -> None:  # noqa: B027 - an optional hook, empty by default
        """Raise ``ValueError`` if a hand-built position breaks the game's invariants (override)."""

    # --- to implement in each game -----------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """A seat index, or ``CHANCE``, or ``TERMINAL``."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Legal actions (player moves, or chance outcomes) in a fixed order."""

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        """Chance outcomes with probabilities, at a chance node."""

    @abstractmethod
    def _apply(self, action: Action) -> State:
        """The next state after a legal ``action`` (without history bookkeeping)."""

    def returns(self) -> tuple[float, ...]:
        """Result per seat: 1.0 for each winner, 0.0 otherwise (zeros before the end).

        A game whose result is not one win per winner (a cooperative score) overrides it.
        """
        win = self.winners()
        return tuple(1.0 if s in win else 0.0 for s in range(self.game.num_players))

    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The winning seats (several on a shared win; empty before the end)."""

    @abstractmethod
    def _view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, as JSON-able data."""

    @abstractmethod
    def __str__(self) -> str:
        """A readable text rendering of the position."""

    def ranks(self) -> tuple[int, ...]:
        """Finishing place per seat (1 = best; ties share a place). Meaningful at the end."""
        win = set(self.winners())
        return tuple(1 if s in win else 2 for s in range(self.game.num_players))

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended (a game-specific enum member), or None while it goes on."""
        return None

    @property
    def rounds(self) -> int:
        """Rounds played (as the game counts them)."""
        return 0

    def seat_stats(self) -> list[dict[str, float]]:
        """Per-seat statistics the game defines (one dict per seat)."""
        return [{} for _ in range(self.game.num_players)]

    def game_stats(self) -> dict[str, float]:
        """Whole-game statistics the game defines."""
        return {}

    # --- what a game view shows of each seat (public facts only; games override) -------------
    #
    # The game view's player panel, its "who leads" mark, its recaps and its game-over panel read
    # these hooks, so that every game gets them without a line of widget code. They show every
    # seat's values to whoever watches, so they hold only public facts: what every seat may know
    # through ``view`` and ``describe``. The conformance suite checks that a position a seat cannot
    # tell from the real one gives the same answers.

    def key_numbers(self, seat: int) -> list[tuple[str, int | float | str]]:
        """The few public numbers that matter for ``seat`` now, as ``(label, value)`` pairs.

        The game view shows them in the player panel (eagles landed and distance; money, prestige
        and cards). The default is the first three of ``seat_stats()``; games override it, and must
        when a statistic is not public.
        """
        seat = self._check_seat(seat)
        stats = self.seat_stats()[seat]
        return [(k.replace("_", " "), v) for k, v in list(stats.items())[:3]]

    def goal(self, seat: int) -> str:
        """``seat``'s target in a few public words (``land 4 eagles on the SW pad``); the default is ""."""
        self._check_seat(seat)
        return ""

    def standing(self, seat: int) -> tuple[float, ...]:
        """How well ``seat`` stands now from public facts, higher is better: the view marks who leads.

        Tuples compare in order, so ties on the first number go to the second. The default is the
        seat's return (so only a finished game has a leader); games override it with a race's
        progress or a score.
        """
        seat = self._check_seat(seat)
        return (self.returns()[seat],)

    def headline(self, seat: int) -> str:
        """The latest public result worth keeping on screen for ``seat`` (a scored test), or ""."""
        self._check_seat(seat)
        return ""

    # --- designer metrics (isslab.metrics) ----------------------------------------------------

    def lead_scores(self) -> tuple[float, ...]:
        """Who leads now: each seat's place by ``standing`` (0.0 for the last), read by ``isslab.metrics``.

        Only the order of the seats within one state matters; ``standing`` is the one hook a game
        writes for it (the game view marks its leader with the same numbers). At the end the
        winners must be the seats that lead (all of them, level, on a shared win). A game that does
        not override ``standing`` declares no lead, and the lead metrics say so.
        """
        stand = [self.standing(s) for s in range(self.game.num_players)]
        places = sorted(set(stand))
        return tuple(float(places.index(x)) for x in stand)

    # --- the public API built on the above -----------------------------------------------------

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        """True when the next action is a roll, draw or shuffle."""
        return self.current_player == CHANCE

    def legal_actions(self) -> list[Action]:
        """Legal actions in a deterministic order (chance outcomes at a chance node; [] at the end)."""
        legal = self._legal
        if legal is None:
            legal = [] if self.is_terminal() else self._legal_actions()
            self._legal = legal
        return list(legal)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: ``[(action, probability), ...]`` summing to 1."""
        if self.current_player != CHANCE:
            raise ValueError(f"chance_outcomes() is only defined at chance nodes, not for {self!r}")
        return self._chance_outcomes()

    def _offered(self, action: Any) -> bool:
        """True when ``action`` is surely one of the legal action objects, known without listing them.

        ``resolve`` asks this before it builds the legal list, so a game whose lists are dear and whose
        bots hand back the objects of its tables can skip the list (1969's purchases). False means
        "not known": the list is built and searched as usual, so a game need answer only what it can
        answer cheaply and exactly. The default knows nothing.
        """
        return False

    def resolve(self, action: Any) -> Action:
        """The legal action meant by ``action``: itself, its ``str()`` or its JSON form."""
        legal = self._legal
        if legal is None:
            if self._offered(action):
                return action
            legal = self._legal = [] if self.is_terminal() else self._legal_actions()
        for a in legal:  # bots hand back the very objects offered: identity is the fast path
            if a is action:
                return a
        kind = type(action)
        for a in legal:  # NamedTuples compare as tuples, so the type must match too
            if type(a) is kind and a == action:
                return a
        if isinstance(action, str):
            for a in legal:
                if str(a) == action:
                    return a
        elif isinstance(action, list):
            try:
                decoded = self.game.decode_action(action)
            except ValueError:
                decoded = None
            for a in legal:
                if decoded is not None and type(a) is type(decoded) and a == decoded:
                    return a
        raise IllegalActionError(self._illegal_message(action, legal))

    def _illegal_message(self, action: Any, legal: Sequence[Any]) -> str:
        who = {CHANCE: "chance", TERMINAL: "nobody (the game is over)"}.get(
            self.current_player, self.game.seat_name(self.current_player)
        )
        text = None
        if isinstance(action, str):
            text = _short(action, 100)
        elif type(action) in self.game.ACTION_TYPES:
            try:  # the readable form of an action object; a malformed one may not print
                text = _short(str(action), 100)
            except Exception:
                pass
        if text is None:  # anything else as a bounded repr: never the whole input, never a crash
            text = _short(action, 100)
        shown = [str(a) for a in legal[:12]]
        more = f" ... and {len(legal) - 12} more" if len(legal) > 12 else ""
        listing = "; ".join(shown) + more if shown else "none"
        return f"illegal action {text} for {who} at move {self._nhist}; legal: {listing}"

    def apply(self, action: Any) -> State:
        """The state after ``action``; raises ``IllegalActionError`` and leaves this state as it was."""
        action = self.resolve(action)
        new = self._apply(action)
        new._hist = (action, self._hist)
        new._nhist = self._nhist + 1
        return new

    def step_from(self, earlier: State, within: int = 16) -> Action | None:
        """The action played in ``earlier`` on the way to this state, if it is at most ``within`` moves back.

        ``None`` when this state does not descend from ``earlier`` by ``apply`` (a sibling, an unrelated
        or a loaded position): a bot with memory checks with it that a plan is still its own.
        """
        back = self._nhist - earlier._nhist
        if not 0 < back <= within:
            return None
        node = self._hist
        for _ in range(back - 1):
            node = node[1] if node is not None else None
        if node is None or node[1] is not earlier._hist:
            return None
        action: Action = node[0]
        return action

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied since ``new_state()``, oldest first."""
        out = []
        node = self._hist
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return tuple(out)

    @property
    def move_number(self) -> int:
        """How many actions (chance included) have been applied since ``new_state()``."""
        return self._nhist

    def _check_seat(self, seat: Any) -> int:
        """``seat`` as a Python int (numpy integers are seats too), or ``ValueError`` naming the range."""
        n = self.game.num_players
        if type(seat) is int and 0 <= seat < n:
            return seat
        return as_int(seat, "seat", 0, n - 1)

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, JSON-able, with hidden information masked."""
        return self._view(self._check_seat(seat))

    def describe(self, action: Action, seat: int | None = None) -> str:
        """The text of ``action`` as ``seat`` may know it (``None``: the omniscient text).

        Every log, recap and status line shown to a seat goes through here, so that no hidden
        value (another seat's drawn cards, a face-down card) reaches it.
        """
        if seat is not None:
            seat = self._check_seat(seat)
        return self.game.describe_action(action, seat)

    def why_illegal(self, action: Any) -> str | None:
        """None if ``action`` is legal here, else why not in words (boards show it for a refused click)."""
        try:
            self.resolve(action)
        except IllegalActionError as exc:
            try:
                reason = self._illegal_reason(action)
            except (TypeError, ValueError, IndexError, AttributeError, KeyError):
                reason = None  # an action the game's rules cannot read (malformed): the generic message
            return reason or str(exc)
        return None

    def _illegal_reason(self, action: Any) -> str | None:
        """The rule that forbids ``action`` here, in words, or None for the generic message (override).

        It may raise on a malformed action (a field of the wrong type, a seat out of range): the
        generic message is given then.
        """
        return None

    def resample_hidden(self, seat: int, rng: random.Random, tries: int = 20) -> State:
        """A state that ``seat`` cannot tell from this one, drawn among those its history allows.

        The history is replayed, and every action ``seat`` may not fully see (another seat's draw,
        a face-down card) is redrawn among the legal actions that ``describe(., seat)`` shows the
        same way, chance outcomes by their probabilities. ``seat``'s own actions are kept. When a
        replay runs into a dead end it is tried again; after ``tries`` dead ends this state itself
        is returned. Search bots use it to sample what they cannot see; the conformance suite uses
        it to check that views and descriptions leak nothing.

        Raises ``ValueError`` when one of ``seat``'s own actions is not legal in a state it cannot
        tell apart from the real one: its legal actions would then reveal hidden information.

        The replay learns only from action texts, so a game must show every value that becomes
        public (a reveal of face-down cards) in the text of some action, or override this method
        (1969 follows each card through its history instead).
        """
        seat = self._check_seat(seat)
        tries = as_int(tries, "tries", 1, 10_000)
        game = self.game
        history = self.history
        texts = [game.describe_action(a, seat) for a in history]
        for _ in range(tries):
            state = game.new_state()
            for i, (action, text) in enumerate(zip(history, texts, strict=True)):
                legal = state.legal_actions()
                if state.current_player == seat:
                    if action not in legal:
                        raise ValueError(
                            f"{game.seat_name(seat)}'s own action {action} at step {i} is not legal in a "
                            "state it cannot tell from the real one: its legal actions depend on "
                            "hidden information"
                        )
                    state = state.apply(action)
                    continue
                if state.current_player == CHANCE:
                    pairs = [
                        (a, p) for a, p in state.chance_outcomes() if game.describe_action(a, seat) == text
                    ]
                    if not pairs:
                        break
                    choice = rng.choices([a for a, _ in pairs], weights=[p for _, p in pairs])[0]
                else:
                    same = [a for a in legal if game.describe_action(a, seat) == text]
                    if not same:
                        break
                    choice = same[int(rng.random() * len(same))]
                state = state.apply(choice)
            else:
                return state
        return self

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw one chance outcome with its probability (drivers use this, rules never do)."""
        outcomes = self.chance_outcomes()
        x = rng.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if x < acc:
                return action
        return outcomes[-1][0]

    # --- values: equality, hashing, JSON ------------------------------------------------------

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, State)
            and self.game == other.game
            and self._values() == other._values()
        )

    def __hash__(self) -> int:
        return hash((self.game, self._values()))

    def __repr__(self) -> str:
        who = {CHANCE: "chance", TERMINAL: "terminal"}.get(
            self.current_player, f"player {self.current_player}"
        )
        return f"<{self.game.id} state, move {self._nhist}, {who}>"

    def snapshot(self) -> dict[str, Any]:
        """The fields that define the position, JSON-able."""
        return {f: _thaw(getattr(self, f)) for f in self.FIELDS}

    def to_json(self) -> str:
        """Serialise game, options, history and position; ``isslab.load`` reverses it exactly."""
        # imported here: saves build on this module (the format lives there, with ``load``)
        from isslab.core.saves import save_text

        return save_text(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # the game travels as itself (a variant carries its definition), the position as save text
        from isslab.core.saves import _unpickle_state

        return (_unpickle_state, (self.game, self.to_json()))


def _field_copier(cls: type[State]) -> Callable[[State], State]:
    """The ``_copy`` method of a State class, written out from its FIELDS once.

    ``apply`` copies a state at every step; one assignment per field in straight-line code is
    about twice as fast as a ``getattr``/``setattr`` loop (the reason dataclasses generate code too).
    """
    lines = [
        "def _copy(self):",
        "    new = _new(_cls)",
        "    new.game = self.game",
        "    new._legal = None",
    ]
    for name in cls.FIELDS:
        if not name.isidentifier():
            raise TypeError(f"{cls.__name__}.FIELDS holds {name!r}, which is not a name")
        lines.append(f"    new.{name} = self.{name}")
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 - code built from the class's own field names
    copier: Callable[[State], State] = namespace["_copy"]
    copier.__qualname__ = f"{cls.__name__}._copy"
    copier.__doc__ = State._copy.__doc__
    return copier
