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
