"""The shared contract of every isslab game: options, Game, State, chance, errors, registry, save/load.

The model is OpenSpiel's: a state is a value, ``apply`` returns a new state, and dice, draws and
shuffles are *chance nodes* whose outcomes are ordinary actions with known probabilities. The rules
never draw random numbers; drivers and bots receive a ``random.Random``.
"""

from __future__ import annotations

import ast
import enum
import itertools
import json
import math
import random
import reprlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence, Sized
from dataclasses import KW_ONLY, dataclass
from typing import Any, ClassVar, Final, Generic, Self, TypeAlias, TypeVar

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Bot",
    "EndReason",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "Memo",
    "Option",
    "ReturnsKind",
    "State",
    "action_type",
    "bot",
    "bot_names",
    "games",
    "load",
    "make",
    "missing_bounds",
    "parse_json",
    "register_bot",
    "register_game",
    "restore",
    "short_repr",
]

#: ``current_player`` at a chance node (a roll, a draw, a shuffle).
CHANCE: Final[int] = -1
#: ``current_player`` once the game is over.
TERMINAL: Final[int] = -4

#: Actions are small immutable values (NamedTuples of ints, strings and tuples): hashable, readable
#: with ``str()``, and JSON-able through :meth:`Game.encode_action`.
Action: TypeAlias = Any
#: A bot is a callable ``(state, rng) -> action``.
Bot: TypeAlias = Callable[["State", random.Random], Any]

_FORMAT: Final = "isslab.state"
_VERSION: Final = 1


class IllegalActionError(ValueError):
    """An action that is not legal in the state it was applied to."""


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

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.title}: need 1 <= min_players <= max_players")
        if len(self.seat_names) < self.max_players or len(self.seat_colours) < self.max_players:
            raise ValueError(f"{self.title}: one seat name and colour per seat of the largest table")


_A = TypeVar("_A", bound=tuple[Any, ...])


def _typed_eq(self: tuple[Any, ...], other: object) -> bool:
    return self.__class__ is other.__class__ and tuple.__eq__(self, other) is True


def _typed_ne(self: tuple[Any, ...], other: object) -> bool:
    return not _typed_eq(self, other)


def _typed_hash(self: tuple[Any, ...]) -> int:
    return hash((self.__class__.__name__, *self))


def action_type(cls: type[_A]) -> type[_A]:
    """Class decorator for NamedTuple actions: equal only to actions of the same type.

    NamedTuples compare as plain tuples, so ``Pass(0) == EndPurchases(0)`` would hold and ``resolve``
    could accept one kind of action where another is legal; typed equality and hashing prevent it.
    """
    cls.__eq__ = _typed_eq  # type: ignore[method-assign]
    cls.__ne__ = _typed_ne  # type: ignore[assignment,method-assign]
    cls.__hash__ = _typed_hash  # type: ignore[method-assign]
    return cls


_K = TypeVar("_K")
_V = TypeVar("_V")


class Memo(Generic[_K, _V]):
    """A bounded memo for results of pure functions: emptied when full, so memory stays bounded.

    The one cache policy of isslab: games and bots keep memoised tables in ``Memo`` objects they
    own (a bot with memory is an object), never in a frozen object's ``__dict__``. Clearing when
    full costs one recomputation per entry and needs no bookkeeping on the hot path (an LRU does).
    """

    __slots__ = ("maxsize", "get", "_data")

    def __init__(self, maxsize: int = 50_000) -> None:
        self.maxsize = maxsize
        self._data: dict[_K, _V] = {}
        #: ``memo.get(key)`` -> the value or None (the bound dict method: no Python frame per lookup)
        self.get = self._data.get

    def __setitem__(self, key: _K, value: _V) -> None:
        data = self._data
        if len(data) >= self.maxsize:
            data.clear()
        data[key] = value

    def __getitem__(self, key: _K) -> _V:
        return self._data[key]

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        """Forget everything."""
        self._data.clear()


# --------------------------------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------------------------------


#: bounds every option value obeys, whatever its declaration: the generic safety net under the
#: per-option bounds (a save file is mailed around and uploaded; an option must not cost the machine)
MAX_OPTION_INT: Final = 10**9
#: most numbers and strings in one tuple option (a table counts every cell)
MAX_OPTION_ITEMS: Final = 1000
#: most levels of nesting in one tuple option (a table of rows of tuples is 3)
MAX_OPTION_DEPTH: Final = 4
#: longest string in an option value
MAX_OPTION_TEXT: Final = 200


@dataclass(frozen=True)
class Option:
    """One named, documented, validated option of a game (players, a component value, a variant).

    Numbers take ``min``/``max`` (every int option should declare both; ``choices`` also bounds it).
    Tuple options take ``min_len``/``max_len`` (the number of entries; without either, exactly as many
    as the default has) and ``item_min``/``item_max`` (bounds of each number in a flat tuple). For a
    tuple, a bare ``min`` is the older spelling of ``min_len`` with no upper length. Whatever the
    declaration, no value may exceed the safety net above (``MAX_OPTION_*``).
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None
    assumption: bool = False
    _: KW_ONLY
    min_len: int | None = None
    max_len: int | None = None
    item_min: float | None = None
    item_max: float | None = None

    def __post_init__(self) -> None:
        for lo, hi in ((self.min, self.max), (self.min_len, self.max_len), (self.item_min, self.item_max)):
            if lo is not None and hi is not None and lo > hi:
                raise ValueError(f"option {self.name}: a lower bound above the upper bound ({lo} > {hi})")
        sized = (self.min_len, self.max_len, self.item_min, self.item_max)
        if not isinstance(self.default, tuple) and any(b is not None for b in sized):
            raise ValueError(f"option {self.name}: length and item bounds are for tuple options")

    def length_bounds(self) -> tuple[int, int | None]:
        """The least and the most entries of a tuple option (None: no declared upper bound)."""
        if self.min_len is not None or self.max_len is not None:
            return (self.min_len or 0, self.max_len)
        if self.min is not None:  # the older spelling: a bare min unlocks any length from min
            return (int(self.min), None)
        return (len(self.default), len(self.default))

    def allowed(self, example: bool = True) -> str:
        """Describe the allowed values in words, for error messages and ``isslab rules``.

        ``example=False`` leaves out the default of a tuple option (``isslab rules`` shows it apart).
        """
        if self.choices is not None:
            return "one of " + ", ".join(_short(c, 40) for c in self.choices)
        default = self.default
        if isinstance(default, bool):
            return "True or False"
        kind = type(default).__name__
        if isinstance(default, tuple):
            lo, hi = self.length_bounds()
            table = bool(default) and isinstance(default[0], tuple)
            one, many = ("row", "rows") if table else ("entry", "entries")
            if lo == hi:
                size = f"{lo} {one if lo == 1 else many}"
            elif hi is None:
                size = f"at least {lo} {one if lo == 1 else many}"
            else:
                size = f"{lo} to {hi} {many}"
            items = ""
            if default and not table and not isinstance(default[0], str | bool):
                items = _range_text(type(default[0]).__name__, self.item_min, self.item_max)
                items = f", each {items}"
            if not example:
                return f"a {'table' if table else 'sequence'} of {size}{items}"
            like = _short(list(default[:1]) if table else list(default), 60)
            if table:
                return f"a table of {size} like {like[:-1]}, ...] ({size}{items})"
            return f"a sequence like {like} ({size}{items})"
        return _range_text(kind, self.min, self.max)

    def validate(self, value: Any) -> Any:
        """Return ``value`` in canonical form, or raise ``ValueError`` naming the option."""
        default = self.default
        if isinstance(default, bool):
            if not isinstance(value, bool | int) or value not in (0, 1):
                raise self._bad(value)
            value = bool(value)
        elif isinstance(default, int):
            # inf and nan come from JSON save files; int() of them raises, so check first
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise self._bad(value)
            if isinstance(value, float) and (not math.isfinite(value) or int(value) != value):
                raise self._bad(value)
            value = int(value)
            if abs(value) > MAX_OPTION_INT:
                raise self._bad(value)
        elif isinstance(default, float):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise self._bad(value)
            try:
                value = float(value)
            except OverflowError:  # an int too big for a float
                raise self._bad(value) from None
            if not math.isfinite(value):
                raise self._bad(value)
        elif isinstance(default, str):
            if not isinstance(value, str) or len(value) > MAX_OPTION_TEXT:
                raise self._bad(value)
        elif isinstance(default, tuple):
            return self._validate_tuple(value)
        if self.choices is not None and value not in self.choices:
            raise self._bad(value)
        if self.min is not None and value < self.min:
            raise self._bad(value)
        if self.max is not None and value > self.max:
            raise self._bad(value)
        return value

    def _bad(self, value: Any) -> ValueError:
        return ValueError(f"option {self.name}={_short(value, 100)} is not allowed: use {self.allowed()}")

    def _validate_tuple(self, value: Any) -> tuple[Any, ...]:
        if isinstance(value, str | bytes | bytearray | Mapping) or not isinstance(value, Iterable):
            raise self._bad(value)
        lo, hi = self.length_bounds()
        cap = MAX_OPTION_ITEMS if hi is None else min(hi, MAX_OPTION_ITEMS)
        entries: list[Any] | None = None
        try:
            # at most cap + 1 entries are looked at: a huge range or a generator costs nothing more
            if isinstance(value, Sized) and len(value) > cap:
                count = len(value)
            else:
                entries = list(itertools.islice(iter(value), cap + 1))
                count = len(entries)
        except Exception:  # an iterable that fails to iterate (or to count) is no sequence of values
            raise self._bad(value) from None
        if entries is None or count > cap or count < lo:
            if lo == hi:
                need = f"{lo} entries"
            else:
                need = f"{lo} to {cap} entries"
            got = f"more than {cap}" if entries is not None and count > cap else f"{count}"
            raise ValueError(f"option {self.name} needs {need}, got {got}: {_short(value, 100)}")
        try:
            frozen: tuple[Any, ...] = _freeze(entries, MAX_OPTION_DEPTH, MAX_OPTION_ITEMS, MAX_OPTION_TEXT)
        except ValueError as exc:
            raise ValueError(f"option {self.name}={_short(value, 100)} is not allowed: {exc}") from None
        default = self.default
        if default:
            example = default[0]
            if not all(_same_kind(v, example) for v in frozen):
                raise self._bad(value)
            if isinstance(example, float):
                try:  # (0.5, 1) and (0.5, 1.0) are one option; an int too big for a float is none
                    frozen = tuple(float(v) for v in frozen)
                except OverflowError:
                    raise self._bad(value) from None
                if not all(math.isfinite(v) for v in frozen):
                    raise self._bad(value)
            if isinstance(example, int | float) and not isinstance(example, bool):
                imin, imax = self.item_min, self.item_max
                if isinstance(example, int):  # the safety net, as for int options
                    imin = -MAX_OPTION_INT if imin is None else imin
                    imax = MAX_OPTION_INT if imax is None else imax
                if any((imin is not None and v < imin) or (imax is not None and v > imax) for v in frozen):
                    raise self._bad(value)
        return frozen


def _range_text(kind: str, lo: float | None, hi: float | None) -> str:
    """``int from 1 to 9``, ``float >= 0``, ``float``; ints always show both ends (the net caps them)."""
    if kind == "int":
        lo = -MAX_OPTION_INT if lo is None else lo
        hi = MAX_OPTION_INT if hi is None else hi
    if lo is not None and hi is not None:
        return f"{kind} from {_num(lo)} to {_num(hi)}"
    if lo is not None:
        return f"{kind} >= {_num(lo)}"
    if hi is not None:
        return f"{kind} <= {_num(hi)}"
    return kind


def _num(x: float) -> str:
    """A bound in words: ``4``, ``100,000``, ``0.5``."""
    if x != int(x):
        return f"{x:g}"
    return f"{int(x):,}" if abs(x) >= 10_000 else str(int(x))


def _same_kind(value: Any, example: Any) -> bool:
    """True if ``value`` may stand where ``example`` stands in a tuple option (no bool for an int)."""
    if isinstance(value, bool) and not isinstance(example, bool):
        return False
    return isinstance(value, type(example) | int)


def missing_bounds(option: Option) -> list[str]:
    """What ``option`` does not bound yet: ``["max"]``, ``["max_len", "item_max"]``, ... (empty: all).

    Every int option needs a ``min`` and a ``max`` (or ``choices``); every tuple option an upper
    length and, when its entries are numbers, bounds for them. The conformance suite checks it.
    """
    default = option.default
    out: list[str] = []
    if option.choices is not None or isinstance(default, bool):
        return out
    if isinstance(default, int | float):
        out += [b for b in ("min", "max") if getattr(option, b) is None]
    elif isinstance(default, tuple):
        lo, hi = option.length_bounds()
        if hi is None:
            out.append("max_len")
        if default and isinstance(default[0], int | float) and not isinstance(default[0], bool):
            out += [b for b in ("item_min", "item_max") if getattr(option, b) is None]
    return out


# --------------------------------------------------------------------------------------------------
# JSON helpers: actions and state fields are built from ints, strings, bools, None and tuples.
# --------------------------------------------------------------------------------------------------

#: most levels of nesting in an action, a state field or a save file (real ones use fewer than 10)
MAX_DEPTH: Final = 32
#: longest save-file text ``load`` reads (a long game's file is some 100 kB)
MAX_SAVE_CHARS: Final = 8_000_000


def _freeze(obj: Any, depth: int = MAX_DEPTH, items: int | None = None, text: int | None = None) -> Any:
    """Turn JSON lists back into tuples (state fields and action fields are tuples).

    Raises ``ValueError`` past ``depth`` levels of nesting, and, when given, past ``items`` numbers
    and strings in all or a string longer than ``text``: input from files and users stays bounded.
    """
    if type(obj) is not list:
        return obj
    if items is None and text is None:
        return _freeze_fast(obj, depth)
    budget = [items if items is not None else -1]
    return _freeze_counted(obj, depth, budget, text)


def _freeze_fast(obj: list[Any], depth: int) -> tuple[Any, ...]:
    if depth <= 0:
        raise ValueError(f"nested more than {MAX_DEPTH} levels deep")
    return tuple(_freeze_fast(x, depth - 1) if type(x) is list else x for x in obj)


def _freeze_counted(obj: Any, depth: int, budget: list[int], text: int | None) -> Any:
    if type(obj) is list or type(obj) is tuple:
        if depth <= 0:
            raise ValueError(f"nested more than {MAX_OPTION_DEPTH} levels deep")
        return tuple(_freeze_counted(x, depth - 1, budget, text) for x in obj)
    if obj is not None and not isinstance(obj, int | float | str):
        raise ValueError(f"{type(obj).__name__} values are not allowed (use numbers, strings, lists)")
    budget[0] -= 1
    if budget[0] == -1:  # the count started at ``items`` and is now spent
        raise ValueError(f"more than {MAX_OPTION_ITEMS} numbers and strings in all")
    if text is not None and isinstance(obj, str) and len(obj) > text:
        raise ValueError(f"a string of {len(obj)} characters (at most {text})")
    return obj


def _thaw(obj: Any, depth: int = MAX_DEPTH) -> Any:
    """Turn tuples into lists recursively so that ``json`` writes them the same way every time."""
    if isinstance(obj, tuple):
        if depth <= 0:
            raise ValueError(f"nested more than {MAX_DEPTH} levels deep")
        return [_thaw(x, depth - 1) if isinstance(x, tuple) else x for x in obj]
    return obj


def _json_depth_ok(obj: Any, depth: int) -> bool:
    """True if ``obj`` (parsed JSON) nests at most ``depth`` levels (level by level: no recursion)."""
    level: list[Any] = [obj] if type(obj) is list or type(obj) is dict else []
    for _ in range(depth):
        if not level:
            return True
        nxt: list[Any] = []
        for node in level:
            children = node if type(node) is list else node.values()
            nxt += [c for c in children if type(c) in _CONTAINERS]
        level = nxt
    return not level


_CONTAINERS: Final = frozenset((list, dict))


def parse_json(text: str | bytes | bytearray, what: str, limit: int = MAX_SAVE_CHARS) -> Any:
    """``json.loads`` with bounded size and depth: ``ValueError`` naming ``what`` otherwise."""
    if len(text) > limit:
        raise ValueError(f"{what}: {len(text):,} characters, more than the {limit:,} that are read")
    try:
        obj = json.loads(text)
    except RecursionError:  # the C parser's own guard, far beyond any real file
        raise ValueError(f"{what}: nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:  # bad JSON, bad UTF-8, an int of more than 4300 digits
        raise ValueError(f"{what}: invalid JSON ({_cut(str(exc), 120)})") from None
    if not _json_depth_ok(obj, MAX_DEPTH):
        raise ValueError(f"{what}: nested more than {MAX_DEPTH} levels deep")
    return obj


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
        unknown = sorted(set(fields) - set(state.FIELDS), key=str)
        if unknown:
            raise ValueError(
                f"{self.id} has no state field {', '.join(_short(u, 40) for u in unknown[:6])}; "
                f"the fields are: {', '.join(state.FIELDS)}"
            )
        new = state._copy()
        new._hist, new._nhist = None, 0
        for name, value in fields.items():
            setattr(new, name, _freeze(_thaw(value)))
        new._check_position()
        return new

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
        # pickled as (id, options) and rebuilt through validation, so tables are recomputed
        return (_make_from, (self.id, self._options))


def _make_from(game_id: str, options: dict[str, Any]) -> Game:
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
        if "FIELDS" in cls.__dict__:
            cls._copy = _field_copier(cls)  # type: ignore[method-assign,assignment]

    def _copy(self) -> Self:
        """A new state with the same game and fields; ``apply`` sets its history (generated from FIELDS)."""
        raise TypeError(f"{type(self).__name__} defines no FIELDS")

    def _blank(self) -> State:
        """A new, uninitialised state of the same class sharing the game (for ``_apply``)."""
        new = object.__new__(type(self))
        new.game = self.game
        new._legal = None
        return new

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

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Result per seat: 1.0 for each winner, 0.0 otherwise (zeros before the end)."""

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
        self._check_seat(seat)
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
        self._check_seat(seat)
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

    def resolve(self, action: Any) -> Action:
        """The legal action meant by ``action``: itself, its ``str()`` or its JSON form."""
        legal = self._legal
        if legal is None:
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

    def _check_seat(self, seat: Any) -> None:
        n = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be an int from 0 to {n - 1}, got {_short(seat)}")

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, JSON-able, with hidden information masked."""
        self._check_seat(seat)
        return self._view(seat)

    def describe(self, action: Action, seat: int | None = None) -> str:
        """The text of ``action`` as ``seat`` may know it (``None``: the omniscient text).

        Every log, recap and status line shown to a seat goes through here, so that no hidden
        value (another seat's drawn cards, a face-down card) reaches it.
        """
        if seat is not None:
            self._check_seat(seat)
        return self.game.describe_action(action, seat)

    def why_illegal(self, action: Any) -> str | None:
        """None if ``action`` is legal here, else why not in words (boards show it for a refused click)."""
        try:
            self.resolve(action)
        except IllegalActionError as exc:
            return self._illegal_reason(action) or str(exc)
        return None

    def _illegal_reason(self, action: Any) -> str | None:
        """The rule that forbids ``action`` here, in words, or None for the generic message (override)."""
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
        self._check_seat(seat)
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
        doc = {
            "format": _FORMAT,
            "version": _VERSION,
            "game": self.game.id,
            "options": _thaw_options(self.game.options),
            "history": [self.game.encode_action(a) for a in self.history],
            "state": self.snapshot(),
        }
        return json.dumps(doc, separators=(",", ":"))

    def __reduce__(self) -> tuple[Any, ...]:
        return (load, (self.to_json(), False))


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


class _ShortRepr(reprlib.Repr):
    """``repr`` with bounded work: nesting, long containers, long strings and huge ints are cut."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 4
        self.maxtuple = self.maxlist = 24
        self.maxdict = self.maxset = self.maxfrozenset = self.maxdeque = 12
        self.maxstring = self.maxother = 200
        self.maxlong = 60

    def repr_int(self, x: int, level: int) -> str:
        """A huge int by its size: CPython refuses to print ints past 4300 digits."""
        if x.bit_length() > 4000:
            return f"<int of about {int(x.bit_length() * 0.30103) + 1:,} digits>"
        return super().repr_int(x, level)


_SHORT_REPR: Final = _ShortRepr()


def _cut(text: str, limit: int) -> str:
    """``text`` itself if short, else its start and an ellipsis."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short_repr(value: Any, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages that echo input.

    The work is bounded too (``reprlib``): a 50 MB string or a list nested 10,000 deep costs a
    short message, never a long wait, a ``RecursionError`` or a message as big as the input.
    """
    try:
        text = _SHORT_REPR.repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    if len(text) <= limit and "..." not in text:
        return text
    try:
        size = (
            f" ({len(value):,} chars)"
            if isinstance(value, str | bytes | bytearray)
            else f" ({len(value):,} entr{'y' if len(value) == 1 else 'ies'})"
            if isinstance(value, list | tuple | dict)
            else ""
        )
    except Exception:
        size = ""
    if len(text) + len(size) <= limit:
        return text + size
    return text[: max(limit - len(size) - 3, 10)] + "..." + size


def _names(names: Sequence[Any], most: int = 6) -> str:
    """Names from input for a message: identifiers as they are, anything else shortened, a few at most."""
    shown = [n if isinstance(n, str) and n.isidentifier() and len(n) <= 40 else _short(n, 40) for n in names]
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(shown[:most]) + more


_short = short_repr


def _thaw_options(options: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _thaw(v) for k, v in options.items()}


def load(text: str | bytes, verify: bool = True) -> State:
    """Rebuild a state from ``State.to_json()`` text.

    With ``verify`` (the default) the history is replayed through the rules and must reproduce the
    saved position, so a corrupt or edited file is rejected with ``ValueError`` naming the reason.
    Without it the saved position is trusted (fast, used for undo stacks and worker hand-off).
    """
    if not isinstance(text, str | bytes | bytearray):
        raise ValueError(f"not an isslab save file: expected JSON text, got {type(text).__name__}")
    doc = parse_json(text, "not an isslab save file")
    if not isinstance(doc, dict) or doc.get("format") != _FORMAT:
        raise ValueError(f"not an isslab save file: the 'format' field must be {_FORMAT!r}")
    # exactly the int 1: True and 1.0 compare equal to 1 but were never written by to_json
    if type(doc.get("version")) is not int or doc["version"] != _VERSION:
        raise ValueError(
            f"unsupported save-file version {_short(doc.get('version'), 40)}; this isslab reads {_VERSION}"
        )
    for key, kind in (("game", str), ("options", dict), ("history", list), ("state", dict)):
        if not isinstance(doc.get(key), kind):
            raise ValueError(f"corrupt save file: field {key!r} is missing or not a {kind.__name__}")
    try:
        game = make(doc["game"], **doc["options"])
    except ValueError as exc:
        raise ValueError(f"corrupt save file: {exc}") from None
    try:
        history = [game.decode_action(a) for a in doc["history"]]
    except ValueError as exc:
        raise ValueError(f"corrupt save file: {exc}") from None
    saved = doc["state"]
    fields = game.STATE.FIELDS
    unknown = [k for k in saved if k not in fields]
    if unknown:
        raise ValueError(
            f"corrupt save file: the state has unknown field{'s' if len(unknown) > 1 else ''} "
            f"{_names(unknown)}; the fields are: {', '.join(fields)}"
        )
    if verify:
        state = game.new_state()
        for i, action in enumerate(history):
            try:
                state = state.apply(action)
            except IllegalActionError as exc:
                raise ValueError(f"corrupt save file: step {i} of the history is not legal: {exc}") from None
        snap = state.snapshot()
        if snap != saved:
            missing = [k for k in fields if k not in saved]
            diff = [k for k in fields if k in saved and saved[k] != snap[k]]
            what = []
            if missing:
                what.append(f"missing {', '.join(missing)}")
            if diff:
                what.append(f"fields {', '.join(diff)}")
            raise ValueError(
                f"corrupt save file: the saved position does not match its history ({'; '.join(what)})"
            )
        return state
    node: tuple[Any, Any] | None = None
    for a in history:
        node = (a, node)
    state = restore(game, doc["state"])
    state._hist = node
    state._nhist = len(history)
    return state


def restore(game: Game, snapshot: Mapping[str, Any]) -> State:
    """A state of ``game`` with the position given by ``State.snapshot()`` (and an empty history).

    The snapshot is trusted: only its shape is checked. Use ``load`` to verify a position by replay.
    """
    cls = game.STATE
    if not isinstance(snapshot, Mapping):
        raise ValueError(
            f"corrupt save file: the state must be a mapping of fields, got {_short(snapshot, 60)}"
        )
    missing = [f for f in cls.FIELDS if f not in snapshot]
    if missing:
        raise ValueError(f"corrupt save file: state fields missing: {', '.join(missing)}")
    unknown = [k for k in snapshot if k not in cls.FIELDS]
    if unknown:
        raise ValueError(f"corrupt save file: unknown state fields: {_names(unknown)}")
    state = object.__new__(cls)
    state._init_base(game)
    try:
        for f in cls.FIELDS:
            setattr(state, f, _freeze(snapshot[f]))
    except ValueError as exc:
        raise ValueError(f"corrupt save file: state field {f}: {exc}") from None
    return state


# --------------------------------------------------------------------------------------------------
# Registry of games and bots
# --------------------------------------------------------------------------------------------------

_GAMES: dict[str, type[Game]] = {}
_BOTS: dict[tuple[str, str], Bot] = {}
_MADE: dict[Any, Game] = {}
#: most games ``make`` keeps (games with big tables cost memory: the cache is emptied when full)
_MADE_SIZE: Final = 256


def register_game(cls: type[Game]) -> type[Game]:
    """Class decorator: make a Game subclass available to ``isslab.make``."""
    _GAMES[cls.id] = cls
    return cls


def register_bot(game_id: str, name: str) -> Callable[[Bot], Bot]:
    """Decorator: register a named bot for one game (``"*"`` for every game)."""

    def deco(fn: Bot) -> Bot:
        _BOTS[(game_id, name)] = fn
        return fn

    return deco


def _ensure_loaded() -> None:
    # the game packages register themselves on import
    import isslab.games  # noqa: F401


def games() -> list[str]:
    """The ids of the registered games."""
    _ensure_loaded()
    return sorted(_GAMES)


def game_class(game_id: str) -> type[Game]:
    """The Game class registered under ``game_id``."""
    _ensure_loaded()
    if not isinstance(game_id, str):
        raise ValueError(f"game id must be a string, got {_short(game_id, 60)}")
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ValueError(
            f"unknown game {_short(game_id, 60)}; the games are: {', '.join(sorted(_GAMES))}"
        ) from None


def make(game_id: str, /, **options: Any) -> Game:
    """Build a game with validated options (bad ones raise ``ValueError`` naming the option)."""
    if not isinstance(game_id, str):
        raise ValueError(f"game id must be a string, got {_short(game_id, 60)}")
    # scalars keyed with their exact type (True == 1 and 4.0 == 4 must not share a game) find a
    # game made before at once; validating them again would give the same answer
    quick = _scalar_key(game_id, options)
    game = _MADE.get(quick) if quick is not None else None
    if game is not None:
        return game
    cls = game_class(game_id)
    # every other request is validated first, and the cache is keyed by the canonical options: no
    # cached game for (1, 1, ...) can answer (True, True, ...), and equal games share one (and
    # its precomputed tables)
    resolved = cls.resolve_options(options)
    key = (game_id, tuple(sorted(resolved.items())))
    game = _MADE.get(key)
    if game is None:
        game = cls(**resolved)
        if len(_MADE) >= _MADE_SIZE:
            _MADE.clear()
        _MADE[key] = game
    if quick is not None:
        if len(_MADE) >= _MADE_SIZE:
            _MADE.clear()
        _MADE[quick] = game
    return game


_SCALARS: Final = frozenset((int, str, bool))


def _scalar_key(game_id: str, options: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """A cache key for options that are all ints, strings and bools (typed), else None."""
    items = []
    for name, value in options.items():
        kind = type(value)
        if kind not in _SCALARS:
            return None
        items.append((name, kind.__name__, value))
    items.sort()
    return ("raw", game_id, tuple(items))


def bot_names(game_id: str) -> list[str]:
    """Names of the bots that can play ``game_id`` (shared ones included)."""
    _ensure_loaded()
    names = {n for (g, n) in _BOTS if g in (game_id, "*")}
    return sorted(names)


def bot(game_id: str, name: str, /, **params: Any) -> Bot:
    """The bot registered as ``name`` for ``game_id`` (or for every game), with ``params`` if given.

    A bot that takes parameters (the search bots) has a ``configure(**params)`` method returning a
    new bot; the name may carry them too: ``bot("1969", "ismcts(simulations=500)")`` is
    ``bot("1969", "ismcts", simulations=500)``. Bad parameters raise ``ValueError`` naming them.
    """
    _ensure_loaded()
    if isinstance(name, str) and "(" in name:
        name, spec = _parse_bot_spec(name)
        params = {**spec, **params}
    found = _BOTS.get((game_id, name)) or _BOTS.get(("*", name))
    if found is None:
        raise ValueError(
            f"unknown bot {_short(name, 60)} for {game_id}; the bots are: {', '.join(bot_names(game_id))}"
        )
    if not params:
        return found
    configure = getattr(found, "configure", None)
    if configure is None:
        raise ValueError(f"bot {name!r} takes no parameters, got {_names(list(params))}")
    configured: Bot = configure(**params)
    return configured


#: longest bot name with parameters (``"mcts(simulations=200, rollout=greedy)"``)
_MAX_BOT_SPEC: Final = 300


def _parse_bot_spec(text: str) -> tuple[str, dict[str, Any]]:
    """``"mcts(simulations=200, rollout=greedy)"`` -> ``("mcts", {"simulations": 200, ...})``.

    Values are Python literals (numbers, True/False/None, quoted strings) or bare words (strings).
    """
    bad = ValueError(
        f"bad bot name {_short(text, 80)}: use a name, or name(key=value, ...) with number, "
        "True/False/None or word values"
    )
    if len(text) > _MAX_BOT_SPEC or not text.endswith(")"):
        raise bad
    name, _, inner = text[:-1].partition("(")
    name = name.strip()
    params: dict[str, Any] = {}
    for part in (p.strip() for p in inner.split(",")):
        if not part:
            continue
        key, eq, raw = (x.strip() for x in part.partition("="))
        if not eq or not key.isidentifier() or not raw or key in params:
            raise bad
        try:
            value = ast.literal_eval(raw)
        except (ValueError, SyntaxError):
            if not raw.replace("-", "_").replace(".", "_").isidentifier():
                raise bad from None
            value = raw  # a bare word: a bot name, a mode
        params[key] = value
    if not name.isidentifier() and not name.replace("-", "_").isidentifier():
        raise bad
    return name, params
