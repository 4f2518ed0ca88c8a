"""Every isslab game as a Python OpenSpiel game: ``register()``, then ``pyspiel.load_game(...)``.

>>> from isslab.interop import openspiel
>>> openspiel.register()                                # every registered isslab game
>>> import pyspiel
>>> game = pyspiel.load_game("isslab_space_1999(players=2)")
>>> state = game.new_initial_state()

* The OpenSpiel name of a game is ``isslab_`` and its id with ``-`` as ``_`` (:func:`short_name`).
  Its parameters are the isslab options whose values are numbers, strings or bools (tuple options,
  such as a deck, keep their defaults: OpenSpiel parameters cannot hold tuples).
* Chance is explicit (``chance_outcomes``), with the same probabilities as the isslab game;
  a game with hidden information is an imperfect-information game whose information state is
  the seat's view and every past action as the seat was told it (``describe``).
* Action numbers are the game's fixed numbering (``Game.action_index``), the same as PettingZoo's.
* Returns are the isslab returns: from 0 to 1 for every seat, paid at the end.
* Observations: ``observation_tensor`` is the seat's view through :class:`~isslab.interop.ViewEncoder`,
  ``observation_string`` the view as JSON.
* ``clone()`` is cheap: isslab states are values, so a clone shares the position it came from.
* Serialization is isslab's save JSON, read back verified (the history replayed through the rules,
  so an edited position is refused) and never by pickle: ``state.serialize()`` writes it,
  ``game.deserialize_state(text)`` reads it, and :func:`serialize_game_and_state` /
  :func:`deserialize_game_and_state` here carry the game with it. A pickled state holds the same
  JSON. OpenSpiel's own C++ ``pyspiel.serialize_game_and_state`` embeds every Python game's state
  as a pickle (its format, not ours); what isslab puts in it is the save JSON, loaded verified, but
  ``pyspiel.deserialize_game_and_state`` unpickles its input before isslab sees it: never give it
  text you did not write yourself.

OpenSpiel's Python algorithms (``MCTSBot``, CFR on small games, ``rl_environment``) run on these games
as on any other Python game. Note that ``MCTSBot`` on an imperfect-information game searches the
real state, hidden cards included: use isslab's ``ismcts`` for a fair player.
"""

from __future__ import annotations

import json
from typing import Any, Final

import numpy as np
import pyspiel

from isslab.core import Game, ReturnsKind, State, game_class, games, load, make, parse_json, short_repr
from isslab.interop.actions import ActionNumbers
from isslab.interop.encoder import DEFAULT_SIZE, ViewEncoder

__all__ = [
    "MAX_GAME_LENGTH",
    "deserialize_game_and_state",
    "isslab_state",
    "register",
    "serialize_game_and_state",
    "short_name",
]

#: the game length OpenSpiel is told (isslab declares none; ``isslab.play`` stops at this many steps)
MAX_GAME_LENGTH: Final = 1_000_000

_UTILITY = {
    ReturnsKind.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
    ReturnsKind.CONSTANT_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
    ReturnsKind.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM,
    ReturnsKind.COOPERATIVE: pyspiel.GameType.Utility.IDENTICAL,
}

_REGISTERED: dict[str, str] = {}


def short_name(game_id: str) -> str:
    """The OpenSpiel name of an isslab game: ``isslab_space_1999`` for ``space-1999``."""
    return "isslab_" + game_id.replace("-", "_")


def _scalar_options(game_id: str) -> dict[str, Any]:
    """The options OpenSpiel can pass: those whose defaults are ints, floats, strings or bools."""
    return {
        o.name: o.default for o in game_class(game_id).OPTIONS if type(o.default) in (int, float, str, bool)
    }


class _Held:
    """An isslab state with its numbered legal actions, shared by OpenSpiel clones (states are values)."""

    __slots__ = ("state", "numbers", "legal", "unchecked")

    def __init__(self, state: State, numbers: ActionNumbers | None = None, unchecked: bool = False) -> None:
        self.state = state
        self.numbers = numbers if numbers is not None else ActionNumbers(state.game)
        self.legal: dict[int, Any] | None = None
        #: read from text whose OpenSpiel counters (history, move number) are still to be checked
        self.unchecked = unchecked

    def steps(self) -> list[tuple[int, int]]:
        """Every step of the state's history as OpenSpiel counts it: (player, action number)."""
        out = []
        s = self.state.game.new_state()
        for action in self.state.history:
            out.append((int(s.current_player), self.numbers.index(action)))
            s = s.apply(action)
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return self  # clone() deep-copies a Python state's __dict__; nothing here ever changes

    def __reduce__(self) -> tuple[Any, ...]:
        # OpenSpiel's C++ serialization pickles a Python state's __dict__: what it holds of ours is
        # the save JSON, rebuilt verified (an edited position is refused)
        return (_held_from_json, (self.state.to_json(),))


def _held_from_json(text: str) -> _Held:
    """A held state from isslab's save JSON, verified (the history replayed through the rules).

    OpenSpiel's C++ reader sets the state's history and move number from its own text first, then
    this: the state checks the two against each other when it takes it (``__setattr__``).
    """
    return _Held(load(text, verify=True), unchecked=True)


class IsslabSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """An OpenSpiel state wrapping an isslab state (see the module docstring)."""

    def __init__(self, game: IsslabSpielGame, state: State | None = None) -> None:
        super().__init__(game)
        # everything lives in one _Held: clone() deep-copies __dict__, and _Held copies as itself
        self._held = _Held(state if state is not None else game.isslab.new_state(), game.numbers)

    @property
    def isslab_state(self) -> State:
        """The isslab state this state wraps."""
        return self._held.state

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "_held" and isinstance(value, _Held) and value.unchecked:
            # OpenSpiel's reader (pyspiel.deserialize_game_and_state) has set this state's history
            # and move number from its text: they must be the saved game's, or the text was edited
            value.unchecked = False
            want = value.steps()
            got = [(int(pa.player), int(pa.action)) for pa in self.full_history()]
            if got != want or self.move_number() != len(want):
                raise ValueError(
                    f"corrupt serialized state: OpenSpiel's history ({len(got)} steps) and move number "
                    f"({self.move_number()}) do not match the saved game's {len(want)} steps"
                )
        super().__setattr__(name, value)

    def _legal_map(self) -> dict[int, Any]:
        held = self._held
        if held.legal is None:
            held.legal = held.numbers.legal(held.state)
        return held.legal

    def current_player(self) -> int:
        """The seat to move; OpenSpiel's chance and terminal ids are isslab's (-1 and -4)."""
        return int(self._held.state.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action numbers, ascending."""
        return list(self._legal_map())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes by number, with their probabilities."""
        index = self._held.numbers.index
        return sorted((index(a), p) for a, p in self._held.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        held = self._held
        chosen = self._legal_map().get(int(action))
        if chosen is None:
            raise ValueError(f"action {action} is not legal in {held.state.game.id} here")
        self._held = _Held(held.state.apply(chosen), held.numbers)

    def _action_to_string(self, player: int, action: int) -> str:
        found = self._legal_map().get(int(action))
        return str(found) if found is not None else f"action {action}"

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return bool(self._held.state.is_terminal())

    def returns(self) -> list[float]:
        """The isslab returns (zeros before the end)."""
        return [float(r) for r in self._held.state.returns()]

    def __str__(self) -> str:
        return str(self._held.state)

    def serialize(self) -> str:
        """The state as isslab's save JSON (``game.deserialize_state`` reads it back, verified)."""
        return str(self._held.state.to_json())

    def __reduce__(self) -> tuple[Any, ...]:
        # a pickled OpenSpiel state is its game's string and the save JSON, rebuilt verified
        return (_state_from_text, (str(self.get_game()), self.serialize()))


def _state_from_text(game_string: str, text: str) -> IsslabSpielState:
    state: IsslabSpielState = pyspiel.load_game(game_string).deserialize_state(text)
    return state


class _Observer:
    """OpenSpiel's observer protocol: a tensor (the encoded view) and a string (view, history)."""

    def __init__(self, game: IsslabSpielGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.encoder = game.encoder
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: IsslabSpielState, player: int) -> None:
        """Fill the tensor with what ``player`` sees in ``state``."""
        self.tensor[:] = self.encoder(state.isslab_state.view(player))

    def string_from(self, state: IsslabSpielState, player: int) -> str:
        """The view as JSON; with perfect recall, then every past action as ``player`` was told it."""
        st = state.isslab_state
        text = json.dumps(st.view(player), separators=(",", ":"))
        if self.perfect_recall:
            game = st.game
            text += "\n" + "\n".join(game.describe_action(a, player) for a in st.history)
        return text


class IsslabSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An isslab game as an OpenSpiel game; one subclass per isslab game id (see :func:`register`)."""

    GAME_ID: str = ""
    GAME_TYPE: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        options = dict(params or {})
        self.isslab: Game = make(self.GAME_ID, **options)
        self.numbers = ActionNumbers(self.isslab)
        self.encoder = ViewEncoder(DEFAULT_SIZE)
        g = self.isslab
        kind = g.info.returns
        info = pyspiel.GameInfo(
            num_distinct_actions=self.numbers.num_actions,
            max_chance_outcomes=self.numbers.num_chance,
            num_players=g.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=0.0
            if kind is ReturnsKind.ZERO_SUM
            else 1.0
            if kind is ReturnsKind.CONSTANT_SUM
            else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self.GAME_TYPE, info, options)

    def new_initial_state(self) -> IsslabSpielState:
        """The isslab game's first state."""
        return IsslabSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> _Observer:
        """An observer of the seats' views (OpenSpiel calls it for observations and information states)."""
        return _Observer(self, iig_obs_type, params)

    def deserialize_state(self, text: str) -> IsslabSpielState:
        """A state of this game from isslab's save JSON (``state.serialize()``), verified, never unpickled.

        ``ValueError`` for text that is not a save file, a save of another game or other options, or
        a position that does not follow from its history.
        """
        if not isinstance(text, str | bytes):
            raise ValueError(f"deserialize_state takes isslab's save JSON text, got {type(text).__name__}")
        state = load(text, verify=True)
        if state.game != self.isslab:
            raise ValueError(f"the saved state is a game of {state.game!r}, not of this game {self.isslab!r}")
        # played again through OpenSpiel, so that its history and move number are the game's own
        # (a state built around the position would count 0 moves and no history)
        out = IsslabSpielState(self)
        for action in state.history:
            out.apply_action(self.numbers.index(action))
        return out


def _game_type(game_id: str) -> Any:
    g = make(game_id)
    info = g.info
    hidden = info.hidden_information
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"isslab {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info.chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if hidden
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=_UTILITY[info.returns],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=hidden,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_scalar_options(game_id),
    )


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register isslab games (all by default) with OpenSpiel; their OpenSpiel names.

    Registering twice is harmless. A game without the action-numbering hooks raises
    ``NotImplementedError`` naming the missing hook.
    """
    names = []
    for gid in game_ids if game_ids is not None else games():
        name = short_name(gid)
        if gid not in _REGISTERED:
            ActionNumbers(make(gid))  # the numbering hooks must exist before OpenSpiel asks for them
            cls: type[IsslabSpielGame] = type(
                f"IsslabSpielGame_{name}",
                (IsslabSpielGame,),
                {"GAME_ID": gid, "GAME_TYPE": _game_type(gid), "__module__": __name__},
            )
            globals()[cls.__name__] = cls  # pickled games and states find their class by name
            pyspiel.register_game(cls.GAME_TYPE, cls)
            _REGISTERED[gid] = name
        names.append(name)
    return names


#: the ``format`` field of :func:`serialize_game_and_state` text
_PAIR_FORMAT: Final = "isslab.openspiel"


def serialize_game_and_state(game: IsslabSpielGame, state: IsslabSpielState) -> str:
    """The OpenSpiel game string and the state's save JSON, as one JSON text (no pickle)."""
    if not isinstance(game, IsslabSpielGame) or not isinstance(state, IsslabSpielState):
        raise ValueError("serialize_game_and_state takes an isslab OpenSpiel game and one of its states")
    return json.dumps({"format": _PAIR_FORMAT, "game": str(game), "state": state.serialize()})


def deserialize_game_and_state(text: str) -> tuple[IsslabSpielGame, IsslabSpielState]:
    """The game and state of :func:`serialize_game_and_state` text, the state verified; never unpickled."""
    if not isinstance(text, str | bytes):
        raise ValueError(f"expected the text of serialize_game_and_state, got {type(text).__name__}")
    doc = parse_json(text, "not a serialized isslab OpenSpiel game and state")
    if not isinstance(doc, dict) or doc.get("format") != _PAIR_FORMAT:
        raise ValueError(
            f"not a serialized isslab OpenSpiel game and state: the format must be {_PAIR_FORMAT!r}"
        )
    name, saved = doc.get("game"), doc.get("state")
    if not isinstance(name, str) or not name.startswith("isslab_") or not isinstance(saved, str):
        raise ValueError(f"corrupt serialized game and state: game {short_repr(name, 60)}")
    register()
    game = pyspiel.load_game(name)
    return game, game.deserialize_state(saved)


def isslab_state(state: Any) -> State:
    """The isslab state inside an OpenSpiel state of a registered isslab game."""
    if not isinstance(state, IsslabSpielState):
        raise ValueError(f"not an OpenSpiel state of an isslab game: {type(state).__name__}")
    return state.isslab_state
