"""The game view's side panels as HTML and text: pure functions of a session (no widgets here).

Every panel shows the session's position through the screen's eyes (:meth:`Session.eyes`): the log
is described with ``state.describe(action, eyes)``, and in a game with hidden information the
inspector and the JSON panel show ``state.view(eyes)`` instead of the whole position.
"""

from __future__ import annotations

import html
import json
import textwrap
from typing import Any

import pandas as pd

from isslab import CHANCE, Game, State
from isslab.analysis.plots import win_table
from isslab.core import Memo
from isslab_widgets.boards import visible_text
from isslab_widgets.boards.kit import readable
from isslab_widgets.session import Session
from isslab_widgets.session_panels import GameOver, LogLine, Recap, Result, SeatRow

__all__ = [
    "distinct",
    "readable",
    "game_over_html",
    "happened_html",
    "inspector_html",
    "json_text",
    "log_html",
    "recap_html",
    "result_html",
    "seat_html",
    "seat_lines_html",
    "seat_name_html",
    "shared_goal",
    "shared_goal_html",
    "status_html",
    "text_board_html",
    "what_if_html",
]

_TABLE_STYLE = "<style>.isslab-table td,.isslab-table th{padding:1px 6px;font-size:12px}</style>"


def distinct(labels: list[str]) -> list[str]:
    """The labels with repeats told apart: a second ``"keep A"`` becomes ``"keep A (choice 2)"``.

    Two choices never look the same in a list, even when the words of two actions agree.
    """
    seen: dict[str, int] = {}
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
    count: dict[str, int] = {}
    out = []
    for label in labels:
        if seen[label] > 1:
            count[label] = count.get(label, 0) + 1
            out.append(f"{label} (choice {count[label]})")
        else:
            out.append(label)
    return out


def log_html(session: Session, before: int = 120, after: int = 40) -> str:
    """The action log around the cursor (``before`` steps back, ``after`` on), the cursor's step marked.

    A step that brought a new result (the engine's ``headline``: a mission test, a launch, a module
    attached) is followed by that result, as the screen's eyes may know it: the log holds everything
    the "what happened" panel has no room for.
    """
    tree = session.tree
    total = tree.size - 1
    cur = tree.cursor
    lo, hi = max(0, cur - before), min(total, cur + after)
    rows = [f"&hellip; {lo} earlier steps"] if lo > 0 else []
    eyes = session.eyes()
    seen = eyes if eyes is not None else (None if session.game.info.hidden_information else 0)
    for line in session.log(lo, hi):
        style = "color:#777;" if line.mover == CHANCE else ""
        here = line.step == cur
        mark = "&#9654;" if here else "&nbsp;"
        weight = "font-weight:bold;" if here else ""
        rows.append(f"<div style='{style}{weight}'>{mark}{line.step:4d}. {html.escape(line.text)}</div>")
        if seen is not None:
            new = _headline(tree.at(line.step), seen)
            if new and new != _headline(tree.at(line.step - 1), seen):
                rows.append(f"<div class='isslab-log-result'>      &rarr; {html.escape(new)}</div>")
    if hi < total:
        rows.append(f"&hellip; {total - hi} later steps")
    branches = tree.branches
    head = f"{total} steps on this line" + (f", {branches} other branch(es) kept" if branches else "")
    body = "".join(rows) or "<i>no moves yet</i>"
    return (
        f"<div><b>Action log</b>: {head}</div><div class='isslab-log isslab-scrolls' style='max-height:380px;"
        f"overflow-y:auto;font-family:monospace;font-size:12px;white-space:pre-wrap'>{body}</div>"
    )


#: the headlines of the positions the log shows, by position and seat (a headline can read the
#: whole history: 0.1 ms in 1998 ISS, asked for 160 steps at every redraw)
_HEADLINES: Memo[tuple[int, int], tuple[State, str]] = Memo(maxsize=20_000)


def _headline(state: State, seat: int) -> str:
    """``state.headline(seat)``, remembered for the position (the positions of a game tree stay alive)."""
    key = (id(state), seat)
    got = _HEADLINES.get(key)
    if got is not None and got[0] is state:
        return got[1]
    text = state.headline(seat)
    _HEADLINES[key] = (state, text)
    return text


def inspector_html(session: Session) -> str:
    """The position in words: whose turn, the round, every seat's numbers and non-zero statistics.

    Raw engine fields are not shown as they are (a ``to_move`` of -1, a disc angle, columns of
    zeros): the seat table holds the engine's public hooks and the statistics that are not zero
    everywhere, and per-seat fields only as the board writes them (``format_value``; None hides
    one). In a game with hidden information seen by one seat, only public facts are shown (that
    seat's whole ``state.view`` is in the JSON panel).
    """
    st = session.state
    g = session.game
    n = g.num_players
    cp = st.current_player
    rows: list[tuple[str, Any]] = [
        ("step", f"{session.tree.cursor} of {session.tree.size - 1}"),
        ("to move", session.turn_text()),
        ("round", g.round_label(st.rounds) if not st.is_terminal() else f"{st.rounds} played"),
    ]
    if st.end_reason is not None:
        rows.append(("end", st.end_reason.value))
    eyes = session.eyes()
    hides = session.hides() and eyes is not None
    head = ["seat", "player", "goal"]
    cells: list[list[Any]] = [[g.seat_name(s), session.seats[s], st.goal(s)] for s in range(n)]
    numbers = [st.key_numbers(s) for s in range(n)]
    labels = [k for k, _ in numbers[0]] if numbers else []
    head += labels
    for s in range(n):
        given = dict(numbers[s])
        cells[s] += [_text(given.get(k, "")) for k in labels]
    if not hides:
        try:
            stats = st.seat_stats()
        except Exception:  # noqa: BLE001 - statistics are optional extras; the tables must still show
            stats = [{} for _ in range(n)]
        keys = [k for k in (stats[0] if stats else {}) if any(stats[s].get(k) for s in range(n))]
        keys = [k for k in keys if k.replace("_", " ") not in labels]
        head += [k.replace("_", " ") for k in keys]
        for s in range(n):
            cells[s] += [_text(stats[s].get(k)) for k in keys]
        board = session.board
        snap = st.snapshot()
        per_seat = [k for k, v in snap.items() if isinstance(v, list) and len(v) == n]
        if board is not None:
            shown = []
            label = getattr(board, "field_label", None)
            for k in per_seat:
                values = [board.format_value(k, snap[k][s]) for s in range(n)]
                if all(v is None for v in values):
                    continue
                shown.append(label(k) if callable(label) else k)
                for s in range(n):
                    cells[s].append(values[s])
            head += shown
    title = (
        f"<b>What {html.escape(g.seat_name(eyes))} sees</b> (public facts; its whole "
        "<code>state.view</code> is in the JSON panel)"
        if hides and eyes is not None
        else "<b>Position</b>"
    )
    header = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        f"<tr{_mark(s, cp)}>" + "".join(f"<td>{_cell(v)}</td>" for v in cells[s]) + "</tr>" for s in range(n)
    )
    return (
        f"{_TABLE_STYLE}<div class='isslab-inspector' style='overflow-x:auto'>{title}"
        f"<table class='isslab-table'>{_rows(rows)}</table>"
        f"<b>Seats</b><table class='isslab-table'><tr>{header}</tr>{body}</table></div>"
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


def _text(v: Any) -> str:
    """A value for a table cell: whole floats without ``.0``."""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return "" if v is None else str(v)


# --- the player panel, the status line, the "what happened" panel and the end ------------------


def seat_name_html(row: SeatRow, you: bool) -> str:
    """The first line of a seat in the player panel: the turn mark, its name, "you", the lead mark."""
    mark = "&#9654; " if row.to_move else ""
    words, tip = (
        ("tied", "tied for the lead: level with another seat at the top, on the game's own measure")
        if row.tied
        else ("leads", "ahead of every other seat on the game's own measure")
    )
    lead = f" <span title=\"{tip}\" style='color:#b8860b'>&#9733; {words}</span>" if row.leads else ""
    who = " (you)" if you else ""
    return (
        f"<div class='isslab-seat isslab-seat-top' style='{_seat_style(row)}'>{mark}"
        f"<b style='color:{html.escape(readable(row.colour))}'>{html.escape(row.name)}</b>{who}"
        f"{lead}</div>"
    )


def seat_lines_html(row: SeatRow, goal: bool = True) -> str:
    """The next lines of a seat in the player panel: its key numbers, and its goal unless ``goal`` is False.

    When every seat has the same goal the panel says it once above the seats (:func:`shared_goal`).
    """
    numbers = " · ".join(f"{html.escape(k)} <b>{html.escape(v)}</b>" for k, v in row.numbers)
    text = html.escape(row.goal)
    aim = f"<div class='isslab-goal'>{('goal: ' + text) if text else '&nbsp;'}</div>" if goal else ""
    return (
        f"<div class='isslab-seat isslab-seat-lines' style='{_seat_style(row)}'>"
        f"<div>{numbers or '&nbsp;'}</div>{aim}</div>"
    )


def shared_goal(rows: list[SeatRow]) -> str | None:
    """The goal every seat shares (1969, Mission ISS, 1998 ISS), or None when the seats' goals differ."""
    goals = {row.goal for row in rows}
    return goals.pop() if len(goals) == 1 and rows and rows[0].goal else None


def shared_goal_html(rows: list[SeatRow], team: bool = False) -> str:
    """The line above the seats with the goal they share ("" when each seat has its own).

    In a cooperative game (``team``) it is the team's goal, and at the end the team's result.
    """
    goal = shared_goal(rows)
    if goal is None:
        return ""
    who = "the team" if team else "goal of every seat"
    text = goal.removeprefix("team: ")
    return f"<div class='isslab-goal isslab-shared-goal'>{who}: {html.escape(text)}</div>"


def seat_html(row: SeatRow, you: bool) -> str:
    """One seat of the player panel: colour, name, turn and lead marks, key numbers, goal.

    Always three lines of fixed height, whatever the text, so the panel never jumps (the view
    puts the seat's human/bot chooser beside the first line).
    """
    return seat_name_html(row, you) + seat_lines_html(row)


def _seat_style(row: SeatRow) -> str:
    background = "#fff6cc" if row.to_move else "#ffffff"
    return f"border-left:6px solid {html.escape(row.colour)};background:{background}"


#: the most characters of the status line's message (three lines of the side column); the whole
#: message is its tooltip, and every step is in the log
STATUS_CHARS = 200


def status_html(session: Session) -> str:
    """The status line: whose turn it is, then what just happened or why a request was refused.

    A long message (several bot moves in a row) keeps its end, the newest, and is cut at the front.
    """
    colour = "#1b5e20" if session.ok else "#b00020"
    message = session.message
    shown = message if len(message) <= STATUS_CHARS else "…" + message[-(STATUS_CHARS - 1) :]
    return (
        f"<b>{html.escape(session.turn_text())}</b> · "
        f"<span style='color:{colour}' title='{html.escape(message)}'>{html.escape(shown)}</span>"
    )


#: the "what happened" box holds this many lines of this many characters: the view sizes the box for
#: them with the widest common sans-serif fonts (0.55 em a character at 12 px), so nothing is cut
HAPPENED_CHARS = 40
HAPPENED_LINES = 26
#: the steps "since then" shown under the last move (the Log tab has every step)
SINCE_STEPS = 3

_PLACEHOLDER = "<i>What happened shows here: the result of your last move, and a recap after every round.</i>"


def _lines(text: str, chars: int) -> int:
    """How many lines ``text`` takes wrapped at ``chars`` characters (words whole, as the browser wraps)."""
    return max(1, len(textwrap.wrap(text, chars))) if text else 0


def result_html(result: Result | None, session: Session) -> str:
    """Since the human's last decision: the decision, what followed, the changes, the result (all of it)."""
    return happened_html(session, result, None, lines=10_000)


def recap_html(recap: Recap | None, session: Session) -> str:
    """The recap of a round: its results and each seat's changes (all of it; the steps are in the log)."""
    return happened_html(session, None, recap, lines=10_000)


def happened_html(
    session: Session,
    result: Result | None,
    recap: Recap | None,
    chars: int = HAPPENED_CHARS,
    lines: int = HAPPENED_LINES,
) -> str:
    """The "what happened" panel: the result of the human's last move, then the recap of the last round.

    It fits ``lines`` lines of ``chars`` characters, so its box never scrolls and no text is cut.
    What matters most comes first (the move, its result, the seat's changes, the round's changes
    of every seat, the latest steps since the move, the other seats' results); what finds no room
    is counted in a last line that points to the Log tab, which holds every step and result.
    """
    if result is None and recap is None:
        return _PLACEHOLDER
    g = session.game
    budget = lines - 2  # the last two lines are kept for what did not fit
    used = 0

    def fits(n: int) -> bool:
        nonlocal used
        if used + n > budget:
            return False
        used += n
        return True

    head = body = since = recap_head = ""
    since_shown: list[LogLine] = []
    own_headline = ""
    if result is not None:
        text = f"Your last move (step {result.step}): {result.decision}"
        fits(_lines(text, chars) + 1)  # always shown; a line's worth of space after the block
        head = f"<div><b>Your last move</b> (step {result.step}): {html.escape(result.decision)}</div>"
        if result.headline and fits(_lines(result.headline, chars) + 1):
            own_headline = result.headline
            body += f"<div class='isslab-headline'>{html.escape(result.headline)}</div>"
        if result.changes:
            text = f"{g.seat_name(result.seat)}: " + "; ".join(result.changes)
            if fits(_lines(text, chars)):
                body += f"<div>{html.escape(text)}</div>"
    changes: list[str] = []
    headlines: list[str] = []
    if recap is not None:
        state = "" if recap.complete else " (so far)"
        if fits(1):
            recap_head = f"<div><b>Recap of {html.escape(recap.label)}</b>{state}</div>"
        for seat, seat_changes in recap.changes:
            text = f"{g.seat_name(seat)}: " + "; ".join(seat_changes)
            if fits(_lines(text, chars)):
                colour = html.escape(readable(g.info.seat_colours[seat]))
                changes.append(
                    f"<div><b style='color:{colour}'>{html.escape(g.seat_name(seat))}</b>: "
                    + "; ".join(html.escape(c) for c in seat_changes)
                    + "</div>"
                )
    after = result.after if result is not None else []
    for line in reversed(after[-SINCE_STEPS:]):  # the newest steps first, while there is room
        if not fits(_lines(f"■ {line.step}. {line.text}", chars) + (0 if since_shown else 1)):
            break
        since_shown.insert(0, line)
    left_out_results = 0
    if recap is not None:
        for told in recap.headlines:
            if told == own_headline:
                continue  # the result of the person's own move is told above
            if fits(_lines(told, chars) + 1):
                headlines.append(f"<div class='isslab-headline'>{html.escape(told)}</div>")
            else:
                left_out_results += 1
    if result is not None and after:
        earlier = len(after) - len(since_shown)
        more = f" <i>({earlier} earlier in the Log tab)</i>" if earlier and since_shown else ""
        if since_shown:
            since = (
                f"<div class='isslab-since'>since then:{more}"
                + "".join(_line(line, g) for line in since_shown)
                + "</div>"
            )
    missing = []  # said in two lines at most
    if result is not None and after and not since_shown:
        missing.append(f"{len(after)} step{'s' if len(after) != 1 else ''} since your move")
    if left_out_results:
        missing.append(f"{left_out_results} result{'s' if left_out_results != 1 else ''} of the round")
    if recap is not None and len(changes) < len(recap.changes):
        missing.append(f"{len(recap.changes) - len(changes)} seats' changes")
    tail = f"<div class='isslab-more'><i>More in the Log tab: {', '.join(missing)}</i></div>"
    result_part = f"<div class='isslab-result'>{head}{body}{since}</div>" if result is not None else ""
    recap_part = (
        f"<div class='isslab-recap'>{recap_head}{''.join(headlines)}{''.join(changes)}</div>"
        if recap is not None
        else ""
    )
    return result_part + recap_part + (tail if missing else "")


def game_over_html(over: GameOver | None, session: Session) -> str:
    """The game-over panel: who won and what the game was about, then each seat by rank.

    It leads with the board's summary (the team's result and modules, prestige by source, points
    by source with the hands revealed), which explains any difference between two totals; then
    a seat is a line: its rank, name and key numbers, and its statistics (those that are not zero
    for every seat) in small type. A cooperative game has no ranking: its players share a result.
    """
    if over is None:
        return ""
    g = session.game
    you = set(session.humans()) if len(session.humans()) == 1 else set()
    if over.team:
        head = "the team won" if over.winners else "the team lost"
    else:
        head = (", ".join(over.winners) + " won") if over.winners else "nobody won"
        if any(g.seat_name(s) in over.winners for s in you):
            head += " &mdash; that is you!"
        elif you:
            head += " &mdash; you lost"
    lead = "".join(f"<div class='isslab-summary'>{html.escape(line)}</div>" for line in over.summary)
    rows = ""
    for seat, rank, numbers, stats in over.rows:
        colour = html.escape(readable(g.info.seat_colours[seat]))
        name = html.escape(g.seat_name(seat)) + (" (you)" if seat in you else "")
        shown = " · ".join(f"{html.escape(k)} <b>{html.escape(v)}</b>" for k, v in numbers)
        extra = " · ".join(f"{html.escape(k)} {html.escape(v)}" for k, v in stats)
        place = "" if over.team else f"<b>{rank}.</b> "
        rows += (
            f"<div class='isslab-rank'>{place}<b style='color:{colour}'>{name}</b> {shown}"
            + (f"<div style='color:#555;font-size:11px'>{extra}</div>" if extra else "")
            + "</div>"
        )
    more = f"<details><summary>every seat's numbers</summary>{rows}</details>" if over.summary else rows
    return (
        f"<div class='isslab-gameover'><div style='font-size:15px'><b>Game over</b>: {head}</div>"
        f"<div style='color:#555'>{html.escape(over.reason)}</div>{lead}{more}</div>"
    )


def _line(line: LogLine, game: Game) -> str:
    """One step of a recap: chance steps in grey, a seat's steps marked with its colour."""
    if line.mover == CHANCE:
        return f"<div style='color:#666'>{line.step}. {html.escape(line.text)}</div>"
    colour = html.escape(game.info.seat_colours[line.mover]) if line.mover >= 0 else "#999"
    return f"<div><span style='color:{colour}'>&#9632;</span> {line.step}. {html.escape(line.text)}</div>"
