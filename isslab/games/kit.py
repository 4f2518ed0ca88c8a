"""The shared kit of the game packages: what every engine needs and none should write again.

- tuple updates for state fields (:func:`put`, :func:`put2`);
- the checks of hand-built positions (:func:`freeze`, :func:`per_seat`, :func:`is_int`,
  :func:`check_ints`), bounded so that a hostile keyword value (``range(10**9)``, a list nested a
  thousand deep) costs an error message, never the machine;
- the turn gate at the top of every ``illegal_reason`` (:func:`turn_gate`), so that the same
  mistake gets the same message in every game; who acts in each phase (:func:`who_acts`);
- the winners and places of a game scored by keys (:func:`leaders`, :func:`places`);
- the action number of a set drawn at once (:func:`subset_rank`), for the fixed action numbering;
- a seat's lead over its best rival, for the win-chance features of a game (:func:`add_leads`), and
  the memo of the last position asked (:func:`remember_last`), so that every seat's view asked in
  turn computes a position's features once;
- the indefinite article of a word in a text (:func:`a_or_an`): "an Atlantis", "a US back";
- the wiring of a package's modules into its ``Game<Tag>`` and ``State<Tag>`` classes by the
  skeleton's names (:func:`wired`, :data:`STATE_HOOKS`, :data:`GAME_HOOKS`), and the attributes of
  a game that read its tables (:class:`FromTables`).

Only the standard library and ``isslab.core`` are imported: every game package may import this
module, and it imports no game.
"""

from __future__ import annotations

import abc
import functools
import itertools
import operator
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from math import comb
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar, overload

from isslab.core import CHANCE, TERMINAL, Action, Game, State, short_repr

__all__ = [
    "ACTOR",
    "GAME_HOOKS",
    "MAX_ITEMS",
    "STATE_HOOKS",
    "FromTables",
    "WiredState",
    "a_or_an",
    "add_leads",
    "check_ints",
    "drop",
    "freeze",
    "freeze_keywords",
    "is_int",
    "leaders",
    "per_seat",
    "places",
    "put",
    "put2",
    "remember_last",
    "subset_rank",
    "turn_gate",
    "who_acts",
    "wired",
]

_T = TypeVar("_T")
_S = TypeVar("_S")
_C = TypeVar("_C", bound=type)

#: The most items one sequence of a hand-built position may hold (the largest state field, the
#: 1998 ISS experiment deck, holds a few hundred).
MAX_ITEMS = 10_000


def a_or_an(word: str) -> str:
    """``word`` with its indefinite article: ``"an Atlantis"``, ``"an advanced"``, ``"a Soyuz"``.

    By the first sound as our texts use it: a, e, i, o and the numbers 8, 11 and 18 take "an"; a u
    does not (``"a US back"``).
    """
    number = word.split(" ", 1)[0]
    an = (bool(word) and word[0] in "AEIOaeio") or number.startswith("8") or number in ("11", "18")
    return f"{'an' if an else 'a'} {word}"


def put(t: tuple[_T, ...], i: int, v: _T) -> tuple[_T, ...]:
    """``t`` with item ``i`` replaced by ``v``."""
    # through a list: two allocations instead of the three of ``t[:i] + (v,) + t[i + 1:]``
    out = list(t)
    out[i] = v
    return tuple(out)


def subset_rank(items: Sequence[int]) -> int:
    """The rank of a set of distinct non-negative ints, given in increasing order, among the sets of its size.

    The combinatorial number system: the sets of ``k`` items out of ``n`` get the ranks 0 to
    ``comb(n, k) - 1``, in colexicographic order, so a draw of ``k`` cards is one number.
    """
    return sum(comb(x, i + 1) for i, x in enumerate(items))


def add_leads(
    f: dict[str, float],
    rivals: Sequence[Mapping[str, float]],
    keys: Iterable[str],
    split: Collection[str] = (),
) -> None:
    """Add to a seat's features ``f`` its lead over the best of ``rivals`` for each ``game.<key>``.

    The lead is ``game.<key>@lead``; a key in ``split`` also gets ``@ahead`` and ``@behind`` (the lead
    cut at zero from below and from above), so that a linear model can weigh a lead and a deficit apart.
    """
    for key in keys:
        name = f"game.{key}"
        gap = f[name] - max(r[name] for r in rivals)
        f[f"{name}@lead"] = gap
        if key in split:
            f[f"{name}@ahead"] = max(gap, 0.0)
            f[f"{name}@behind"] = min(gap, 0.0)


def leaders(keys: Sequence[Any], seats: int | None = None) -> tuple[int, ...]:
    """The seats whose key is the best of all ``keys``, in order (several on a tie: a shared win).

    ``keys[s]`` ranks seat ``s`` (a score, or a tuple of a score and its tie-breaks); with ``seats``
    only the first ``seats`` entries are seats (the others, such as an automaton's, can still lead).
    """
    best = max(keys)
    return tuple(s for s in range(len(keys) if seats is None else seats) if keys[s] == best)


def places(keys: Sequence[Any], seats: int | None = None) -> tuple[int, ...]:
    """Each seat's finishing place by ``keys``: 1 + the entries strictly better (ties share a place).

    ``seats`` as in :func:`leaders`.
    """
    return tuple(
        1 + sum(1 for other in keys if other > keys[s]) for s in range(len(keys) if seats is None else seats)
    )


def with_own_entry(
    public: Sequence[Mapping[str, float]],
    observer: int,
    weight: float,
    own: Callable[[], Mapping[str, float]],
) -> list[dict[str, float]]:
    """Every seat's win features seen by ``observer``: the ``public`` ones (copied), and in the
    observer's own entry its private facts ``own()`` too, times ``weight`` (no seat: public only)."""
    out = [dict(f) for f in public]
    if 0 <= observer < len(out):
        out[observer].update({k: v * weight for k, v in own().items()})
    return out


def remember_last(fn: Callable[[_S], _T]) -> Callable[[_S], _T]:
    """``fn`` of one position, its answer remembered for the last position asked.

    By identity: a state never changes, and the one remembered is kept alive, so its ``id`` is never
    reused while it is remembered.
    """
    last: list[Any] = []

    @functools.wraps(fn)
    def remembered(st: _S) -> _T:
        if last and last[0] is st:
            got: _T = last[1]
            return got
        out = fn(st)
        last[:] = [st, out]
        return out

    return remembered


def drop(t: tuple[_T, ...], v: _T) -> tuple[_T, ...]:
    """``t`` without its first item equal to ``v`` (``ValueError`` if there is none)."""
    i = t.index(v)
    return t[:i] + t[i + 1 :]


def put2(t: tuple[tuple[_T, ...], ...], i: int, j: int, v: _T) -> tuple[tuple[_T, ...], ...]:
    """``t`` with item ``[i][j]`` replaced by ``v``."""
    # :func:`put` written out twice: no Python call on a hot path of every game
    row = list(t[i])
    row[j] = v
    out = list(t)
    out[i] = tuple(row)
    return tuple(out)


def freeze(value: Any, depth: int = 8, max_items: int = MAX_ITEMS) -> Any:
    """Lists (and other iterables but strings and mappings) to tuples, recursively.

    Raises ``ValueError`` for a value nested more than ``depth`` levels or a sequence of more than
    ``max_items`` items, without expanding it first (``range(10**9)`` is refused at once).
    """
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        return value
    if depth <= 0:
        raise ValueError("a position field nested too deep (state fields nest a few levels at most)")
    if isinstance(value, Collection):
        if len(value) > max_items:
            raise ValueError(f"a position field of {len(value):,} items (at most {max_items:,})")
        items: Iterable[Any] = value
    else:  # an iterator: take one more than allowed, to see whether it is too long
        items = list(itertools.islice(value, max_items + 1))
        if len(items) > max_items:
            raise ValueError(f"a position field of more than {max_items:,} items")
    return tuple(freeze(v, depth - 1, max_items) for v in items)


def freeze_keywords(
    keywords: Mapping[str, Any], depth: int = 8, max_items: int = MAX_ITEMS
) -> dict[str, Any]:
    """The keywords of ``Game.position`` with every value bounded and frozen, before anything reads them.

    Sequences (and other iterables but strings) become tuples and mappings dicts, at any depth;
    each keyword's value may hold ``max_items`` items in all and nest ``depth`` levels. Raises
    ``ValueError`` naming the keyword, without expanding a long iterable first (``range(10**9)``).
    """
    out: dict[str, Any] = {}
    for name, value in keywords.items():
        try:
            out[name] = _freeze_counted(value, depth, [max_items], max_items)
        except ValueError as exc:
            raise ValueError(f"position keyword {name}: {exc}") from None
        except RecursionError:
            raise ValueError(f"position keyword {name}: nested too deep") from None
    return out


def _freeze_counted(value: Any, depth: int, left: list[int], most: int) -> Any:
    """``value`` frozen; ``left[0]``: the items still allowed of ``most`` (the whole keyword value's)."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable | Mapping):
        return value
    if depth <= 0:
        raise ValueError("nested too deep (state fields nest a few levels at most)")
    too_many = ValueError(f"more than {most:,} items in all (a position holds a few hundred)")
    if isinstance(value, Collection) and len(value) > left[0]:
        raise too_many
    items = list(itertools.islice(value.items() if isinstance(value, Mapping) else value, left[0] + 1))
    left[0] -= len(items)
    if left[0] < 0:
        raise too_many
    if isinstance(value, Mapping):
        return {k: _freeze_counted(v, depth - 1, left, most) for k, v in items}
    return tuple(_freeze_counted(v, depth - 1, left, most) for v in items)


def is_int(v: Any, lo: int | None = None, hi: int | None = None) -> bool:
    """Whether ``v`` is an int (not a bool) within ``lo`` and ``hi`` (either may be None)."""
    if isinstance(v, bool) or not isinstance(v, int):
        return False
    return (lo is None or v >= lo) and (hi is None or v <= hi)


def check_ints(
    problems: list[str], name: str, value: Any, length: int | None, lo: int = 0, hi: int | None = None
) -> bool:
    """Note a problem in ``problems`` unless ``value`` is a tuple of ``length`` ints from ``lo`` to
    ``hi`` (``length`` None: any length); return whether it is."""
    if not isinstance(value, tuple) or (length is not None and len(value) != length):
        want = "a tuple" if length is None else f"{length} entries"
        problems.append(f"{name} needs {want}, got {short_repr(value)}")
        return False
    for v in value:
        if not is_int(v, lo, hi):
            bound = f"from {lo}" + ("" if hi is None else f" to {hi}")
            problems.append(f"{name} holds {short_repr(v)}, not an int {bound}")
            return False
    return True


def per_seat(name: str, value: Any, n: int, names: Sequence[str] = ()) -> dict[int, Any]:
    """``value`` as ``{seat: entry}``: a sequence of one entry per seat, or a mapping from seats
    (indices, or the ``names`` of the seats) to entries; the seats a mapping leaves out are absent.

    Raises ``ValueError`` naming ``name`` for anything else.
    """
    if isinstance(value, Mapping):
        if len(value) > n:
            raise ValueError(f"{name} has {len(value)} entries for {n} seats")
        out: dict[int, Any] = {}
        for s, v in value.items():
            if isinstance(s, str) and s in names[:n]:
                s = list(names).index(s)
            if not is_int(s, 0, n - 1):
                also = f" or a name ({', '.join(names[:n])})" if names else ""
                raise ValueError(f"{name}: {short_repr(s)} is not a seat (0 to {n - 1}{also})")
            out[s] = v
        return out
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ValueError(f"{name} needs one entry per seat or a dict seat -> entry, got {short_repr(value)}")
    if isinstance(value, Collection) and len(value) != n:
        raise ValueError(f"{name} needs {n} entries (one per seat), got {len(value):,}")
    items = list(itertools.islice(value, n + 1))
    if len(items) != n:
        raise ValueError(f"{name} needs {n} entries (one per seat)")
    return dict(enumerate(items))


#: in a ``WHO`` table (:func:`who_acts`): the phase is a decision of the state's ``actor``
ACTOR: Final = 0


def who_acts(phases: Iterable[int], chance: Collection[int], over: int) -> tuple[int, ...]:
    """Who acts in each phase, in phase order: ``CHANCE`` in the ``chance`` phases, ``TERMINAL`` in
    ``over``, and ``ACTOR`` (the state's ``actor`` decides) in the others."""
    return tuple(CHANCE if p in chance else TERMINAL if p == over else ACTOR for p in phases)


def turn_gate(
    current: int,
    action: Any,
    *,
    chance_types: Collection[type],
    phases_of: Mapping[type, Collection[int]],
    phase: int,
    phase_text: Callable[[int], str],
    who: Callable[[int], str],
    over: str = "the game is over",
) -> str | None:
    """The checks every ``illegal_reason`` starts with, in one order and with one wording.

    In order: the game is over; a chance outcome offered to a player, or a player's action while
    chance acts; an action of another phase; an action of another seat (``action.seat``). Returns
    the first rule broken, or None when the action passes the gate (the game's own checks follow).
    An action type that ``phases_of`` does not list passes the phase check; a seat that ``who``
    cannot name (negative, or an ``IndexError`` or ``KeyError``: out of range) is shown as
    ``seat <n>``.
    """
    kind = type(action)
    if current == TERMINAL:
        return over
    if kind in chance_types:
        if current != CHANCE:
            now = phase_text(phase)
            return f"{kind.__name__} is a chance outcome, and it is {who(current)}'s decision ({now})"
        return None
    if current == CHANCE:
        return f"chance acts now ({phase_text(phase)}), not a player"
    phases = phases_of.get(kind)
    if phases is not None and phase not in phases:
        names = " or ".join(phase_text(p) for p in phases)
        return f"{kind.__name__} belongs to {names}; now: {phase_text(phase)}"
    seat = getattr(action, "seat", current)
    if seat != current:
        try:
            other = who(seat) if is_int(seat, 0) else None
        except (IndexError, KeyError):  # no such seat
            other = None
        if other is None:
            other = f"seat {short_repr(seat)}"
        return f"it is {who(current)}'s decision, not {other}'s"
    return None


# --------------------------------------------------------------------------------------------------
# the wiring of a game package's modules into its classes
# --------------------------------------------------------------------------------------------------

#: what a ``State<Tag>`` takes from its package: (attribute, module, function), in the skeleton's names
STATE_HOOKS: Final[tuple[tuple[str, str, str], ...]] = (
    ("_legal_actions", "legal", "legal_actions"),
    ("_offered", "legal", "offered"),
    ("_chance_outcomes", "legal", "chance_outcomes"),
    ("_illegal_reason", "legal", "illegal_reason"),
    ("_apply", "steps", "apply"),
    ("_check_position", "positions", "check_position"),
    ("_view", "view", "view"),
    ("__str__", "view", "render"),
    ("key_numbers", "view", "key_numbers"),
    ("goal", "view", "goal"),
    ("standing", "view", "standing"),
    ("headline", "view", "headline"),
    ("resample_hidden", "hidden", "resample_hidden"),
    ("returns", "scoring", "returns"),
    ("winners", "scoring", "winners"),
    ("ranks", "scoring", "ranks"),
    ("seat_stats", "scoring", "seat_stats"),
    ("game_stats", "scoring", "game_stats"),
    ("win_features", "features", "win_features"),
)
#: what a ``Game<Tag>`` takes from its package
GAME_HOOKS: Final[tuple[tuple[str, str, str], ...]] = (
    ("position", "positions", "build"),
    ("num_distinct_actions", "numbering", "num_distinct_actions"),
    ("max_chance_outcomes", "numbering", "max_chance_outcomes"),
    ("action_index", "numbering", "action_index"),
)


class WiredState(State):
    """The base of a game's ``State<Tag>`` whose hooks :func:`wired` binds from the package's modules.

    It adds nothing at run time (no slot, no method); it tells the type checker that the hooks the
    core leaves abstract are there, since they are bound by the decorator, not written in the class.
    """

    __slots__ = ()

    if TYPE_CHECKING:

        def _legal_actions(self) -> list[Action]:
            raise NotImplementedError

        def _chance_outcomes(self) -> list[tuple[Action, float]]:
            raise NotImplementedError

        def _apply(self, action: Action) -> State:
            raise NotImplementedError

        def returns(self) -> tuple[float, ...]:
            raise NotImplementedError

        def winners(self) -> tuple[int, ...]:
            raise NotImplementedError

        def _view(self, seat: int) -> dict[str, Any]:
            raise NotImplementedError

        def __str__(self) -> str:
            raise NotImplementedError


def wired(*modules: ModuleType) -> Callable[[_C], _C]:
    """Class decorator: bind the functions of a game package's ``modules`` to its ``Game<Tag>`` or
    ``State<Tag>`` class (a :class:`WiredState`), by the skeleton's names (:data:`GAME_HOOKS`,
    :data:`STATE_HOOKS`).

    ``@wired(legal, steps, view)`` on a state class sets ``_legal_actions = legal.legal_actions``,
    ``_apply = steps.apply``, ``__str__ = view.render`` and the rest: the functions themselves, so
    a call costs what a method written in the class costs. A hook whose module is not given, or
    which the module does not define, is left to the base class; a name the class defines itself
    (a method with a check of its own, a module function of another name) is kept. With the
    ``features`` module the state's ``WIN_FEATURES_VERSION`` is that module's ``VERSION``.
    """
    by_name = {m.__name__.rpartition(".")[2]: m for m in modules}

    def bind(cls: _C) -> _C:
        if issubclass(cls, WiredState):
            hooks = STATE_HOOKS
        elif issubclass(cls, Game):
            hooks = GAME_HOOKS
        else:
            raise TypeError(f"wired binds a Game or a WiredState class, not {cls.__name__}")
        for attr, module, function in hooks:
            source = by_name.get(module)
            if source is not None and attr not in cls.__dict__ and hasattr(source, function):
                setattr(cls, attr, getattr(source, function))
        features = by_name.get("features")
        if features is not None and "WIN_FEATURES_VERSION" not in cls.__dict__:
            setattr(cls, "WIN_FEATURES_VERSION", features.VERSION)  # noqa: B010 (not every class declares it)
        abc.update_abstractmethods(cls)  # the hooks bound here are no longer abstract
        return cls

    return bind


class FromTables(Generic[_T]):
    """A read-only attribute of a game that reads ``game.tables.<the same name>``.

    The rules read ``tables``; the boards, bots, notebooks and tests read the game:
    ``rings = FromTables[int]("Rings of dots around the hub.")`` in ``Game1999`` makes
    ``game.rings`` mean ``game.tables.rings``.
    """

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self._get: Callable[[Any], _T] = operator.attrgetter("tables")

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self._get = operator.attrgetter(f"tables.{name}")  # a C getter: as fast as a plain property

    @overload
    def __get__(self, game: None, owner: type | None = None) -> FromTables[_T]: ...

    @overload
    def __get__(self, game: object, owner: type | None = None) -> _T: ...

    def __get__(self, game: object, owner: type | None = None) -> _T | FromTables[_T]:
        if game is None:
            return self
        return self._get(game)
