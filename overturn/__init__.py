"""overturn: Overturn solver and referee with a French lexicon, plus table referees.

The library's face, python-chess style::

    import overturn

    lexicon = overturn.load_lexicon("fr")
    game = overturn.Game.new(seed=311, lexicon=lexicon)
    game.push(overturn.WordMove("roi"))
    overturn.Solver(lexicon, game.board).solve()

Every name below is imported on first use (module ``__getattr__``), so
``import overturn`` alone, and the command line's start-up, pay for none of them.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not from typing: importing typing costs a look-up's start-up 2 ms (type checkers read the name as true)

__version__ = "0.1.0"

#: Public name -> the module that defines it.
_EXPORTS = {
    "Board": "overturn.game.board",
    "Rules": "overturn.game.board",
    "Solver": "overturn.game.solver",
    "Game": "overturn.game.state",
    "Colour": "overturn.game.moves",
    "WordMove": "overturn.game.moves",
    "PassMove": "overturn.game.moves",
    "IllegalMove": "overturn.game.state",
    "referee_word": "overturn.game.referee",
    "Verdict": "overturn.game.referee",
    "load_lexicon": "overturn.lexicon.registry",
    "Lexicon": "overturn.lexicon.lexicon",
    "OverloadReferee": "overturn.referees.overload.referee",
    "OffboardReferee": "overturn.referees.offboard.referee",
    "InsiderReferee": "overturn.referees.insider.referee",
}

__all__ = [  # the names of _EXPORTS, written out for the linters (a test holds the two lists equal)
    "__version__", "Board", "Rules", "Solver", "Game", "Colour", "WordMove", "PassMove", "IllegalMove", "referee_word",
    "Verdict", "load_lexicon", "Lexicon", "OverloadReferee", "OffboardReferee", "InsiderReferee",
]

if TYPE_CHECKING:
    from typing import Any

    from overturn.game.board import Board, Rules
    from overturn.game.moves import Colour, PassMove, WordMove
    from overturn.game.referee import Verdict, referee_word
    from overturn.game.solver import Solver
    from overturn.game.state import Game, IllegalMove
    from overturn.lexicon.lexicon import Lexicon
    from overturn.lexicon.registry import load_lexicon
    from overturn.referees.insider.referee import InsiderReferee
    from overturn.referees.offboard.referee import OffboardReferee
    from overturn.referees.overload.referee import OverloadReferee


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'overturn' has no attribute {name!r}")
    import importlib  # here, so the module's namespace holds the public names only

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # the next look-up is a plain attribute
    return value


def __dir__() -> list[str]:
    """The public names (``__all__``), as ``help`` and completion should show them: no helper of this module."""
    return sorted(__all__)


del annotations, TYPE_CHECKING  # the future import's flag and the typing switch are no public name
