"""Every isslab game as a PettingZoo AEC environment: ``env(game_id, **options)``.

>>> from isslab.interop.pettingzoo import env
>>> e = env("space-1999", players=2)
>>> e.reset(seed=0)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     e.step(None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"]))

* Agents are ``player_0`` ... ``player_<n-1>``, the seats of the game.
* Actions are the game's fixed action numbers (``Game.action_index``): a ``Discrete`` space of
  ``game.num_distinct_actions()`` numbers, with the legal ones marked by the observation's
  ``action_mask`` (an ``int8`` array; all zeros for an agent whose turn it is not).
* Observations are ``{"observation": ViewEncoder(obs_size)(state.view(seat)), "action_mask": mask}``:
  only what the seat may see, encoded as documented in :mod:`isslab.interop.encoder`.
* Chance (dice, draws, shuffles) is resolved inside the environment from the seed of ``reset``.
* Rewards are the game's returns, paid when the game ends (0 before); a cooperative game pays every
  agent the team's return. With ``max_cycles`` the game is truncated after that many moves per
  agent (``max_cycles * players`` moves in all; 1969 gives one seat several moves in a row, so a
  cycle is counted in moves, not in rounds).
* ``render_mode="ansi"`` returns the text board (``str(state)``, the whole position);
  ``"rgb_array"`` draws the board's scene (the one the notebook widgets show) with matplotlib.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import isslab.checks as checks
from isslab.core import Game, IllegalActionError, State, make, short_repr
from isslab.interop.actions import ActionNumbers
from isslab.interop.encoder import DEFAULT_SIZE, ViewEncoder

__all__ = ["IsslabEnv", "env", "raw_env"]

#: the render modes every game offers
RENDER_MODES = ("ansi", "rgb_array")


class IsslabEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """An isslab game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "isslab_v0", "is_parallelizable": False}

    def __init__(
        self,
        game_id: str | Game,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        obs_size: int = DEFAULT_SIZE,
        **options: Any,
    ) -> None:
        super().__init__()
        game = game_id if isinstance(game_id, Game) and not options else make(str(game_id), **options)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be None, 'ansi' or 'rgb_array', got {short_repr(render_mode)}"
            )
        if max_cycles is not None and (
            isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1
        ):
            raise ValueError(f"max_cycles must be an int >= 1 or None, got {short_repr(max_cycles)}")
        self.game = game
        self.numbers = ActionNumbers(game)
        self.encoder = ViewEncoder(obs_size)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.metadata = {**self.metadata, "name": f"isslab_{game.id.replace('-', '_')}_v0"}
        n = game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self.numbers.num_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (obs_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.numbers.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._rng = random.Random()
        self.game_state: State = game.new_state()
        self._legal: dict[int, Any] = {}
        self._moves = 0

    def __str__(self) -> str:
        return f"IsslabEnv({self.game!r})"

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` (an int from 0 to 2**128 - 1, numpy ints too) seeds the chance
        draws (without it, the draws go on)."""
        if seed is not None:
            self._rng = random.Random(checks.seed("seed", seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._moves = 0
        self._set_state(self.game.new_state())

    def _set_state(self, state: State) -> None:
        """Resolve chance from the seed, then point ``agent_selection`` at the seat to move."""
        while state.is_chance_node():
            state = state.apply(state.sample_chance(self._rng))
        self.game_state = state
        if state.is_terminal():
            self._legal = {}
            returns = state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
            return
        self._legal = self.numbers.legal(state)
        self.agent_selection = self.possible_agents[state.current_player]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent`` may see, encoded, and its legal-action mask."""
        seat = self._seat[agent]
        mine = not self.game_state.is_terminal() and self.game_state.current_player == seat
        mask = (
            self.numbers.mask(self.game_state, self._legal)
            if mine
            else np.zeros(self.numbers.num_actions, np.int8)
        )
        return {"observation": self.encoder(self.game_state.view(seat)), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play ``action`` (a legal action number) for the agent to move; None for a finished agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # an action number is an int or a numpy integer: 4.5, "4", an array or infinity is no number
        # (int() would read them as 4, 4, 4 and an OverflowError)
        number = checks.as_count(action)
        chosen = self._legal.get(number) if number is not None else None
        if chosen is None:
            legal = ", ".join(str(i) for i in list(self._legal)[:12])
            raise IllegalActionError(
                f"{agent} played action {short_repr(action, 40)}, which is not legal now in {self.game.id}; "
                f"legal numbers: {legal}{' ...' if len(self._legal) > 12 else ''} (see the action_mask)"
            )
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self._moves += 1
        self._set_state(self.game_state.apply(chosen))
        if (
            self.max_cycles is not None
            and not self.game_state.is_terminal()
            and self._moves >= self.max_cycles * len(self.possible_agents)
        ):
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        if self.render_mode is not None:
            self.render()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The text board (``"ansi"``) or the board's picture as an RGB array (``"rgb_array"``)."""
        if self.render_mode == "ansi":
            return str(self.game_state)
        if self.render_mode == "rgb_array":
            from isslab.interop.render import state_rgb

            return state_rgb(self.game_state)
        return None

    def close(self) -> None:
        """Nothing to release (no window is opened)."""


def raw_env(game_id: str | Game, **kwargs: Any) -> IsslabEnv:
    """The environment without PettingZoo's checking wrappers."""
    return IsslabEnv(game_id, **kwargs)


def env(game_id: str | Game, **kwargs: Any) -> AECEnv:
    """An isslab game as a PettingZoo AEC environment, wrapped in PettingZoo's order enforcer.

    ``kwargs`` are the game's options plus ``render_mode``, ``max_cycles`` and ``obs_size``.
    """
    return wrappers.OrderEnforcingWrapper(raw_env(game_id, **kwargs))
