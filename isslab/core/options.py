"""Options: one named, documented, validated value of a game (players, a component value, a reading).

One rule for the numbers given to every option, whatever its kind, so that a value typed by hand,
computed in a notebook or read from a save file is taken or refused the same way:

- an **int** option (or an int entry of a tuple option) takes Python and numpy integers; a float is
  refused, even ``4.0`` ("give an int"), since a float where a count belongs is almost always a
  mistake (``players / 2``);
- a **float** option takes ints and floats (numpy's too), finite ones only;
- a **bool** option takes ``True`` and ``False`` (numpy's too), not ``0`` and ``1``;
- a **str** option takes strings only;
- a string is never read as a number: the command line and the lab parse their text themselves.

Values come back canonical (Python ints, floats and bools; tuples for sequences), so equal options
spelled differently make one game.
"""

from __future__ import annotations

import itertools
import math
import numbers
import operator
from collections.abc import Iterable, Mapping, Sized
from dataclasses import KW_ONLY, dataclass
from typing import Any, Final

import numpy as np

from isslab.core.values import _short

__all__ = [
    "MAX_OPTION_DEPTH",
    "MAX_OPTION_INT",
    "MAX_OPTION_ITEMS",
    "MAX_OPTION_TEXT",
    "Option",
    "missing_bounds",
]

#: bounds every option value obeys, whatever its declaration: the generic safety net under the
#: per-option bounds (a save file is mailed around and uploaded; an option must not cost the machine)
MAX_OPTION_INT: Final = 10**9
#: most numbers and strings in one tuple option (a table counts every cell)
MAX_OPTION_ITEMS: Final = 1000
#: most levels of nesting in one tuple option (a table of rows of tuples is 3)
MAX_OPTION_DEPTH: Final = 4
#: longest string in an option value
MAX_OPTION_TEXT: Final = 200


class _Wrong(Exception):
    """A value of the wrong kind, with the hint that says what to give instead."""

    def __init__(self, hint: str) -> None:
        super().__init__(hint)
        self.hint = hint


def _kind_name(example: Any) -> str:
    """The kind of an option's default: ``bool``, ``int``, ``float``, ``str`` or ``tuple``."""
    for kind in (bool, int, float, str, tuple):
        if isinstance(example, kind):
            return kind.__name__
    return type(example).__name__


def _hint(value: Any, kind: str) -> str:
    """What to give instead of ``value`` where a ``kind`` belongs (part of the refusal message)."""
    if isinstance(value, str):
        return "a string: give the value itself, not its text"
    if kind == "int" and isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_):
        number = float(value)
        if math.isfinite(number) and number == int(number):
            return f"a float: give an int ({int(number)}, not {_short(value, 30)})"
        return "a float: give an int"
    if kind == "bool":  # "use True or False" follows in the message
        return ""
    if kind in ("int", "float") and isinstance(value, bool | np.bool_):
        return f"a bool: give {'an int' if kind == 'int' else 'a number'}"
    return ""


def _conform(value: Any, example: Any) -> Any:
    """``value`` in the canonical form of ``example``'s kind, or ``_Wrong`` with a hint."""
    kind = _kind_name(example)
    if kind == "bool":
        if isinstance(value, bool | np.bool_):
            return bool(value)
    elif kind == "int":
        if not isinstance(value, bool | np.bool_):
            try:
                number = operator.index(value)  # Python and numpy integers; never a float
            except TypeError:
                pass
            else:
                if abs(number) > MAX_OPTION_INT:  # the safety net of every int, wherever it stands
                    raise _Wrong("")
                return number
    elif kind == "float":
        if isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_):
            try:
                real = float(value)
            except OverflowError:  # an int too big for a float
                raise _Wrong("") from None
            if not math.isfinite(real):
                raise _Wrong("")
            return real
    elif kind == "str":
        if isinstance(value, str):
            if len(value) > MAX_OPTION_TEXT:
                raise _Wrong("")
            return str(value)
    else:  # a default of another kind (None in a table cell): the generic bounds only
        return value
    raise _Wrong(_hint(value, kind))


@dataclass(frozen=True)
class Option:
    """One named, documented, validated option of a game (players, a component value, a variant).

    Numbers take ``min``/``max`` (every int option should declare both; ``choices`` also bounds it).
    Tuple options take ``min_len``/``max_len`` (the number of entries; without either, exactly as many
    as the default has) and ``item_min``/``item_max`` (bounds of each number in a flat tuple). For a
    tuple, a bare ``min`` is the older spelling of ``min_len`` with no upper length. Whatever the
    declaration, no value may exceed the safety net above (``MAX_OPTION_*``). Values follow the rule
    for numbers in this module's docstring (an int option refuses ``4.0``; a bool option ``1``).
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
        if isinstance(default, tuple):
            return self._validate_tuple(value)
        try:
            value = _conform(value, default)
        except _Wrong as wrong:
            raise self._bad(value, wrong.hint) from None
        if self.choices is not None and value not in self.choices:
            raise self._bad(value)
        if self.min is not None and value < self.min:
            raise self._bad(value)
        if self.max is not None and value > self.max:
            raise self._bad(value)
        return value

    def _bad(self, value: Any, hint: str = "") -> ValueError:
        why = f" ({hint})" if hint else ""
        shown = _short(value, 100)
        return ValueError(f"option {self.name}={shown} is not allowed{why}: use {self.allowed()}")

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
            frozen: tuple[Any, ...] = _freeze_counted(entries, MAX_OPTION_DEPTH, [MAX_OPTION_ITEMS])
        except ValueError as exc:
            raise ValueError(f"option {self.name}={_short(value, 100)} is not allowed: {exc}") from None
        default = self.default
        if not default:
            return frozen
        try:
            frozen = _conform_cells(frozen, default, ())
        except _CellWrong as wrong:
            raise self._bad(value, wrong.hint) from None
        example = default[0]
        if isinstance(example, int | float) and not isinstance(example, bool):
            imin, imax = self.item_min, self.item_max
            if any((imin is not None and v < imin) or (imax is not None and v > imax) for v in frozen):
                raise self._bad(value)
        return frozen


class _CellWrong(Exception):
    """A cell of a tuple option of the wrong kind, with where it is and what to give instead."""

    def __init__(self, hint: str) -> None:
        super().__init__(hint)
        self.hint = hint


def _where(path: tuple[int, ...]) -> str:
    """``entry 3``, or ``row 2, entry 3`` in a table, ``row 2, entry 5, item 1`` below that."""
    if len(path) == 1:
        return f"entry {path[0] + 1}"
    words = ["row", "entry", *["item"] * (len(path) - 2)]
    return ", ".join(f"{w} {i + 1}" for w, i in zip(words, path, strict=True))


def _conform_cells(value: Any, example: Any, path: tuple[int, ...]) -> Any:
    """``value`` with every cell in the canonical form of the cell of ``example`` in its place.

    A sequence whose entries share one kind (a flat tuple of ints, the rows of a table) is read
    entry by entry against its first entry; a row of mixed kinds (a name, then numbers) cell by
    cell when it has as many cells as the example (a row of another length is the game's to judge).
    """
    if isinstance(example, tuple):
        if not isinstance(value, tuple):
            if not path:  # the whole value is a sequence already; its rows are not
                return value
            raise _CellWrong(f"{_where(path)} is {_short(value, 30)}: give a sequence")
        if not example:
            return value
        first = example[0]
        kind = _kind_name(first)
        # (0.5, 1) is a sequence of floats: an int among floats reads as a float
        same = all(_kind_name(x) == kind or (kind == "float" and _kind_name(x) == "int") for x in example)
        if same:
            return tuple(_conform_cells(v, first, (*path, i)) for i, v in enumerate(value))
        if len(value) != len(example):
            return value
        pairs = enumerate(zip(value, example, strict=True))
        return tuple(_conform_cells(v, e, (*path, i)) for i, (v, e) in pairs)
    try:
        return _conform(value, example)
    except _Wrong as wrong:
        why = f", {wrong.hint}" if wrong.hint else ""
        raise _CellWrong(f"{_where(path)} is {_short(value, 30)}{why}") from None


def _freeze_counted(obj: Any, depth: int, budget: list[int]) -> Any:
    """Lists, tuples and numpy arrays as tuples, numpy scalars as Python ones, within a budget.

    Raises ``ValueError`` past ``depth`` levels of nesting, past the budget of numbers and strings
    in all, and for a string longer than ``MAX_OPTION_TEXT``: input from files and users stays bounded.
    """
    if isinstance(obj, np.ndarray):
        if obj.size > budget[0]:
            raise ValueError(f"more than {MAX_OPTION_ITEMS} numbers and strings in all")
        obj = obj.tolist()
    if type(obj) is list or type(obj) is tuple:
        if depth <= 0:
            raise ValueError(f"nested more than {MAX_OPTION_DEPTH} levels deep")
        return tuple(_freeze_counted(x, depth - 1, budget) for x in obj)
    if isinstance(obj, np.generic):
        obj = obj.item()
    if obj is not None and not isinstance(obj, int | float | str):
        raise ValueError(f"{type(obj).__name__} values are not allowed (use numbers, strings, lists)")
    budget[0] -= 1
    if budget[0] < 0:
        raise ValueError(f"more than {MAX_OPTION_ITEMS} numbers and strings in all")
    if isinstance(obj, str) and len(obj) > MAX_OPTION_TEXT:
        raise ValueError(f"a string of {len(obj)} characters (at most {MAX_OPTION_TEXT})")
    return obj


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
