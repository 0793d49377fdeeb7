"""The Overturn game file as the commands see it: its default name, its option and its loading.

Shared by ``game`` and the commands it loads lazily (``game_engine``, ``solve --state``),
so that none of them imports another command module.
"""

from __future__ import annotations

from pathlib import Path

import click

from overturn.game.state import Game
from overturn.jsonstore import StateFileError
from overturn_cli.common import BadInput, open_lexicon
from overturn_cli.common import state_option as _state_option

DEFAULT_STATE = Path("overturn-game.json")


state_option = _state_option(str(DEFAULT_STATE))


def load_game(state_path: Path, with_lexicon: bool = True, failure: type[click.ClickException] = BadInput) -> Game:
    """The saved game, with its lexicon loaded; a missing or broken file is a ``failure`` (exit 2) naming the problem."""
    try:
        game = Game.load(state_path)
    except StateFileError as exc:
        hint = " (start one with 'overturn game new')" if not state_path.exists() else ""
        raise failure(f"{exc}{hint}") from None
    if with_lexicon:
        game.lexicon = open_lexicon(game.lexicon_name, failure)
    return game


def layer_file(state_path: Path, number: int) -> Path:
    """Where layer ``number`` (1-based) of the game in ``state_path`` is kept once `next-layer` moves on."""
    return state_path.with_name(f"{state_path.stem}.layer-{number}{state_path.suffix or '.json'}")


def finished_layers(state_path: Path) -> list[tuple[Path, Game]]:
    """The layers played before the current one, in order (each a game file of its own, reviewable alone)."""
    layers = []
    number = 1
    while (path := layer_file(state_path, number)).is_file():
        layers.append((path, load_game(path, with_lexicon=False)))
        number += 1
    return layers


def running_total(state_path: Path, current: Game) -> tuple[int, int, int]:
    """Green's and silver's rings over every layer kept with ``state_path`` and the current one, and the layer count."""
    games = [game for _, game in finished_layers(state_path)] + [current]
    green = sum(game.result().green for game in games)
    silver = sum(game.result().silver for game in games)
    return green, silver, len(games)
