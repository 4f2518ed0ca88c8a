"""The design report (``isslab.report``) and the lead statistics it builds on (``isslab.analysis.leads``).

The lead statistics are checked on games built by hand, where every number can be worked out; the
report is run at tiny game counts on every game, and its numbers are checked for what they must
be (intervals around their values, rates in [0, 1], the same seed giving the same report), its
sections for what each game has (no turn order in a cooperative game, the luck share left empty
until the win-chance analysis gives one) and its HTML for tables, sentences and plots.
"""

from __future__ import annotations

import math

import pandas as pd
import pytest

import isslab
from isslab.analysis import leads
from isslab.analysis.report import (
    COLUMNS,
    SECTIONS,
    default_lineups,
    fmt,
    plausible_values,
    verdict,
)

TINY = {"games": 8, "side_games": 4, "search_games": 2, "workers": 1}


def _game(leaders: list[int], winners: tuple[int, ...], seats: int = 3) -> leads.GameLeads:
    return leads.GameLeads(seats, tuple(leaders), tuple(float(i) for i in range(len(leaders))), winners)


# --- the lead statistics, by hand ---------------------------------------------------------------


def test_sole_leader_and_time_points_by_hand() -> None:
    g = _game([0b111, 0b001, 0b011, 0b010, 0b010], (1,))
    assert g.point(0) == 0 and g.point(0.5) == 2 and g.point(1) == 4
    assert g.sole_leader(0.25) == 0 and g.sole_leader(0.5) is None and g.sole_leader(1) == 1
    assert g.winner_leads(0) and not g.winner_leads(0.25) and g.winner_leads(0.5)


def test_leader_wins_and_comeback_by_hand() -> None:
    games = [
        _game([0b001, 0b001, 0b001], (0,)),  # leader at mid-game wins
        _game([0b001, 0b010, 0b010], (0,)),  # seat 0 comes back from behind
        _game([0b001, 0b011, 0b001], (0,)),  # a tie at mid-game: left out
        _game([0b100, 0b100, 0b100], (2,)),  # leader wins
    ]
    table = leads.leader_wins(games, 0.5).set_index("quantity")
    assert table.loc["leader_wins", "value"] == pytest.approx(2 / 3)
    assert table.loc["leader_wins", "games"] == 3
    assert table.loc["comeback", "value"] == pytest.approx(1 / 6)  # 6 seats behind, 1 won
    assert table.loc["fair_share", "value"] == pytest.approx(1 / 3)
    assert "1 games had no sole leader" in table.loc["leader_wins", "note"]
    low, high = table.loc["leader_wins", ["low", "high"]]
    assert 0 < low < 2 / 3 < high < 1


def test_lead_curve_by_hand() -> None:
    games = [_game([0b001, 0b010, 0b010], (1,)), _game([0b001, 0b001, 0b001], (0,)), _game([1, 1, 1], ())]
    curve = leads.lead_curve(games, times=(0.0, 1.0))
    share = curve[curve["quantity"] == "winner_leads"].set_index("t")["value"]
    assert share[0.0] == pytest.approx(0.5) and share[1.0] == pytest.approx(1.0)  # nobody-won game left out
    gap = curve[curve["quantity"] == "gap"].set_index("t")
    assert gap.loc[1.0, "value"] == pytest.approx(2.0) and gap.loc[1.0, "games"] == 3


def test_kingmaking_rates_by_hand() -> None:
    probes = [
        leads.KingmakingProbe(2, ((0,), (1,))),  # could not win, decided
        leads.KingmakingProbe(2, ((0,), (0,))),  # could not win, did not decide
        leads.KingmakingProbe(2, ((2,), (0,))),  # could win
        leads.KingmakingProbe(None, ((), ())),  # no sole last seat
    ]
    assert probes[0].decided and not probes[1].decided and not probes[2].could_not_win
    table = leads.kingmaking(probes).set_index("quantity")
    assert table.loc["could_not_win", "value"] == pytest.approx(2 / 3)
    assert table.loc["kingmaking", "value"] == pytest.approx(1 / 2) and table.loc["kingmaking", "games"] == 2


def test_trace_leads_replays_the_game_and_ends_on_its_winners() -> None:
    game = isslab.make("space-1999", players=3, eagles=1)
    record = isslab.play(game, "greedy", seed=5)
    traced = leads.trace_leads(game, ["greedy"] * 3, seed=5)
    assert traced.winners == record.winners
    assert len(traced.leaders) == record.steps + 1  # the start and every step
    assert traced.winner_leads(1.0)  # at the end the winners lead (the lead_scores contract)


def test_kingmaking_probe_uses_the_seat_in_last_place() -> None:
    game = isslab.make("1969", players=3)
    for seed in range(3):
        probe = leads.kingmaking_probe(game, ["greedy", "spy", "moonshot"], seed)
        if probe.seat is None:
            continue
        state = isslab.play(game, ["greedy", "spy", "moonshot"], seed=seed).states()
        point = state[round(2 / 3 * (len(state) - 1))]
        stand = [point.standing(s) for s in range(3)]
        assert stand[probe.seat] == min(stand) and stand.count(min(stand)) == 1
        assert probe.decided == (probe.could_not_win and set(probe.winners[0]) != set(probe.winners[1]))


# --- plausible values ---------------------------------------------------------------------------


def test_plausible_values_follow_the_kind_of_option() -> None:
    flip, how = plausible_values("space-1999", "forced_launch")
    assert flip == [("True", True)] and "reading" in how
    spokes, _ = plausible_values("space-1999", "spokes")
    assert [v for _, v in spokes] == [8, 24]
    eagles, _ = plausible_values("space-1999", "eagles")
    assert [v for _, v in eagles] == [3, 5]
    costs, _ = plausible_values("1969", "pp_limits")
    assert costs == [("down", (1, 1, 1, 1, 2, 2, 3)), ("up", (2, 2, 3, 3, 4, 4, 5))]
    deck, _ = plausible_values("1998-iss", "fedor_deck")
    assert len(deck) == 3 and all(len(v) == 9 for _, v in deck)


def test_plausible_values_are_accepted_by_the_game_or_left_out_with_a_reason() -> None:
    for gid in isslab.games():
        game = isslab.make(gid)
        for option in (o for o in game.OPTIONS if o.assumption):
            values, how = plausible_values(game, option.name)
            assert how, option.name
            for _, value in values:
                assert value != game.options[option.name]
                isslab.make(gid, **{option.name: value})  # raises if the game refuses it
    skipped, why = plausible_values("mission-iss", "module_parents")
    assert skipped == [] and "no plausible alternative" in why


def test_plausible_values_refuses_an_unknown_option() -> None:
    with pytest.raises(ValueError, match="no option 'eagels'.*eagles"):
        plausible_values("space-1999", "eagels")


# --- sentences ----------------------------------------------------------------------------------


def test_fmt_and_verdict_say_what_the_interval_shows() -> None:
    assert fmt(0.3125, 0.27, 0.351) == "0.31 [0.27, 0.35]"
    assert fmt(0.06, 0.02, 0.1, signed=True) == "+0.06 [+0.02, +0.10]"
    assert fmt(math.nan, 0, 1) == "n/a" and fmt(2.5, math.nan, math.nan, 1) == "2.5"
    assert verdict(0.01, 0.2).startswith("a difference shown")
    assert verdict(-0.3, -0.1, what="an advantage", below="a disadvantage").startswith("a disadvantage shown")
    assert verdict(-0.1, 0.2, what="an advantage") == (
        "the interval includes 0: no advantage shown at this number of games"
    )
    assert "above 0.25" in verdict(0.3, 0.5, null=0.25)


# --- the report ---------------------------------------------------------------------------------


def _check_numbers(frame: pd.DataFrame) -> None:
    has = frame.dropna(subset=["value", "low", "high"])
    assert (has["low"] <= has["value"] + 1e-9).all() and (has["value"] <= has["high"] + 1e-9).all()
    rates = has[has["quantity"].isin(["win_rate", "team_success", "leader_wins", "kingmaking", "first_won"])]
    assert ((rates["low"] >= 0) & (rates["high"] <= 1)).all()


@pytest.fixture(scope="module")
def space() -> isslab.analysis.Report:
    return isslab.report("space-1999", players=3, **TINY)


def test_report_answers_every_question_of_a_competitive_game(space: isslab.analysis.Report) -> None:
    assert set(space.sections) >= {
        "ladder",
        "luck",
        "turn_order",
        "players",
        "lead",
        "lead_curve",
        "kingmaking",
        "length",
        "sensitivity",
        "metrics",
    }
    frame = space.to_frame()
    assert list(frame.columns) == list(COLUMNS)
    _check_numbers(frame)
    ladder = space["ladder"]
    assert list(ladder["label"]) == ["random", "greedy", "mcts(simulations=8)"]
    assert set(space["turn_order"].query("quantity == 'win_rate'")["label"]) == {
        "position 1",
        "position 2",
        "position 3",
    }
    assert set(space["players"]["label"]) == {"2 players", "3 players", "4 players"}
    assert len(space.lineups) == 2 and all(len(lu) == 3 for lu in space.lineups)
    assert all(space.readings[s] for s in ("ladder", "turn_order", "lead", "length", "sensitivity"))


def test_report_ranks_every_varied_assumption(space: isslab.analysis.Report) -> None:
    ranked = space["sensitivity"]
    game = isslab.make("space-1999", players=3)
    varied = {o.name for o in game.OPTIONS if o.assumption and plausible_values(game, o.name)[0]}
    assert set(ranked["quantity"]) == varied
    assert list(ranked["rank"]) == list(range(1, len(ranked) + 1))
    moves = ranked["value"].abs().to_list()
    assert moves == sorted(moves, reverse=True)
    values = space["sensitivity_values"]
    assert (values[values["label"] == "the game's value"]["diff"] == 0).all()


def test_report_leaves_the_luck_share_empty_until_it_is_measured(space: isslab.analysis.Report) -> None:
    luck = space["luck"]
    assert luck["value"].isna().all() and luck["note"].str.contains("win-chance").all()
    assert "luck" in space.notes


def test_report_renders_as_html_with_sections_tables_and_plots(space: isslab.analysis.Report) -> None:
    page = space._repr_html_()
    assert page.startswith("<h2>Design report: Space: 1999, 3 players</h2>")
    for name in ("ladder", "turn_order", "kingmaking", "sensitivity"):
        assert f"<small>({name})</small>" in page
    assert page.count("<table") == len(space.sections)
    assert page.count('<img src="data:image/png;base64,') >= 5
    assert "[95% interval]" in page and "what balance hides" in page


def test_report_is_reproducible() -> None:
    kw = dict(TINY, sections=["ladder", "length"])
    a = isslab.report("space-1999", players=2, **kw).to_frame()
    b = isslab.report("space-1999", players=2, **kw).to_frame()
    pd.testing.assert_frame_equal(a, b)
    other = isslab.report("space-1999", players=2, seed=1, **kw).to_frame()
    assert not a.equals(other)


def test_report_of_a_cooperative_game_has_bands_and_the_gain_of_sharing() -> None:
    rep = isslab.report("mission-iss", players=2, sections=["coop", "turn_order", "lead"], **TINY)
    assert [lineup for lineup in map(lambda lu: lu[0], rep.lineups)] == ["planner", "greedy"]
    coop = rep["coop"]
    gain = coop[coop["label"] == "gain"].set_index("quantity")
    assert set(gain.index) == {"gain_win", "gain_returns"}
    assert gain.loc["gain_returns", "lineup"] == "planner - greedy"
    shares = coop[coop["quantity"] == "share_band"]
    assert shares.groupby("lineup")["value"].sum().round(9).eq(1).all()
    assert "turn_order" not in rep.sections and "cooperative" in rep.notes["turn_order"]
    assert "lead" not in rep.sections


def test_report_of_the_solo_game_measures_the_margin_against_fedor() -> None:
    rep = isslab.report("1998-iss", players=1, sections=["sensitivity"], **TINY)
    assert rep.outcome == "margin"
    ranked = rep["sensitivity"]
    assert "fedor_deck" in set(ranked["quantity"])
    assert "Not varied: shuttle_materials" in rep.notes["sensitivity"]


def test_default_lineups_per_game() -> None:
    assert default_lineups(isslab.make("1969", players=4)) == [
        ("greedy",) * 4,
        ("greedy", "moonshot", "spy", "greedy"),
    ]
    two = isslab.make("space-1999", players=2)
    assert default_lineups(two) == [("greedy", "greedy"), ("greedy", "random")]
    assert default_lineups(isslab.make("mission-iss", players=3)) == [("planner",) * 3, ("greedy",) * 3]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": [["greedy", "random", "greedy"]]}, "names 2 bots"),
        ({"bots": [3]}, "list of line-ups"),
        ({"sections": ["ladder", "fun"]}, "unknown sections"),
        ({"games": 1}, "games must be an int from 2"),
        ({"workers": 0}, "workers must be"),
    ],
)
def test_report_refuses_bad_input(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        isslab.report("space-1999", players=2, **{**TINY, **kwargs})  # type: ignore[arg-type]


def test_every_section_has_a_question() -> None:
    assert all(q.endswith(("?", "line-up")) for q in SECTIONS.values())
