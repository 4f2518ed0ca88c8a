"""The structure drawn from the imports: a staircase, every arrow pointing down.

The floors of ``isslab``, bottom up (:data:`FLOORS`): the core contract; the argument checks; the
games; the game-independent bots; one game played (``play``); a run's table vocabulary
(``frames``); running many games (``sim``: simulate, sweep, replay, the arena, the one pool); what
the frames say (``analysis``); the command line, the adapters and the course; the tools that check
and measure everything below (the conformance suites, the benchmarks, the golden playthroughs).
A module imports its own floor's package and the floors below it, never one above or a sibling
package of its floor. Inside the package nothing imports the package's face (``import isslab`` or
``from isslab import ...``): only ``isslab/__init__.py`` and ``isslab/__main__.py`` may, since the face
is the top of the staircase. The front-end (``isslab_widgets``) stands above all and is never
imported from ``isslab``.

Every module is parsed, not imported: an import inside a function counts as much as one at the
top, and ``importlib.import_module("...")`` by name counts too. The checker is shown to catch a
planted violation.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE = sorted((ROOT / "isslab").rglob("*.py"))

#: the floors of the staircase, bottom up; each holds the packages or modules of one floor
FLOORS: tuple[tuple[str, ...], ...] = (
    ("isslab.core",),
    ("isslab.checks",),
    ("isslab.games",),
    ("isslab.bots",),
    ("isslab.play",),
    ("isslab.frames",),
    ("isslab.sim",),
    ("isslab.analysis",),
    ("isslab.cli", "isslab.interop", "isslab.course"),
    ("isslab.conformance", "isslab.bench", "isslab.playthrough"),
)
#: the package's face: the top of the staircase, which may import every floor
FACE: tuple[str, ...] = ("isslab", "isslab.__main__")


def module_name(path: Path, root: Path) -> str:
    """``isslab/sim/api.py`` -> ``isslab.sim.api``; a package's ``__init__.py`` is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, root: Path = ROOT) -> dict[str, int]:
    """Every module ``path`` imports (absolute names, relative ones resolved), with a line of each."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    found: dict[str, int] = {}
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            # ``from isslab import bots`` imports the face first, then ``bots`` from it
            names = [name] if name == "isslab" else [name, *(f"{name}.{a.name}" for a in node.names)]
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]  # importlib.import_module("...") by name
        for name in names:
            found.setdefault(name, node.lineno)
    return found


def floor_of(name: str) -> tuple[int, str] | None:
    """The floor of module ``name`` and the package that places it there (None: not on a floor)."""
    best: tuple[int, str] | None = None
    for level, units in enumerate(FLOORS):
        for unit in units:
            if (name == unit or name.startswith(unit + ".")) and (best is None or len(unit) > len(best[1])):
                best = (level, unit)
    return best


def _reason(me: str, name: str) -> str | None:
    """Why module ``me`` may not import ``name`` (None: it may)."""
    if name == "isslab_widgets" or name.startswith("isslab_widgets."):
        return f"imports {name}: the engine never imports the front-end"
    if me in FACE:
        return None
    if name == "isslab":
        return "imports the package face (isslab): import the module by name (isslab.sim, isslab.core, ...)"
    mine, theirs = floor_of(me), floor_of(name)
    if mine is None or theirs is None or theirs[1] == mine[1]:
        return None  # outside isslab, or its own package (a module on no floor is reported apart)
    if theirs[0] > mine[0]:
        return f"imports {name}, a floor above its own ({mine[1]})"
    if theirs[0] == mine[0]:
        return f"imports {name}, a sibling of {mine[1]} on its floor"
    return None


def violations(root: Path) -> list[str]:
    """Every import under ``root/isslab`` that runs against the staircase, as readable lines."""
    wrong: list[str] = []
    for path in sorted((root / "isslab").rglob("*.py")):
        me, where = module_name(path, root), path.relative_to(root)
        if me not in FACE and floor_of(me) is None:
            wrong.append(f"{where} is on no floor of the staircase: add its package to FLOORS")
        said: set[int] = set()  # one line per import statement
        for name, line in sorted(imports(path, root).items()):
            why = _reason(me, name)
            if why is not None and line not in said:
                said.add(line)
                wrong.append(f"{where}:{line} {why}")
    return wrong


def test_the_walk_finds_the_modules() -> None:
    names = {module_name(p, ROOT) for p in ENGINE}
    assert len(ENGINE) > 100 and {"isslab.sim.api", "isslab.frames.frame", "isslab.analysis.review"} <= names


def test_every_module_is_on_a_floor() -> None:
    lost = [module_name(p, ROOT) for p in ENGINE if module_name(p, ROOT) not in FACE]
    lost = [m for m in lost if floor_of(m) is None]
    assert not lost, f"modules on no floor of the staircase: {lost}"


def test_the_imports_are_a_staircase() -> None:
    """No arrow runs back up, no sibling floor is imported, nothing imports the face or the widgets."""
    wrong = violations(ROOT)
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    ("path", "source", "words"),
    [
        ("isslab/frames/bad.py", "from isslab.sim import simulate\n", "imports isslab.sim, a floor above"),
        ("isslab/sim/bad.py", "def f():\n    from isslab.analysis import designer\n", "a floor above"),
        ("isslab/analysis/bad.py", "import isslab\n", "imports the package face"),
        ("isslab/analysis/bad.py", "from isslab import simulate\n", "imports the package face"),
        ("isslab/analysis/sub/bad.py", "from ... import compare\n", "imports the package face"),
        ("isslab/cli.py", "import isslab.interop.openspiel\n", "a sibling of isslab.cli"),
        ("isslab/bots/bad.py", "import importlib\nimportlib.import_module('isslab.play')\n", "a floor above"),
        ("isslab/core/bad.py", "import isslab_widgets\n", "never imports the front-end"),
        ("isslab/newfloor.py", "import json\n", "is on no floor of the staircase"),
    ],
)
def test_the_checker_catches_a_planted_violation(tmp_path: Path, path: str, source: str, words: str) -> None:
    """A module with a bad import, planted in a tree of its own, is reported with the reason."""
    planted = tmp_path / path
    planted.parent.mkdir(parents=True, exist_ok=True)
    planted.write_text(source)
    (tmp_path / "isslab" / "sim" / "good.py").parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "isslab" / "sim" / "good.py").write_text("from isslab.frames import stats\nimport numpy\n")
    found = violations(tmp_path)
    assert len(found) == 1 and words in found[0] and path in found[0], found


def test_search_bots_reach_the_fitted_model_through_the_registry() -> None:
    """``mcts(value="model")`` asks the core's registry; the analysis layer registers ``"model"``."""
    import isslab
    from isslab.core import value_function, value_names

    assert "model" in value_names()
    state = isslab.make("space-1999").new_state()  # the default table: its model is shipped
    values = value_function("model", state.game)(state)
    assert len(values) == state.game.num_players and all(0.0 <= v <= 1.0 for v in values)
    with pytest.raises(ValueError, match="no leaf value named 'nope'; registered: model"):
        value_function("nope", state.game)
