"""Save-file fuzzing for the referees on the shared scaffold ("fuzzing that proves it").

Real saves, taken at several stages of seeded random playouts, are mutated
with tests/json_mutations.py; each mutant is driven through `show`, `legal`
and a `play` in-process with click's CliRunner. For every case:

* no traceback (any exception other than click's exit is a failure);
* exit codes are the scaffold's (0, 1, 2), and a refused or unreadable file
  is left byte for byte as it was;
* no impossible state accepted: a file `show` accepts round-trips
  (load -> save -> load gives the same file) and is reachable (taking every
  action back and replaying them from the set-up gives it again).

A property test adds that every state reached in random playouts round-trips
through the file. The games are found by name: a referee is covered as soon
as its `overturn_cli.<game>` module exposes ``REFEREE`` (a protocol
``Referee``) beside its click group. The CI campaign is bounded; the longer
one is, for instance::

    OVERTURN_FUZZ_CASES=20000 .venv/bin/python -m pytest tests/referees/test_fuzz_saves.py -q -s

which prints, per game: cases, accepted, tracebacks, refusals that changed a
file, impossible states accepted, saves the referee wrote but cannot read back.
"""

from __future__ import annotations

import importlib
import json
import os
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result
from json_mutations import mutants

from overturn.jsonstore import StateFileError, load_json
from overturn.referees.protocol import Referee, UsageProblem

GAMES = ("overload", "offboard", "insider")
CASES_PER_GAME = int(os.environ.get("OVERTURN_FUZZ_CASES", "400"))
PLAYOUT_ACTION_LIMIT = 400
# Set-ups for the playouts, by game (new_game keyword arguments, seeded so a failure replays);
# a game not listed plays two playouts of its default set-up.
SETUPS: dict[str, list[dict[str, Any]]] = {
    "overload": [
        {"players": 3, "variant": 0, "seed": 11},
        {"players": 4, "variant": 5, "seed": 12},
        {"players": 5, "variant": 6, "seed": 13},
    ],
    "insider": [
        {"players": 2, "seed": 11},
        {"players": 3, "seed": 12},
        {"players": 4, "seed": 13, "table_chance": True},
    ],
}


@dataclass(frozen=True)
class Target:
    """One game on the scaffold: its referee and its click group."""

    name: str
    referee: Referee[Any]
    group: click.Group


def _target(name: str) -> Target | None:
    try:
        module = importlib.import_module(f"overturn_cli.{name}")
    except ImportError:
        return None
    referee = getattr(module, "REFEREE", None)
    group = getattr(module, name, None)
    if not isinstance(referee, Referee) or not isinstance(group, click.Group):
        return None
    return Target(name, referee, group)


def _targets() -> list[Any]:
    params = []
    for name in GAMES:
        target = _target(name)
        marks = [] if target else [pytest.mark.skip(reason=f"{name} is not on the referee scaffold on this branch")]
        params.append(pytest.param(target, id=name, marks=marks))
    return params


def _history_length(state: Any) -> int:
    history = state.history
    return len(history() if callable(history) else history)


def playout_games(target: Target, seed: int) -> Iterator[Any]:
    """The game after every action of seeded random playouts, one per set-up (one object, changed in place)."""
    referee = target.referee
    for number, setup in enumerate(SETUPS.get(target.name, [{}, {}])):
        rng = random.Random(seed * 1000 + number)
        game = referee.new_game(**setup)
        yield game
        for _ in range(PLAYOUT_ACTION_LIMIT):
            state = referee.state(game)
            if state.is_terminal():
                break
            state.apply_action(referee.random_action(game, rng))
            yield game


def staged_saves(target: Target) -> list[dict[str, Any]]:
    """Real saves at several stages of each playout: the set-up, the first actions, the middle game, the end."""
    stages = {0, 1, 2, 3, 5, 8, 13, 21, 40, 80, 150, 250, PLAYOUT_ACTION_LIMIT}
    saves = []
    for game in playout_games(target, seed=1):
        count = _history_length(target.referee.state(game))
        if count in stages or target.referee.state(game).is_terminal():
            saves.append(target.referee.to_json(game))
    return saves


def _replay_by_rewind(referee: Referee[Any], game: Any) -> Any:
    """Take every action back, then apply them again from the set-up in the game's notation."""
    start, taken_back = referee.rewind(game, _history_length(referee.state(game)))
    state = referee.state(start)
    for text in taken_back:
        state.apply_action(state.parse_action(text))
    return start


def _replay_insider(referee: Referee[Any], game: Any) -> Any:
    """Insider's undo counts decisions, not chance draws: rebuild from players, seed and material instead."""
    from overturn.referees.insider.state import InsiderState

    fresh = InsiderState(game.players, seed=game.seed, material=game.material)
    fresh.auto_chance = game.auto_chance
    for action in game.history:
        fresh.apply_action(action)
    return fresh


# How to rebuild a game from its set-up and recorded actions alone, by game (default: by rewind).
REPLAYS = {"insider": _replay_insider}


def _reachable(target: Target, game: Any) -> bool:
    """The accepted game is the one its set-up and its recorded actions give."""
    replay = REPLAYS.get(target.name, _replay_by_rewind)
    try:
        return target.referee.to_json(replay(target.referee, game)) == target.referee.to_json(game)
    except (UsageProblem, ValueError):
        return False


def _loads(referee: Referee[Any], path: Path) -> bool:
    """Whether the referee reads back a file it wrote."""
    try:
        referee.from_json(load_json(path), str(path))
    except StateFileError:
        return False
    return True


def _crashed(result: Result) -> bool:
    return result.exception is not None and not isinstance(result.exception, SystemExit)


def fuzz(target: Target, cases: int, directory: Path) -> Counter[str]:
    """Run ``cases`` mutants of the staged saves; return the campaign's counts."""
    referee, runner = target.referee, CliRunner()
    saves = staged_saves(target)
    counts: Counter[str] = Counter()
    path = directory / f"{target.name}.json"
    per_save = -(-cases // len(saves))
    for number, saved in enumerate(saves):
        state = referee.state(referee.from_json(saved, "original"))
        legal = [state.action_to_string(action) for action in state.legal_actions()][:1] or ["nothing"]
        for mutant in mutants(saved, seed=number, count=per_save):
            if counts["cases"] >= cases:
                return counts
            counts["cases"] += 1
            path.write_bytes(mutant.payload)
            case = f"{target.name} save {number} {mutant.kind} at {mutant.where}"
            show = runner.invoke(target.group, ["show", "--state", str(path)])
            listed = runner.invoke(target.group, ["legal", "--json", "--state", str(path)])
            for result in (show, listed):
                if _crashed(result):
                    counts["tracebacks"] += 1
                    pytest.fail(f"{case}: {result.exception!r}")
            if show.exit_code != 0:
                counts["refused"] += 1
                played = runner.invoke(target.group, ["play", *legal, "--state", str(path)])
                counts["tracebacks"] += _crashed(played)
                if path.read_bytes() != mutant.payload:
                    counts["refusals that changed a file"] += 1
                assert (show.exit_code, listed.exit_code, played.exit_code) == (2, 2, 2), (case, show.output)
                continue
            counts["accepted"] += 1
            game = referee.from_json(load_json(path), str(path))
            again = referee.from_json(referee.to_json(game), "round trip")
            if referee.to_json(again) != referee.to_json(game) or not _reachable(target, game):
                counts["impossible states accepted"] += 1
                pytest.fail(f"{case}: accepted a state that does not round-trip or cannot be reached")
            played = runner.invoke(target.group, ["play", *legal, "--state", str(path)])
            assert not _crashed(played), (case, played.exception)
            assert played.exit_code in (0, 1, 2), (case, played.output)
            if played.exit_code == 0:
                counts["saves it cannot read back"] += not _loads(referee, path)
            elif path.read_bytes() != mutant.payload:
                counts["refusals that changed a file"] += 1
    return counts


@pytest.mark.parametrize("target", _targets())
def test_mutated_saves_never_crash_never_change_on_refusal_never_cheat(target: Target, tmp_path: Path) -> None:
    counts = fuzz(target, CASES_PER_GAME, tmp_path)
    print(f"\n{target.name}: " + ", ".join(f"{key} {counts[key]}" for key in (
        "cases", "accepted", "refused", "tracebacks", "refusals that changed a file", "impossible states accepted",
        "saves it cannot read back")))
    assert counts["cases"] == CASES_PER_GAME
    assert counts["tracebacks"] == counts["refusals that changed a file"] == counts["impossible states accepted"] == 0
    assert counts["saves it cannot read back"] == 0
    assert counts["refused"] > counts["cases"] // 2  # the mutator really damages files


@pytest.mark.parametrize("target", _targets())
def test_every_state_reached_in_random_playouts_round_trips_through_the_file(target: Target) -> None:
    referee = target.referee
    checked = 0
    for index, game in enumerate(playout_games(target, seed=2)):
        if index % 7:  # every 7th state: each load replays the whole history
            continue
        saved = referee.to_json(game)
        loaded = referee.from_json(saved, "playout")
        assert referee.to_json(loaded) == saved
        assert referee.render(loaded) == referee.render(game)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("target", _targets())
def test_any_play_arguments_are_played_refused_or_a_usage_error(target: Target, tmp_path: Path) -> None:
    """Hypothesis-made `play` arguments (legal moves, their words, junk) on staged saves: 0, 1 or 2, never a crash."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    referee, runner = target.referee, CliRunner()
    saves = staged_saves(target)[:6]
    states = [referee.state(referee.from_json(saved, "save")) for saved in saves]
    vocabulary = sorted({state.action_to_string(action) for state in states for action in state.legal_actions()})
    words = sorted({word for text in vocabulary for word in text.split()})
    argument = st.one_of(st.sampled_from(vocabulary), st.sampled_from(words), st.text(max_size=12),
                         st.integers(-10**20, 10**20).map(str))
    path = tmp_path / f"{target.name}.json"

    @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(save=st.sampled_from(saves), arguments=st.lists(argument, min_size=1, max_size=4))
    def check(save: dict[str, Any], arguments: list[str]) -> None:
        path.write_text(json.dumps(save), encoding="utf-8")
        before = path.read_bytes()
        result = runner.invoke(target.group, ["play", "--state", str(path), "--", *arguments])
        assert not _crashed(result), (arguments, result.exception)
        assert result.exit_code in (0, 1, 2), (arguments, result.output)
        if result.exit_code:
            assert path.read_bytes() == before, arguments
        else:
            assert _loads(referee, path), arguments

    check()
