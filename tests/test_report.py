"""The design report (``isslab.report``), its method, and the lead statistics it builds on.

The lead statistics and the method's verdicts are checked on values built by hand, where every
answer can be worked out; the report is run at tiny game counts, and its numbers are checked for
what they must be (intervals around their values, rates in [0, 1], the same seed giving the same
report), its sections for what each game has (every section under both line-ups, no turn order in a
cooperative game, the luck share filled, a rule a line-up never meets named as such, the margin
where win rates sit at a bound) and its HTML for conclusions, tables, sentences and plots.
"""

from __future__ import annotations

import math

import pandas as pd
import pytest

import isslab
from isslab.analysis import leads
from isslab.analysis.report import (
    COLUMNS,
    FINDINGS,
    SECTIONS,
    default_lineups,
    fmt,
    plausible_values,
    verdict,
)
from isslab.analysis.report.lineups import lineup_at, strategy_bots, top_rung
from isslab.analysis.report.method import across, agree, direction, overlap
from isslab.analysis.report.players import extreme
from isslab.analysis.report.running import distinct_games, same_games, same_moves
from isslab.bench.luck import bench_luck

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


# --- the method -------------------------------------------------------------------------------


def test_direction_and_across_follow_the_method() -> None:
    assert direction(0.1, 0.3) == "above" and direction(-0.3, -0.1) == "below"
    assert direction(-0.1, 0.1) == "none" and direction(math.nan, 0.1) == "n/a"
    assert direction(0.26, 0.4, null=0.25) == "above" and direction(0.2, 0.3, null=0.25) == "none"
    assert across(["above", "above"]) == "holds under both line-ups"
    assert across(["none", "none"]) == "not shown under either line-up"
    assert across(["above", "none"], ["a", "b"]) == "depends on the line-up (shown under a only)"
    assert across(["above", "below"], ["a", "b"]).startswith("depends on the line-up (opposite directions")
    assert across(["above"]).startswith("checked under one line-up only")
    assert overlap(0, 1, 1, 2) and not overlap(0, 1, 1.1, 2) and overlap(0, math.nan, 5, 6)
    assert agree([(0, 1), (0.5, 2)]) == "not shown to differ between line-ups (the intervals overlap)"
    assert agree([(0, 1), (0.5, 2), (0.9, 3)]).startswith("not shown to differ")
    assert agree([(0, 1), (2, 3)]).startswith("depends")


def test_extreme_positions_are_flagged_beyond_half_and_twice_the_fair_share() -> None:
    # 1969's fifth seat: 0.02 [0.00, 0.09] against a fair 0.20
    assert extreme(0.0, 0.09, 0.2) == "far below"
    assert extreme(0.05, 0.15, 0.2) == "below" and extreme(0.15, 0.3, 0.2) == ""
    assert extreme(0.45, 0.6, 0.2) == "far above" and extreme(0.3, 0.35, 0.25) == "above"


def test_line_ups_at_other_counts_and_the_strategy_bots() -> None:
    game = isslab.make("1969", players=4)
    mix = default_lineups(game)[1]
    assert lineup_at(game, mix, 5) == default_lineups(isslab.make("1969", players=5))[1]
    assert lineup_at(game, ("spy", "greedy", "spy", "greedy"), 3) == ("spy", "greedy", "spy")
    assert strategy_bots(game) == ["greedy", "moonshot", "spy"]
    assert strategy_bots(isslab.make("space-1999")) == ["greedy", "random"]
    top, note = top_rung(isslab.make("coin-row"))
    assert top == "mcts(simulations=8)" and "search bot" in note  # no expert for a reference game


def test_same_games_and_moves_tell_a_rule_never_met() -> None:
    """greedy never hires a spy in 1969: the spy rules' values give the same games, move for move."""
    plain = isslab.make("1969", players=3)
    other = isslab.make("1969", players=3, spy_penalty_to="sheet_owner")
    kw = {"games": 6, "seed": 0, "workers": 1, "progress": False, "rotate_seats": True}
    a, b = isslab.simulate(plain, "greedy", **kw), isslab.simulate(other, "greedy", **kw)
    assert same_games(a, b) and distinct_games(a) == 6
    assert same_moves([(plain, ["greedy"] * 3, other, ["greedy"] * 3, s) for s in (1, 2)])
    mixed = ["spy", "greedy", "moonshot"]  # the spy bot hires spies: the penalty lands on other sheets
    assert not same_games(isslab.simulate(plain, mixed, **kw), isslab.simulate(other, mixed, **kw))


# --- the report ---------------------------------------------------------------------------------


def _check_numbers(frame: pd.DataFrame) -> None:
    has = frame.dropna(subset=["value", "low", "high"])
    assert (has["low"] <= has["value"] + 1e-9).all() and (has["value"] <= has["high"] + 1e-9).all()
    rates = has[has["quantity"].isin(["win_rate", "team_success", "leader_wins", "kingmaking", "first_won"])]
    assert ((rates["low"] >= 0) & (rates["high"] <= 1)).all()


@pytest.fixture(scope="module")
def space() -> isslab.analysis.Report:
    return isslab.report("space-1999", **TINY)


def test_report_answers_every_question_of_a_competitive_game(space: isslab.analysis.Report) -> None:
    assert set(space.sections) >= set(SECTIONS) - {"coop", "dials"}
    frame = space.to_frame()
    assert list(frame.columns) == list(COLUMNS)
    _check_numbers(frame)
    ladder = space["ladder"]
    assert list(dict.fromkeys(ladder["label"])) == ["random", "greedy", space.top]
    assert set(space["players"]["label"]) == {"2 players", "3 players", "4 players"}
    assert {"position_1", "duration_moves", "drama", "kingmaking"} <= set(space["players"]["quantity"])
    assert len(space.lineups) == 2 and all(len(lu) == 4 for lu in space.lineups)
    assert all(space.readings[s] for s in ("ladder", "turn_order", "lead", "length", "sensitivity"))


def test_every_section_runs_under_both_line_ups(space: isslab.analysis.Report) -> None:
    labels = {"greedy", "greedy/random/greedy/random"}
    for section in (
        "ladder",
        "luck",
        "turn_order",
        "players",
        "feedback",
        "kingmaking",
        "length",
        "sensitivity",
    ):
        assert labels <= set(space[section]["lineup"]), section
    assert labels | {"random movers"} <= set(space["lead"]["lineup"])


def test_every_conclusion_names_its_baseline_and_says_whether_it_holds(space: isslab.analysis.Report) -> None:
    table = space.conclusions()
    assert list(table.columns) == list(FINDINGS) and len(table) > 10
    assert (table.groupby("claim")["lineup"].nunique() == 2).all()  # every claim under both line-ups
    assert (
        table["across"]
        .str.match(r"(holds under both|depends on the line-up|not shown under either|not shown to differ)")
        .all()
    )
    assert (table["baseline"] != "").all()
    for line in space.readings["lead"]:
        assert "fair share" not in line or "no baseline" in line  # the fair share is never the baseline
    runaway = space.conclusions("lead").iloc[0]
    assert runaway["baseline"].startswith("no feedback") and runaway["null"] == 0
    with pytest.raises(KeyError, match="no section 'luk'"):
        space.conclusions("luk")


def test_the_lead_is_measured_against_the_same_games_without_feedback(space: isslab.analysis.Report) -> None:
    lead = space["lead"]
    mine = lead[lead["lineup"] == "greedy"].set_index("quantity")
    assert {"leader_wins", "no_feedback", "runaway", "comeback", "fair_share"} <= set(mine.index)
    assert "no baseline" in mine.loc["fair_share", "note"]
    assert mine.loc["runaway", "value"] == pytest.approx(
        mine.loc["leader_wins", "value"] - mine.loc["no_feedback", "value"]
    )
    feedback = space["feedback"]
    assert {"change", "slope", "slope_difference"} <= set(feedback["quantity"])
    assert set(feedback[feedback["quantity"] == "change"]["kind"]) == {"played", "no_feedback"}


def test_the_luck_share_comes_from_the_review(space: isslab.analysis.Report) -> None:
    luck = space["luck"].set_index(["lineup", "quantity"])
    share = luck.loc[("greedy", "luck_share")]
    assert 0 <= share["low"] <= share["value"] <= share["high"] <= 1 and share["games"] == TINY["games"]
    assert "fewer than the 100" in space.notes["luck"]


def test_the_benchmarks_luck_shares_are_the_full_reports(space: isslab.analysis.Report) -> None:
    # docs/luck.json (python -m isslab.bench.luck) runs the luck section alone; notebook 12 says that the
    # report gives the same figures for the same line-ups and games
    measured = bench_luck("space-1999", TINY["games"], workers=1)
    luck = space["luck"].set_index(["lineup", "quantity"])
    assert [lu["label"] for lu in measured["lineups"]] == list(space["luck"]["lineup"].unique())
    for lineup in measured["lineups"]:
        row = luck.loc[(lineup["label"], "luck_share")]
        assert lineup["luck_share"] == pytest.approx([row["value"], row["low"], row["high"]])
        assert lineup["games"] == TINY["games"] and measured["cpu_seconds"] > 0


def test_report_ranks_every_varied_assumption_under_both_line_ups(space: isslab.analysis.Report) -> None:
    ranked = space["sensitivity"]
    game = isslab.make("space-1999")
    varied = {o.name for o in game.OPTIONS if o.assumption and plausible_values(game, o.name)[0]}
    for _, part in ranked.groupby("lineup"):
        assert set(part["quantity"]) == varied
        assert list(part["rank"]) == list(range(1, len(part) + 1))
        moves = part["value"].abs().to_list()
        assert moves == sorted(moves, reverse=True)
    values = space["sensitivity_values"]
    assert (values[values["label"] == "the game's value"]["diff"] == 0).all()
    assert any("intervals overlap" in x or "shown to matter more" in x for x in space.readings["sensitivity"])


def test_report_renders_as_html_with_conclusions_tables_and_plots(space: isslab.analysis.Report) -> None:
    page = space._repr_html_()
    assert page.startswith("<h2>Design report: Space: 1999, 4 players</h2>")
    assert "<h3>Conclusions, each under every line-up</h3>" in page
    for name in ("ladder", "turn_order", "kingmaking", "sensitivity", "strategies", "feedback"):
        assert f"<small>({name})</small>" in page
    assert page.count("<table") == len(space.sections) + 1
    assert page.count('<img src="data:image/png;base64,') >= 8
    assert "[95% interval]" in page and "what balance hides" in page


def test_report_is_reproducible() -> None:
    # search=None: no search rung (its games are the report's slowest), the ladder's last rung on top
    kw = dict(TINY, sections=["ladder", "length"], search=None)
    rep = isslab.report("space-1999", players=2, **kw)
    assert "the top rung (greedy) minus random" in " ".join(rep.readings["ladder"])
    a = rep.to_frame()
    b = isslab.report("space-1999", players=2, **kw).to_frame()
    pd.testing.assert_frame_equal(a, b)
    other = isslab.report("space-1999", players=2, seed=1, **kw).to_frame()
    assert not a.equals(other)


def test_a_rule_the_line_up_never_meets_says_so() -> None:
    rep = isslab.report(
        "1969", bots=["greedy", ["spy", "greedy", "moonshot", "greedy"]], sections=["sensitivity"], **TINY
    )
    lines = " ".join(rep.readings["sensitivity"])
    assert "spy_penalty_to: never met under greedy" in lines
    ranked = rep["sensitivity"].set_index(["lineup", "quantity"])
    assert ranked.loc[("greedy", "spy_penalty_to"), "note"].startswith("never met")
    assert not ranked.loc[("spy/greedy/moonshot/greedy", "spy_penalty_to"), "note"].startswith("never met")


def test_the_strategy_matrix_reads_every_pair_both_ways() -> None:
    rep = isslab.report("coin-row", sections=["strategies"], **TINY)
    table = rep["strategies"]
    assert set(table["lineup"]) == {"greedy among lookahead", "lookahead among greedy"}
    assert set(table["quantity"]) == {"lone_win_rate", "field_win_rate"}
    claim = rep.conclusions("strategies").set_index("lineup")
    assert set(claim.index) == {"greedy alone among lookahead", "lookahead alone among greedy"}
    assert rep.caveats and "different games" in rep.caveats[0]  # no chance: the same game again and again


def test_the_luck_race_shows_what_pure_luck_gives() -> None:
    rep = isslab.report("luck-race", sections=["ladder", "luck"], **TINY)
    ladder = rep["ladder"]
    rates = ladder[ladder["quantity"] == "win_rate"]
    random_rate = rates[rates["label"] == "random"]["value"].to_numpy()
    first_rate = rates[rates["label"] == "first"]["value"].to_numpy()
    assert (random_rate == first_rate).all()  # one action a turn: every bot plays the same games
    share = rep["luck"].set_index("quantity").loc["luck_share"]
    assert (share["value"] > 0.5).all()


def test_a_luck_share_is_not_concluded_where_every_game_ends_alike() -> None:
    # solo 1998 ISS: the bots never beat FEDOR in these games, so luck and decisions cancel exactly
    rep = isslab.report("1998-iss", players=1, sections=["luck"], **{**TINY, "games": 10})
    share = rep["luck"].set_index(["lineup", "quantity"]).loc[("greedy", "luck_share")]
    assert share["value"] == pytest.approx(0.5) and share["low"] == pytest.approx(share["high"])
    assert any(x.startswith("greedy: every game ended in the same result") for x in rep.readings["luck"])
    assert "greedy" not in set(rep.conclusions("luck")["lineup"])


def test_report_of_a_cooperative_game_asks_the_alpha_question() -> None:
    rep = isslab.report("mission-iss", players=2, sections=["coop", "turn_order", "lead"], **TINY)
    # the second line-up is the mixed team: a team of greedy alone never completes the station
    assert rep.lineups == [("planner", "planner"), ("planner", "greedy")]
    coop = rep["coop"]
    alpha = coop[coop["quantity"] == "alpha_returns"].set_index("lineup")
    assert set(alpha.index) == {"planner", "planner/greedy"}
    # deterministic bots in a game that hides nothing: one mind and a mind per seat play the same games
    assert (alpha["value"] == 0).all()
    assert any("never meets the alpha-player question" in x for x in rep.readings["coop"])
    skill = coop[coop["quantity"] == "skill_returns"].iloc[0]
    assert skill["lineup"] == "planner - planner/greedy" and "skill" in skill["note"]
    shares = coop[coop["quantity"] == "share_band"]
    assert shares.groupby("lineup")["value"].sum().round(9).eq(1).all()
    assert "turn_order" not in rep.sections and "cooperative" in rep.notes["turn_order"]
    assert "lead" not in rep.sections


def test_report_of_the_solo_game_reads_the_margin_and_the_dials() -> None:
    rep = isslab.report("1998-iss", players=1, sections=["ladder", "dials", "sensitivity"], **TINY)
    assert rep.outcome == "margin"
    ladder = rep["ladder"]
    assert {"win_rate", "margin"} <= set(ladder["quantity"])
    assert "in the player's score minus FEDOR's" in rep.conclusions("ladder")["claim"].iloc[0]
    dials = rep["dials"]
    assert "fedor_cargo" in set(dials["quantity"]) and list(dials["rank"])[0] == 1
    assert any(x.startswith("calibration: ") for x in rep.readings["dials"])
    assert "Not varied: shuttle_materials" in rep.notes["sensitivity"]
    calibrated = rep["dials_values"].query("quantity == 'calibrated_margin'")
    assert set(calibrated["lineup"]) == {"greedy", "builder", "scientist"}


def test_default_lineups_per_game() -> None:
    assert default_lineups(isslab.make("1969", players=4)) == [
        ("greedy",) * 4,
        ("greedy", "moonshot", "spy", "greedy"),
    ]
    two = isslab.make("space-1999", players=2)
    assert default_lineups(two) == [("greedy", "greedy"), ("greedy", "random")]
    # a team of greedy alone never completes Mission ISS: the team is mixed like the tables of rivals
    assert default_lineups(isslab.make("mission-iss", players=3)) == [
        ("planner",) * 3,
        ("planner", "greedy", "planner"),
    ]
    assert default_lineups(isslab.make("mission-iss", players=1)) == [("planner",), ("greedy",)]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": [["greedy", "random", "greedy"]]}, "names 2 bots"),
        ({"bots": [3]}, "list of line-ups"),
        ({"sections": ["ladder", "fun"]}, "unknown sections"),
        ({"games": 1}, "games must be an int from 2"),
        ({"workers": 0}, "workers must be"),
        ({"variants": ["space-1999/nothing"]}, "not variants of space-1999 defined in this process"),
    ],
)
def test_report_refuses_bad_input(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        isslab.report("space-1999", players=2, **{**TINY, **kwargs})  # type: ignore[arg-type]


def test_every_section_has_a_question() -> None:
    assert all(q.endswith(("?", "line-up")) for q in SECTIONS.values())
