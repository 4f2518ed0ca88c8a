"""The leak test of win chances, in the conformance suite's style: ``check_win_chance_leaks(game)``.

Two positions one seat cannot tell apart (the real one, and one drawn with ``resample_hidden``) must
get the same evaluation for that seat (model, for the model's line-up and for one with a ``random``
seat when the model knows it, its own hand read; and rollouts, from the same seed) and the same review
rows for that seat, with every valuation a review offers: the model, and the judge's rollouts (its
drawn positions, its first pass and its advisers' moves included). A win chance or a verdict that
read a hidden card would differ between them.
"""

from __future__ import annotations

import random

import pandas as pd

from isslab.analysis.evaluate import evaluate
from isslab.analysis.review import review
from isslab.analysis.winprob import WinModel
from isslab.core import Game
from isslab.play import play

__all__ = ["check_win_chance_leaks"]


def check_win_chance_leaks(
    game: Game, fitted: WinModel, seed: int = 0, positions: int = 4, rollouts: int = 8, judged: int = 2
) -> int:
    """Raise ``AssertionError`` where a seat's win chances differ between positions it cannot tell apart.

    ``rollouts`` per evaluation, and per position of the judge's review (``judged`` of the positions
    get one: it values the whole history). Returns the number of (position, seat) pairs checked
    whose worlds really differed.
    """
    rec = play(game, game.info.default_bot, seed=seed)
    states = [s for s in rec.states() if not s.is_terminal()]
    rng = random.Random(seed)
    mixed = ("random", *fitted.lineup[1:])
    models = [
        fitted,
        *([fitted.for_lineup(mixed)] if fitted.covers(mixed) and mixed != fitted.lineup else []),
    ]
    picks = [states[(i + 1) * len(states) // (positions + 1)] for i in range(positions)]
    differed = 0
    for p, s in enumerate(picks):
        for seat in range(game.num_players):
            other = s.resample_hidden(seat, rng)
            differed += int(other != s)
            for m in models:  # the model's line-up, and one with a random seat when it knows one
                a = evaluate(s, seat, "model", model_=m)
                b = evaluate(other, seat, "model", model_=m)
                assert a.chances == b.chances, (game.id, s.move_number, seat, a, b)
                # every seat from its own view: this seat's own number cannot move either
                assert m.values(s)[seat] == m.values(other)[seat], (game.id, s.move_number, seat)
            a = evaluate(s, seat, "rollout", games=rollouts, seed=seed)
            b = evaluate(other, seat, "rollout", games=rollouts, seed=seed)
            assert a.chances == b.chances, (game.id, s.move_number, seat, a, b)
            ra = review(s, seat, "model", model_=fitted, seed=seed).rows
            rb = review(other, seat, "model", model_=fitted, seed=seed).rows
            pd.testing.assert_frame_equal(ra, rb)
            if p < judged:
                # the judge: rollouts from drawn positions, the model's first pass, the advisers; the
                # default seed (from the moves as the seat knows them) must not read a hidden move
                ra = review(s, seat, model_=fitted, rollouts=max(2, rollouts // 2)).rows
                rb = review(other, seat, model_=fitted, rollouts=max(2, rollouts // 2)).rows
                pd.testing.assert_frame_equal(ra, rb)
    return differed
