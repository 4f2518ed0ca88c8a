"""``mcts``: UCT Monte Carlo tree search for every isslab game, through the uniform API only.

A search grows a tree from the position to play: each *simulation* walks down the tree (UCB1 on the
mover's own mean return at decision nodes; chance nodes by their probabilities), adds one node,
plays the game out with the *rollout* bot and adds the returns of every seat to each node on the
path. The move played is the root's most visited one. Everything a game must offer is the core
contract: ``legal_actions``, ``chance_outcomes``, ``apply``, ``returns`` and ``game.info``.

* **Seeded.** All randomness comes from the ``rng`` the driver hands the bot, so ``isslab.play``
  and ``simulate`` replay a search exactly. A budget in seconds is the one exception: how many
  simulations fit depends on the machine.
* **Chance.** ``chance="sample"`` draws an outcome by its probability on every visit;
  ``chance="expectation"`` visits outcomes in proportion to their probabilities (the least visited
  relative to its probability first) and values a chance node by the probability-weighted mean of
  its outcomes' values, the expectimax reading of the node.
* **Rollouts and hints.** The rollout bot is the game's default bot unless ``rollout`` names another
  (``"random"``: uniformly random moves). When it is not random, its move at each new node is a
  *hint*: tried first, favoured by ``bias / (visits + 1)`` (progressive bias), and the other moves
  join one at a time as the node's visits grow (progressive widening, at most ``1 + sqrt(visits)``
  moves), so a small budget follows and checks the heuristic's line instead of trying every move
  once, while a large budget still weighs them all. ``bias=0`` turns hints off.
* **Several seats.** Each node keeps the sum of every seat's returns and the seat to move picks
  by its own (max-n); returns are scaled into [0, 1] by the smallest and largest return seen, so one
  exploration constant suits win/lose games and score games alike. A cooperative game gives every
  seat the same return, so every seat searches for the team's shared return.
* **Hidden information.** ``mcts`` never looks at what its seat may not see: in a game with hidden
  information it searches ``worlds`` positions drawn with ``state.resample_hidden(seat, rng)`` (one
  tree each, the budget shared, the root visits added up: determinized UCT). ``ismcts``
  (:mod:`isslab.bots.ismcts`) searches one tree of information sets instead.
* **Budgets are upper bounds.** ``simulations`` counts every simulation of a move, over all its
  worlds: the worlds share it (at most one world per simulation, the remainder going to the first
  worlds), so ``mcts(simulations=1, worlds=300)`` runs one simulation. ``seconds`` bounds the
  move's time (each world gets its share). A rollout is never a search itself: a search bot as
  ``rollout`` is refused (each rollout move would run a whole search). Every size has a cap:
  ``MAX_SIMULATIONS``, ``MAX_SECONDS``, ``MAX_WORLDS``, ``MAX_ROLLOUT_STEPS``.

``isslab.bot(game_id, "mcts", simulations=400, rollout="random")`` builds one with other
parameters; the names also read ``"mcts(simulations=400, rollout=random)"`` (``simulate`` and the
command line take that form).
"""

from __future__ import annotations

import inspect
import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, Self

import isslab.checks as checks
from isslab.core import (
    CHANCE,
    TERMINAL,
    Action,
    Bot,
    State,
    bot,
    register_bot,
    short_repr,
    value_function,
    value_names,
)

__all__ = [
    "MCTS",
    "SearchResult",
    "Tree",
    "backup",
    "check_search_params",
    "random_playout",
    "rollout_function",
    "rollout_policy",
]

#: the parameters every search bot takes, with their defaults
DEFAULTS: Final[dict[str, Any]] = {
    "simulations": 200,
    "seconds": None,
    "exploration": 1.0,
    "rollout": "default",
    "chance": "sample",
    "rollout_steps": None,
    "worlds": 8,
    "bias": 1.0,
    # a leaf value of the registry by name instead of rollouts ("model": the fitted win-chance model)
    "value": "rollout",
}
#: the most simulations or seconds one move may take (a typo must not hang a notebook for days)
MAX_SIMULATIONS: Final = 10_000_000
MAX_SECONDS: Final = 24 * 3600.0
#: the most determinized positions one ``mcts`` move searches (never more than its simulations)
MAX_WORLDS: Final = 10_000
#: the longest cap on a rollout's moves (``isslab.play`` stops a game at a million steps too)
MAX_ROLLOUT_STEPS: Final = 1_000_000

#: a rollout: ``(state, rng) -> (returns of the final state, steps played)``
Rollout = Callable[[State, random.Random], tuple[Sequence[float], int]]


def random_playout(
    state: State, rng: random.Random, limit: int | None = None
) -> tuple[tuple[float, ...], int]:
    """Play uniformly random moves (chance by its odds) to the end: the final returns and the steps.

    This loop is both the ``rollout="random"`` policy and the benchmark's raw playout rate, so the
    benchmark compares the search with exactly the work its rollouts do. ``limit`` stops it early
    (the returns of an unfinished game are the game's, usually zeros).
    """
    steps = 0
    s = state
    rand = rng.random
    while True:
        cp = s.current_player
        if cp == TERMINAL or (limit is not None and steps >= limit):
            return s.returns(), steps
        if cp == CHANCE:
            s = s.apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s = s.apply(legal[int(rand() * len(legal))])
        steps += 1


def _bot_playout(policy: Bot, limit: int | None) -> Rollout:
    """A rollout that lets ``policy`` play every seat."""

    def playout(state: State, rng: random.Random) -> tuple[Sequence[float], int]:
        steps = 0
        s = state
        while True:
            cp = s.current_player
            if cp == TERMINAL or (limit is not None and steps >= limit):
                return s.returns(), steps
            s = s.apply(s.sample_chance(rng) if cp == CHANCE else policy(s, rng))
            steps += 1

    return playout


def _nested(rollout: object) -> ValueError:
    return ValueError(
        f"rollout {short_repr(getattr(rollout, '__name__', rollout), 40)} is a search bot: a rollout played "
        "by a search runs a whole search at every rollout move (nested search), so it is refused; use "
        "'default' (the game's default bot), 'random', or another heuristic bot"
    )


def rollout_policy(game_id: str, default_bot: str, rollout: str | Bot) -> Bot | None:
    """The bot that plays the rollouts (``"default"``: the game's default bot); None when it is random.

    A search bot is refused (``ValueError``): nested search has no useful bound on its work.
    """
    if rollout == "random":
        return None
    if isinstance(rollout, str):
        policy = bot(game_id, default_bot if rollout == "default" else rollout)
        if isinstance(policy, MCTS):
            raise _nested(rollout)
        return None if getattr(policy, "__name__", "") == "random_bot" else policy
    if isinstance(rollout, MCTS):
        raise _nested(rollout)
    return rollout


def rollout_function(policy: Bot | None, limit: int | None) -> Rollout:
    """Rollouts played by ``policy`` for every seat (None: :func:`random_playout`)."""
    if policy is None:
        return lambda s, rng: random_playout(s, rng, limit)
    return _bot_playout(policy, limit)


def check_search_params(params: dict[str, Any], allowed: Sequence[str]) -> dict[str, Any]:
    """Validate search-bot parameters (``ValueError`` naming the bad one); the full set with defaults."""
    unknown = [k for k in params if k not in allowed]
    if unknown:
        raise ValueError(
            f"unknown search-bot parameter {short_repr(unknown[0], 40)}; "
            f"the parameters are: {', '.join(allowed)}"
        )
    out = {k: DEFAULTS[k] for k in allowed}
    out.update(params)

    def whole(name: str, lo: int, hi: int, none: bool = False) -> None:
        # numpy ints are counts too (a budget read from an array); bools and floats are not
        out[name] = (checks.optional_integer if none else checks.integer)(name, out[name], lo, hi)

    whole("simulations", 1, MAX_SIMULATIONS, none=True)
    seconds = out["seconds"]
    if seconds is not None:
        try:
            checks.number("seconds", seconds, 0.0, MAX_SECONDS, above=True)
        except ValueError:
            raise ValueError(
                f"seconds must be a number above 0 and at most {MAX_SECONDS:,.0f}, or None, "
                f"got {short_repr(seconds, 40)}"
            ) from None
    if out["simulations"] is None and seconds is None:
        raise ValueError("give a budget: simulations, seconds, or both (the first reached ends the search)")
    # measures are checked, not converted: the bot's name shows them as they were given
    checks.number("exploration", out["exploration"], 0.0, 100.0)
    rollout = out["rollout"]
    if not (isinstance(rollout, str) and 0 < len(rollout) <= 100) and not callable(rollout):
        raise ValueError(
            "rollout must be a bot name (or 'default') or a callable (state, rng) -> action, "
            f"got {short_repr(rollout, 40)}"
        )
    if isinstance(rollout, MCTS) or (
        isinstance(rollout, str) and rollout.partition("(")[0].strip() in _SEARCH
    ):
        raise _nested(rollout)
    if callable(rollout) and not isinstance(rollout, str) and not _takes_two(rollout):
        raise ValueError(
            f"rollout must be a bot: a callable (state, rng) -> action, got {short_repr(rollout, 40)}, "
            "which does not take two arguments"
        )
    leaves = ("rollout", *value_names())  # the registry's leaf values, whoever registered them
    if out.get("value", "rollout") not in leaves:
        raise ValueError(
            f"value must be {' or '.join(map(repr, leaves))} (a leaf value of the registry), "
            f"got {short_repr(out['value'], 40)}"
        )
    if "chance" in out and out["chance"] not in ("sample", "expectation"):
        raise ValueError(f"chance must be 'sample' or 'expectation', got {short_repr(out['chance'], 40)}")
    whole("rollout_steps", 1, MAX_ROLLOUT_STEPS, none=True)
    if "worlds" in out:
        whole("worlds", 1, MAX_WORLDS)
    checks.number("bias", out["bias"], 0.0, 100.0)
    return out


def _takes_two(fn: Any) -> bool:
    """True when ``fn(state, rng)`` is a call its signature allows (or it shows no signature)."""
    try:
        inspect.signature(fn).bind(None, None)
    except TypeError:
        return False
    except ValueError:  # no signature to read (some builtins): it is tried at the first move
        return True
    return True


#: the names of the search bots (registered for every game below and in :mod:`isslab.bots.ismcts`)
_SEARCH: Final = frozenset(("mcts", "ismcts"))


def _spec(name: str, params: dict[str, Any]) -> str:
    """The bot's name with the parameters that differ from the defaults: ``mcts(simulations=50)``."""
    changed = [f"{k}={getattr(v, '__name__', v)}" for k, v in params.items() if v != DEFAULTS.get(k)]
    return f"{name}({', '.join(changed)})" if changed else name


@dataclass(frozen=True)
class SearchResult:
    """What one search found at its root: the actions, their visits and mean returns for the mover."""

    actions: tuple[Action, ...]
    visits: tuple[int, ...]
    #: mean return of the seat to move after each action (NaN for an action never tried)
    values: tuple[float, ...]
    simulations: int
    seconds: float
    #: moves played inside rollouts (the benchmark divides them by ``seconds``)
    rollout_steps: int

    def best(self) -> Action:
        """The most visited action (ties: the higher value, then the earlier action)."""
        best_i = max(
            range(len(self.actions)),
            key=lambda i: (self.visits[i], -math.inf if math.isnan(self.values[i]) else self.values[i], -i),
        )
        return self.actions[best_i]


# --------------------------------------------------------------------------------------------------
# The tree
# --------------------------------------------------------------------------------------------------

_DECISION, _CHANCE, _END = 0, 1, 2


class _Stats(Protocol):
    """What a backup updates in a tree node: its visits and the sum of each seat's returns."""

    n: int
    w: list[float]


def backup(path: Sequence[_Stats], values: Sequence[float]) -> None:
    """Add one simulation's returns to every node on its path (both search bots back up this way)."""
    for nd in path:
        nd.n += 1
        w = nd.w
        for k, v in enumerate(values):
            w[k] += v


class _Node:
    """One position of the tree: its kind, actions, children (None until expanded) and statistics."""

    __slots__ = ("state", "kind", "player", "actions", "probs", "children", "untried", "n", "w", "hint")

    def __init__(self, state: State, nplayers: int) -> None:
        self.state = state
        cp = state.current_player
        self.player = cp
        self.n = 0
        self.w = [0.0] * nplayers
        if cp == TERMINAL:
            self.kind = _END
            self.actions: list[Action] = []
            self.probs: list[float] = []
            self.untried: list[int] = []
        elif cp == CHANCE:
            self.kind = _CHANCE
            outcomes = state.chance_outcomes()
            self.actions = [a for a, _ in outcomes]
            self.probs = [p for _, p in outcomes]
            self.untried = []
        else:
            self.kind = _DECISION
            self.actions = state.legal_actions()
            self.probs = []
            self.untried = list(range(len(self.actions)))
        self.children: list[_Node | None] = [None] * len(self.actions)
        #: the index of the rollout bot's move here (-1: none): tried first, and favoured while young
        self.hint = -1


class Tree:
    """What both search bots share: the budget loop, a new leaf's values, the range of returns seen
    and the back-up that ends every simulation (``mcts``'s :class:`_Search`, ``ismcts``'s tree)."""

    def __init__(
        self, nplayers: int, rng: random.Random, rollout: Rollout, c: float, policy: Bot | None, bias: float
    ) -> None:
        self.np = nplayers
        self.rng = rng
        self.rollout = rollout
        self.c = c
        self.policy = policy if bias > 0 else None
        self.bias = bias
        self.lo = math.inf
        self.hi = -math.inf
        self.sims = 0
        self.rollout_steps = 0

    def simulate(self) -> None:
        """One simulation: select, expand, value the leaf, back up (each search its own)."""
        raise NotImplementedError

    def leaf(self, state: State, rng: random.Random) -> Sequence[float]:
        """The values of a new leaf: its rollout (or the leaf value asked for), its steps counted."""
        values, steps = self.rollout(state, rng)
        self.rollout_steps += steps
        return values

    def back_up(self, path: Sequence[_Stats], values: Sequence[float]) -> None:
        """The end of a simulation: the range of returns seen widened, the values added up the path."""
        lo, hi = min(values), max(values)
        if lo < self.lo:
            self.lo = lo
        if hi > self.hi:
            self.hi = hi
        backup(path, values)
        self.sims += 1

    def run(self, simulations: int | None, deadline: float | None) -> None:
        """Simulate until the budget is spent (simulations, or the ``perf_counter`` deadline)."""
        once = self.simulate
        if deadline is None:
            assert simulations is not None
            for _ in range(simulations):
                once()
            return
        clock = time.perf_counter
        while (simulations is None or self.sims < simulations) and clock() < deadline:
            once()


class _Search(Tree):
    """One search from one root: the tree, the budget, the statistics for the result."""

    def __init__(
        self,
        root: State,
        rng: random.Random,
        rollout: Rollout,
        c: float,
        expectation: bool,
        policy: Bot | None = None,
        bias: float = 0.0,
    ) -> None:
        super().__init__(root.game.num_players, rng, rollout, c, policy, bias)
        self.expectation = expectation
        self.root = self._node(root)

    def _node(self, state: State) -> _Node:
        """A new node; at a decision, the rollout bot's move there becomes its hint."""
        node = _Node(state, self.np)
        policy = self.policy
        if policy is not None and node.kind == _DECISION:
            move = policy(state, self.rng)
            actions = node.actions
            for i, a in enumerate(actions):  # bots hand back the very objects offered
                if a is move:
                    node.hint = i
                    break
            else:
                node.hint = actions.index(state.resolve(move))
        return node

    def _value(self, node: _Node, p: int) -> float:
        """The mean return of seat ``p`` at ``node`` (expectation mode: chance nodes by their odds)."""
        if node.kind == _CHANCE and self.expectation:
            total = acc = 0.0
            for child, prob in zip(node.children, node.probs, strict=True):
                if child is not None and child.n:
                    total += prob
                    acc += prob * self._value(child, p)
            return acc / total if total else 0.0
        return node.w[p] / node.n

    def simulate(self) -> None:
        """One simulation: select, expand one node, roll out, back up."""
        rng = self.rng
        node = self.root
        path = [node]
        values: Sequence[float] | None = None
        while True:
            kind = node.kind
            if kind == _END:
                values = node.state.returns()
                break
            if kind == _CHANCE:
                i = self._pick_outcome(node)
            elif node.untried and (
                # with a rollout bot's hint, moves join one at a time as the node's visits grow
                # (progressive widening): a small budget deepens the hint's line instead of trying
                # every move once, and a large one still tries them all
                node.hint < 0 or len(node.actions) - len(node.untried) < 1 + math.sqrt(node.n)
            ):
                untried = node.untried
                if node.hint >= 0 and node.children[node.hint] is None:
                    i = node.hint  # the rollout bot's move is tried first
                    untried.remove(i)
                else:
                    j = int(rng.random() * len(untried))
                    untried[j], untried[-1] = untried[-1], untried[j]
                    i = untried.pop()
            else:
                node = self._select(node)
                path.append(node)
                continue
            child = node.children[i]
            if child is None:
                child = node.children[i] = self._node(node.state.apply(node.actions[i]))
                path.append(child)
                values = child.state.returns() if child.kind == _END else self.leaf(child.state, rng)
                break
            node = child
            path.append(node)
        self.back_up(path, values)

    def _pick_outcome(self, node: _Node) -> int:
        """A chance outcome: drawn by its probability, or (expectation) the most under-visited one."""
        probs = node.probs
        if self.expectation:
            n1 = node.n + 1
            best, best_gap = 0, -math.inf
            for i, child in enumerate(node.children):
                gap = probs[i] * n1 - (child.n if child is not None else 0)
                if gap > best_gap:
                    best, best_gap = i, gap
            return best
        x = self.rng.random()
        acc = 0.0
        for i, p in enumerate(probs):
            acc += p
            if x < acc:
                return i
        return len(probs) - 1

    def _select(self, node: _Node) -> _Node:
        """UCB1 on the mover's own return, scaled into [0, 1] by the returns seen so far."""
        p = node.player
        span = self.hi - self.lo
        scale = 1.0 / span if span > 0 else 0.0
        lo = self.lo
        explore = self.c * math.sqrt(math.log(node.n))
        best: _Node | None = None
        best_score = -math.inf
        expectation = self.expectation
        hint = node.hint
        for i, child in enumerate(node.children):
            if child is None:  # not added yet (progressive widening)
                continue
            n = child.n
            q = self._value(child, p) if expectation and child.kind == _CHANCE else child.w[p] / n
            score = (q - lo) * scale + explore / math.sqrt(n)
            if i == hint:  # progressive bias: the rollout bot's choice, fading as the move is tried
                score += self.bias / (n + 1)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def root_stats(self) -> tuple[list[int], list[float]]:
        """Visits and mean returns of the mover for each root action."""
        root = self.root
        p = root.player
        visits, values = [], []
        for child in root.children:
            if child is None or not child.n:
                visits.append(0)
                values.append(math.nan)
            else:
                visits.append(child.n)
                values.append(self._value(child, p))
        return visits, values


# --------------------------------------------------------------------------------------------------
# The bot
# --------------------------------------------------------------------------------------------------


class SearchBot(ABC):
    """A bot that searches each move (:class:`MCTS`, the expert): a bot of keyword parameters,
    equal to another of its kind with the same ones, that plays the best move its search finds."""

    #: the registered name
    name: str
    PARAMS: tuple[str, ...]
    #: the registered name with the parameters that differ from the defaults
    __name__: str

    params: dict[str, Any]

    @abstractmethod
    def __init__(self, **params: Any) -> None:
        """Check the keyword parameters into ``self.params``; name the bot by them in ``__name__``."""

    @abstractmethod
    def search(self, state: State, rng: random.Random) -> SearchResult:
        """What one search from ``state`` finds at its root."""

    def configure(self, **params: Any) -> Self:
        """A bot of the same kind with some parameters changed."""
        return type(self)(**{**self.params, **params})

    def __repr__(self) -> str:
        return f"<isslab bot {self.__name__}>"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, SearchBot) and other.params == self.params

    def __hash__(self) -> int:
        # by repr: a parameter may be a callable or another unhashable value
        return hash((type(self).__name__, tuple(sorted((k, repr(v)) for k, v in self.params.items()))))

    def __call__(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.search(state, rng).best()


class MCTS(SearchBot):
    """UCT search as a bot: ``MCTS(simulations=200)(state, rng)`` returns the move to play.

    Parameters: ``simulations`` and/or ``seconds`` (the budget per move: the first reached ends
    it), ``exploration`` (the UCB constant on returns scaled to [0, 1]), ``rollout`` (a bot name,
    ``"default"`` for the game's default bot, or a callable ``(state, rng) -> action``),
    ``chance`` (``"sample"`` or ``"expectation"``), ``rollout_steps`` (a cap on each rollout's
    moves: the returns of an unfinished game are then used), ``worlds`` (determinized positions
    searched in a game with hidden information), ``bias`` (the weight of the rollout bot's hint,
    see the module docstring) and ``value`` (``"model"``: a new leaf is valued by the game's fitted
    win-chance model, :mod:`isslab.analysis.winprob`, instead of a rollout). A move with no
    alternative is played at once.
    """

    #: the registered name
    name: str = "mcts"
    PARAMS: tuple[str, ...] = tuple(DEFAULTS)

    def __init__(self, **params: Any) -> None:
        self.params = check_search_params(params, self.PARAMS)
        #: ``isslab.play`` and ``simulate`` name a bot by ``__name__``: ``mcts(simulations=50)``
        self.__name__ = _spec(self.name, self.params)

    def check_game(self, game_id: str) -> None:
        """``ValueError`` now, not at the first move, when the rollout bot is not a bot of ``game_id``."""
        from isslab.core import game_class

        try:
            rollout_policy(game_id, game_class(game_id).INFO.default_bot, self.params["rollout"])
        except ValueError as exc:
            text = str(exc)
            raise ValueError(text if text.startswith("rollout") else f"rollout: {text}") from None

    def _policy(self, state: State) -> Bot | None:
        game = state.game
        return rollout_policy(game.id, game.info.default_bot, self.params["rollout"])

    def _leaves(self, state: State, policy: Bot | None) -> Rollout:
        """How a new leaf is valued: rollouts by ``policy``, or a leaf value of the registry by name."""
        value = self.params.get("value", "rollout")
        if value == "rollout":
            return rollout_function(policy, self.params["rollout_steps"])
        # the analysis layer registers "model" (isslab.winprob); a bot never imports the layer that fits it
        values = value_function(value, state.game)
        return lambda s, rng: (values(s), 0)

    def _budget(self, share: int = 1, part: int = 0) -> tuple[int | None, float | None]:
        """Simulations and seconds of part ``part`` of the search when it is split ``share`` ways.

        The parts' simulations add up to the budget exactly (the first ``sims % share`` parts get one
        more), so a budget is an upper bound however it is split.
        """
        sims, secs = self.params["simulations"], self.params["seconds"]
        mine = None if sims is None else sims // share + (1 if part < sims % share else 0)
        return mine, None if secs is None else secs / share

    def worlds(self) -> int:
        """How many determinized positions a move searches: ``worlds``, at most one per simulation."""
        sims = self.params["simulations"]
        worlds = int(self.params["worlds"])
        return worlds if sims is None else min(worlds, sims)

    def search(self, state: State, rng: random.Random) -> SearchResult:
        """Search from ``state`` (a seat to move) and return the root statistics."""
        seat = state.current_player
        if seat < 0:
            raise ValueError(f"a search bot plays a seat; {state!r} is not a seat's turn")
        t0 = time.perf_counter()
        policy = self._policy(state)
        rollout = self._leaves(state, policy)
        c, expectation = float(self.params["exploration"]), self.params["chance"] == "expectation"
        bias = float(self.params["bias"])
        legal = state.legal_actions()
        if not state.game.info.hidden_information:
            sims, secs = self._budget()
            search = _Search(state, rng, rollout, c, expectation, policy, bias)
            search.run(sims, None if secs is None else t0 + secs)
            visits, values = search.root_stats()
            return SearchResult(
                tuple(search.root.actions), tuple(visits), tuple(values), search.sims,
                time.perf_counter() - t0, search.rollout_steps,
            )  # fmt: skip
        # determinized UCT: one tree per drawn position; the seat's own legal actions are the same in
        # every position it cannot tell apart, so the root statistics add up action by action
        worlds = self.worlds()
        total_v = dict.fromkeys(legal, 0)
        total_w = dict.fromkeys(legal, 0.0)
        sims_done = steps = 0
        for k in range(worlds):
            world = state.resample_hidden(seat, rng)
            sims, secs = self._budget(worlds, k)
            search = _Search(world, rng, rollout, c, expectation, policy, bias)
            search.run(sims, None if secs is None else time.perf_counter() + secs)
            sims_done += search.sims
            steps += search.rollout_steps
            for a, child in zip(search.root.actions, search.root.children, strict=True):
                if a not in total_v:
                    raise ValueError(
                        f"{state.game.id}: the legal actions of seat {seat} differ in a position it "
                        f"cannot tell from the real one ({a} is not legal in the real one)"
                    )
                if child is not None and child.n:
                    total_v[a] += child.n
                    total_w[a] += child.w[seat]
            if self.params["seconds"] is not None and time.perf_counter() - t0 > self.params["seconds"]:
                break
        return SearchResult(
            tuple(legal),
            tuple(total_v[a] for a in legal),
            tuple(total_w[a] / total_v[a] if total_v[a] else math.nan for a in legal),
            sims_done,
            time.perf_counter() - t0,
            steps,
        )


register_bot("*", "mcts")(MCTS())
