"""The structure drawn from the imports: the engine never imports the front-end, and the simulation and
analysis layers point one way (bots below the simulation, the analysis below the simulation).

Every module is parsed, not imported: an import inside a function counts as much as one at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE = sorted((ROOT / "isslab").rglob("*.py"))


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports (absolute names; relative imports resolved against its package)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            found.add(name)
            found.update(f"{name}.{alias.name}" for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)  # importlib.import_module("...") by name
    return found


def test_the_walk_finds_the_modules() -> None:
    assert len(ENGINE) > 40 and ROOT / "isslab" / "sim" / "api.py" in ENGINE


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_under_isslab_imports_the_widgets(path: Path) -> None:
    bad = sorted(m for m in imports(path) if m == "isslab_widgets" or m.startswith("isslab_widgets."))
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}: the engine must not know the front-end"


def _layer(path: Path, under: str) -> bool:
    return path.is_relative_to(ROOT / "isslab" / under)


@pytest.mark.parametrize(
    ("layer", "above"),
    [
        ("bots", ("isslab.sim", "isslab.analysis", "isslab.cli")),
        ("analysis", ("isslab.sim", "isslab.cli", "isslab.bots")),
        ("interop", ("isslab.sim", "isslab.analysis", "isslab.cli")),
    ],
)
def test_the_layers_point_one_way(layer: str, above: tuple[str, ...]) -> None:
    """The bots play through the core only; the analysis reads frames and never runs games."""
    wrong = {}
    for path in ENGINE:
        if not _layer(path, layer) or path.name == "arena.py":  # bots/arena.py: the old path, a re-export
            continue
        hits = sorted(m for m in imports(path) if any(m == a or m.startswith(a + ".") for a in above))
        if hits:
            wrong[str(path.relative_to(ROOT))] = hits
    assert not wrong, wrong


def test_the_old_paths_are_the_moved_modules() -> None:
    import isslab_widgets.plots

    import isslab.bots.arena
    import isslab.designer
    import isslab.labplots
    import isslab.sim.arena
    import isslab.stats
    import isslab.trace
    from isslab.analysis import designer, plots
    from isslab.frames import stats, trace

    assert isslab.stats is stats and isslab.designer is designer and isslab.trace is trace
    assert isslab.labplots is plots and isslab_widgets.plots is plots
    assert isslab.bots.arena is isslab.sim.arena
    # the names the notebooks and scripts use
    assert isslab_widgets.plots.win_table and isslab.labplots.plot_strength and isslab.stats.in_words
    from isslab.bots.arena import head_to_head, skill_trace  # noqa: F401
    from isslab.cli import parse_grid  # noqa: F401
    from isslab.sim import record_rows, seed_array  # noqa: F401


def test_search_bots_reach_the_fitted_model_through_the_registry() -> None:
    """``mcts(value="model")`` asks the core's registry; the analysis layer registers ``"model"``."""
    import isslab
    from isslab.core import value_function, value_names

    assert "model" in value_names()
    state = isslab.make("space-1999", players=2).new_state()
    values = value_function("model", state.game)(state)
    assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
    with pytest.raises(ValueError, match="no leaf value named 'nope'; registered: model"):
        value_function("nope", state.game)
