"""The registry: games by id (variants included), bots by game and name, and ``isslab.make``.

Importing ``isslab`` (which importing ``isslab.core`` does first) imports every game package, and
each registers its game and bots; a variant is registered by ``isslab.variant``. Leaf values for the
search bots are registered by name too (``"model"``, by the analysis layer), so that a bot asks the
registry for a value function and never imports the layer that fits it. Equal requests to
``make`` share one game object and its precomputed tables.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeAlias

from isslab.core.game import Game, State
from isslab.core.values import _names, _short

__all__ = [
    "Bot",
    "bot",
    "bot_names",
    "default_table",
    "game_class",
    "lineage",
    "games",
    "make",
    "register_bot",
    "register_game",
    "register_value",
    "value_function",
    "value_names",
    "undefined_variant",
]

#: A bot is a callable ``(state, rng) -> action``.
Bot: TypeAlias = Callable[[State, random.Random], Any]

_GAMES: dict[str, type[Game]] = {}
_BOTS: dict[tuple[str, str], Bot] = {}
#: A value function gives each seat's value of a state (its win chance or expected return).
ValueFunction: TypeAlias = Callable[[State], Any]
_VALUES: dict[str, Callable[[Game], ValueFunction]] = {}
_MADE: dict[Any, Game] = {}
#: most games ``make`` keeps (games with big tables cost memory: the cache is emptied when full)
_MADE_SIZE: Final = 256


def register_game(cls: type[Game]) -> type[Game]:
    """Class decorator: make a Game subclass available to ``isslab.make``."""
    game_id = getattr(cls, "id", None)
    if not isinstance(game_id, str) or not game_id or "/" in game_id:
        raise ValueError(
            f"a game id must be a non-empty string without '/', got {_short(game_id, 60)} "
            "(an id with '/' names a variant: define one with isslab.variant)"
        )
    _GAMES[game_id] = cls
    _forget(game_id)
    return cls


def register_bot(game_id: str, name: str) -> Callable[[Bot], Bot]:
    """Decorator: register a named bot for one game (``"*"`` for every game)."""

    def deco(fn: Bot) -> Bot:
        _BOTS[(game_id, name)] = fn
        return fn

    return deco


def register_value(name: str) -> Callable[[Callable[[Game], ValueFunction]], Callable[[Game], ValueFunction]]:
    """Decorator: register ``factory(game) -> (state -> values per seat)`` as the leaf value ``name``."""

    def deco(factory: Callable[[Game], ValueFunction]) -> Callable[[Game], ValueFunction]:
        _VALUES[name] = factory
        return factory

    return deco


def value_names() -> list[str]:
    """The names of the registered leaf values (``"model"`` once the analysis layer is imported)."""
    return sorted(_VALUES)


def value_function(name: str, game: Game) -> ValueFunction:
    """The registered leaf value ``name`` for ``game``; an unknown name is a ``ValueError``."""
    factory = _VALUES.get(name) if isinstance(name, str) else None
    if factory is None:
        known = ", ".join(value_names()) or "none"
        raise ValueError(f"no leaf value named {_short(name, 40)}; registered: {known}")
    return factory(game)


def games(variants: bool = False, reference: bool = False) -> list[str]:
    """The ids of the registered games; ``variants=True`` adds the variants defined in this process,
    ``reference=True`` the reference games (``GameInfo.reference``: a pure-luck race, a pure-skill toy).

    The board games alone by default: whatever iterates over every game (the conformance suites, the
    benchmark, the interop registration) means them, not the rule changes a notebook made nor the
    measuring sticks of the design report (``tests/test_reference_games.py`` checks those).
    """
    for name, flag in (("variants", variants), ("reference", reference)):
        if not isinstance(flag, bool):
            raise ValueError(f"{name} must be True or False, got {_short(flag, 40)}")
    return sorted(
        g
        for g, cls in _GAMES.items()
        if (variants or "/" not in g)
        and (reference or not getattr(cls, "INFO", None) or not cls.INFO.reference)
    )


def game_class(game_id: str) -> type[Game]:
    """The Game class registered under ``game_id``."""
    if not isinstance(game_id, str):
        raise ValueError(f"game id must be a string, got {_short(game_id, 60)}")
    try:
        return _GAMES[game_id]
    except KeyError:
        missing = undefined_variant(game_id)
        if missing is not None:
            raise ValueError(missing) from None
        raise ValueError(
            f"unknown game {_short(game_id, 60)}; the games are: {', '.join(games(variants=True))}"
        ) from None


def undefined_variant(game_id: Any) -> str | None:
    """Why ``game_id`` cannot be made here when it names a variant of a known game that this process
    has not defined (a save file from another notebook), else None."""
    if not isinstance(game_id, str) or game_id in _GAMES or "/" not in game_id or len(game_id) > 200:
        return None
    base, _, name = game_id.rpartition("/")
    if base not in _GAMES or not name:
        return None
    return (
        f"{game_id!r} is a variant of {base} that is not defined in this process; run the code that "
        f"defines it first (the notebook cell or module with @isslab.variant({base!r}, {name!r}) over "
        "its rule), then try again"
    )


def lineage(game_id: str) -> list[str]:
    """``game_id``, then the game it is a variant of, and so on (bots of a game play its variants).

    The one rule for "a variant takes its game's": a table keyed by game id looks its keys up in this
    order (the expert's settings, the review's rollouts, the bots a game offers).
    """
    out = [game_id]
    cls = _GAMES.get(game_id)
    while cls is not None and cls.VARIANT_OF is not None and cls.VARIANT_OF not in out:
        out.append(cls.VARIANT_OF)
        cls = _GAMES.get(cls.VARIANT_OF)
    return out


def _forget(game_id: str) -> None:
    """Drop the games ``make`` keeps for ``game_id`` (its class was registered again)."""
    for key in [k for k in _MADE if k[0] == game_id or (k[0] == "raw" and k[1] == game_id)]:
        del _MADE[key]


def make(game_id: str, /, **options: Any) -> Game:
    """Build a game with validated options (bad ones raise ``ValueError`` naming the option)."""
    if not isinstance(game_id, str):
        raise ValueError(f"game id must be a string, got {_short(game_id, 60)}")
    # scalars keyed with their exact type (True == 1 and 4.0 == 4 must not share a game) find a
    # game made before at once; validating them again would give the same answer
    quick = _scalar_key(game_id, options)
    game = _MADE.get(quick) if quick is not None else None
    # a game made by the class registered now (a variant defined again, a test's stand-in, replace
    # the class under an id: their games are made anew)
    if game is not None and type(game) is _GAMES.get(game_id):
        return game
    cls = game_class(game_id)
    # every other request is validated first, and the cache is keyed by the canonical options: no
    # cached game for (1, 1, ...) can answer (True, True, ...), and equal games share one (and
    # its precomputed tables)
    resolved = cls.resolve_options(options)
    key = (game_id, tuple(sorted(resolved.items())))
    game = _MADE.get(key)
    if game is None or type(game) is not cls:
        game = cls(**resolved)
        if len(_MADE) >= _MADE_SIZE:
            _MADE.clear()
        _MADE[key] = game
    if quick is not None:
        if len(_MADE) >= _MADE_SIZE:
            _MADE.clear()
        _MADE[quick] = game
    return game


def default_table(game: Game) -> Game | None:
    """``game``'s id at its player count with every other option at its default (the table whose
    win-chance model ships), or None when the id takes no ``players`` option."""
    try:
        return make(game.id, players=game.num_players)
    except ValueError:
        return None


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


def bot_names(game_id: str | Game) -> list[str]:
    """Names of the bots that can play ``game_id`` (shared ones, and for a variant its base's, included)."""
    game_id = _game_id(game_id)
    ids = {*lineage(game_id), "*"} if isinstance(game_id, str) else {"*"}
    names = {n for (g, n) in _BOTS if g in ids}
    return sorted(names)


def _game_id(game: str | Game) -> str | Game:
    """A game's id from the id or a made game (anything else is passed on, and finds the shared bots)."""
    return game.id if isinstance(game, Game) else game


def bot(game_id: str | Game, name: str, /, **params: Any) -> Bot:
    """The bot registered as ``name`` for ``game_id`` (or for every game), with ``params`` if given.

    A bot that takes parameters (the search bots) has a ``configure(**params)`` method returning a
    new bot; the name may carry them too: ``bot("1969", "ismcts(simulations=500)")`` is
    ``bot("1969", "ismcts", simulations=500)``. Bad parameters raise ``ValueError`` naming them,
    and so do bots they name that ``game_id`` lacks (a bot's ``check_game(game_id)`` hook says).
    """
    game_id = _game_id(game_id)
    if not isinstance(name, str):
        raise ValueError(f"a bot name must be a string, got {_short(name, 60)}")
    if "(" in name:
        name, spec = _parse_bot_spec(name)
        params = {**spec, **params}
    # the game's own bot first, then (for a variant) its base's, then a bot for every game
    found = None
    for owner in (*lineage(game_id), "*") if isinstance(game_id, str) else ("*",):
        found = _BOTS.get((owner, name))
        if found is not None:
            break
    if found is None:
        raise ValueError(
            f"unknown bot {_short(name, 60)} for {game_id}; the bots are: {', '.join(bot_names(game_id))}"
        )
    if params:
        configure = getattr(found, "configure", None)
        if configure is None:
            raise ValueError(f"bot {name!r} takes no parameters, got {_names(list(params))}")
        found = configure(**params)
    # a bot whose parameters name other bots (a search's rollout) checks them against the game now,
    # so a bad name is refused when the bot is made, not at its first move
    check = getattr(found, "check_game", None)
    if callable(check) and isinstance(game_id, str):
        check(game_id)
    return found


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
