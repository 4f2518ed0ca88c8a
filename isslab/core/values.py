"""Values every game is built from: seats and markers, actions, errors, a bounded memo, short reprs, JSON.

A state's fields and an action's fields hold only ints, strings, bools, None and (nested) tuples, so
equality, hashing and JSON are generic: :func:`_thaw` turns tuples into lists for ``json``, and
:func:`_freeze` turns parsed lists back into tuples, with bounded depth so that a hostile file costs
an error message.
"""

from __future__ import annotations

import json
import operator
import reprlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, TypeAlias, TypeVar

import numpy as np

__all__ = [
    "CHANCE",
    "MAX_DEPTH",
    "MAX_SAVE_CHARS",
    "TERMINAL",
    "Action",
    "IllegalActionError",
    "Memo",
    "action_type",
    "as_int",
    "parse_json",
    "short_repr",
]

#: ``current_player`` at a chance node (a roll, a draw, a shuffle).
CHANCE: Final[int] = -1
#: ``current_player`` once the game is over.
TERMINAL: Final[int] = -4


class _ActionKind(type):
    """The metaclass of :class:`Action`: ``isinstance(x, Action)`` is True for actions of every game."""

    def __instancecheck__(cls, obj: object) -> bool:
        return getattr(type(obj), "_isslab_action", False) is True


if TYPE_CHECKING:
    # For the type checker an action is Any: each game reads the fields of its own NamedTuples, and
    # the generic code (core, bots, simulation) only passes actions along.
    Action: TypeAlias = Any
else:

    class Action(metaclass=_ActionKind):
        """An action: a move of a seat or an outcome of chance, as a small immutable value.

        Every game defines its actions as ``NamedTuple`` classes under :func:`isslab.action_type`
        (``Move``, ``Roll``, ``Hire``, ...). So an action

        - is **hashable** and compares equal only to an action of the same type with the same fields
          (``Pass(0) != EndPurchases(0)`` although both are the tuple ``(0,)``);
        - **prints readably**: ``str(action)`` is the omniscient text (``red steps hub -> r1s0``), and
          ``state.describe(action, seat)`` the text a seat may know;
        - survives **JSON**: ``game.encode_action(action)`` gives ``["Move", 0, ...]`` and
          ``game.decode_action`` reads it back; ``state.apply`` also accepts the text or the JSON form.

        ``state.legal_actions()`` lists them in a fixed order. ``isinstance(x, isslab.Action)`` is
        True for any action of any game; ``isslab.Action`` itself makes no actions (for type hints,
        it stands for any of them).
        """

        __slots__ = ()

        def __new__(cls, *args: Any, **kwargs: Any) -> Action:
            raise TypeError(
                "isslab.Action stands for any game's actions and makes none: take them from "
                "state.legal_actions(), or define a NamedTuple class under @isslab.action_type"
            )


class IllegalActionError(ValueError):
    """An action that is not legal in the state it was applied to."""


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
    The class also counts as an :class:`Action` (``isinstance(Pass(0), isslab.Action)``).
    """
    cls.__eq__ = _typed_eq  # type: ignore[method-assign]
    cls.__ne__ = _typed_ne  # type: ignore[assignment,method-assign]
    cls.__hash__ = _typed_hash  # type: ignore[method-assign]
    cls._isslab_action = True  # type: ignore[attr-defined]
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
        self.maxsize = as_int(maxsize, "maxsize", 1)
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


def as_int(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` as a Python int for an integer (numpy's too; never a bool or a float), else ``ValueError``.

    The one rule for every int a user hands to isslab: seats, counts, budgets. ``lo`` and ``hi``
    bound it (both included); the message names ``what`` and the allowed range.
    """
    number: int | None = None
    if not isinstance(value, bool | np.bool_):
        try:
            number = operator.index(value)
        except TypeError:
            number = None
    if number is None or (lo is not None and number < lo) or (hi is not None and number > hi):
        if lo is not None and hi is not None:
            allowed = f"an int from {lo} to {hi}"
        elif lo is not None:
            allowed = f"an int >= {lo}"
        elif hi is not None:
            allowed = f"an int <= {hi}"
        else:
            allowed = "an int"
        raise ValueError(f"{what} must be {allowed}, got {short_repr(value)}")
    return number


# --------------------------------------------------------------------------------------------------
# JSON: actions and state fields are built from ints, strings, bools, None and tuples.
# --------------------------------------------------------------------------------------------------

#: most levels of nesting in an action, a state field or a save file (real ones use fewer than 10)
MAX_DEPTH: Final = 32
#: longest save-file text ``load`` reads (a long game's file is some 100 kB)
MAX_SAVE_CHARS: Final = 8_000_000


def _freeze(obj: Any, depth: int = MAX_DEPTH) -> Any:
    """Turn JSON lists back into tuples (state fields and action fields are tuples).

    Raises ``ValueError`` past ``depth`` levels of nesting: input from files stays bounded. (Option
    values are frozen with their own, tighter budget in :mod:`isslab.core.options`.)
    """
    if type(obj) is not list:
        return obj
    return _freeze_fast(obj, depth)


def _freeze_fast(obj: list[Any], depth: int) -> tuple[Any, ...]:
    if depth <= 0:
        raise ValueError(f"nested more than {MAX_DEPTH} levels deep")
    return tuple(_freeze_fast(x, depth - 1) if type(x) is list else x for x in obj)


def _thaw(obj: Any, depth: int = MAX_DEPTH) -> Any:
    """Turn tuples into lists recursively so that ``json`` writes them the same way every time."""
    if isinstance(obj, tuple):
        if depth <= 0:
            raise ValueError(f"nested more than {MAX_DEPTH} levels deep")
        return [_thaw(x, depth - 1) if isinstance(x, tuple) else x for x in obj]
    return obj


def _plain(obj: Any, depth: int = MAX_DEPTH) -> Any:
    """Lists and tuples as tuples, numpy scalars as Python ones: a value from a user as a field value."""
    if isinstance(obj, list | tuple):
        if depth <= 0:
            raise ValueError(f"nested more than {MAX_DEPTH} levels deep")
        return tuple(_plain(x, depth - 1) for x in obj)
    if isinstance(obj, np.generic):
        return obj.item()
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
# Short reprs: error messages echo input, cut short
# --------------------------------------------------------------------------------------------------


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
