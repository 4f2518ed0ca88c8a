"""The what-if lab widget without a browser: controls from the option schema, a run, stop, clicks."""

from __future__ import annotations

import html
import json
import re
import time

import pytest

pytest.importorskip("ipycanvas")

import ipywidgets as widgets  # noqa: E402
import isslab_widgets  # noqa: E402
from isslab_widgets.lab_widget import Lab, control, read_control, suggest  # noqa: E402

import isslab  # noqa: E402
from isslab import checks  # noqa: E402

#: seconds a wait allows: only a hang reaches it, however busy the machine
HANG = 600.0


@pytest.mark.parametrize("game_id", isslab.games())
def test_every_option_of_every_game_gets_a_control(game_id: str) -> None:
    lab = Lab(game_id)
    cls = isslab.game_class(game_id)
    assert list(lab.controls) == [o.name for o in cls.OPTIONS]
    assert lab.options() == isslab.make(game_id).options  # the controls hold the defaults
    for opt in cls.OPTIONS:
        box = lab.controls[opt.name]
        if isinstance(opt.default, bool):
            assert isinstance(box, widgets.Checkbox)
        elif opt.choices is not None:
            assert isinstance(box, widgets.Dropdown) and list(box.options) == list(opt.choices)
        elif isinstance(opt.default, int):
            if opt.min is not None and opt.max is not None and opt.max - opt.min <= 100:
                assert isinstance(box, widgets.IntSlider) and (box.min, box.max) == (opt.min, opt.max)
            else:  # a plain box: what is typed stays, and Run refuses it with the option's message
                assert isinstance(box, widgets.IntText)
        assert box.description == opt.name.replace("_", " ")
        # the suggested values to compare are valid values of the option
        lab.vary.value = opt.name
        grid = lab.grid()
        assert grid is not None and len(grid[opt.name]) >= 1
        for value in grid[opt.name]:
            isslab.make(game_id, **{**lab.options(), opt.name: value})
    assert len(lab.bot_pickers) == isslab.make(game_id).num_players or lab.vary.value == "players"


def test_the_seat_row_follows_the_number_of_players() -> None:
    lab = Lab("space-1999")
    assert [d.description for d in lab.bot_pickers] == ["red", "blue", "green", "yellow"]
    lab.controls["players"].value = 2
    assert len(lab.bot_pickers) == 2
    lab.vary.value = "players"
    assert [d.description for d in lab.bot_pickers] == ["all seats"] and lab.values.value == "2, 3"


def test_a_table_option_is_json_text() -> None:
    opt = next(o for o in isslab.game_class("1969").OPTIONS if o.name == "income")
    box = control(opt, opt.default)
    assert isinstance(box, widgets.Text) and read_control(opt, box) == opt.default
    assert suggest(opt, opt.default).startswith("[[12, 13")
    box.value = "[12, 13"
    with pytest.raises(ValueError, match="option income: not JSON"):
        read_control(opt, box)


@pytest.fixture(scope="module")
def ran() -> Lab:
    lab = Lab("space-1999", games=30, players=2, vary="eagles", values="2, 3", bots=["greedy", "random"])
    assert lab.run() is not None
    lab.wait(HANG)
    return lab


def test_a_run_shows_metrics_comparisons_and_every_game(ran: Lab) -> None:
    df = ran.result
    assert df is not None and sorted(df["eagles"].unique()) == [2, 3] and df.attrs["rotate_seats"]
    assert ran.progress.value == ran.progress.max == 60 and ran.progress.bar_style == "success"
    assert "done: 30 games per variant" in ran.status.value
    # one picture: the clickable plot took the live image's place, and no tab repeats it
    assert ran.plot_box.children == (ran.canvas,) and "click one" in ran.plot_note.value
    assert [ran.tabs.get_title(i) for i in range(len(ran.tabs.children))] == [
        "Metrics",
        "Compare",
        "Games (list)",
        "Game view",
        "Tune",
    ]
    m = ran.metrics_table
    assert m is not None and {"balance", "lead_changes", "skill_trace"} <= set(m["metric"])
    assert "lead_changes" in ran.metrics_html.value and "[" in ran.metrics_html.value
    assert list(ran.compare_tables) == ["moves per game", "win rate of greedy", "win rate of random"]
    assert "paired (same seeds)" in ran.compare_html.value
    assert ran.canvas is not None and len(ran.game_list.options) >= 10


def test_clicking_a_dot_opens_that_game_at_its_last_step(ran: Lab) -> None:
    x, y = ran.pixel_of(7, "eagles=3")
    assert ran.click_plot(x + 2, y - 2)
    view = ran.game_view
    assert view is not None and view.state.is_terminal()
    assert view.tree.cursor == view.tree.size - 1  # at its last step
    df = ran.result
    row = df[(df.eagles == 3) & (df.game == 7)].iloc[0]
    assert view.tree.size - 1 == row["steps"] and view.game.options["eagles"] == 3
    assert ran.tabs.get_title(ran.tabs.selected_index) == "Game view"
    assert not ran.click_plot(1, 1) and "no game there" in ran.status.value


def test_choosing_a_game_in_the_list_opens_it(ran: Lab) -> None:
    label, index = ran.game_list.options[0]
    assert "(longest)" in label
    ran.game_list.value = index
    ran._open_selected()
    moves = int(label.split(": ")[1].split(" moves")[0])
    assert ran.game_view.state.is_terminal() and ran.game_view.tree.size > moves


def test_stop_keeps_the_games_played() -> None:
    lab = Lab("space-1999", games=50_000, players=2, bots=["greedy"])
    lab.run()
    deadline = time.monotonic() + HANG
    while lab.progress.value < 100 and time.monotonic() < deadline:
        time.sleep(0.05)
    lab.stop()
    df = lab.wait(HANG)
    assert df.attrs["interrupted"] is True and 100 <= df["game"].nunique() < 50_000
    assert "stopped" in lab.status.value and lab.progress.bar_style == "warning"
    assert not lab.running() and not lab.run_button.disabled


def test_bad_values_are_a_message_not_a_crash() -> None:
    lab = Lab("space-1999", players=2)
    lab.vary.value = "eagles"
    lab.values.value = "2, 99"
    assert lab.run() is None
    assert "option eagles=99 is not allowed" in lab.status.value and not lab.running()
    with pytest.raises(ValueError, match="option eagles=9"):
        Lab("space-1999", eagles=9)


def test_the_lab_is_exported() -> None:
    assert isslab_widgets.lab is not None and isslab_widgets.Lab is Lab


def test_two_worker_processes_from_the_lab_thread() -> None:
    """The lab runs in a thread: its pool starts its workers from a fork server, not by forking."""
    lab = Lab("space-1999", games=40, workers=2, players=2, bots=["greedy"])
    lab.workers.value = 2
    lab.run()
    df = lab.wait(HANG)
    one = isslab.simulate(
        "space-1999", "greedy", games=40, progress=False, players=2, rotate_seats=True, trace=True
    )
    assert df.drop(columns=[]).equals(one)


def test_a_cooperative_game_compares_the_team() -> None:
    """Mission ISS: one result for the team, so the lab compares the team's win rate, no seat metric."""
    lab = Lab("mission-iss", games=10, players=2, vary="good_job_cards", values="4, 8")
    lab.run()
    lab.wait(HANG)
    assert list(lab.compare_tables) == ["moves per game", "team win rate"]
    m = lab.metrics_table
    assert m is not None and "cooperative" in m.set_index("metric").loc["balance", "note"].iloc[0]
    x, y = lab.pixel_of(3, "good_job_cards=8")
    assert lab.click_plot(x, y) and lab.game_view.state.is_terminal()


def test_the_lab_function_works_again_in_the_same_kernel() -> None:
    """Running a notebook cell twice: the second call must find the function, not the module."""
    import importlib

    first = isslab_widgets.lab("space-1999", players=2)
    importlib.import_module("isslab_widgets.lab_widget")  # loading the module must not replace it
    second = isslab_widgets.lab("space-1999", players=2)
    assert isinstance(first, Lab) and isinstance(second, Lab) and callable(isslab_widgets.lab)


def test_before_the_first_run_there_is_no_empty_picture() -> None:
    lab = Lab("space-1999", players=2)
    assert lab.live.layout.display == "none" and not lab.live.value  # no broken-image icon
    assert lab.plot_box.children == (lab.live,)


def test_options_show_readable_names_and_their_help() -> None:
    lab = Lab("1998-iss", players=2)
    opt = next(o for o in isslab.game_class("1998-iss").OPTIONS if o.name == "shuttle_copies")
    assert lab.controls[opt.name].description == "shuttle copies"
    grid = lab.children[1].children[0]  # the options' accordion holds one cell per option
    texts = " ".join(cell.children[1].value for cell in grid.children)
    assert opt.doc.split(";")[0][:40] in texts.replace("&#x27;", "'")
    assert ("shuttle copies", "shuttle_copies") in lab.vary.options


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"bots": ["nobody"]}, "bots: 'nobody' is not a bot of this game; the bots are: "),
        ({"bots": [3]}, "bots must be a list of bot names"),
        ({"bots": ["greedy"] * 3}, "bots must name 2 bots"),
        ({"games": 0}, "games must be an int from 1 to 1,000,000"),
        ({"games": 10**7}, "games must be an int from 1 to 1,000,000"),
        ({"seed": -1}, "seed must be an int from 0"),
        ({"workers": 0}, "workers must be an int >= 1"),
        ({"vary": "colour"}, "vary='colour' is not an option of space-1999"),
        ({"values": 3}, "values must be text like 3, 4"),
    ],
)
def test_bad_lab_arguments_are_value_errors_not_clamped(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        Lab("space-1999", players=2, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("games", 0, "games must be a positive int"),
        ("games", 10**7, "games must be a positive int \\(at most 1,000,000"),
        ("seed", -5, "seed must be an int from 0"),
        ("workers", 0, "workers must be an int >= 1"),
    ],
)
def test_numbers_typed_out_of_range_are_refused_at_run(field: str, value: int, words: str) -> None:
    lab = Lab("space-1999", players=2, games=5)
    getattr(lab, field).value = value
    assert getattr(lab, field).value == value  # kept as typed, not clamped
    assert lab.run() is None and not lab.running()
    assert re.search(words, html.unescape(lab.status.value))


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ("", "the values of eagles: none given"),
        ("2, 2", "holds the value 2 twice"),
        ("[" * 5000 + "]" * 5000, "nested more than 32 levels deep"),
    ],
)
def test_the_values_box_speaks_the_labs_words(values: str, words: str) -> None:
    lab = Lab("space-1999", players=2)
    lab.vary.value = "eagles"
    lab.values.value = values
    assert lab.run() is None
    shown = html.unescape(lab.status.value)
    assert words in shown and "--grid" not in shown and "RecursionError" not in shown


def test_a_deeply_nested_table_is_a_message_not_a_recursion_error() -> None:
    lab = Lab("1969", players=2)
    lab.controls["income"].value = "[" * 100_000 + "]" * 100_000
    assert lab.run() is None
    shown = html.unescape(lab.status.value)
    assert "option income: nested more than 32 levels deep" in shown and "RecursionError" not in shown


def test_a_tuple_option_is_varied_from_the_lab() -> None:
    lab = Lab("mission-iss", games=3, players=2, vary="milestones")
    default = isslab.make("mission-iss").options["milestones"]
    later = [[year + 1, n] for year, n in default]
    lab.values.value = json.dumps([checks.plain(default), later])
    lab.run()
    df = lab.wait(HANG)
    assert df["milestones"].nunique() == 2 and "done" in lab.status.value
    assert "milestones=" in lab.metrics_html.value
