"""The search space of ``isslab.tune``: the options (and entries of tuple options) it varies, with ranges.

``over`` maps a name to the values it may take:

* ``"eagles": (2, 6)`` - a tuple of two numbers is a range, ends included: whole numbers for an int
  option, any number between for a float option;
* ``"eagles": range(2, 7, 2)`` - a range of whole numbers with a step;
* ``"green_turns": ["clockwise", "counterclockwise"]`` - a list is a choice among its values (what
  a choice or True/False option, or a whole tuple option, takes);
* ``"shuttle_copies[0]": (1, 6)`` - one entry of a tuple option (``missions[2][3]`` for a cell of
  a table option); the option's other entries keep their value;
* ``"variant": ["space-1999", "space-1999/catch-up"]`` - which rules: the game and its variants
  (``isslab.variant``), each played with the same options.

Every value is checked against the option before any game is played: a range's ends and every
listed value must be values the option allows, else a ``ValueError`` names the option and what it
allows.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import isslab.checks as checks
from isslab.core import Option, game_class, games, short_repr

__all__ = ["MAX_PARAMS", "Param", "check_over", "options_of", "space_size"]

#: most names one search varies
MAX_PARAMS: Final = 20
#: most values a list of choices holds
MAX_CHOICES: Final = 1000
#: ``name[3]`` or ``name[3][1]``: an entry of a tuple option
_ENTRY: Final = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)((?:\[\d+\])+)$")
#: the name of the rules choice
VARIANT: Final = "variant"


@dataclass(frozen=True)
class Param:
    """One name of ``over``: the option (and entry) it sets and the values it may take."""

    name: str
    #: the option it sets (None for the rules choice ``variant``)
    option: str | None
    #: the entry of a tuple option, outermost index first (empty: the whole option)
    path: tuple[int, ...]
    #: ``int`` or ``float`` (a range) or ``choice`` (a list)
    kind: str
    low: float = 0.0
    high: float = 0.0
    step: int = 1
    choices: tuple[Any, ...] = ()

    @property
    def size(self) -> float:
        """How many values it may take (``inf`` for a range of numbers)."""
        if self.kind == "choice":
            return len(self.choices)
        if self.kind == "int":
            return (int(self.high) - int(self.low)) // self.step + 1
        return math.inf

    def label(self, value: Any) -> Any:
        """A value as the optimiser stores it (a tuple as its JSON text)."""
        return json.dumps(checks.plain(value)) if isinstance(value, tuple) else value

    def suggest(self, trial: Any) -> Any:
        """The value an Optuna trial proposes."""
        if self.kind == "int":
            return trial.suggest_int(self.name, int(self.low), int(self.high), step=self.step)
        if self.kind == "float":
            return trial.suggest_float(self.name, self.low, self.high)
        labels = [self.label(c) for c in self.choices]
        picked = trial.suggest_categorical(self.name, labels)
        return self.choices[labels.index(picked)]

    def read(self, stored: Any) -> Any:
        """A value back from the optimiser's storage (a resumed study)."""
        if self.kind == "choice":
            labels = [self.label(c) for c in self.choices]
            return self.choices[labels.index(stored)]
        return int(stored) if self.kind == "int" else float(stored)


def _option(schema: Mapping[str, Option], name: str, game_id: str) -> Option:
    if name not in schema:
        raise ValueError(
            f"over: {short_repr(name, 40)} is not an option of {game_id}; "
            f"the options are: {', '.join(schema)}"
        )
    return schema[name]


def _entry(value: Any, path: Sequence[int]) -> Any:
    for i in path:
        value = value[i]
    return value


def _with_entry(value: tuple[Any, ...], path: Sequence[int], entry: Any) -> tuple[Any, ...]:
    """``value`` with the entry at ``path`` replaced (tuples all the way)."""
    head, rest = path[0], path[1:]
    new = _with_entry(value[head], rest, entry) if rest else entry
    return (*value[:head], new, *value[head + 1 :])


def _check_entry(name: str, opt: Option, current: Any, path: tuple[int, ...]) -> Any:
    """The current value of an entry of a tuple option; ``ValueError`` for an entry it does not have."""
    value = current
    for depth, i in enumerate(path):
        if not isinstance(value, tuple) or i >= len(value):
            where = "".join(f"[{j}]" for j in path[:depth])
            size = len(value) if isinstance(value, tuple) else 0
            raise ValueError(
                f"over: {name}: option {opt.name}{where} has {size} entries (0 to {size - 1}), "
                f"so there is no entry [{i}]"
                if isinstance(value, tuple)
                else f"over: {name}: option {opt.name}{where} is not a tuple: it has no entries"
            )
        value = value[i]
    if isinstance(value, tuple):
        raise ValueError(f"over: {name} is a tuple itself: name one of its entries, like {name}[0]")
    return value


def _validated(opt: Option, current: Any, path: tuple[int, ...], value: Any, name: str) -> Any:
    """``value`` for the option (or its entry) in canonical form; the option's own ``ValueError`` else."""
    if not path:
        return opt.validate(value)
    try:
        return _entry(opt.validate(_with_entry(current, path, value)), path)
    except ValueError as exc:
        raise ValueError(f"over: {name}={short_repr(value, 40)}: {exc}") from None


def _numbers(value: Any) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)


def _param(name: str, spec: Any, opt: Option, current: Any, path: tuple[int, ...]) -> Param:
    example = _entry(current, path) if path else opt.default
    whole = isinstance(example, int) and not isinstance(example, bool)
    if isinstance(spec, range):
        if not whole:
            raise ValueError(f"over: {name}: a range is for an int option, and {opt.name} is not one")
        if len(spec) == 0:
            raise ValueError(f"over: {name}: {spec!r} holds no value")
        for end in (spec[0], spec[-1]):
            _validated(opt, current, path, end, name)
        return Param(name, opt.name, path, "int", spec[0], spec[-1], abs(spec.step))
    if isinstance(spec, tuple) and len(spec) == 2 and _numbers(spec):
        lo, hi = spec
        if not whole and not isinstance(example, float):
            raise ValueError(
                f"over: {name}: a range (low, high) is for a number option; give a list of the values "
                f"of {opt.name} to choose from"
            )
        if not lo < hi:
            raise ValueError(
                f"over: {name}: a range (low, high) needs low < high, got {short_repr(spec, 40)}"
            )
        if whole and not (isinstance(lo, int) and isinstance(hi, int)):
            raise ValueError(
                f"over: {name}: {opt.name} takes whole numbers, so its range needs whole ends, got "
                f"{short_repr(spec, 40)}"
            )
        for end in spec:
            _validated(opt, current, path, end, name)
        return Param(name, opt.name, path, "int" if whole else "float", float(lo), float(hi))
    if isinstance(spec, list):
        if not spec:
            raise ValueError(f"over: {name}: the list of values is empty")
        if len(spec) > MAX_CHOICES:
            raise ValueError(f"over: {name}: {len(spec):,} values, at most {MAX_CHOICES:,}")
        values = [_validated(opt, current, path, v, name) for v in spec]
        values = checks.distinct(f"over: {name}", values)
        return Param(name, opt.name, path, "choice", choices=tuple(values))
    raise ValueError(
        f"over: {name} takes a range (low, high), a range(...) or a list of values, "
        f"got {short_repr(spec, 60)}"
    )


def _variant_param(spec: Any, game_id: str) -> Param:
    base = game_class(game_id).VARIANT_OF or game_id
    family = [g for g in games(variants=True) if g == base or g.startswith(base + "/")]
    if not isinstance(spec, list) or not spec:
        raise ValueError(f"over: variant takes a list of game ids, like {family}, got {short_repr(spec, 60)}")
    for g in spec:
        if g not in family:
            raise ValueError(
                f"over: variant: {short_repr(g, 40)} is not {base} or one of its variants; they are: "
                f"{', '.join(family)}"
            )
    return Param(VARIANT, None, (), "choice", choices=tuple(checks.distinct("over: variant", spec)))


def check_over(over: Any, game_id: str, fixed: Mapping[str, Any]) -> list[Param]:
    """``over`` checked against the game: known names, none also fixed, every value allowed."""
    if not isinstance(over, Mapping) or not over:
        raise ValueError(
            "over must be a dict of option -> range or values, like {'eagles': (2, 6)}, "
            f"got {short_repr(over, 60)}"
        )
    names = checks.mapping_keys("over", over)
    if len(names) > MAX_PARAMS:
        raise ValueError(f"over names {len(names)} options; at most {MAX_PARAMS} are searched at once")
    schema = {o.name: o for o in game_class(game_id).OPTIONS}
    resolved = game_class(game_id).resolve_options(fixed)
    params: list[Param] = []
    for name in names:
        if name == VARIANT:
            params.append(_variant_param(over[name], game_id))
            continue
        m = _ENTRY.match(name)
        option = m.group(1) if m else name
        opt = _option(schema, option, game_id)
        if option in fixed:
            raise ValueError(
                f"over: option {option} is also fixed (={short_repr(fixed[option], 30)}): give it once"
            )
        path = tuple(int(i) for i in re.findall(r"\d+", m.group(2))) if m else ()
        current = resolved[option]
        if path:
            _check_entry(name, opt, current, path)
        params.append(_param(name, over[name], opt, current, path))
    whole = [p.option for p in params if p.option and not p.path]
    for p in params:
        if p.path and p.option in whole:
            raise ValueError(f"over: {p.name} and {p.option} both set option {p.option}: give one of them")
    return params


def options_of(
    params: Sequence[Param], values: Sequence[Any], game_id: str, fixed: Mapping[str, Any]
) -> tuple[str, dict[str, Any]]:
    """The game id and the options of one candidate: ``fixed`` with the searched values set."""
    gid = game_id
    resolved = game_class(game_id).resolve_options(fixed)
    opts = dict(fixed)
    for p, v in zip(params, values, strict=True):
        if p.option is None:
            gid = v
        elif p.path:
            base = opts.get(p.option, resolved[p.option])
            opts[p.option] = _with_entry(base, p.path, v)
        else:
            opts[p.option] = v
    return gid, opts


def space_size(params: Sequence[Param]) -> float:
    """The number of settings the space holds (``inf`` when a float range is in it)."""
    return math.prod(p.size for p in params)
