"""Why an Insider action is refused: a stable rule code and a plain-English reason.

The legal-action generator in ``state.py`` is the single authority on what is
allowed; this module is only asked once an action has been found illegal, to
name the rule it breaks.
"""

from __future__ import annotations

from typing import Any

from overturn.referees.insider.board import CARD_TYPES
from overturn.referees.insider.position import InsiderPosition
from overturn.referees.wording import plural

Reason = tuple[str, str]

NODE_WAIT = {
    "draw": ("chance-expected", "an action card must be drawn first (give 'card TYPE')"),
    "steal": ("chance-expected", "the card taken from an opponent must be given first ('steal TYPE')"),
    "dice": ("chance-expected", "the dice must be rolled first ('dice A B' or 'die A')"),
    "eval": ("chance-expected", "the next evaluation card must be turned first ('eval ID')"),
    "meet": ("meet-expected", "the pawn met opponents: 'take' a card from each of them or 'decline'"),
    "seat": ("seat-expected", "the pawn that reached the INSIDER must take a free table first ('seat N')"),
    "guard": ("guard-expected", "a starred action waits for the Bodyguard answer ('guard N' or 'pass')"),
    "vip": ("vip-expected", "the Special VIP rearrangement is in progress ('vip A B' or 'done')"),
    "totalout": ("totalout-expected", "the Trendsetter Total OUT moves are in progress ('totalout FROM TO' or 'done')"),
}


def diagnose(state: InsiderPosition, text: str) -> Reason:
    words = text.split()
    if state.is_terminal():
        return "game-over", "the game is over"
    if not words:
        return "syntax", "empty action"
    if state.pending:
        return _diagnose_node(state, state.pending[-1], words)
    verb = words[0]
    if verb in ("card", "steal", "dice", "die", "eval", "seat", "guard", "pass", "vip", "done", "take", "decline"):
        return "not-expected", f"'{verb}' answers a question nobody asked: it is P{state.current}'s turn"
    turn = state.turn
    if verb in ("walk", "roll", "draw"):
        if turn.phase != "choose":
            return "one-main-action", "a turn has one main action: walk, roll or draw, and it is already chosen"
        if verb == "walk" and state.one_die[state.current]:
            return "one-die", "rumours (Scandal 2): this player moves with one die until the next evaluation"
        return "syntax", f"'{verb}' takes no argument"
    handlers = {"step": _diagnose_step, "play": _diagnose_play, "totalout": _diagnose_totalout,
                "swap": _diagnose_swap, "end": _diagnose_end}
    if verb not in handlers:
        return "syntax", f"unknown action '{verb}' (see 'overturn insider legal')"
    if turn.phase == "choose":
        return "choose-first", "choose the turn's main action first: walk, roll or draw"
    return handlers[verb](state, words)


def _diagnose_node(state: InsiderPosition, node: dict[str, Any], words: list[str]) -> Reason:
    kind = node["kind"]
    expected = {"draw": "card", "steal": "steal", "eval": "eval", "seat": "seat", "guard": "guard",
                "vip": "vip", "totalout": "totalout"}.get(kind)
    verb = words[0]
    allowed = ({expected, "done"} if kind in ("vip", "totalout") else {expected, "pass"} if kind == "guard"
               else {"take", "decline"} if kind == "meet" else {expected})
    if kind == "dice":
        allowed = {"die"} if node["dice"] == 1 else {"dice"}
        if verb in ("die", "dice") and verb not in allowed:
            return "one-die" if verb == "dice" else "two-dice", (
                "this roll is one die (rumours)" if verb == "dice" else "this roll is two dice")
    if verb not in allowed:
        return NODE_WAIT[kind]
    if state.auto_chance and state.is_chance_node():
        return "seeded-chance", (f"this game draws its dice and cards from its seed: the outcome here is "
                                 f"'{state.legal_actions()[0]}' (start a game with 'new --table' to give them)")
    if kind in ("draw", "steal"):
        if len(words) != 2 or words[1] not in CARD_TYPES:
            return "syntax", f"'{verb}' takes one card type: {', '.join(CARD_TYPES)}"
        return "bad-outcome", f"no '{words[1]}' card is there to be drawn"
    if kind == "dice":
        return "bad-outcome", "dice values are 1 to 6 ('dice A B' or 'die A')"
    if kind == "eval":
        return "bad-outcome", "that evaluation card is not the one that can come next"
    if kind == "seat":
        return "table-taken", "that table is not a free table of the current evaluation card"
    if kind == "meet":
        return "syntax", f"'{verb}' takes no argument"
    if kind == "guard":
        power = node["play"]["power"]
        if node["pooled"]:
            return "guard-count", f"pledge between 1 and the Bodyguards still needed (of {power}) that you hold"
        responder = node["responders"][0]
        if state.hands[responder]["guard"] < power:
            held = state.hands[responder]["guard"]
            return "guard-count", f"P{responder} holds {plural(held, 'Bodyguard')}, {power} needed: 'pass'"
        return "guard-count", f"a power-{power} action needs exactly {plural(power, 'Bodyguard card')}"
    if kind == "vip":
        return "vip-swap", "swap two tables whose occupants differ, numbered from 1"
    return _diagnose_totalout(state, words, in_node=True)


def _position(state: InsiderPosition, name: str) -> int | None:
    try:
        return state.board.parse(name)
    except KeyError:
        return None


def _diagnose_step(state: InsiderPosition, words: list[str]) -> Reason:
    board, turn, player = state.board, state.turn, state.current
    if turn.phase != "move":
        return "no-move", "no movement is under way (walk or roll first; after drawing cards there is none)"
    if len(words) != 3:
        return "syntax", "step FROM TO (positions such as b2 or b2-c2.1)"
    start, target = _position(state, words[1]), _position(state, words[2])
    if start is None or target is None:
        return "syntax", f"unknown position in '{' '.join(words[1:])}'"
    mine = [i for i, pos in enumerate(state.pawns[player]) if pos == start]
    if not mine:
        return "no-pawn", f"P{player} has no pawn on {words[1]}"
    if start == board.centre:
        return "seated", "a pawn seated in the INSIDER stays there until the evaluation"
    if all(i in turn.frozen for i in mine):
        return "pawn-stopped", "that pawn has ended its move this turn (it took cards from an opponent or sat down)"
    route = next((r for r in board.routes[start] if target in r), None)
    if route is None:
        return "not-a-step", f"{words[2]} is not one step along a path from {words[1]}"
    occupied = {pos for pawns in state.pawns for pos in pawns if not board.is_square(pos)}
    for passed in route[: route.index(target)]:
        if board.is_square(passed) or passed not in occupied:
            return "not-a-step", "a step goes to the next free space; only occupied path spaces may be jumped"
    if not board.is_square(target) and target in occupied:
        return "space-occupied", "a path space holds one pawn (it may be jumped, not shared)"
    if route.index(target) + 1 > turn.points:
        return "points", f"that step costs {plural(route.index(target) + 1, 'point')}, {turn.points} left"
    if target in state.total_out:
        return "total-out", "a Total OUT square can be neither entered nor crossed"
    if target in board.corners:
        return "foreign-base", "a base admits only its owner's pawns"
    if target == board.centre:
        return "insider-full", "no free table in the INSIDER"
    return "illegal", "that step is not allowed now"


def _diagnose_play(state: InsiderPosition, words: list[str]) -> Reason:
    turn, player = state.turn, state.current
    if len(words) < 3 or words[1] not in CARD_TYPES or not words[2].isdigit():
        return "syntax", "play CARD POWER [ARGS] with CARD one of admin, heli, scandal, trend"
    card, power = words[1], int(words[2])
    if card == "guard":
        return "guard-out-of-turn", "Bodyguard is only played against a starred action, when asked"
    if not 1 <= power <= 3:
        return "power", "1, 2 or 3 identical cards give power 1, 2 or 3"
    if turn.cards_locked:
        return "cards-locked", "no card may be played again in the extra turn of a Trendsetter"
    if turn.cards_played:
        return "cards-played", "action cards are played once per turn"
    if turn.totalout_moved:
        return "double-used", "moving a Total OUT on a double replaced this turn's card play"
    if state.hands[player][card] < power:
        return "not-enough-cards", f"P{player} holds {plural(state.hands[player][card], card + ' card')}"
    if state.playable(player, card) < power:
        return "fresh-cards", "cards drawn this turn cannot be played this turn"
    args = words[3:]
    if card == "admin" and power < 3:
        return _diagnose_admin(state, power, args)
    if card == "admin":
        return ("vip-empty", "nobody is seated in the INSIDER") if not args else ("syntax", "play admin 3 takes no argument")
    if card == "heli" and power < 3:
        return _diagnose_heli(state, power, args)
    if (card, power) in (("heli", 3), ("scandal", 1), ("scandal", 2)):
        if len(args) != 1 or not args[0].isdigit():
            return "syntax", f"play {card} {power} PLAYER (an opponent's number)"
        return "target", "the target must be an opponent in the game"
    return "syntax", f"play {card} {power} takes no argument"


def _diagnose_admin(state: InsiderPosition, power: int, args: list[str]) -> Reason:
    board = state.board
    if len(args) != 2:
        return "syntax", "play admin N PAWN PAWN, a pawn being SQUARE:PLAYER (b2:1) or tN (the pawn at table N)"
    places: list[tuple[int | None, tuple[str, int] | int]] = []
    for ref in args:
        if ref.startswith("t") and ref[1:].isdigit():
            table = int(ref[1:]) - 1
            if power == 1:
                return "admin-reach", "one Administrator reaches only the outer squares, not the INSIDER"
            if not 0 <= table < len(state.tables) or state.tables[table] is None:
                return "admin-pawn", f"nobody sits at table {ref[1:]}"
            places.append((state.tables[table], ("t", table)))
            continue
        square, _, owner = ref.partition(":")
        position = _position(state, square)
        if position is None or not owner.isdigit() or int(owner) >= state.players:
            return "syntax", f"'{ref}' is not SQUARE:PLAYER nor tN"
        if not board.is_square(position) or position in board.corners:
            return "admin-place", "pawns on paths or in bases cannot be swapped"
        if position == board.centre:
            return "syntax", "name a seated pawn by its table: tN"
        if power == 1 and not board.is_outer(position):
            return "admin-reach", "one Administrator reaches only the outer squares (not the 4 around the centre)"
        if position not in state.pawns[int(owner)]:
            return "admin-pawn", f"P{owner} has no pawn on {square}"
        places.append((int(owner), position))
    if places[0][0] == places[1][0]:
        return "admin-same-player", "swapping two pawns of the same player changes nothing"
    return "admin-same-place", "the two pawns are on the same square"


def _diagnose_heli(state: InsiderPosition, power: int, args: list[str]) -> Reason:
    board = state.board
    if len(args) != 2:
        return "syntax", f"play heli {power} FROM TO (big squares)"
    start, target = _position(state, args[0]), _position(state, args[1])
    if start is None or target is None:
        return "syntax", f"unknown square in '{' '.join(args)}'"
    if not (board.is_square(start) and board.is_square(target)) or start in board.corners or target in board.corners:
        return "heli-place", "the helicopter flies between big squares, never from or to a path or a base"
    if start not in state.pawns[state.current]:
        return "no-pawn", f"P{state.current} has no pawn on {args[0]}"
    if start == board.centre:
        return "seated", "a pawn seated in the INSIDER stays there until the evaluation"
    if power == 1 and not (board.is_outer(start) and board.is_outer(target)):
        return "heli-reach", "one Helicopter flies only between outer squares (2 reach the centre and the squares around it)"
    if target in state.total_out:
        return "total-out", "no pawn may land on a Total OUT square"
    if start == target:
        return "heli-place", "the helicopter must fly somewhere else"
    return "pawn-stopped", "that pawn has ended its move this turn"


def _diagnose_totalout(state: InsiderPosition, words: list[str], in_node: bool = False) -> Reason:
    board = state.board
    if not in_node:
        if not state.turn.double:
            return "no-double", "a Total OUT moves on a rolled double or with 2 Trendsetter cards"
        if state.turn.totalout_moved:
            return "double-used", "a double moves one Total OUT card"
        if state.turn.cards_played or state.turn.cards_locked:
            return "cards-played", "the Total OUT move of a double replaces the turn's card play"
    if len(words) != 3:
        return "syntax", "totalout FROM TO (big squares)"
    source, target = _position(state, words[1]), _position(state, words[2])
    if source is None or target is None:
        return "syntax", f"unknown square in '{' '.join(words[1:])}'"
    if source not in state.total_out:
        return "not-total-out", f"no Total OUT card on {words[1]}"
    if not board.is_square(target) or target == board.centre or target in board.corners:
        return "totalout-place", "a Total OUT may not go on a path, the INSIDER or a base"
    if target in state.total_out:
        return "totalout-place", f"{words[2]} already holds a Total OUT card"
    return "shut-in", "that would shut in a base or a pawn"


def _diagnose_swap(state: InsiderPosition, words: list[str]) -> Reason:
    turn = state.turn
    if turn.phase != "after":
        return "must-move", "discarding a card and drawing one ends the turn: finish the move first"
    if turn.cards_played or turn.totalout_moved or turn.cards_locked:
        return "swap-after-play", "only a player who plays no card this turn may discard one and draw one"
    if len(words) != 2 or words[1] not in CARD_TYPES:
        return "syntax", f"swap CARD with CARD one of {', '.join(CARD_TYPES)}"
    return "not-enough-cards", f"P{state.current} holds no {words[1]} card"


def _diagnose_end(state: InsiderPosition, words: list[str]) -> Reason:
    if len(words) != 1:
        return "syntax", "'end' takes no argument"
    return "must-move", f"all movement points must be used ({state.turn.points} left)"
