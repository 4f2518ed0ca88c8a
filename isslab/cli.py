"""The ``isslab`` command line: list games, show their options, play one game, simulate many."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
import time
from collections.abc import Sequence
from typing import Any

from isslab.core import bot_names, game_class, games, make
from isslab.play import play
from isslab.sim import simulate, summarize

__all__ = ["main", "parse_options"]


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """Parse ``name=value`` pairs; values are read as JSON when they can be (``3``, ``true``, ``[1,2]``)."""
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"an option must look like name=value, got {pair!r}")
        name, text = pair.split("=", 1)
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            value = text
        out[name.strip()] = value
    return out


def _cmd_games(args: argparse.Namespace) -> int:
    for gid in games():
        cls = game_class(gid)
        players = next(o for o in cls.OPTIONS if o.name == "players")
        print(
            f"{gid:12} {cls.title:16} players {players.min:g}-{players.max:g}  "
            f"bots: {', '.join(bot_names(gid))}"
        )
    return 0


def _cmd_rules(args: argparse.Namespace) -> int:
    cls = game_class(args.game)
    doc = sys.modules[cls.__module__].__doc__ or ""
    print(f"{cls.title} ({cls.id})\n")
    if doc:
        print(textwrap.indent(doc.strip(), "  ") + "\n")
    print("Options (name = default: meaning; allowed values):")
    for o in cls.OPTIONS:
        flag = "  [assumption]" if o.assumption else ""
        print(f"  {o.name} = {o.default!r}: {o.doc}; {o.allowed()}{flag}")
    print(f"\nBots: {', '.join(bot_names(cls.id))}")
    return 0


def _bots_arg(text: str) -> list[str] | str:
    parts = [p.strip() for p in text.split(",") if p.strip()]
    return parts[0] if len(parts) == 1 else parts


def _cmd_play(args: argparse.Namespace) -> int:
    game = make(args.game, **parse_options(args.option))
    rec = play(game, _bots_arg(args.bots), seed=args.seed)
    state = game.new_state()
    for a in rec.actions:
        if args.log:
            print(a)
        state = state.apply(a)
    print(state)
    reason = rec.end_reason.value if rec.end_reason is not None else "?"
    print(
        f"\n{rec.length} moves, {rec.rounds} rounds; {reason}; winners: "
        + ", ".join(game.seat_name(w) for w in rec.winners)
    )
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    t0 = time.perf_counter()
    df = simulate(
        args.game,
        bots=_bots_arg(args.bots),
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        progress=not args.quiet,
        **options,
    )
    elapsed = time.perf_counter() - t0
    if args.out:
        df.to_csv(args.out, index=False)
    summary = summarize(df)
    print(
        f"{args.game}: {args.games} games in {elapsed:.2f} s "
        f"({args.games / elapsed:,.0f} games/s), seed {args.seed}"
    )
    print(summary.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    if "end_reason" in df:
        reasons = df.drop_duplicates("game")["end_reason"].value_counts()
        print("end reasons: " + ", ".join(f"{k} {v}" for k, v in reasons.items()))
    if args.out:
        print(f"rows written to {args.out}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``isslab`` command."""
    p = argparse.ArgumentParser(
        prog="isslab", description="Space-race board games: engines, bots, simulation."
    )
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games").set_defaults(func=_cmd_games)
    r = sub.add_parser("rules", help="show a game's rules summary and options with defaults")
    r.add_argument("game")
    r.set_defaults(func=_cmd_rules)
    for name, func, helptext in (
        ("play", _cmd_play, "play one game with bots and print the end position"),
        ("simulate", _cmd_simulate, "simulate many games and print a summary"),
    ):
        s = sub.add_parser(name, help=helptext)
        s.add_argument("game")
        s.add_argument(
            "--bots", default="random", help="one bot name for all seats, or a comma list per seat"
        )
        s.add_argument("--seed", type=int, default=0)
        s.add_argument(
            "-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="game option"
        )
        s.set_defaults(func=func)
        if name == "simulate":
            s.add_argument("--games", type=int, default=1000)
            s.add_argument("--workers", type=int, default=1)
            s.add_argument("--out", help="write one row per game and seat to this CSV file")
            s.add_argument("--quiet", action="store_true", help="no progress bar")
        else:
            s.add_argument("--log", action="store_true", help="print every action")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; errors in the input print a message and return 2."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except ValueError as exc:
        print(f"isslab: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
