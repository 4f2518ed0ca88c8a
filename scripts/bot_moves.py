"""Digests of the moves the heuristic bots play: run before and after a speed change, compare.

    python scripts/bot_moves.py --seeds 300 > before.txt   # ... change ..., then
    python scripts/bot_moves.py --seeds 300 > after.txt && diff before.txt after.txt

For every registered game, every table size and every bot but the search bots (``random`` and
``first`` included: their moves follow the order of the legal actions), it plays ``--seeds`` seeded
games with that bot in every seat and prints one SHA-256 digest over each game's actions, returns
and per-seat statistics, in seed order. The same digest before and after a change means the bots
chose the same moves and the engines did the same things with them in every one of those games.
``--games`` and ``--bots`` narrow the run; ``--options`` adds one option set (``key=value,...``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time

import isslab
from isslab.core import bot_names

SEARCH = {"mcts", "ismcts"}


def digest(game: isslab.Game, bot: str, seeds: int) -> str:
    """The SHA-256 over ``seeds`` games of ``bot`` in every seat: actions, returns, statistics."""
    h = hashlib.sha256()
    for seed in range(seeds):
        rec = isslab.play(game, bot, seed=seed)
        h.update(json.dumps([game.encode_action(a) for a in rec.actions]).encode())
        h.update(repr((rec.returns, rec.winners, rec.seat_stats, rec.game_stats)).encode())
    return h.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    """Print one digest per game, table size and bot."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seeds", type=int, default=300, help="seeded games per game, table and bot")
    p.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    p.add_argument("--bots", nargs="*", help="bot names (default: every bot but the search bots)")
    p.add_argument("--options", default="", help="extra options for every game, key=value,...")
    args = p.parse_args(argv)
    extra = {}
    for item in filter(None, args.options.split(",")):
        key, value = item.split("=", 1)
        extra[key] = json.loads(value) if value[:1] in '0123456789-[{tf"' else value
    for gid in args.games or isslab.games():
        info = isslab.make(gid).info
        bots = [b for b in bot_names(gid) if b not in SEARCH and (not args.bots or b in args.bots)]
        for players in range(info.min_players, info.max_players + 1):
            game = isslab.make(gid, players=players, **extra)
            for bot in bots:
                t0 = time.process_time()
                d = digest(game, bot, args.seeds)
                cpu = time.process_time() - t0
                print(f"{gid:12} {players}p {bot:10} {args.seeds} games {d}  ({cpu:.1f} CPU s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
