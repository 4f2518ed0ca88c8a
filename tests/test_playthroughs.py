"""Golden playthroughs: seeded games replayed and compared with the readable files in tests/playthroughs/.

A difference means that a rule, a bot, a chance law or an action's text changed. If the change is
intended, run ``python -m isslab.playthrough --regenerate`` and review ``git diff tests/playthroughs``.
The settings live in ``isslab.playthrough.SETTINGS``; every registered game gets a default one.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

import isslab
from isslab import playthrough

SETTINGS = playthrough.settings()
HOW = f"If the change is intended, run `{playthrough.REGENERATE}` and review `git diff tests/playthroughs`."


@pytest.mark.parametrize("setting", SETTINGS, ids=[s.name for s in SETTINGS])
def test_playthrough_matches_its_golden_file(setting: playthrough.Setting) -> None:
    path = playthrough.DIRECTORY / f"{setting.name}.txt"
    if not path.exists():
        pytest.fail(
            f"no golden playthrough {path.name} for {setting.game} yet: run `{playthrough.REGENERATE}` "
            f"and commit tests/playthroughs/{path.name}",
            pytrace=False,
        )
    expected = path.read_text(encoding="utf-8")
    actual = playthrough.render(setting)
    if actual != expected:
        diff = playthrough.diff_text(expected, actual, setting.name)
        pytest.fail(f"playthrough {setting.name} changed:\n{diff}\n\n{HOW}", pytrace=False)


@pytest.mark.parametrize("game_id", isslab.games())
def test_every_registered_game_has_a_golden_playthrough(game_id: str) -> None:
    files = [s.name for s in SETTINGS if s.game == game_id]
    assert files, f"{game_id} has no playthrough setting (settings() should have added a default)"
    assert any((playthrough.DIRECTORY / f"{name}.txt").exists() for name in files), (
        f"{game_id} has no golden playthrough: run `{playthrough.REGENERATE}` (it writes "
        f"tests/playthroughs/{files[0]}.txt), commit the file, and add settings for notable variants "
        "to isslab.playthrough.SETTINGS"
    )


def test_no_golden_file_is_left_without_a_setting() -> None:
    wanted = {f"{s.name}.txt" for s in SETTINGS}
    stale = sorted(p.name for p in playthrough.DIRECTORY.glob("*.txt") if p.name not in wanted)
    assert not stale, (
        f"golden playthroughs without a setting: {stale}; `{playthrough.REGENERATE}` deletes them"
    )


def test_golden_files_stay_small_and_readable() -> None:
    for path in sorted(playthrough.DIRECTORY.glob("*.txt")):
        lines = path.read_text(encoding="utf-8").splitlines()
        assert len(lines) <= 600, f"{path.name} has {len(lines)} lines: choose a shorter game"
        steps = [line for line in lines if line[:4].strip().isdigit()]
        assert steps, f"{path.name} lists no steps"
        assert max(map(len, steps)) <= playthrough.WIDTH, f"{path.name} has a step line over the width"


def test_a_step_lists_exactly_the_fields_its_action_changed() -> None:
    game = isslab.make("space-1999", players=2)
    start = game.new_state()
    rolled = start.apply("roll-off: blue goes first")
    assert playthrough.changes(start, rolled) == ["to_move=1", "first=1"]
    launched = rolled.apply(rolled.legal_actions()[0])  # blue's first eagle leaves its pad
    dot = launched.pos[1][0]
    assert playthrough.changes(rolled, launched) == [
        f"board[{dot}]=2",
        f"pos[1]=({dot},)",
        "home[1]=3",
        "to_move=0",
        "turn=1",
    ]


@pytest.mark.parametrize(
    ("old", "new", "items"),
    [
        (((0, 0), (0, 0)), ((0, 1), (0, 0)), ["f[0][1]=1"]),  # nested tuples: down to the entry
        ((1, 2, 3), (4, 5, 3), ["f=(4,5,3)"]),  # most of a short tuple changed: the whole value
        ((1, 2, 3), (1, 5, 3), ["f[1]=5"]),
        ((), (7,), ["f=(7,)"]),  # another length: the whole value
        (None, "x", ["f='x'"]),
        (0.5, 0.25, ["f=0.25"]),
    ],
)
def test_changes_read_compactly(old: object, new: object, items: list[str]) -> None:
    before, after = SimpleNamespace(FIELDS=("f",), f=old), SimpleNamespace(FIELDS=("f",), f=new)
    assert playthrough.changes(before, after) == items
    assert playthrough.changes(after, after) == []


def test_the_generator_writes_checks_and_shows_a_diff(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = "space-1999-2p-greedy-seed0"
    args = ["--dir", str(tmp_path), name]
    assert playthrough.main(["--check", *args]) == 1
    assert "missing" in capsys.readouterr().out
    assert playthrough.main(["--regenerate", *args]) == 0
    assert f"wrote {name}.txt" in capsys.readouterr().out
    assert playthrough.main(["--check", *args]) == 0
    path = tmp_path / f"{name}.txt"
    text = path.read_text(encoding="utf-8")
    assert "roll-off: blue goes first" in text and "end: game over" in text and "winners: " in text
    path.write_text(text.replace("roll-off: blue goes first", "roll-off: red goes first"), encoding="utf-8")
    assert playthrough.main(["--check", *args]) == 1
    out = capsys.readouterr().out
    assert (
        "-   0 chance  roll-off: red goes first" in out and "+   0 chance  roll-off: blue goes first" in out
    )
    assert playthrough.REGENERATE in out
    assert playthrough.main(["--check", "--dir", str(tmp_path), "no-such-setting"]) == 2
    assert "no playthrough setting no-such-setting" in capsys.readouterr().err


def test_regenerate_deletes_files_no_setting_makes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "old-game-seed0.txt").write_text("gone\n", encoding="utf-8")
    problems = playthrough.check(tmp_path)
    assert any("old-game-seed0.txt: stale" in p for p in problems)
    assert playthrough.main(["--regenerate", "--dir", str(tmp_path)]) == 0
    assert "deleted stale old-game-seed0.txt" in capsys.readouterr().out
    assert sorted(p.stem for p in tmp_path.glob("*.txt")) == sorted(s.name for s in SETTINGS)
    assert playthrough.check(tmp_path) == []
