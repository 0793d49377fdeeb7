"""Insider states as JSON: written for people to read, checked field by field when read back.

A tampered or damaged file is refused with a StateFileError naming the field
(``turn.points``, ``pawns[1][3]``...), before any state is built.
"""

from __future__ import annotations

import os
from typing import Any

from overturn.jsonstore import StateFileError, load_json, save_json_atomic
from overturn.referees.insider.state import PHASES, InsiderState, Turn
from overturn.referees.insider.board import CARD_TYPES, Material, default_material

VERSION = 1
MAINS = (None, "walk", "roll", "die", "draw")


def state_to_json(state: InsiderState) -> dict[str, Any]:
    name = state.board.name
    turn = state.turn
    return {
        "game": "insider",
        "version": VERSION,
        "players": state.players,
        "seed": state.seed,
        "auto_chance": state.auto_chance,
        "current": state.current,
        "game_over": state.game_over,
        "scores": list(state.scores),
        "hands": [dict(h) for h in state.hands],
        "deck": dict(state.deck),
        "discard": dict(state.discard),
        "pawns": [[name(p) for p in pawns] for pawns in state.pawns],
        "total_out": [name(s) for s in state.total_out],
        "evaluation": {
            "card": state.evaluation_card,
            "tables": list(state.tables),
            "done": state.evaluations_done,
            "unseen": list(state.evaluation_unseen),
            "hidden": state.evaluation_hidden,
            "bottom": list(state.evaluation_bottom),
        },
        "skips": list(state.skips),
        "one_die": list(state.one_die),
        "turn": {
            "phase": turn.phase, "main": turn.main, "points": turn.points, "double": turn.double,
            "totalout_moved": turn.totalout_moved, "cards_played": turn.cards_played,
            "cards_locked": turn.cards_locked, "extra_turn": turn.extra_turn,
            "fresh": dict(turn.fresh), "frozen": list(turn.frozen),
        },
        "pending": [_copy(node) for node in state.pending],
        "history": list(state.history),
        "events": list(state.events),
    }


def _copy(node: dict) -> dict:
    return {k: (_copy(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in node.items()}


def save_state(path: str | os.PathLike[str], state: InsiderState) -> None:
    save_json_atomic(path, state_to_json(state))


def load_state(path: str | os.PathLike[str]) -> InsiderState:
    data = load_json(path)
    try:
        return state_from_json(data)
    except StateFileError as exc:
        raise StateFileError(f"{path}: {exc}") from None


class _Fields:
    """Typed access to the JSON document, every failure naming the field."""

    def __init__(self, data: Any, positions: dict[str, int]) -> None:
        if not isinstance(data, dict):
            raise StateFileError("the file does not hold a JSON object")
        self.data = data
        self.positions = positions

    @staticmethod
    def fail(field: str, message: str) -> None:
        raise StateFileError(f"field '{field}': {message}")

    def get(self, field: str, kind: type | tuple[type, ...], source: dict | None = None, key: str | None = None) -> Any:
        source = self.data if source is None else source
        key = field.rsplit(".", 1)[-1] if key is None else key
        if key not in source:
            self.fail(field, "missing")
        value = source[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _tuple(kind)):
            self.fail(field, f"expected {_kind_name(kind)}, got {type(value).__name__}")
        return value

    def integer(self, field: str, low: int, high: int, source: dict | None = None, key: str | None = None) -> int:
        value = self.get(field, int, source, key)
        if not low <= value <= high:
            self.fail(field, f"{value} is outside {low}..{high}")
        return value


def _tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    return " or ".join({"int": "an integer", "bool": "true/false", "str": "a string", "list": "a list",
                        "dict": "an object", "NoneType": "null"}.get(k.__name__, k.__name__) for k in _tuple(kind))


def state_from_json(data: Any, material: Material | None = None) -> InsiderState:
    material = material or default_material()
    board = material.board
    f = _Fields(data, board.position_index)
    if f.get("game", str) != "insider":
        f.fail("game", "this is not an Insider state")
    if f.get("version", int) != VERSION:
        f.fail("version", f"version {data['version']} is not supported (expected {VERSION})")
    players = f.integer("players", 2, 4)
    state = InsiderState(players, seed=f.get("seed", int), material=material)
    state.pending = []
    state.auto_chance = f.get("auto_chance", bool)
    state.current = f.integer("current", 0, players - 1)
    state.game_over = f.get("game_over", bool)
    stairs = material.staircase

    state.scores = _int_list(f, "scores", players, stairs.cave, stairs.top)
    state.hands = [_cards(f, f"hands[{p}]", h) for p, h in enumerate(_list(f, "hands", players))]
    state.deck = _cards(f, "deck", f.get("deck", dict))
    state.discard = _cards(f, "discard", f.get("discard", dict))
    for card in CARD_TYPES:
        total = state.deck[card] + state.discard[card] + sum(h[card] for h in state.hands)
        if total != material.action_cards[card]:
            f.fail("hands", f"{total} {card} cards across deck, discard and hands instead of {material.action_cards[card]}")
    for p in range(players):
        if sum(state.hands[p].values()) > material.hand_limit:
            f.fail(f"hands[{p}]", f"more than {material.hand_limit} cards in hand")

    total_out = [_position(f, f"total_out[{i}]", name) for i, name in enumerate(_list(f, "total_out", len(board.total_out_start)))]
    if len(set(total_out)) != len(total_out) or any(
            not board.is_square(s) or s == board.centre or s in board.corners for s in total_out):
        f.fail("total_out", "Total OUT cards lie on distinct big squares, never the centre or a base")
    state.total_out = sorted(total_out)

    evaluation = f.get("evaluation", dict)
    _read_evaluation(f, state, evaluation, material)

    pawns = _list(f, "pawns", players)
    state.pawns = []
    occupied: set[int] = set()
    for p, row in enumerate(pawns):
        if not isinstance(row, list) or len(row) != material.pawns_per_player:
            f.fail(f"pawns[{p}]", f"expected a list of {material.pawns_per_player} positions")
        positions = [_position(f, f"pawns[{p}][{i}]", name) for i, name in enumerate(row)]
        for i, pos in enumerate(positions):
            field = f"pawns[{p}][{i}]"
            if pos in total_out:
                f.fail(field, "no pawn stands on a Total OUT square")
            if pos in board.corners and pos != state.bases[p]:
                f.fail(field, "a base admits only its owner's pawns")
            if not board.is_square(pos):
                if pos in occupied:
                    f.fail(field, "a path space holds one pawn")
                occupied.add(pos)
        state.pawns.append(positions)

    state.skips = _int_list(f, "skips", players, 0, 10**6)
    state.one_die = _list(f, "one_die", players)
    if not all(isinstance(v, bool) for v in state.one_die):
        f.fail("one_die", "expected true/false values")
    state.turn = _read_turn(f, f.get("turn", dict), material)
    state.pending = [_read_node(f, f"pending[{i}]", node, state) for i, node in enumerate(f.get("pending", list))]
    turning = any(node["kind"] == "eval" for node in state.pending)
    if not state.game_over and (state.evaluation_card is None) != turning:
        f.fail("evaluation.card", "a live game has a face-up evaluation card unless the next one is being turned")
    for p, positions in enumerate(state.pawns):
        arriving = sum(1 for node in state.pending if node["kind"] == "seat" and node["player"] == p)
        if positions.count(board.centre) != state.seated(p) + arriving:
            f.fail(f"pawns[{p}]", "the pawns in the INSIDER do not match the tables taken")
    state.history = _strings(f, "history")
    state.events = _strings(f, "events")
    state.refresh()
    return state


def _list(f: _Fields, field: str, length: int) -> list:
    value = f.get(field, list)
    if len(value) != length:
        f.fail(field, f"expected {length} entries, got {len(value)}")
    return value


def _int_list(f: _Fields, field: str, length: int, low: int, high: int) -> list[int]:
    values = _list(f, field, length)
    return [f.integer(f"{field}[{i}]", low, high, {"v": v}, "v") for i, v in enumerate(values)]


def _strings(f: _Fields, field: str) -> list[str]:
    values = f.get(field, list)
    if not all(isinstance(v, str) for v in values):
        f.fail(field, "expected a list of strings")
    return list(values)


def _cards(f: _Fields, field: str, counts: Any) -> dict[str, int]:
    if not isinstance(counts, dict) or set(counts) != set(CARD_TYPES):
        f.fail(field, f"expected an object with exactly the card types {', '.join(CARD_TYPES)}")
    return {t: f.integer(f"{field}.{t}", 0, 10**6, counts, t) for t in CARD_TYPES}


def _position(f: _Fields, field: str, name: Any) -> int:
    if not isinstance(name, str) or name.lower() not in f.positions:
        f.fail(field, f"{name!r} is not a position of the board")
    return f.positions[name.lower()]


def _read_evaluation(f: _Fields, state: InsiderState, ev: dict, material: Material) -> None:
    pool = set(material.evaluation_pool(state.players))
    card = f.get("evaluation.card", (str, type(None)), ev)
    if card is not None and card not in pool:
        f.fail("evaluation.card", f"{card!r} is not an evaluation card for {state.players} players")
    tables = f.get("evaluation.tables", list, ev)
    expected = len(material.evaluation_cards[card].tables) if card else 0
    if len(tables) != expected:
        f.fail("evaluation.tables", f"expected {expected} tables")
    for t, owner in enumerate(tables):
        if owner is not None and (not isinstance(owner, int) or isinstance(owner, bool)
                                  or not 0 <= owner < state.players):
            f.fail(f"evaluation.tables[{t}]", "expected a player number or null")
    state.evaluation_card, state.tables = card, list(tables)
    state.evaluations_done = f.integer("evaluation.done", 0, material.evaluations_per_game, ev)
    unseen = f.get("evaluation.unseen", list, ev)
    bottom = f.get("evaluation.bottom", list, ev)
    for field, cards in (("evaluation.unseen", unseen), ("evaluation.bottom", bottom)):
        if not all(isinstance(c, str) and c in pool for c in cards):
            f.fail(field, f"expected evaluation card ids for {state.players} players")
    state.evaluation_unseen, state.evaluation_bottom = list(unseen), list(bottom)
    state.evaluation_hidden = f.integer("evaluation.hidden", 0, len(unseen), ev)


def _read_turn(f: _Fields, data: dict, material: Material) -> Turn:
    phase = f.get("turn.phase", str, data)
    if phase not in PHASES:
        f.fail("turn.phase", f"expected one of {', '.join(PHASES)}")
    main = f.get("turn.main", (str, type(None)), data)
    if main not in MAINS:
        f.fail("turn.main", "expected walk, roll, die, draw or null")
    fresh = f.get("turn.fresh", dict, data)
    for card, count in fresh.items():
        if card not in CARD_TYPES or not isinstance(count, int) or isinstance(count, bool) or count < 0:
            f.fail("turn.fresh", "expected card type -> count")
    frozen = f.get("turn.frozen", list, data)
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < material.pawns_per_player for i in frozen):
        f.fail("turn.frozen", "expected pawn numbers")
    return Turn(
        phase=phase, main=main, points=f.integer("turn.points", 0, 12, data),
        double=f.get("turn.double", bool, data), totalout_moved=f.get("turn.totalout_moved", bool, data),
        cards_played=f.get("turn.cards_played", bool, data), cards_locked=f.get("turn.cards_locked", bool, data),
        extra_turn=f.get("turn.extra_turn", bool, data), fresh=dict(fresh), frozen=list(frozen),
    )


def _read_node(f: _Fields, field: str, node: Any, state: InsiderState) -> dict:
    if not isinstance(node, dict) or "kind" not in node:
        f.fail(field, "expected an object with a 'kind'")
    kind = node["kind"]
    players = state.players
    if kind == "draw":
        f.integer(f"{field}.player", 0, players - 1, node)
        f.integer(f"{field}.left", 0, state.material.starting_hand, node)
        f.get(f"{field}.fresh", bool, node)
    elif kind == "steal":
        victims = f.get(f"{field}.victims", list, node)
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < players for v in victims):
            f.fail(f"{field}.victims", "expected player numbers")
    elif kind == "dice":
        if f.get(f"{field}.dice", int, node) not in (1, 2):
            f.fail(f"{field}.dice", "one or two dice")
    elif kind == "seat":
        f.integer(f"{field}.player", 0, players - 1, node)
    elif kind == "totalout":
        f.integer(f"{field}.left", 1, 2, node)
    elif kind == "guard":
        play = f.get(f"{field}.play", dict, node)
        if play.get("card") not in CARD_TYPES or play.get("power") not in (1, 2, 3):
            f.fail(f"{field}.play", "expected the announced card and power")
        if not isinstance(play.get("args"), list) or not all(isinstance(a, str) for a in play["args"]):
            f.fail(f"{field}.play.args", "expected a list of strings")
        f.integer(f"{field}.play.player", 0, players - 1, play)
        responders = f.get(f"{field}.responders", list, node)
        if not responders or not all(isinstance(v, int) and 0 <= v < players for v in responders):
            f.fail(f"{field}.responders", "expected player numbers")
        pledged = f.get(f"{field}.pledged", dict, node)
        if not all(k.isdigit() and int(k) < players and isinstance(v, int) and 0 < v <= 3 for k, v in pledged.items()):
            f.fail(f"{field}.pledged", "expected player -> number of Bodyguards")
        f.get(f"{field}.pooled", bool, node)
    elif kind not in ("eval", "vip"):
        f.fail(f"{field}.kind", f"unknown node kind {kind!r}")
    return _copy(node)
