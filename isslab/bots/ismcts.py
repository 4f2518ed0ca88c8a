"""``ismcts``: information-set Monte Carlo tree search (single observer, Cowling et al. 2012).

One tree of what the searching seat can tell apart, searched through positions it cannot: every
simulation starts from a fresh *determinization*, ``state.resample_hidden(seat, rng)``, a position
drawn among those the seat's view and the public history allow, and walks the tree along the
actions legal there. An edge is what the seat would know of the action: its own actions are
themselves, every other action and chance outcome is its text ``describe(action, seat)``, so two
of a rival's moves the seat cannot tell apart (two different face-down plays of two cards) are one
edge. At a rival's node an edge's exploration term counts the simulations in which it was
*available* (legal in that determinization), not the node's visits. Rollouts, the budget,
chance sampling, the rollout bot's hints (here drawn in each determinization) and the returns of
several seats work as in :mod:`isslab.bots.mcts`.

The bot reads nothing of the real state but its history through ``resample_hidden`` (whose
samples depend only on what the seat may know), its own legal actions, and ``game.info``. So two
positions the seat cannot tell apart get the same decision from the same seed; the tests check it.
In a game without hidden information ``ismcts`` is plain UCT over the real position.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import cast

from isslab.bots.mcts import DEFAULTS, MCTS, Rollout, SearchResult, Tree
from isslab.core import CHANCE, TERMINAL, Action, Bot, State, register_bot

__all__ = ["ISMCTS"]


class _INode:
    """An information set of the searching seat: children by edge key, visits, returns, availability."""

    __slots__ = ("children", "n", "w", "avail")

    def __init__(self, nplayers: int) -> None:
        self.children: dict[Hashable, _INode] = {}
        self.n = 0
        self.w = [0.0] * nplayers
        self.avail: dict[Hashable, int] = {}


class _ISSearch(Tree):
    """One information-set search: the tree, the seat, the determinizer and the statistics."""

    def __init__(
        self,
        state: State,
        rng: random.Random,
        rollout: Rollout,
        c: float,
        determinize: Callable[[], State],
        policy: Bot | None = None,
        bias: float = 0.0,
    ) -> None:
        game = state.game
        super().__init__(game.num_players, rng, rollout, c, policy, bias)
        self.game = game
        self.seat = state.current_player
        self.hidden = game.info.hidden_information
        self.root = _INode(self.np)
        self.determinize = determinize
        #: the seat's text of each action met (actions are values: one text per action per search)
        self.texts: dict[Action, str] = {}

    def key(self, action: Action, mover: int) -> Hashable:
        """The edge of ``action``: itself for the seat's own moves, else the text the seat knows."""
        if mover == self.seat or not self.hidden:
            return cast(Hashable, action)
        text = self.texts.get(action)
        if text is None:
            text = self.texts[action] = self.game.describe_action(action, self.seat)
        return text

    def simulate(self) -> None:
        """One simulation from a fresh determinization: select, expand, roll out, back up."""
        rng = self.rng
        s = self.determinize()
        node = self.root
        path = [node]
        values: Sequence[float]
        while True:
            cp = s.current_player
            if cp == TERMINAL:
                values = s.returns()
                break
            if cp == CHANCE:
                a = s.sample_chance(rng)
                k = self.key(a, CHANCE)
                s = s.apply(a)
                child = node.children.get(k)
                if child is None:
                    child = node.children[k] = _INode(self.np)
                    path.append(child)
                    values = self.leaf(s, rng)
                    break
                node = child
                path.append(node)
                continue
            groups: dict[Hashable, list[Action]] = {}
            for a in s.legal_actions():
                k = self.key(a, cp)
                group = groups.get(k)
                if group is None:
                    groups[k] = [a]
                else:
                    group.append(a)
            avail = node.avail
            for k in groups:
                avail[k] = avail.get(k, 0) + 1
            children = node.children
            # the rollout bot's move in this determinization: tried first, then favoured while young
            hint = self.key(self.policy(s, rng), cp) if self.policy is not None else None
            untried = [k for k in groups if k not in children]
            # progressive widening with a hint, as in mcts: moves join as the node's visits grow (but
            # a node always has a move to follow in this determinization)
            if untried and (
                hint is None or len(untried) == len(groups) or len(children) < 1 + math.sqrt(node.n)
            ):
                k = (
                    hint
                    if hint in groups and hint not in children
                    else untried[int(rng.random() * len(untried))]
                )
            else:
                k = self._select(node, groups, cp, hint)
            group = groups[k]
            s = s.apply(group[int(rng.random() * len(group))] if len(group) > 1 else group[0])
            child = children.get(k)
            if child is None:
                child = children[k] = _INode(self.np)
                path.append(child)
                values = self.leaf(s, rng)
                break
            node = child
            path.append(node)
        self.back_up(path, values)

    def _select(
        self, node: _INode, groups: dict[Hashable, list[Action]], mover: int, hint: Hashable
    ) -> Hashable:
        """UCB1 over the edges available now, exploration counted by availability (and the hint's bias)."""
        span = self.hi - self.lo
        scale = 1.0 / span if span > 0 else 0.0
        lo, c = self.lo, self.c
        children, avail = node.children, node.avail
        best: Hashable = None
        best_score = -math.inf
        for k in groups:
            child = children.get(k)
            if child is None:  # not added yet (progressive widening)
                continue
            n = child.n
            score = (child.w[mover] / n - lo) * scale + c * math.sqrt(math.log(avail[k]) / n)
            if k == hint:
                score += self.bias / (n + 1)
            if score > best_score:
                best, best_score = k, score
        return best


class ISMCTS(MCTS):
    """Information-set MCTS as a bot: ``ISMCTS(simulations=500)(state, rng)`` returns the move.

    The parameters are those of :class:`~isslab.bots.mcts.MCTS` but ``chance`` (outcomes are
    always drawn by their odds, in the determinization) and ``worlds`` (every simulation draws its
    own determinization).
    """

    name = "ismcts"
    PARAMS: tuple[str, ...] = tuple(k for k in DEFAULTS if k not in ("chance", "worlds"))

    def search(self, state: State, rng: random.Random) -> SearchResult:
        """Search the seat's information set at ``state`` and return the root statistics."""
        seat = state.current_player
        if seat < 0:
            raise ValueError(f"a search bot plays a seat; {state!r} is not a seat's turn")
        t0 = time.perf_counter()
        hidden = state.game.info.hidden_information

        def determinize() -> State:
            return state.resample_hidden(seat, rng) if hidden else state

        policy = self._policy(state)
        search = _ISSearch(
            state,
            rng,
            self._leaves(state, policy),
            float(self.params["exploration"]),
            determinize,
            policy,
            float(self.params["bias"]),
        )
        sims, secs = self._budget()
        search.run(sims, None if secs is None else t0 + secs)
        legal = state.legal_actions()
        root = search.root
        visits, values = [], []
        for a in legal:
            child = root.children.get(a)
            visits.append(child.n if child is not None else 0)
            values.append(child.w[seat] / child.n if child is not None and child.n else math.nan)
        return SearchResult(
            tuple(legal),
            tuple(visits),
            tuple(values),
            search.sims,
            time.perf_counter() - t0,
            search.rollout_steps,
        )


register_bot("*", "ismcts")(ISMCTS())
