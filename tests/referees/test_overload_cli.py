"""`overturn overload` commands, driven through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from overturn.referees.overload import Phase
from overturn.referees.overload.store import load_game
from overturn_cli.main import main
from overturn_cli.overload import overload


@pytest.fixture()
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    result = run("new", "--players", "3", "--seed", "7", "--state", str(path))
    assert result.exit_code == 0, result.output
    return path


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(overload, list(args), input=input)


def pawn(path: Path, name: str) -> tuple[int, int]:
    state = load_game(path).state
    found = state.pawns[state.pawn_index(name)]
    return found.position, found.discs


def test_the_root_command_reaches_the_group_and_help_teaches() -> None:
    result = CliRunner().invoke(main, ["overload", "--help"])
    assert result.exit_code == 0
    assert "overturn overload play load 3 roll 5" in result.output
    assert "docs/" not in result.output
    play_help = run("play", "--help").output
    assert "Examples:" in play_help and "--state" in play_help and "overload.json" in play_help


def test_no_short_option_has_two_meanings() -> None:
    meanings: dict[str, set[str]] = {}
    for command in overload.commands.values():
        for param in command.params:
            for option in param.opts:
                if not option.startswith("--"):
                    meanings.setdefault(option, set()).add(param.name or "")
    assert meanings and all(len(names) == 1 for names in meanings.values()), meanings


def test_new_sets_up_a_game_and_will_not_overwrite_one(game_file: Path) -> None:
    state = load_game(game_file).state
    assert state.players == 3 and state.cup == 80 and state.phase is Phase.LOAD
    again = run("new", "--players", "4", "--state", str(game_file))
    assert again.exit_code == 2 and "--force" in again.output
    assert load_game(game_file).state.players == 3
    assert run("new", "-p", "4", "--variant", "2", "--force", "--state", str(game_file)).exit_code == 0
    assert load_game(game_file).state.track.specials


def test_new_refuses_an_impossible_set_up_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    too_many = run("new", "--players", "3", "--variant", "5", "--state", str(path))
    assert too_many.exit_code == 2 and "0 to 4 sections" in too_many.output
    assert run("new", "--players", "6", "--state", str(path)).exit_code == 2
    assert run("new", "--seed", "-1", "--state", str(path)).exit_code == 2
    assert not path.exists()


def test_play_loads_rolls_and_plays_the_forced_entry(game_file: Path) -> None:
    result = run("play", "load", "3", "roll", "5", "--state", str(game_file))
    assert result.exit_code == 0, result.output
    assert "move red1 (forced)" in result.output
    assert pawn(game_file, "red1") == (5, 3)
    assert "blue: choose 0 to 8 discs" in result.output


def test_short_forms_and_quoted_moves_are_the_same_moves(tmp_path: Path) -> None:
    files = []
    for moves in (["load", "3", "roll", "5"], ["3", "5"], ["load 3", "roll 5"]):
        path = tmp_path / f"{len(files)}.json"
        run("new", "--seed", "1", "--state", str(path))
        assert run("play", *moves, "--state", str(path)).exit_code == 0
        files.append(load_game(path).state.history)
    assert files[0] == files[1] == files[2]


def test_rolling_without_choosing_discs_starts_with_none(game_file: Path) -> None:
    result = run("play", "roll", "4", "--state", str(game_file))
    assert "no discs chosen before the roll" in result.output
    assert pawn(game_file, "red1") == (4, 0)


def test_a_refused_move_names_the_rule_and_leaves_the_file_alone(game_file: Path) -> None:
    before = game_file.read_bytes()
    for args, rule in (
        (["play", "load", "9"], "load-range"),
        (["play", "load", "2", "roll", "0"], "die-range"),
        (["play", "load", "2", "roll", "3", "move", "red2"], "enter-start-pawn-first"),
        (["play", "move", "purple1"], "unknown-pawn"),
        (["play", "give", "zzz"], "unknown-pawn"),
        (["play", "hop"], "notation"),
        (["play", "load"], "notation"),
        (["play", "¹"], "notation"),  # a digit to str.isdigit, not to int()
        (["play", "9" * 5000], "notation"),  # past int()'s digit limit
    ):
        result = run(*args, "--state", str(game_file))
        assert result.exit_code == 1, args
        assert f"[rule: {rule}]" in result.output
        assert "Traceback" not in result.output
        assert game_file.read_bytes() == before
        as_json = run(*args, "--json", "--state", str(game_file))
        assert as_json.exit_code == 1
        assert json.loads(as_json.stdout)["error"]["rule"] == rule
        assert game_file.read_bytes() == before


def test_play_with_nothing_to_do_is_a_usage_error(game_file: Path) -> None:
    result = run("play", "--state", str(game_file))
    assert result.exit_code == 2 and "nothing to play" in result.output


def test_give_and_take_are_played_where_the_pawns_meet(game_file: Path) -> None:
    state = str(game_file)
    run("play", "load", "3", "roll", "4", "--state", state)  # red1 on 4 with 3
    met = run("play", "load", "2", "roll", "4", "--state", state)  # blue1 meets red1
    assert "blue: the blue pawn 1 settles each pawn met, giving or taking 1 disc." in met.output
    assert load_game(game_file).state.phase is Phase.ENCOUNTER
    wrong = run("play", "give", "yellow1", "--state", state)
    assert wrong.exit_code == 1 and "[rule: not-met]" in wrong.output
    result = run("play", "take", "red1", "--state", state)
    assert result.exit_code == 0, result.output
    assert pawn(game_file, "blue1") == (4, 3) and pawn(game_file, "red1") == (4, 2)


def test_the_seeded_roll_replays_from_the_seed(tmp_path: Path) -> None:
    rolls = []
    for name in ("a.json", "b.json"):
        path = str(tmp_path / name)
        run("new", "-p", "3", "--seed", "99", "--state", path)
        for _ in range(4):
            assert run("roll", "--state", path).exit_code == 0
        rolls.append(load_game(path).state.history)
    assert rolls[0] == rolls[1]


def test_undo_cannot_fish_for_a_better_roll(game_file: Path) -> None:
    first = [step["action"] for step in json.loads(run("roll", "--json", "--state", str(game_file)).stdout)["applied"]]
    for _ in range(3):
        assert run("undo", "-n", str(len(first)), "--state", str(game_file)).exit_code == 0
        again = json.loads(run("roll", "--json", "--state", str(game_file)).stdout)["applied"]
        assert [step["action"] for step in again] == first


def test_roll_when_no_roll_is_awaited_or_after_the_end_is_refused(game_file: Path) -> None:
    run("play", "load", "3", "roll", "4", "--state", str(game_file))
    run("play", "load", "2", "roll", "4", "--state", str(game_file))
    result = run("roll", "--state", str(game_file))
    assert result.exit_code == 1 and "[rule: encounter-awaited]" in result.output


def test_preview_shows_a_roll_without_saving(game_file: Path) -> None:
    run("play", "load", "3", "roll", "4", "--state", str(game_file))
    before = game_file.read_bytes()
    result = run("preview", "6", "--discs", "1", "--json", "--state", str(game_file))
    assert result.exit_code == 0, result.output
    preview = json.loads(result.output)
    assert preview["moves"][0]["move"] == "move blue1"
    assert "red pawn 1: 3 → 4 discs" in preview["moves"][0]["effects"]
    assert game_file.read_bytes() == before
    listed = run("legal", "--state", str(game_file))
    assert "load 8" in listed.output


def test_show_draws_the_whole_track_with_distances(tmp_path: Path) -> None:
    path = tmp_path / "v.json"
    run("new", "-p", "3", "--variant", "4", "--seed", "1", "--state", str(path))
    run("play", "load", "2", "roll", "5", "--state", str(path))
    shown = run("show", "--state", str(path)).output
    for space in range(1, 23):
        assert any(line.split()[:1] == [str(space)] for line in shown.splitlines()), space
    assert "finish 23" in shown and "start 0" in shown
    assert "6 [+]" in shown and "10 [-]" in shown and "14 [+/-]" in shown and "18 [x2]" in shown
    assert "red1 (2 discs, 18 to go)" in shown
    assert "variant with 4 special sections" in shown
    assert "18 x2 (everything doubled)" in shown


def test_show_json_is_complete(game_file: Path) -> None:
    data = json.loads(run("show", "--json", "--state", str(game_file)).output)
    assert data["cup"] == 80 and data["turn_progress"]["phase"] == "load"
    assert data["legal"][0] == "load 0"
    assert data["players"] == 3 and data["variant_sections"] == 0 and data["custom_rules"] is None
    assert data["track"]["finish"] == 23 and data["track"]["specials"] == {}
    assert data["pawns"]["red1"] == {"space": 0, "discs": 0, "to_finish": 23}


def test_a_missing_or_broken_state_file_is_a_clear_error(tmp_path: Path) -> None:
    missing = run("show", "--state", str(tmp_path / "none.json"))
    assert missing.exit_code == 2 and "no such file" in missing.output and "overturn overload new" in missing.output
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "overload", "version": 2, "players": 9}', encoding="utf-8")
    result = run("show", "--state", str(broken))
    assert result.exit_code == 2 and "broken.json" in result.output and "Traceback" not in result.output


def test_the_interactive_session_plays_and_saves_each_action(game_file: Path) -> None:
    answers = "\n".join(["help", "9", "3", "5", "", "1", "", "2", "undo", "show", "quit"]) + "\n"
    result = run("session", "--state", str(game_file), input=answers)
    assert result.exit_code == 0, result.output
    assert "refused: a pawn starts with 0 to 8 discs, not 9 [rule: load-range]" in result.output
    assert "move red1 (forced)" in result.output
    # Enter at blue's disc prompt rolls the seeded die with no discs chosen (0, as the rule book says).
    assert "load 0 (no discs chosen before the roll)" in result.output
    assert "(rolled at random)" in result.output
    assert pawn(game_file, "red1") == (5, 3)
    assert "took back load 2" in result.output  # yellow's choice, taken back before the roll
    assert load_game(game_file).state.phase is Phase.LOAD
    assert f"Saved in {game_file}" in result.output


def test_session_new_needs_force_over_a_game(game_file: Path) -> None:
    before = game_file.read_bytes()
    result = run("session", "--new", "--state", str(game_file), input="quit\n")
    assert result.exit_code == 2 and "--force" in result.output
    assert game_file.read_bytes() == before
    replaced = run("session", "--new", "--force", "-p", "4", "--state", str(game_file), input="quit\n")
    assert replaced.exit_code == 0 and load_game(game_file).state.players == 4


def test_the_session_ends_cleanly_at_end_of_input(game_file: Path) -> None:
    result = run("session", "--state", str(game_file), input="2\n")
    assert "Traceback" not in result.output
    assert pawn(game_file, "red1") == (0, 2)


def test_play_json_lists_each_action_with_its_effects(game_file: Path) -> None:
    result = run("play", "load", "2", "roll", "3", "--json", "--state", str(game_file))
    data = json.loads(result.output)
    assert [step["action"] for step in data["applied"]] == ["load 2", "roll 3", "move red1"]
    assert data["applied"][2] == {
        "action": "move red1", "note": "forced", "effects": ["red pawn 1: start → space 3, 2 discs"],
        "events": [
            {"kind": "acted", "action": "move", "value": "red1", "cause": "forced"},
            {"kind": "moved", "pawn": "red1", "frm": {"number": 0, "role": "start", "special": ""},
             "to": {"number": 3, "role": "track", "special": ""}, "discs": 2},
        ],
    }
    assert data["pawns"]["red1"] == {"space": 3, "discs": 2, "to_finish": 20}


def test_a_variant_step_is_asked_for_and_played(tmp_path: Path) -> None:
    path = str(tmp_path / "v.json")
    run("new", "-p", "3", "--variant", "4", "--seed", "1", "--state", path)
    # red1 enters on the + space (6) and gains a disc; the others enter behind it.
    for roll in ("6", "1", "2", "3", "1", "2"):
        result = run("play", "load", "0", "roll", roll, "--state", path)
        assert result.exit_code == 0, result.output
    assert pawn(Path(path), "red1") == (6, 1)
    result = run("play", "roll", "8", "red1", "--state", path)  # 6 + 8 = 14: the +/- space
    assert "the red pawn 1 is on a +/- space and must step forward or back one space at once." in result.output
    stepped = run("play", "back", "--state", path)
    assert stepped.exit_code == 0, stepped.output
    assert pawn(Path(path), "red1") == (13, 1)


def test_undo_takes_back_actions_and_the_game_continues(game_file: Path) -> None:
    run("play", "load", "3", "roll", "5", "--state", str(game_file))
    result = run("undo", "-n", "2", "--state", str(game_file))
    assert result.exit_code == 0, result.output
    assert "Took back: roll 5, move red1." in result.output
    assert pawn(game_file, "red1") == (0, 3)
    run("play", "roll", "4", "--state", str(game_file))
    assert pawn(game_file, "red1") == (4, 3)
    too_far = run("undo", "-n", "9", "--state", str(game_file))
    assert too_far.exit_code == 1 and "cannot take back 9 actions: only 3 actions have been played" in too_far.output


def test_play_names_the_finish_and_the_eight_disc_bonus(tmp_path: Path) -> None:
    path = str(tmp_path / "f.json")
    run("new", "-p", "3", "--state", path)
    for discs, roll in (("8", "8"), ("0", "1"), ("0", "1"), ("0", "1"), ("0", "1"), ("0", "1")):
        assert run("play", discs, roll, "--state", path).exit_code == 0
    run("play", "roll", "8", "move", "red1", "--state", path)  # red1 on 16 with 8 discs
    run("play", "roll", "1", "move", "blue1", "--state", path)
    run("play", "roll", "1", "move", "yellow1", "--state", path)
    result = run("play", "roll", "7", "move", "red1", "--state", path)
    assert "the red pawn 1 reaches the finish with 8 discs + 4 bonus for exactly 8 = 12 points" in result.output
    assert "red scores 12 (12 for the finish; total 12)" in result.output


def test_an_overload_is_named(game_file: Path) -> None:
    state = str(game_file)
    run("play", "8", "2", "--state", state)  # red1 on 2 with 8 discs
    result = run("play", "0", "3", "--state", state)  # blue1 overtakes red1: a 9th disc
    assert "Overload! The red pawn 1 would carry a 9th disc" in result.output
    assert "blue scores 1 (1 for the Overload of the red pawn 1; total 1)" in result.output


def test_the_rules_summary_is_packaged_with_the_french_names() -> None:
    result = run("rules")
    assert result.exit_code == 0
    for words in ("rondelle", "surcharge", "Overload", "4 spaces per section", "CHOICE", "move red1", "bonus"):
        assert words in result.output, words


def test_a_table_can_play_with_its_own_data_file(tmp_path: Path) -> None:
    from importlib import resources

    packaged = resources.files("overturn.referees.overload").joinpath("data", "overload.json")
    data = json.loads(packaged.read_text(encoding="utf-8"))
    data["sections"]["finish"]["spaces"] = 6
    data["targets"]["3"] = 20
    rules = tmp_path / "our_track.json"
    rules.write_text(json.dumps(data), encoding="utf-8")
    path = str(tmp_path / "g.json")
    assert run("new", "-p", "3", "--rules", str(rules), "--state", path).exit_code == 0
    run("play", "load", "1", "roll", "2", "--state", path)
    game = load_game(Path(path))
    assert (game.state.track.finish, game.state.target) == (25, 20)
    assert game.custom_rules is not None and game.custom_rules.path == str(rules.resolve())
    shown = run("show", "--state", path).output
    assert "CUSTOM rules" in shown and game.custom_rules.sha256[:12] in shown
    assert json.loads(run("show", "--json", "--state", path).output)["custom_rules"]["sha256"] == game.custom_rules.sha256
    data["targets"]["3"] = 5
    rules.write_text(json.dumps(data), encoding="utf-8")
    changed = run("show", "--state", path)
    assert changed.exit_code == 2 and "g.json: rules.sha256: does not match" in changed.output


def test_a_short_scripted_game_with_the_move_forms(tmp_path: Path) -> None:
    """Three players, real die faces, every move form: numbers, pawn names, full notation, give/take, undo."""
    path = str(tmp_path / "script.json")
    script = [
        ("play", "load", "2", "roll", "3"),  # red1 enters on 3 with 2 discs
        ("play", "1", "3"),                  # blue1 enters on 3 with 1 disc: meets red1
        ("play", "take", "red1"),            # blue1 takes: red1 1, blue1 2
        ("play", "load 0", "roll 5"),        # yellow1 enters on 5, overtaking red1 and blue1
        ("play", "4", "2"),                  # red2 enters on 2 with 4 discs
        ("undo",),                           # a mistyped die: take back the forced move...
        ("undo",),                           # ...and the roll
        ("play", "roll", "6", "red2"),       # red2 on 6 overtakes red1, blue1, yellow1
    ]
    run("new", "-p", "3", "--seed", "5", "--state", path)
    for command in script:
        result = run(*command, "--state", path)
        assert result.exit_code == 0, (command, result.output)
    state = load_game(Path(path)).state
    assert [pawn(Path(path), name) for name in ("red1", "blue1", "yellow1", "red2")] == [(3, 3), (3, 4), (5, 1), (6, 4)]
    assert state.cup == 80 - 12 and state.current == 1


def test_a_deeply_nested_file_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000, encoding="utf-8")
    for command in ("show", "legal", "roll"):
        result = run(command, "--state", str(path))
        assert result.exit_code == 2, result.output
        assert "deep.json" in result.output and "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1


def test_roll_after_the_game_is_over_is_refused_like_play(tmp_path: Path) -> None:
    import random

    from overturn.referees.overload import OverloadState, random_playout
    from overturn.referees.overload.store import SavedGame, save_game

    state = OverloadState.new(3)
    random_playout(state, random.Random(4))
    path = tmp_path / "over.json"
    save_game(path, SavedGame(state, 1))
    before = path.read_bytes()
    for command in (["roll"], ["play", "roll", "3"], ["play", "roll"]):
        result = run(*command, "--state", str(path))
        assert result.exit_code == 1 and "[rule: game-over]" in result.output, result.output
    assert path.read_bytes() == before


def test_the_give_take_prompt_names_the_mover_and_the_doubling(tmp_path: Path) -> None:
    from overturn.referees.overload import OverloadState
    from overturn.referees.overload.referee import OverloadReferee
    from overturn.referees.overload.store import SavedGame, save_game

    state = OverloadState.new(3, 4)  # x2 on space 18
    for name, space, discs in (("red1", 12, 3), ("red2", 1, 0), ("blue1", 18, 2), ("blue2", 2, 0),
                               ("yellow1", 3, 0), ("yellow2", 4, 0)):
        pawn_here = state.pawns[state.pawn_index(name)]
        pawn_here.position, pawn_here.discs = space, discs
    state.cup -= 5
    state.phase, state.mover = Phase.ROLL, None  # set directly to keep the test short: no file can hold it
    referee = OverloadReferee()
    game, _ = referee.play(SavedGame(state, 1), ["roll", "6", "red1"])
    assert ("red: the red pawn 1 settles each pawn met, giving or taking 2 discs (x2 space)."
            in referee.awaiting(game))
    game, _ = referee.play(game, ["take", "blue1"])
    assert [(pawn.position, pawn.discs) for pawn in game.state.pawns[:3]] == [(18, 5), (1, 0), (18, 0)]
    path = tmp_path / "x2.json"
    save_game(path, game)
    refused = run("show", "--state", str(path))  # a hand-set position is not reachable: the file is refused
    assert refused.exit_code == 2 and "history[0]" in refused.output
