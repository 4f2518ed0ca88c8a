"""Shared by the documentation checks: the public names of a module without a docstring or type hints."""

from __future__ import annotations

import ast
from pathlib import Path


def undocumented(path: Path) -> list[str]:
    """Every public function or class of ``path`` (module or class level) without a docstring, and
    every public function without type hints, as ``"name: what is missing"``."""
    tree = ast.parse(path.read_text())
    missing = []
    # module-level and class-level definitions are the public names; nested helpers are not
    nodes = [*tree.body, *(n for c in tree.body if isinstance(c, ast.ClassDef) for n in c.body)]
    for node in nodes:
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_"):
            if ast.get_docstring(node) is None:
                missing.append(f"{node.name}: no docstring")
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            args = [a for a in node.args.args + node.args.kwonlyargs if a.arg not in ("self", "cls")]
            if node.returns is None or any(a.annotation is None for a in args):
                missing.append(f"{node.name}: missing type hints")
    return missing
