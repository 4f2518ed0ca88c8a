"""The rules page of a game for the game view's *Rules* tab: ``docs/rules/<game id>.md``.

The page is looked for where the project keeps it: beside the installed package (an editable
install or a checkout: ``<root>/docs/rules``), then in the folders above the working directory (a
notebook started in ``notebooks/``). Without the page (a wheel installed elsewhere) the tab shows
the rules summary that ``isslab rules <id>`` prints: the game package's docstring.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import isslab
from isslab import Game

__all__ = ["rules_markdown", "rules_path"]


def rules_path(game_id: str) -> Path | None:
    """The file ``docs/rules/<game_id>.md`` of the project, or None when it cannot be found."""
    name = f"{game_id}.md"
    if "/" in game_id or "\\" in game_id or game_id.startswith("."):
        raise ValueError(f"not a game id: {game_id!r}")
    roots = [Path(isslab.__file__).resolve().parents[1]]
    here = Path.cwd().resolve()
    roots += [here, *here.parents]
    for root in roots:
        candidate = root / "docs" / "rules" / name
        if candidate.is_file():
            return candidate
    return None


def rules_markdown(game: Game) -> str:
    """The rules page of ``game`` as Markdown (its ``docs/rules`` page, else its rules summary).

    A variant (``space-1999/catch-up``) shows its base game's page under a line naming the change.
    """
    base = getattr(game, "VARIANT_OF", None)
    if base:
        change = " ".join((type(game).__doc__ or "").split("\n\n")[0].split())
        head = (
            f"> **Variant {game.id}** of {base}: {change}\n>\n"
            f"> The rules of {base} follow; the variant changes the rule above.\n\n"
        )
        return head + rules_markdown(isslab.make(base))
    path = rules_path(game.id)
    if path is not None:
        return path.read_text(encoding="utf-8")
    package = importlib.import_module(type(game).__module__.rsplit(".", 1)[0])
    summary = (package.__doc__ or "").strip()
    return (
        f"# {game.title}\n\n(`docs/rules/{game.id}.md` is not installed here: this is the summary that "
        f"`isslab rules {game.id}` prints.)\n\n```\n{summary}\n```\n"
    )
