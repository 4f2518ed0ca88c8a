"""Mission ISS, the engine: what the game declares, views, save files, positions and the bots."""

from __future__ import annotations

import json
import random

import pytest
from helpers_mission_iss import game

import isslab
from isslab.conformance import check_game, check_hidden_information
from isslab.core import ReturnsKind
from isslab.games.mission_iss import Select, bots, phases
from isslab.games.mission_iss.bots import Planner


def test_the_game_declares_a_cooperative_game_without_hidden_information() -> None:
    info = isslab.make("mission-iss").info
    assert (info.min_players, info.max_players) == (1, 4)
    assert info.returns is ReturnsKind.COOPERATIVE and info.chance
    assert not info.hidden_information  # cards move face up; piles are drawn at chance nodes
    assert info.default_bot == "planner" and set(isslab.bot_names("mission-iss")) >= {"planner", "greedy"}
    with pytest.raises(ValueError, match="players=5"):
        isslab.make("mission-iss", players=5)


def test_every_seat_sees_the_same_view_and_is_told_the_same_texts() -> None:
    rec = isslab.play(isslab.make("mission-iss", players=3), "planner", seed=2)
    for st in rec.states()[::25]:
        views = [st.view(s) for s in range(3)]
        assert all(
            {k: v for k, v in view.items() if k != "seat"}
            == {k: v for k, v in views[0].items() if k != "seat"}
            for view in views
        )
        json.dumps(views[0])
    for a in rec.actions[:50]:
        assert len({rec.final_state().describe(a, s) for s in (None, 0, 1, 2)}) == 1


def test_the_view_lays_out_the_table_for_a_board() -> None:
    st = game(2).position(attached={"B": "T"}, robonauts=["B"], tiles=[(6, "B", [3, ("red", 2)])], wild=1)
    view = st.view(0)
    assert view["fields"][3] == {
        "code": "B",
        "name": "Zarya",
        "module": "B",
        "attached": True,
        "attached_to": "T",
        "robonauts": 1,
    }
    assert view["modules"]["B"]["attached_to"] == "T" and view["modules"]["C"]["may_attach_to"] == ["T"]
    assert view["research_tiles"] == [
        {
            "tile": 6,
            "field": "B",
            "dice": [{"colour": "blue", "value": 3}, {"colour": "red", "value": 2}],
            "bonus": "free_robonaut",
        }
    ]
    assert view["work_stoppage"] and view["wild_cards"] == 1 and view["dice_free"] == {"blue": 3, "red": 2}
    assert view["players"][0]["face_up"] == {"move": 3, "research": 1, "assemble": 1, "exercise": 1}
    assert view["track"]["year"] == 1998 and view["track"]["milestones"] == [[2005, 6], [2009, 9]]
    assert "Zarya" not in str(st) or "B@T" in str(st)


def test_save_files_round_trip_at_every_step() -> None:
    rec = isslab.play(isslab.make("mission-iss", players=1), "planner", seed=3)
    for st in rec.states()[::10]:
        back = isslab.load(st.to_json())
        assert back == st and back.legal_actions() == st.legal_actions()


def test_positions_refuse_what_no_game_could_reach() -> None:
    g = game(2)
    for kwargs, message in (
        ({"attached": {"E": "T"}}, "cannot attach to T"),
        ({"attached": {"E": "B"}}, "which is not attached"),
        ({"astronauts": ["B", "T", "T", None, None, None]}, "not attached"),
        ({"face_up": {0: "MMMMRAE"}}, "Move cards add up to 7"),
        ({"wild": 2}, "wild cards but only 0"),
        ({"tiles": [(1, "T", [3]), (1, "R", [3])]}, "every research tile is once"),
        ({"incidents": {"B": [1, 1, 1, 1]}}, "above the cap"),
        ({"held": {0: (4, 0, 0)}}, "exercise_supply holds -1"),
        ({"year": 1997}, "year must be"),
        ({"turn": 2}, "turn must be"),
        ({"hand": "MM"}, "single-player"),
    ):
        with pytest.raises(ValueError, match=message):
            g.position(**kwargs)
    with pytest.raises(ValueError, match="face_up"):
        game(1).position(face_up={0: "M"})


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 1}, {"players": 4, "good_job_cards": 0}])
def test_the_bots_keep_the_contract(options: dict) -> None:
    g = isslab.make("mission-iss", **options)
    for name in ("planner", "greedy"):
        report = check_game(g, games=4, seed=3, bots=name)
        assert report.games == 4
    check_hidden_information(g, games=3, bots="planner")


def test_the_planner_beats_the_greedy_baseline() -> None:
    g = isslab.make("mission-iss")
    planner = [isslab.play(g, "planner", seed=s).game_stats["modules"] for s in range(30)]
    greedy = [isslab.play(g, "greedy", seed=s).game_stats["modules"] for s in range(30)]
    assert sum(planner) > 1.5 * sum(greedy)


def test_the_planner_spreads_the_cards_and_keeps_no_stale_memory() -> None:
    g = isslab.make("mission-iss", players=3)
    st = g.position(face_up={0: "MMMRAE", 1: "M", 2: "MMRRRAAAEE"}, face_down={1: "M"})
    pick = bots.planner_bot(st, random.Random(0))
    assert isinstance(pick, Select) and pick.partner == 2  # not the last card of a player with one
    fresh = Planner()
    rec_a = isslab.play(g, bots.planner_bot, seed=5)
    rec_b = isslab.play(g, fresh, seed=5)
    assert rec_a.actions == rec_b.actions


def test_random_playouts_visit_every_phase_and_action_kind() -> None:
    kinds: set[str] = set()
    for players, bot in ((4, "planner"), (1, "planner"), (3, "greedy"), (2, "random")):
        for seed in range(4):
            rec = isslab.play(isslab.make("mission-iss", players=players), bot, seed=seed)
            kinds |= {type(a).__name__ for a in rec.actions}
    assert kinds >= {
        "DealMarkers",
        "DrawTile",
        "DrawIncident",
        "DrawMarker",
        "SoloDeal",
        "Select",
        "Play",
        "EndShift",
        "Move",
        "Research",
        "ResearchOn",
        "Assemble",
        "Deploy",
        "Exercise",
        "Skip",
        "UseBonus",
        "Arrive",
        "Train",
    }


def test_the_phase_and_task_names_are_the_members_themselves() -> None:
    # phases.py binds them by unpacking the enums in order: a member moved would bind the wrong name
    assert all(getattr(phases, member.name) is member for member in (*phases.Phase, *phases.Task))
