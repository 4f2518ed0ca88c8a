"""Click-to-draw latency of the Space: 1999 view on the Python side: ``python -m isslab_widgets.bench``.

Each sample is one click handler call (``GameView.click(x, y)``, what ipycanvas calls on a mouse
down) up to the end of the ``hold_canvas`` batch that draws the new frame; the full handler time
(side panels included) is reported too. The browser's own paint is not included: without a
frontend the drawing commands are serialised exactly as in a kernel, then handed to a comm that
goes nowhere.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import isslab
from isslab_widgets.boards.space_1999 import Board1999
from isslab_widgets.view import GameView

__all__ = ["measure", "main"]


def measure(clicks: int = 400, players: int = 4, seed: int = 0) -> dict[str, list[float]]:
    """Play random legal moves by clicking; return click-to-draw and handler times in ms."""
    game = isslab.make("space-1999", players=players)
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {"select": [], "move": [], "handler": []}
    drawn: list[float] = []

    def new_view(view_seed: int) -> tuple[GameView, Board1999]:
        """A hot-seat view whose painter notes when each frame's batch is done."""
        view = GameView(game, ["human"] * players, seed=view_seed, autoplay=False)
        board, painter = view.board, view.painter
        if not isinstance(board, Board1999) or painter is None:
            raise RuntimeError("the Space: 1999 view has no board to click")
        painter.after_draw = lambda: drawn.append(time.perf_counter())
        return view, board

    view, board = new_view(seed)
    while len(samples["handler"]) < clicks:
        state = view.state
        if state.is_terminal():
            view, board = new_view(rng.randrange(10**6))
            continue
        if state.is_chance_node():
            view.roll()
            continue
        move = rng.choice([a for a in state.legal_actions() if board.origin(a) is not None] or [None])
        if move is None:  # only a pass: not a board click
            view.play_action(state.legal_actions()[0])
            continue
        for kind, key in (("select", board.origin(move)), ("move", board.target(move))):
            region = view.scene.region(key)
            if region is None:
                raise RuntimeError(f"no clickable region {key!r} in the scene")
            drawn.clear()
            t0 = time.perf_counter()
            ok = view.click(region.x, region.y)
            t1 = time.perf_counter()
            if not ok or not drawn:
                raise RuntimeError(f"benchmark click on {key} was refused: {view.message}")
            samples[kind].append((drawn[0] - t0) * 1000)
            samples["handler"].append((t1 - t0) * 1000)
    return samples


def main(argv: list[str] | None = None) -> None:
    """Print the median click-to-draw time (target: under 30 ms)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=400)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    s = measure(args.clicks, args.players, args.seed)
    both = s["select"] + s["move"]
    print(f"Space: 1999, {args.players} players, {len(both)} clicks (Python side)")
    for name, xs in (
        ("click -> draw done, all clicks", both),
        ("  select an eagle", s["select"]),
        ("  make a move", s["move"]),
        ("whole handler (panels too)", s["handler"]),
    ):
        q = statistics.quantiles(xs, n=20)
        print(f"{name:32s} median {statistics.median(xs):6.2f} ms   p95 {q[18]:6.2f} ms")
    verdict = "under" if statistics.median(both) < 30 else "OVER"
    print(f"target 30 ms: {verdict}")


if __name__ == "__main__":
    main()
