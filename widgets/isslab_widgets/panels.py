"""The game view's side panels as HTML and text: pure functions of a session (no widgets here).

Every panel shows the session's position through the screen's eyes (:meth:`Session.eyes`): the log
is described with ``state.describe(action, eyes)``, and in a game with hidden information the
inspector and the JSON panel show ``state.view(eyes)`` instead of the whole position.
"""

from __future__ import annotations

import html
import json
from typing import Any

import pandas as pd

from isslab import CHANCE, TERMINAL, Game
from isslab_widgets.boards import visible_text
from isslab_widgets.plots import win_table
from isslab_widgets.session import Session

__all__ = ["inspector_html", "json_text", "log_html", "text_board_html", "what_if_html"]

_TABLE_STYLE = "<style>.isslab-table td,.isslab-table th{padding:1px 6px;font-size:12px}</style>"


def log_html(session: Session, before: int = 120, after: int = 40) -> str:
    """The action log around the cursor (``before`` steps back, ``after`` on), the cursor's step marked."""
    tree = session.tree
    total = tree.size - 1
    cur = tree.cursor
    lo, hi = max(0, cur - before), min(total, cur + after)
    rows = [f"&hellip; {lo} earlier steps"] if lo > 0 else []
    for line in session.log(lo, hi):
        style = "color:#777;" if line.mover == CHANCE else ""
        here = line.step == cur
        mark = "&#9654;" if here else "&nbsp;"
        weight = "font-weight:bold;" if here else ""
        rows.append(f"<div style='{style}{weight}'>{mark}{line.step:4d}. {html.escape(line.text)}</div>")
    if hi < total:
        rows.append(f"&hellip; {total - hi} later steps")
    branches = tree.branches
    head = f"{total} steps on this line" + (f", {branches} other branch(es) kept" if branches else "")
    body = "".join(rows) or "<i>no moves yet</i>"
    return (
        f"<div><b>Action log</b>: {head}</div><div class='isslab-log' style='max-height:300px;"
        f"overflow-y:auto;font-family:monospace;font-size:12px;white-space:pre'>{body}</div>"
    )


def inspector_html(session: Session) -> str:
    """The position as tables: the whole of it, or what the screen's eyes may see of it."""
    st = session.state
    g = session.game
    n = g.num_players
    cp = st.current_player
    who = {CHANCE: "chance", TERMINAL: "nobody (game over)"}.get(cp) or g.seat_name(cp)
    rows: list[tuple[str, Any]] = [
        ("step", f"{session.tree.cursor} of {session.tree.size - 1}"),
        ("to move", who),
        ("rounds", st.rounds),
    ]
    if st.end_reason is not None:
        rows.append(("end", st.end_reason.value))
        rows.append(("winners", ", ".join(g.seat_name(w) for w in st.winners())))
    eyes = session.eyes()
    if session.hides() and eyes is not None:
        # what this seat may see, straight from the engine: the position itself would show every hand
        seen = st.view(eyes)
        head = f"<b>What {html.escape(g.seat_name(eyes))} sees</b> (<code>state.view</code>)"
        cells = _rows(rows) + _rows(list(seen.items()))
        seats = "".join(
            f"<tr{_mark(s, cp)}><td>{_cell(g.seat_name(s))}</td><td>{_cell(session.seats[s])}</td></tr>"
            for s in range(n)
        )
        return (
            f"{_TABLE_STYLE}<div class='isslab-inspector' style='overflow-x:auto'>"
            f"<b>Seats</b><table class='isslab-table'><tr><th>seat</th><th>player</th></tr>{seats}</table>"
            f"{head}<table class='isslab-table'>{cells}</table></div>"
        )
    snap = st.snapshot()
    per_seat = [k for k, v in snap.items() if isinstance(v, list) and len(v) == n]
    rows += [(k, v) for k, v in snap.items() if not isinstance(v, list)]
    try:
        rows += list(st.game_stats().items())
        stats = st.seat_stats()
    except Exception:  # noqa: BLE001 - statistics are optional extras; the tables must still show
        stats = [{} for _ in range(n)]
    stat_keys = [k for k in (stats[0] if stats else {}) if k not in per_seat]
    board = session.board
    head = "".join(f"<th>{html.escape(k)}</th>" for k in ["seat", "player", *per_seat, *stat_keys])
    body = ""
    for s in range(n):
        vals = [
            g.seat_name(s),
            session.seats[s],
            *(board.format_value(k, snap[k][s]) if board is not None else snap[k][s] for k in per_seat),
            *(stats[s].get(k) for k in stat_keys),
        ]
        body += f"<tr{_mark(s, cp)}>" + "".join(f"<td>{_cell(v)}</td>" for v in vals) + "</tr>"
    return (
        f"{_TABLE_STYLE}<div class='isslab-inspector' style='overflow-x:auto'><b>State</b>"
        f"<table class='isslab-table'>{_rows(rows)}</table>"
        f"<b>Seats</b><table class='isslab-table'><tr>{head}</tr>{body}</table></div>"
    )


def json_text(session: Session) -> str:
    """The JSON panel: the save file (position and history), or the eyes' ``state.view`` in a hidden game."""
    st = session.state
    eyes = session.eyes()
    if session.hides() and eyes is not None:
        return (
            f"// what {session.game.seat_name(eyes)} sees: state.view({eyes})\n"
            "// (the save file holds the whole position; Save writes it)\n"
            + json.dumps(st.view(eyes), indent=1)
        )
    return pretty_json(st.to_json())


def text_board_html(session: Session) -> str:
    """The text board of a game without a board module, as the screen's eyes may read it."""
    text = visible_text(session.state, session.eyes())
    return f"<pre style='font-size:12px;line-height:1.3'>{html.escape(text)}</pre>"


def what_if_html(game: Game, df: pd.DataFrame, games: int, step: int, seed: int, note: str = "") -> str:
    """The what-if result: win probability per seat with its 95% interval, and the game lengths."""
    table = win_table(df)
    columns = table[["seat", "bot", "win_probability", "ci95"]]
    rows = "".join(
        f"<tr><td>{html.escape(game.seat_name(int(seat)))}</td><td>{html.escape(str(bot))}</td>"
        f"<td>{p:.1%}</td><td>&plusmn; {ci:.1%}</td></tr>"
        for seat, bot, p, ci in columns.itertuples(index=False, name=None)
    )
    lengths = df.drop_duplicates("game")["length"]
    remark = f"<div><i>{html.escape(note)}</i></div>" if note else ""
    return (
        f"<b>{games} games from step {step}</b> (seed {seed}){remark}"
        "<table class='isslab-table'><tr><th>seat</th><th>bot</th><th>win probability</th>"
        "<th>95%</th></tr>"
        f"{rows}</table>moves per game: mean {lengths.mean():.1f}, median {lengths.median():.0f}"
    )


def pretty_json(text: str) -> str:
    """The save-file JSON with the position indented and one history action per line."""
    doc = json.loads(text)
    history = doc.pop("history")
    state = doc.pop("state")
    lines = ["{"]
    for k, v in doc.items():
        lines.append(f"  {json.dumps(k)}: {json.dumps(v)},")
    lines.append('  "state": {')
    lines += [f"    {json.dumps(k)}: {json.dumps(v)}," for k, v in state.items()]
    if state:
        lines[-1] = lines[-1].rstrip(",")
    lines.append("  },")
    lines.append('  "history": [')
    lines += [f"    {json.dumps(a)}," for a in history]
    if history:
        lines[-1] = lines[-1].rstrip(",")
    lines += ["  ]", "}"]
    return "\n".join(lines)


def _mark(seat: int, to_move: int) -> str:
    return " style='background:#fff6cc'" if seat == to_move else ""


def _rows(pairs: list[tuple[str, Any]]) -> str:
    return "".join(
        f"<tr><th style='text-align:left'>{html.escape(str(k))}</th><td>{_cell(v)}</td></tr>"
        for k, v in pairs
    )


def _cell(v: Any) -> str:
    if isinstance(v, dict):
        text = json.dumps(v, separators=(",", ":"))
    elif isinstance(v, list | tuple):
        text = ", ".join(
            json.dumps(x, separators=(",", ":")) if isinstance(x, dict | list) else str(x) for x in v
        )
    else:
        text = str(v)
    if len(text) > 60:
        text = text[:57] + "..."
    return html.escape(text)
