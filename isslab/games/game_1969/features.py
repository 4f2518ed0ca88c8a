"""1969 win-chance features: the facts that decide the game, per seat (``State.win_features``).

The generic features of :mod:`isslab.analysis.features` read the flattened view (a few hundred
numbers: every research box of every nation, the discards, the flags) and the standing. They see a
mission test under way only as raw numbers for no seat in particular (the dice, the rocket's space),
not as the prestige that space brings the nation that launched it, and a linear model of them stays
near the middle where the outcome is nearly settled. This module says instead what decides the game,
from public facts only: the Scoring Track, money, the research boxes, hand sizes, the flags, the
missions attempted and the test under way (its dice and rocket space are on the board; the cards
played face down are never read), so every seat's public features are the same from every view and
do not change when only hidden cards (hands, face-down plays, the deck's order) do; the observer's
own entry adds its own cards, which it sees. The state class keeps the
generic standing, place and turn features beside them and leaves out the flattened view
(``WIN_FEATURES_EXTEND``, ``WIN_FEATURES_VIEW = False``).

Per seat:

* ``game.final``: the score if the game ended now (the Scoring Track plus the scientists'
  end-of-game points, ``game.scientists``), ``game.money`` (the tie-break), ``game.prestige``;
* the mission test under way, for the nation that launched it (0 for the others):
  ``game.test`` (1), ``game.test space`` (the rocket's space), ``game.test now`` (the prestige that
  space gives, the flags taken off), ``game.test expected`` (the expected prestige by the exact law of
  the test's score, :mod:`.exact`, from the dice already rolled; once the dice are final, the space's
  prestige), ``game.test up`` and ``game.test down`` (the spaces the rocket may still move up and
  down, while Intelligence may still move it);
* ``game.to launch`` (the seat still has a launch this round) and ``game.launch expected`` (the
  expected prestige of its best mission by the exact law, from its research, the flags and its
  money);
* ``game.expected``: the final score plus the expected prestige of the test under way and of the
  launch to come; ``game.chance`` and ``game.chance logit`` (clipped at +-6): the chance that the
  seat ends the round ahead (ties by money) with every seat's gain of this round taken from those
  laws, independent of one another (the other rounds, and Intelligence, not counted);
* ``game.last chance`` and ``game.last chance logit``: the same in the last round only (0 before),
  where they are the chance of the game itself, so the model weighs them apart;
* ``game.missions``, ``game.perfected``, ``game.moon flag``, ``game.research`` (the researchers on
  its boxes), ``game.cards`` (cards in hand);
* ``game.rounds left`` (rounds after this one);
* ``game.<x>@lead`` for the final score, the expected score and the money: the seat's minus the best
  rival's, with the first two split into ``@ahead`` and ``@behind`` parts so a linear model can bend.

The observer's own entry has its own hand as well (the others' stay public): ``game.own hand.<v>``,
the Intelligence Cards of value ``v`` it holds, ``game.own hand value`` their summed values, and
``game.own committed`` the value of the cards it has played face down on the test under way.

Every one is weighed by the square of the game's :func:`clock` (rounds played, and the share of the
current round, over the rounds: a quarter at the Purchase Phase, a half and each nation's share of
the other half in the Mission Phase), so they say little early, where the standing alone predicts as well
as anything, and in full at the end. The model multiplies each by the game's progress as well.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from isslab.games.game_1969.components import GROUND_CONTROL, INVESTORS, SIMULATION, FlagPenalty
from isslab.games.game_1969.exact import dice_law, reroll_policy, test_distribution
from isslab.games.game_1969.phases import (
    BUY,
    LAUNCH,
    MOON_LAUNCHED,
    NO_MISSION,
    OVER,
    REROLL,
    REROLL_ROLL,
    ROLL,
    TEST_PHASES,
)
from isslab.games.game_1969.scoring import PERFECT, scientist_points
from isslab.games.kit import add_leads, remember_last, with_own_entry

if TYPE_CHECKING:
    from isslab.games.game_1969.rules import State1969

__all__ = ["VERSION", "clock", "gain_laws", "own_hand", "seat_facts", "win_features"]

#: the version of these features: a model file records it (``WIN_FEATURES_VERSION`` of the state),
#: so a model fitted on other features is refitted, not misread
VERSION: Final = 2
#: the chance's log-odds are clipped to this size
_LOGIT_CAP: Final = 6.0
#: the facts whose lead over the best rival is given, and those also split into ahead and behind
_LEADS: Final = ("final", "expected", "money")
_SPLIT: Final = ("final", "expected")

Law = tuple[tuple[int, float], ...]  # (prestige gained, probability), the probabilities summing to 1

_NOTHING: Final[Law] = ((0, 1.0),)


def clock(st: State1969) -> float:
    """How far into the game: rounds played plus the share of the current round, over the rounds."""
    t = st.game.tables
    if st.phase == OVER:
        return 1.0
    if st.phase < BUY:  # the Income Phase
        part = 0.0
    elif st.phase < LAUNCH:  # the Purchase Phase
        part = 0.25
    else:
        part = 0.5 + 0.5 * min(st.turn, t.n) / t.n
    return min(1.0, (st.year + part) / t.rounds)


@lru_cache(maxsize=4096)
def _space_law(
    values: tuple[int, ...], start: int, penalty: int, scores: tuple[tuple[int, float], ...]
) -> tuple[Law, tuple[tuple[int, float], ...]]:
    """The prestige law and the rocket's space law of a test from its score law."""
    last = len(values) - 1
    pp: dict[int, float] = {}
    spaces: dict[int, float] = {}
    for score, p in scores:
        space = min(last, max(0, start + score))
        gain = max(0, values[space] - penalty)
        pp[gain] = pp.get(gain, 0.0) + p
        spaces[space] = spaces.get(space, 0.0) + p
    return tuple(sorted(pp.items())), tuple(sorted(spaces.items()))


@lru_cache(maxsize=1024)
def _score_law(
    sim: int, gc: int, dice: int, faces: tuple[int, int, int], bonus: int
) -> tuple[tuple[int, float], ...]:
    """The law of a whole test's score (re-rolls by the policy of :mod:`.exact`), the bonus added."""
    law: dict[int, float] = {}
    for (score, _), p in test_distribution(min(sim, dice), gc, dice, faces).items():
        law[score + bonus] = law.get(score + bonus, 0.0) + float(p)
    return tuple(sorted(law.items()))


@lru_cache(maxsize=4096)
def _rest_law(
    green: int, blue: int, red: int, rolled: int, gc: int, faces: tuple[int, int, int], bonus: int
) -> tuple[tuple[int, float], ...]:
    """The law of a test's score with ``rolled`` dice still to throw beside the kept ones."""
    law: dict[int, float] = {}
    for (g, b, r), p in dice_law(rolled, faces):
        score = green + g + min(blue + b, gc) - red - r + bonus
        law[score] = law.get(score, 0.0) + float(p)
    return tuple(sorted(law.items()))


def _penalty(st: State1969, m: int, seat: int, launched_before: int) -> int:
    """The flags taken off ``seat``'s prestige on mission ``m`` (reading 3)."""
    penalty = st.flags[m]
    if st.game.tables.flag_penalty is FlagPenalty.ALL_ATTEMPTS:
        penalty += launched_before
    return penalty


def _test_law(st: State1969) -> tuple[Law, float, int]:
    """The prestige law of the test under way for its launcher, its expected space and the flags off."""
    t = st.game.tables
    seat, m = st.launcher, st.mission
    values = t.m_values[m]
    before = sum(
        1 for s, x in enumerate(st.launched) if x == m and s != seat and (s - st.first) % t.n < st.turn
    )
    penalty = _penalty(st, m, seat, before)
    res = st.research[seat]
    bonus = sum(res[b] for b in t.m_boxes[m])
    gc = res[GROUND_CONTROL]
    faces = t.die_faces
    if st.phase == ROLL:
        scores = _score_law(res[SIMULATION], gc, t.dice, faces, bonus)
    elif st.phase == REROLL:
        rr, rb = reroll_policy(st.green, st.blue, st.red, min(res[SIMULATION], t.dice), gc)
        scores = _rest_law(st.green, st.blue - rb, st.red - rr, rr + rb, gc, faces, bonus)
    elif st.phase == REROLL_ROLL:
        scores = _rest_law(st.green, st.blue, st.red, st.pending, gc, faces, bonus)
    else:  # COMMIT: the rocket's space is set, Intelligence may still move it
        return ((max(0, values[st.space] - penalty), 1.0),), float(st.space), penalty
    law, spaces = _space_law(values, st.space, penalty, scores)
    return law, sum(s * p for s, p in spaces), penalty


def _mean(law: Law) -> float:
    return sum(v * p for v, p in law)


def _launch_law(st: State1969, seat: int, mission_phase: bool) -> Law:
    """The prestige law of ``seat``'s best launch (by expected prestige) among the missions open to it."""
    t = st.game.tables
    res = st.research[seat]
    sim, gc = res[SIMULATION], res[GROUND_CONTROL]
    done = st.attempted[seat]
    money = st.money[seat]
    disc = t.investors_discount * res[INVESTORS]
    best: Law = _NOTHING
    best_ev = 0.0
    for m in range(t.moon + 1):
        if done >> m & 1:
            continue
        if m == t.moon:
            cost = t.m_cost[m]
            start = st.moon_flag[seat]
            if start == MOON_LAUNCHED:
                continue
        else:
            cost = max(0, t.m_cost[m] - disc)
            start = 0
        if mission_phase and cost > money:
            continue
        before = sum(1 for s, x in enumerate(st.launched) if x == m and s != seat)
        bonus = sum(res[b] for b in t.m_boxes[m])
        law, _ = _space_law(
            t.m_values[m],
            start,
            _penalty(st, m, seat, before),
            _score_law(sim, gc, t.dice, t.die_faces, bonus),
        )
        ev = _mean(law)
        if ev > best_ev:
            best, best_ev = law, ev
    return best


def gain_laws(st: State1969) -> tuple[list[Law], list[bool], Law | None, float, int]:
    """Every seat's prestige law for the rest of this round (the test under way, a launch to come),
    whether it still launches, the law of the test under way (None: none), its expected space and
    the flags taken off its prestige."""
    t = st.game.tables
    n = t.n
    laws: list[Law] = [_NOTHING] * n
    to_launch = [False] * n
    test: Law | None = None
    space = 0.0
    penalty = 0
    if st.phase == OVER:
        return laws, to_launch, test, space, penalty
    mission_phase = st.phase >= LAUNCH
    if st.phase in TEST_PHASES:
        test, space, penalty = _test_law(st)
        laws[st.launcher] = test
    for s in range(n):
        if mission_phase:
            pos = (s - st.first) % n
            if st.launched[s] != NO_MISSION or pos < st.turn or (pos == st.turn and st.phase != LAUNCH):
                continue
        to_launch[s] = True
        laws[s] = _launch_law(st, s, mission_phase)
    return laws, to_launch, test, space, penalty


def _chances(finals: list[int], money: list[int], laws: list[Law]) -> list[float]:
    """Each seat's chance to end ahead (ties by money; nations still tied all win), the laws independent."""
    n = len(finals)
    out = []
    for s in range(n):
        total = 0.0
        for gain, p in laws[s]:
            v = finals[s] + gain
            q = p
            for o in range(n):
                if o == s:
                    continue
                below = 0.0
                for g2, p2 in laws[o]:
                    w = finals[o] + g2
                    if w < v or (w == v and money[o] <= money[s]):
                        below += p2
                q *= below
                if q == 0.0:
                    break
            total += q
        out.append(min(1.0, total))
    return out


def seat_facts(st: State1969) -> list[dict[str, float]]:
    """Every seat's own facts (module docstring), unweighed and without the leads."""
    t = st.game.tables
    n = t.n
    sci = scientist_points(st)
    finals = [st.pp[s] + sci[s] for s in range(n)]
    laws, to_launch, test, space, penalty = gain_laws(st)
    chances = _chances(finals, list(st.money), laws)
    out: list[dict[str, float]] = []
    left = float(max(0, t.rounds - 1 - st.year))
    last_round = st.year >= t.rounds - 1
    for s in range(n):
        f: dict[str, float] = {
            "game.final": float(finals[s]),
            "game.prestige": float(st.pp[s]),
            "game.scientists": float(sci[s]),
            "game.money": float(st.money[s]),
            "game.rounds left": left,
        }
        mine = test is not None and st.launcher == s
        if mine and test is not None:
            m = st.mission
            values = t.m_values[m]
            last = len(values) - 1
            f["game.test"] = 1.0
            f["game.test space"] = space
            f["game.test now"] = float(max(0, values[st.space] - penalty))
            f["game.test expected"] = _mean(test)
            f["game.test up"] = float(last) - space
            f["game.test down"] = space
        else:
            for key in (
                "game.test",
                "game.test space",
                "game.test now",
                "game.test expected",
                "game.test up",
            ):
                f[key] = 0.0
            f["game.test down"] = 0.0
        f["game.to launch"] = 1.0 if to_launch[s] else 0.0
        f["game.launch expected"] = _mean(laws[s]) if to_launch[s] else 0.0
        f["game.expected"] = finals[s] + _mean(laws[s])
        p = min(max(chances[s], 1e-3), 1.0 - 1e-3)
        f["game.chance"] = chances[s]
        logit = max(-_LOGIT_CAP, min(_LOGIT_CAP, math.log(p / (1.0 - p))))
        f["game.chance logit"] = logit
        # the last round's own: there the chance is of the game itself, not of this round only
        f["game.last chance"] = chances[s] if last_round else 0.0
        f["game.last chance logit"] = logit if last_round else 0.0
        f["game.missions"] = float(st.attempted[s].bit_count())
        f["game.perfected"] = float(st.stats[s][PERFECT])
        mf = st.moon_flag[s]
        f["game.moon flag"] = float(mf) if mf != MOON_LAUNCHED else 0.0
        f["game.research"] = float(sum(st.research[s]))
        f["game.cards"] = float(sum(st.hands[s]))  # the hand's size only: public
        out.append(f)
    return out


@remember_last
def _all_features(st: State1969) -> list[dict[str, float]]:
    """Every seat's features: the same from every view (nothing hidden is read)."""
    facts = seat_facts(st)
    n = len(facts)
    out: list[dict[str, float]] = []
    for s in range(n):
        f = dict(facts[s])
        add_leads(f, [facts[o] for o in range(n) if o != s], _LEADS, _SPLIT)
        out.append(f)
    w = clock(st) ** 2
    out = [{k: v * w for k, v in f.items()} for f in out]
    return out


def own_hand(st: State1969, seat: int) -> dict[str, float]:
    """What ``seat`` knows of its own cards (module docstring), unweighed: for its own eyes only."""
    hand = st.hands[seat]
    out = {f"game.own hand.{v + 1}": float(k) for v, k in enumerate(hand)}
    out["game.own hand value"] = float(sum((v + 1) * k for v, k in enumerate(hand)))
    committed = st.commits[seat]
    out["game.own committed"] = (
        0.0 if committed is None else float(sum((v + 1) * k for v, k in enumerate(committed)))
    )
    return out


def win_features(st: State1969, observer: int) -> list[dict[str, float]]:
    """Every seat's features (module docstring): public facts, and the observer's own cards in its entry.

    The model reads them beside the generic features (``WIN_FEATURES_EXTEND``); the public part is
    computed once a position (:func:`_all_features`), however many seats' views ask for it.
    """
    return with_own_entry(_all_features(st), observer, clock(st) ** 2, lambda: own_hand(st, observer))
