"""The Overturn save file, declared once as types: decoding, field-named errors and the JSON schema derive from it.

A saved game is JSON with a format name and a version::

    {"format": "overturn-game", "version": 1, "mode": "reuse", "lexicon": "fr", "seed": 7,
     "layers": ["POKROB/...", "..."], "layer": 0, "to_move": "silver", "rings": [null, "green", ...],
     "fixed": {"[QU]": "QU"}, "moves": [{"player": "green", "kind": "word", "word": "ROI",
     "path": [[0, 3], [0, 4], [1, 3]], "readings": {}}, {"player": "silver", "kind": "pass", "cell": [5, 5]}]}

``SavedGame`` holds what a type can say (keys, kinds, bounds, choices); what
needs the rules (the seed's deal, the replay of the moves against the stored
rings) is checked after decoding by ``Game.from_json``. A new optional setting
is one more field with a default at the end of ``SavedGame`` (files without it
stay readable); ``omit_defaults`` leaves it out of the file while it holds its
default, so games that do not use it are written exactly as before.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

import msgspec
from msgspec import Meta, Struct

from overturn.game.board import MAX_SEED, OVERTURN, OVERTURN_ADVANCED, Board, BoardError, Rules
from overturn.game.moves import Colour
from overturn.game.tiles import deal
from overturn.jsonstore import StateFileError, convert

FORMAT: Final = "overturn-game"
VERSION: Final = 1
MODES: dict[str, Rules] = {"reuse": OVERTURN, "advanced": OVERTURN_ADVANCED}
#: Bounds on what a saved file may hold; far above real games (French words stay under 30 letters).
MAX_WORD = 64
MAX_BOARD_TEXT = 400
MAX_LEXICON_NAME = 4096
MAX_CELLS = max(rules.size for rules in MODES.values())
#: A face as written on a board (``E``, ``[QU]``) and the letters it was read as.
MAX_FACE = 200
MAX_READINGS = 1000

ColourName = Literal["green", "silver"]
ModeName = Literal["reuse", "advanced"]
#: How a game ends besides the 36th ring: when no word can be played any more (rule 4, the default
#: for new games), or after two passes in a row (an older house rule, for tables that want it).
EndingName = Literal["position", "passes"]
ENDINGS: tuple[EndingName, ...] = ("position", "passes")
#: Files written before the ending was recorded were played with two passes ending the game.
LEGACY_ENDING: EndingName = "passes"
#: A cell as [row, col], 0-based; the board is checked after decoding (the message names it as A1..F6).
Coordinate = Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
Cell = tuple[Coordinate, Coordinate]
Readings = Annotated[
    dict[Annotated[str, Meta(max_length=MAX_FACE)], Annotated[str, Meta(max_length=MAX_FACE)]],
    Meta(max_length=MAX_READINGS),
]


class SavedWord(Struct, tag_field="kind", tag="word", forbid_unknown_fields=True):
    """A word played along a path; ``readings`` fixes what each wild face (``[QU]``) was read as."""

    player: ColourName
    word: Annotated[str, Meta(min_length=1, max_length=MAX_WORD, pattern="^[A-Z]+$")]
    path: Annotated[list[Cell], Meta(max_length=MAX_WORD)]
    readings: Readings


class SavedPass(Struct, tag_field="kind", tag="pass", forbid_unknown_fields=True):
    """A pass: a ring of the opponent's colour on a new cell."""

    player: ColourName
    cell: Cell


SavedMove = SavedWord | SavedPass


def colour_name(colour: Colour) -> ColourName:
    """A side as the file writes it."""
    return "green" if colour is Colour.GREEN else "silver"


#: The computer's strongest level (``overturn.game.computer.LEVELS`` is 1 to this; a test holds the two equal).
MAX_LEVEL = 5


class SavedComputer(Struct, forbid_unknown_fields=True):
    """The computer's side and level in a game played against it, so ``overturn play --state`` resumes the opponent."""

    side: ColourName
    level: Annotated[int, Meta(ge=1, le=MAX_LEVEL)]


class SavedGame(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """One Overturn game file (version 1). Stored rings, readings and turn must equal what the moves give."""

    format: Literal["overturn-game"]
    version: Annotated[int, Meta(ge=0, le=2**31)]
    mode: ModeName
    lexicon: Annotated[str, Meta(min_length=1, max_length=MAX_LEXICON_NAME)]
    seed: Annotated[int, Meta(ge=0, le=MAX_SEED)] | None
    layers: Annotated[list[Annotated[str, Meta(max_length=MAX_BOARD_TEXT)]], Meta(min_length=1, max_length=2)]
    layer: Annotated[int, Meta(ge=0, le=1)]
    to_move: ColourName
    rings: Annotated[list[ColourName | None], Meta(max_length=MAX_CELLS)]
    fixed: Readings
    moves: Annotated[list[SavedMove], Meta(max_length=MAX_CELLS)]
    #: Absent in files written before it was recorded (they keep the two-pass ending they were played with).
    ending: EndingName = LEGACY_ENDING
    #: A family table (the family filter's words refused); absent: an ordinary table.
    family: bool = False
    #: The computer's side and level when one side is the computer; absent: people on both sides (and older files).
    computer: SavedComputer | None = None


def decode_saved_game(data: Any) -> SavedGame:
    """Check loaded JSON against ``SavedGame`` and the version; StateFileError names the field.

    What the rules decide (the deal, the replay) is left to ``Game.from_json``.
    """
    saved = convert(data, SavedGame)
    if saved.version != VERSION:
        raise StateFileError(f"version: this program reads version {VERSION}, found {saved.version}")
    return saved


def encode_saved_game(saved: SavedGame) -> dict[str, Any]:
    """The JSON-ready form of a save, equal to what ``json.load`` gives back and byte for byte what earlier versions wrote.

    msgspec writes a move's tag first; files have always put the player first
    (``{"player": "green", "kind": "word", ...}``), so it is moved back there;
    and cells, tuples in the type, are lists as JSON reads them.
    """
    data: dict[str, Any] = msgspec.to_builtins(saved)
    data["moves"] = [{"player": move["player"], **move} for move in data["moves"]]
    for move in data["moves"]:
        if "cell" in move:
            move["cell"] = list(move["cell"])
        else:
            move["path"] = [list(cell) for cell in move["path"]]
    return data


def saved_layers(saved: SavedGame) -> tuple[Board, ...]:
    """The boards of a saved game: the seed's deal (stored texts must match it) or one typed board."""
    rules = MODES[saved.mode]
    texts = saved.layers
    if saved.seed is None:
        if len(texts) != 1:
            raise StateFileError("layers: a game without a seed is played on one typed board")
        try:
            return (Board.parse(texts[0], rules),)
        except BoardError as exc:
            raise StateFileError(f"layers[0]: {exc}") from None
    dealt = deal(saved.seed, rules=rules).layers
    if len(texts) != len(dealt):
        raise StateFileError(f"layers: the deal of seed {saved.seed} has {len(dealt)} layers, the file {len(texts)}")
    for index, (text, board) in enumerate(zip(texts, dealt, strict=True)):
        if text != str(board):
            raise StateFileError(f"layers[{index}]: does not match the deal of seed {saved.seed} ({board})")
    return dealt


def saved_game_schema() -> dict[str, Any]:
    """The JSON schema components of a saved game, derived from ``SavedGame``, for an OpenAPI document.

    ``{"SavedGame": {...}, "SavedWord": {...}, "SavedPass": {...}}``; references
    point to ``#/components/schemas/NAME``.
    """
    _, components = msgspec.json.schema_components([SavedGame], ref_template="#/components/schemas/{name}")
    return components


__all__ = [
    "FORMAT", "MAX_BOARD_TEXT", "MAX_CELLS", "MAX_LEVEL", "MAX_LEXICON_NAME", "MAX_WORD", "MODES", "VERSION", "SavedComputer", "SavedGame", "colour_name",
    "SavedMove", "SavedPass", "SavedWord", "decode_saved_game", "encode_saved_game", "saved_game_schema",
    "saved_layers",
]
