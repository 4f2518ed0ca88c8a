"""The duplicate counter's classes: import lists (with their ``TYPE_CHECKING`` guards), name lists, code."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("count_duplicates", ROOT / "scripts" / "count_duplicates.py")
assert _spec is not None and _spec.loader is not None
count_duplicates = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(count_duplicates)

GUARDED = """from __future__ import annotations

from typing import TYPE_CHECKING

from os.path import (
    basename,
    dirname,
    join,
)

if TYPE_CHECKING:
    from pathlib import Path
"""

EXPORTS = GUARDED + '\n__all__ = ["one", "two"]\n'

GUARDED_CODE = """from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path
else:
    Path = str
"""


def _row(a: str, b: str, first: int, last: int) -> str:
    return f"D1 {a}:{first}-{last} ~ {b}:{first}-{last} shape"


def test_an_import_list_with_its_type_checking_guard_is_an_import_list(tmp_path):
    (tmp_path / "a.py").write_text(GUARDED)
    (tmp_path / "b.py").write_text(GUARDED)
    assert count_duplicates.classify(tmp_path, _row("a.py", "b.py", 5, 12)) == "import"


def test_a_run_into_all_is_a_name_list_and_a_guard_with_code_is_code(tmp_path):
    (tmp_path / "a.py").write_text(EXPORTS)
    (tmp_path / "b.py").write_text(EXPORTS)
    assert count_duplicates.classify(tmp_path, _row("a.py", "b.py", 5, 14)) == "exports"
    (tmp_path / "c.py").write_text(GUARDED_CODE)
    (tmp_path / "d.py").write_text(GUARDED_CODE)
    # an else branch runs code: the guard is no longer only an import
    assert count_duplicates.classify(tmp_path, _row("c.py", "d.py", 1, 6)) == "rest"
