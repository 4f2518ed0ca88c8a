"""Variants: a game with one rule changed, registered under an id such as ``space-1999/catch-up``.

:func:`variant` is the registering call; its docstring is the tutorial. A variant is a subclass of
the base game's State (or Game) that overrides the step it changes; this module builds the classes
that play it, registers them, and carries the definition to worker processes that lack it (the
definition travels by value with ``cloudpickle``, so a rule written in a notebook cell plays on
``workers=2`` and on a Dask cluster as well as here).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import keyword
import math
import os
import pickle
import re
import time
import uuid
import warnings
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar, cast

from isslab.core import registry
from isslab.core.game import Game, State
from isslab.core.values import Memo, _freeze, _plain, _short, _thaw

__all__ = ["variant"]

#: lower-case words of letters and digits joined by single hyphens, like the game ids
_NAME: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: longest variant name, and longest name of a new state field
MAX_VARIANT_NAME: Final = 40
MAX_FIELD_NAME: Final = 40
#: longest JSON text of a new field's start value (every state and every save carries it)
MAX_FIELD_CHARS: Final = 100_000
#: this process, told apart from its forked children (same module state, another pid) and from
#: processes on other machines (another import): a definition made here is this process's own
_PROCESS: Final = uuid.uuid4().hex

_R = TypeVar("_R", bound=type)


@dataclasses.dataclass(frozen=True, eq=False)
class _Definition:
    """What defines a variant: all a worker process needs to build and register it again."""

    base: str
    name: str
    #: the class written by the user: a subclass of the base's State (or of its Game)
    rules: type
    #: the new state fields and their values in ``new_state()``
    fields: tuple[tuple[str, Any], ...]
    #: new action types (NamedTuples under ``@action_type``)
    actions: tuple[type, ...]
    doc: str
    #: which definition this is, wherever it travels (a cell run again makes another)
    token: str = dataclasses.field(default_factory=lambda: uuid.uuid4().hex)
    #: when it was made (nanoseconds): of two definitions of one name, the later one is current
    made: int = dataclasses.field(default_factory=time.time_ns)
    #: the process that made it (``_PROCESS`` and its pid): that process's registry is the authority
    origin: tuple[str, int] = dataclasses.field(default_factory=lambda: (_PROCESS, os.getpid()))

    @property
    def id(self) -> str:
        """The variant's game id, ``base/name``."""
        return f"{self.base}/{self.name}"


def variant(
    base: str,
    name: str,
    *,
    fields: Mapping[str, Any] | None = None,
    actions: Sequence[type] = (),
    doc: str | None = None,
    replace: bool = False,
) -> Callable[[_R], _R]:
    """Register a variant of game ``base``: a class decorator over the rule you change.

    A variant is the game with one step played differently. Write a subclass of the game's State
    that overrides the method of that step, and decorate it: the variant gets the id
    ``f"{base}/{name}"`` and then works wherever a game id does (``isslab.make``, ``play``,
    ``simulate`` with any ``workers``, a Dask cluster, ``sweep``, ``compare``, ``metrics``, the game
    view, ``isslab.games(variants=True)``, save files).

    **Which method to override.** Every State has the same few steps (``help(isslab.State)``):

    - ``_legal_actions()``: the moves offered (a seat's, or chance outcomes at a chance node);
    - ``_chance_outcomes()``: the outcomes of a roll or draw, with probabilities;
    - ``_apply(action)``: the next state; call ``super()._apply(action)`` and change the result, or
      handle the actions whose rule you change and leave the others to ``super()``;
    - ``returns()``, ``winners()``, ``ranks()``: the scoring.

    - ``round_first()``: the turn order, the seat that opens a round. Each game calls it where its
      rules pass the first turn (Space: 1999 once the die has turned the disc, 1969 at the end of a
      year, 1998 ISS when a round ends, Mission ISS once the setup is done; the others follow in
      seat order), so a rule such as "the nation last in prestige moves first" is one method of a
      subclass of 1969's State, ``def round_first(self): return self.pp.index(min(self.pp))``
      (notebooks 05 and 14 of the course work such rules through).

    A state is a value: build the next one with ``self._copy()`` (or ``super()._apply``) and set
    its fields, never change ``self``. The fields are listed in ``State.FIELDS`` (for Space: 1999,
    ``isslab.game_class("space-1999").STATE.FIELDS``); ints, strings, bools, None and tuples only.

    **Example: catch-up in Space: 1999.** At the die roll that ends a round, the commander furthest
    behind rolls twice and keeps the roll they like. The state needs a new field for the rolls
    made (``fields=`` gives it and its value at the start), the chance step and a new decision::

        import isslab
        from isslab.games.space_1999 import DieColour, Roll, State1999

        @isslab.variant("space-1999", "catch-up", fields={"rolled": ()})
        class CatchUp(State1999):
            \"\"\"The commander furthest behind rolls the die twice and keeps one roll.\"\"\"

            def behind(self):
                \"\"\"The one seat that stands lowest (``standing``), or None on a tie.\"\"\"
                stand = [self.standing(s) for s in range(self.game.num_players)]
                low = min(stand)
                return stand.index(low) if stand.count(low) == 1 else None

            def _legal_actions(self):
                if len(self.rolled) == 2:  # the commander keeps one of the two rolls
                    return [Roll(n, DieColour(c)) for n, c in dict.fromkeys(self.rolled)]
                return super()._legal_actions()

            def _apply(self, action):
                if len(self.rolled) == 2:  # the roll kept turns the disc as a die roll does
                    roll = self._copy()
                    roll.rolled, roll.to_move = (), isslab.CHANCE
                    return State1999._apply(roll, action)
                seat = self.behind()
                if type(action) is Roll and seat is not None:  # one of the two rolls
                    new = self._copy()
                    new.rolled = (*self.rolled, (action.number, str(action.colour)))
                    if len(new.rolled) == 2:  # both made: the commander decides
                        new.to_move = seat
                    return new  # after the first roll, still a chance node
                return super()._apply(action)

            def _view(self, seat):
                return {**super()._view(seat), "rolled": [list(r) for r in self.rolled]}

        game = isslab.make("space-1999/catch-up", players=3)
        df = isslab.simulate("space-1999/catch-up", bots="random", games=20, seed=0, players=3)

    **Bots.** The base game's bots play its variants, and ``"random"`` and the search bots play
    anything. A bot that does not know a new decision (Space: 1999's ``greedy`` reads moves, not
    rolls) needs a version for the variant, registered under the variant's id and the same name::

        @isslab.register_bot("space-1999/catch-up", "greedy")
        def greedy_catch_up(state, rng):
            \"\"\"Keep the roll that leaves me nearest to landing; else play as the greedy bot.\"\"\"
            if len(state.rolled) == 2:
                seat = state.current_player
                return min(state.legal_actions(), key=lambda r: state.game.distance(state.apply(r), seat))
            return isslab.bot("space-1999", "greedy")(state, rng)

    **Arguments.** ``name``: lower-case letters, digits and single hyphens (``catch-up``), at most 40
    characters, and not the id of a game. ``fields``: new state fields and their start values.
    ``actions``: new action types (NamedTuples under ``@isslab.action_type``; their
    ``__str__`` is the text everyone is told). ``doc``: what the variant changes (default: the
    class docstring). To change the set-up or the tables instead, decorate a subclass of the
    game's Game class (``isslab.game_class(base)``) that overrides ``new_state`` or ``_setup``.

    **Defining it again.** Running the same cell again redefines the variant (the same class name
    replaces the old definition, and games made before keep the old rules); a different class under
    a name in use is refused, unless ``replace=True``. The registry holds one definition per name:
    a game of an older definition that comes back unpickled (a record from a worker, a pickle made
    before the cell ran again) keeps the rules it was made with, and the registry keeps the current
    definition; a warning says so. ``isslab.make`` always gives the current rules.

    **Everywhere.** The definition travels to worker processes with the games (by value, so a rule
    written in a notebook cell works with ``workers=2`` and on a Dask cluster); a definition that
    cannot be pickled (a class holding a lock, an open file) is refused by ``simulate`` with
    ``workers=2`` before any worker starts. A save file names the variant; loading one in a process
    where the variant is not defined says so: run the defining code first. The game view draws the
    base game's board; a new decision (the kept roll) is played from its list of actions.
    """
    base_cls = registry.game_class(base)  # ValueError naming the games, or an undefined variant
    name = _check_name(name)
    vid = f"{base}/{name}"
    extra = _check_fields(base_cls, fields)
    new_actions = _check_actions(base_cls, actions)
    if doc is not None and not isinstance(doc, str):
        raise ValueError(f"doc must be a string saying what the variant changes, got {_short(doc, 60)}")
    if not isinstance(replace, bool):
        raise ValueError(f"replace must be True or False, got {_short(replace, 40)}")

    def register(rules: _R) -> _R:
        _check_rules(base_cls, vid, rules)
        existing = registry._GAMES.get(vid)
        old = getattr(existing, "_variant", None)
        # a definition this process only received (from a pickle) gives way to its own code
        if old is not None and not replace and _local(old) and not _same_class(old.rules, rules):
            raise ValueError(
                f"variant {vid} is already defined by {_class_name(old.rules)}; give "
                f"{_class_name(rules)} another name, or pass replace=True to define {vid} again"
            )
        text = doc if doc is not None else (rules.__doc__ or f"A variant of {base}.")
        definition = _Definition(base, name, rules, extra, new_actions, " ".join(text.split()))
        _install(definition)
        return rules

    return register


def _check_name(name: Any) -> str:
    if not isinstance(name, str) or len(name) > MAX_VARIANT_NAME or not _NAME.fullmatch(name):
        raise ValueError(
            f"variant name {_short(name, 60)} is not allowed: use lower-case letters, digits and "
            f"single hyphens, like 'catch-up' (at most {MAX_VARIANT_NAME} characters)"
        )
    if name in registry._GAMES:
        raise ValueError(
            f"variant name {name!r} is the id of a game: {name}/... would read as that game; "
            "name the rule you change, like 'catch-up'"
        )
    return name


def _check_fields(base_cls: type[Game], fields: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    if fields is None:
        return ()
    if not isinstance(fields, Mapping):
        raise ValueError(f"fields must map new field names to start values, got {_short(fields, 60)}")
    state_cls = base_cls.STATE
    out = []
    for key, value in fields.items():
        if (
            not isinstance(key, str)
            or not key.isidentifier()
            or keyword.iskeyword(key)
            or key.startswith("_")
            or len(key) > MAX_FIELD_NAME
        ):
            raise ValueError(
                f"field name {_short(key, 40)} is not allowed: use a Python name (not a keyword such as "
                f"'for' or 'class') that does not start with '_', at most {MAX_FIELD_NAME} characters, "
                "like 'rolled'"
            )
        if key in state_cls.FIELDS or hasattr(state_cls, key):
            raise ValueError(
                f"field {key!r} exists already in {state_cls.__name__}; give the new field another name"
            )
        out.append((key, _start_value(key, value)))
    return tuple(out)


def _start_value(key: str, value: Any) -> Any:
    """A field's start value as a state holds it; ``ValueError`` unless it survives a save and a load.

    Equal positions must give equal saves: a value that JSON does not give back as it was (NaN is
    not equal to itself, an infinity is not JSON, a set or an object is not JSON at all) would make
    every save of the variant one that ``isslab.load`` refuses.
    """
    kinds = "a start value holds ints, finite floats, strings, bools, None and tuples of them only"
    try:
        start = _plain(value)
        text = json.dumps(_thaw(start), allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise ValueError(f"field {key}={_short(value, 60)}: {kinds}") from None
    if len(text) > MAX_FIELD_CHARS:
        raise ValueError(
            f"field {key}: a start value of {len(text):,} characters of JSON; at most {MAX_FIELD_CHARS:,} "
            "(every state and every save carries it)"
        )
    back = _freeze(json.loads(text))
    if not _same_value(back, start):
        raise ValueError(f"field {key}={_short(value, 60)} would not load back as it was saved: {kinds}")
    return start


#: the types a field's value is built from (a state is hashed and compared by its fields)
_FIELD_TYPES: Final = frozenset((int, float, str, bool, type(None), tuple))


def _same_value(a: Any, b: Any) -> bool:
    """Equal, and of the same types all the way down (``True`` is not ``1``, ``1.0`` is not ``1``)."""
    if type(a) is not type(b) or type(a) not in _FIELD_TYPES:  # a dict parses back, but cannot be hashed
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same_value(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float):
        return math.isfinite(a) and a == b
    return bool(a == b)


def _check_actions(base_cls: type[Game], actions: Sequence[type]) -> tuple[type, ...]:
    if isinstance(actions, str | bytes) or not isinstance(actions, Sequence):
        raise ValueError(f"actions must be a list of action classes, got {_short(actions, 60)}")
    known = {t.__name__ for t in base_cls.ACTION_TYPES}
    for kind in actions:
        if not (
            isinstance(kind, type) and issubclass(kind, tuple) and getattr(kind, "_isslab_action", False)
        ):
            raise ValueError(
                f"{_short(kind, 60)} is not an action type: define a NamedTuple class under "
                "@isslab.action_type"
            )
        if kind.__name__ in known:
            raise ValueError(
                f"{base_cls.id} has an action type named {kind.__name__} already; give the new one "
                "another name"
            )
        known.add(kind.__name__)
    return tuple(actions)


def _check_rules(base_cls: type[Game], vid: str, rules: Any) -> None:
    state_cls = base_cls.STATE
    ok = isinstance(rules, type) and (
        issubclass(rules, state_cls) or (issubclass(rules, base_cls) and issubclass(rules.STATE, state_cls))
    )
    if not ok:
        raise ValueError(
            f"@isslab.variant for {vid} decorates a subclass of {state_cls.__name__} (the state of "
            f"{base_cls.id}) or of {base_cls.__name__} (its game), got {_short(rules, 60)}"
        )


def _same_class(a: type, b: type) -> bool:
    """True for one class, or one defined again under the same name (a notebook cell run again)."""
    return a is b or (a.__module__, a.__qualname__) == (b.__module__, b.__qualname__)


def _class_name(cls: type) -> str:
    return f"{cls.__qualname__} (in {cls.__module__})"


def _local(definition: _Definition) -> bool:
    """True when ``definition`` was made in this process (not received from a pickle, not inherited
    by a forked worker): this process's registry is then the authority on its name."""
    return definition.origin == (_PROCESS, os.getpid())


def _install(definition: _Definition) -> type[Game]:
    """Build the classes that play ``definition``, check that they make a game, and register them."""
    cls = _build(definition)
    try:
        cls().new_state()
    except Exception as exc:
        exc.add_note(f"while checking the variant {definition.id} (its game with the default options)")
        raise
    registry._GAMES[definition.id] = cls
    registry._forget(definition.id)
    return cls


def _build(definition: _Definition) -> type[Game]:
    """The Game class of a variant, with its State class: the user's classes under the base's names."""
    base_cls = registry.game_class(definition.base)
    rules = definition.rules
    if issubclass(rules, Game):
        game_parent: type[Game] = rules
        state_parent: type[State] = rules.STATE
    else:  # a State subclass (checked by _check_rules)
        game_parent, state_parent = base_cls, cast("type[State]", rules)
    extra = dict(definition.fields)
    new_fields = tuple(f for f in extra if f not in state_parent.FIELDS)
    # a base game's ``_offered`` answers by the base's rules what its lists hold; a variant that
    # lists other moves or outcomes (and does not say what it offers) gets the core's "not known",
    # so ``resolve`` checks every action against the variant's own lists
    mro = state_parent.__mro__
    own = [c.__dict__ for c in mro[: mro.index(base_cls.STATE) if base_cls.STATE in mro else -1]]
    lists_changed = any("_legal_actions" in d or "_chance_outcomes" in d for d in own)
    offered = {"_offered": State._offered} if lists_changed and not any("_offered" in d for d in own) else {}
    state_cls = cast(
        "type[State]",
        type(
            state_parent.__name__,
            (state_parent,),
            {
                "__module__": state_parent.__module__,
                "__qualname__": state_parent.__qualname__,
                "__doc__": state_parent.__doc__,
                "__slots__": tuple(f for f in new_fields if not hasattr(state_parent, f)),
                # declared here, so this class gets its own copier (State.__init_subclass__)
                "FIELDS": (*state_parent.FIELDS, *new_fields),
                **offered,
            },
        ),
    )

    def new_state(self: Game) -> State:
        start = game_parent.new_state(self)
        if type(start) is state_cls:
            return start
        # the base's set-up builds its own State class: the same fields, and the new ones
        new = object.__new__(state_cls)
        new._init_base(self)
        for f in type(start).FIELDS:
            setattr(new, f, getattr(start, f))
        for f, value in extra.items():
            setattr(new, f, value)
        new._hist, new._nhist = start._hist, start._nhist
        return new

    def __reduce__(self: Game) -> tuple[Any, ...]:
        digest, blob = _pickled(definition)
        return (_variant_game, (definition.id, definition.token, digest, blob, self._options))

    title = f"{base_cls.title} ({definition.name})"
    return cast(
        "type[Game]",
        type(
            game_parent.__name__,
            (game_parent,),
            {
                # the base's module: the game view finds the base game's board by it
                "__module__": base_cls.__module__,
                "__qualname__": game_parent.__qualname__,
                "__doc__": definition.doc,
                "id": definition.id,
                "title": title,
                "INFO": dataclasses.replace(base_cls.INFO, title=title),
                "STATE": state_cls,
                "ACTION_TYPES": (*game_parent.ACTION_TYPES, *definition.actions),
                "VARIANT_OF": definition.base,
                "_variant": definition,
                "new_state": new_state,
                "__reduce__": __reduce__,
            },
        ),
    )


#: each definition's pickled form (by value: cloudpickle) with the bots it was made with
_PICKLED: weakref.WeakKeyDictionary[_Definition, tuple[Any, str, bytes]] = weakref.WeakKeyDictionary()
#: the digest of the pickled form each definition of this process was made as or loaded from
_DIGESTS: weakref.WeakKeyDictionary[_Definition, str] = weakref.WeakKeyDictionary()
#: the Game classes of definitions that came back unpickled but are not the registered one, by token
_UNREGISTERED: Memo[str, type[Game]] = Memo(64)


def _bots_key(vid: str) -> tuple[dict[str, Any], tuple[tuple[str, int], ...]]:
    """The bots registered under a variant's id, and a key that changes when they do."""
    bots = {name: fn for (owner, name), fn in registry._BOTS.items() if owner == vid}
    return bots, tuple(sorted((name, id(fn)) for name, fn in bots.items()))


def _pickled(definition: _Definition) -> tuple[str, bytes]:
    """The definition and the bots registered under its id, as bytes a process without them loads.

    Bots travel too: a worker asked for the variant's ``greedy`` must not play the base game's. The
    bytes are made again only when those bots change. A definition that cannot be pickled (a class
    holding a lock) is a ``ValueError`` naming the variant and the cause.
    """
    bots, key = _bots_key(definition.id)
    found = _PICKLED.get(definition)
    if found is None or found[0] != key:
        import cloudpickle  # only a variant needs it: classes written in a notebook travel by value

        try:
            blob = cloudpickle.dumps((definition, bots))
        except Exception as exc:  # TypeError, PicklingError, ...: whatever the class holds
            raise ValueError(
                f"the variant {definition.id} cannot be sent to worker processes: its definition "
                f"({_class_name(definition.rules)}) or its bots cannot be pickled "
                f"({type(exc).__name__}: {_short(str(exc), 120)}); run it with workers=1, or keep what "
                "cannot be pickled (a lock, an open file, a connection) out of the class"
            ) from None
        found = (key, hashlib.sha256(blob).hexdigest(), blob)
        _PICKLED[definition] = found
        _DIGESTS[definition] = found[1]
    return found[1], found[2]


def _variant_game(vid: str, token: str, digest: str, blob: bytes, options: dict[str, Any]) -> Game:
    """A pickled variant game rebuilt: the variant (and its bots) defined first if this process lacks it.

    The registry holds one definition per name. A process that received its definition (a worker)
    takes a later one it is sent (the notebook's cell ran again); the process that defined the
    variant, or any process sent an older definition, keeps the registered one: the game comes back
    with the rules it was made with, unregistered, and a warning says so.
    """
    current: _Definition | None = getattr(registry._GAMES.get(vid), "_variant", None)
    if current is not None and current.token == token:
        if _DIGESTS.get(current) != digest and not _local(current):
            # the same rules, other bots: a worker takes the bots its parent has now
            _definition, bots = pickle.loads(blob)  # noqa: S301 - our own pickle, made by _pickled above
            _register(current, bots, digest, blob)
        return registry.make(vid, **options)
    definition, bots = pickle.loads(blob)  # noqa: S301 - our own pickle, made by _pickled above
    if current is None or (not _local(current) and definition.made > current.made):
        _install(definition)
        _register(definition, bots, digest, blob)
        return registry.make(vid, **options)
    newer = "an older" if definition.made < current.made else "another"
    warnings.warn(
        f"a game of {newer} definition of the variant {vid} ({_class_name(definition.rules)}) was "
        "unpickled: it keeps the rules it was made with, and the registry keeps the current definition "
        f"({_class_name(current.rules)}; isslab.make({vid!r}) gives its rules)",
        stacklevel=2,
    )
    cls = _UNREGISTERED.get(definition.token)
    if cls is None:
        cls = _build(definition)
        _UNREGISTERED[definition.token] = cls
    return cls(**cls.resolve_options(options))


def _register(definition: _Definition, bots: Mapping[str, Any], digest: str, blob: bytes) -> None:
    """Register a received definition's bots, and remember its pickled form (sent on as it came)."""
    for name, fn in bots.items():
        registry._BOTS[(definition.id, name)] = fn
    _PICKLED[definition] = (_bots_key(definition.id)[1], digest, blob)
    _DIGESTS[definition] = digest
