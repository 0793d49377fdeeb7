"""Insider referee (Gerhard Kodys, Piatnik): the game state and every rule of the rule book.

OpenSpiel-style: ``legal_actions()``, ``apply_action()``, ``current_player()``,
``is_terminal()``, ``returns()``. Actions are short strings in the notation of
``docs/insider.md`` (``walk``, ``step a1 a1-a2.1``, ``play heli 2 b2 c3``...).

Why the turn is cut into small decisions:
* a move with movement points is a sequence of ``step`` sub-actions (one pawn,
  one step, jumping occupied path spaces), the points left being in the state,
  so ``legal_actions()`` stays small and every step is checked on its own;
* Bodyguard is played out of turn, so a starred card play is first *announced*
  and each opponent holding enough Bodyguards is asked in turn (``guard N`` or
  ``pass``) before the power resolves;
* dice, card draws, the card taken from an opponent and the evaluation card
  turned are chance nodes (``current_player() == CHANCE``): the outcome is given
  from the real table or drawn from a seeded generator.

Interrupts (take or decline after meeting opponents, a table to choose, a
Bodyguard round, a chance draw...) are kept on a small stack of JSON-ready nodes
above the turn phase, so the whole state saves.

Long because it is the rule book: the turn phases, the cards, the evaluations and the staircase interact, and the legal-action generator must see them all.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Literal

from overturn.referees.base import CHANCE, TERMINAL, BaseState, IllegalAction, seeded_rng, win_returns
from overturn.referees.insider.board import CARD_TYPES, Board, Material, default_material
from overturn.referees.insider.effects import (
    BombAlert,
    CardPlayed,
    Declined,
    Drew,
    Effect,
    Evaluated,
    EvaluationTurned,
    GameOver,
    Guarded,
    Meeting,
    PlaysAgain,
    PointsLost,
    Reshuffled,
    Rolled,
    RolledSeven,
    Skipped,
    Stolen,
    SwappedCard,
    TotalOutHit,
    TotalOutMoved,
)
from overturn.referees.insider.notation import canonical_actions
from overturn.referees.insider.position import PLAYABLE_TYPES, Turn
from overturn.referees.insider.refusals import diagnose
from overturn.referees.insider.render import render
from overturn.referees.insider.words import EN
from overturn.referees.wording import say

CHANCE_KINDS = frozenset({"draw", "steal", "dice", "eval"})
# powers that a Bodyguard may cancel (marked with a star on the cards)
STARRED = frozenset({("admin", 1), ("admin", 2), ("admin", 3), ("heli", 3), ("scandal", 1),
                     ("scandal", 2), ("scandal", 3), ("trend", 3)})

SEED_MAX = 2**63 - 1  # seeds are 0 .. 2**63 - 1, so every game saves and loads back


class InsiderState(BaseState[str]):
    """A whole game of Insider, from the deal to the last evaluation."""

    def __init__(self, players: int = 2, seed: int | None = None, material: Material | None = None) -> None:
        self.material = material or default_material()
        m = self.material
        if players not in m.evaluation_sizes or players not in m.board.bases_by_player_count:
            raise ValueError(f"Insider is for 2 to 4 players, not {players}")
        if seed is not None and not 0 <= seed <= SEED_MAX:
            raise ValueError(f"the seed must be from 0 to {SEED_MAX}")
        self.players = players
        self.seed = seed if seed is not None else random.randrange(2**31)
        # True: the referee draws dice and cards itself from the seed; False: the table reports them
        self.auto_chance = True
        self.bases: tuple[int, ...] = m.board.bases_by_player_count[players]
        self.scores = [m.staircase.start] * players
        self.hands: list[dict[str, int]] = [dict.fromkeys(CARD_TYPES, 0) for _ in range(players)]
        self.deck = dict(m.action_cards)
        self.discard = dict.fromkeys(CARD_TYPES, 0)
        self.pawns: list[list[int]] = [[self.bases[p]] * m.pawns_per_player for p in range(players)]
        self.total_out: list[int] = sorted(m.board.total_out_start)
        self.evaluation_card: str | None = None
        self.tables: list[int | None] = []
        self.evaluations_done = 0
        self.evaluation_unseen: list[str] = list(m.evaluation_pool(players))
        self.evaluation_hidden = m.evaluations_per_game  # face-down cards drawn for the pile, order unknown
        self.evaluation_bottom: list[str] = []  # cards put back under the pile by a bomb alert, in order
        self.skips = [0] * players
        self.one_die = [False] * players
        self.current = 0
        self.turn = Turn()
        self.game_over = False
        self.pending: list[dict[str, Any]] = [{"kind": "eval"}]
        for p in reversed(range(players)):
            self.pending.append({"kind": "draw", "player": p, "left": m.starting_hand, "fresh": False})
        self.history: list[str] = []
        self.log: list[Effect] = []  # what happened, as Structs (``events`` in English)
        self._legal_cache: list[str] | None = None
        self._steps_cache: dict[tuple[int, int], int] | None = None

    # ------------------------------------------------------------------ queries

    @property
    def board(self) -> Board:
        return self.material.board

    def clone(self) -> InsiderState:
        """An independent copy sharing only the read-only material (for search and what-ifs)."""
        return copy.deepcopy(self, {id(self.material): self.material})

    def __str__(self) -> str:
        return render(self)

    def current_player(self) -> int:
        if self.game_over:
            return TERMINAL
        if self.pending:
            node = self.pending[-1]
            if node["kind"] in CHANCE_KINDS:
                return CHANCE
            if node["kind"] == "guard":
                return int(node["responders"][0])
        return self.current

    def seat_to_act(self) -> int | None:
        """The ``turn`` of the JSON: the seat that acts now (rolls, draws, answers a guard), None once over."""
        if self.game_over:
            return None
        player = self.current_player()
        return player if player >= 0 else self.chance_seat()

    def chance_seat(self) -> int:
        """The seat a chance node belongs to: who draws the card, or whose turn brought the roll or the steal."""
        node = self.pending[-1]
        return int(node["player"]) if node["kind"] == "draw" else int(self.current)

    def is_terminal(self) -> bool:
        return self.game_over

    def returns(self) -> list[float]:
        """+1 for the player(s) highest on the staircase, -1 for the others; 0 for all on a full tie."""
        return win_returns(self.players, self.winners())

    def winners(self) -> list[int]:
        best = max(self.scores)
        return [p for p, s in enumerate(self.scores) if s == best] if self.game_over else []

    def hand_size(self, player: int) -> int:
        return sum(self.hands[player].values())

    def seated(self, player: int) -> int:
        return sum(1 for owner in self.tables if owner == player)

    def legal_actions(self) -> list[str]:
        if self._legal_cache is None:
            self._legal_cache = self._generate_legal()
        return list(self._legal_cache)

    def action_to_string(self, action: str) -> str:
        """Actions are already their notation (the shared State API asks for the conversion)."""
        return action

    def parse_action(self, text: str) -> str:
        """The one canonical action ``text`` stands for, in any notation ``notation.py`` reads."""
        actions = canonical_actions(self, text)
        if len(actions) != 1:
            raise IllegalAction("notation", f"'{text}' stands for {len(actions)} steps: give them one by one")
        return actions[0]

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """Outcomes of the chance node on top, with their probabilities (empty if not a chance node)."""
        if not self.is_chance_node():
            return []
        node = self.pending[-1]
        kind = node["kind"]
        if kind == "dice":
            if node["dice"] == 1:
                return [(f"die {a}", 1 / 6) for a in range(1, 7)]
            return [(f"dice {a} {b}", (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)]
        if kind == "eval":
            if self.evaluation_hidden > 0:
                return [(f"eval {c}", 1 / len(self.evaluation_unseen)) for c in self.evaluation_unseen]
            return [(f"eval {self.evaluation_bottom[0]}", 1.0)]
        counts = self.deck if kind == "draw" else self.hands[node["victims"][0]]
        total = sum(counts.values())
        word = "card" if kind == "draw" else "steal"
        return [(f"{word} {t}", n / total) for t, n in counts.items() if n]

    def sample_chance(self, rng: random.Random) -> str:
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction("not-chance", "no chance outcome is awaited now")
        actions, weights = zip(*outcomes)
        return str(rng.choices(actions, weights)[0])

    def auto_rng(self) -> random.Random:
        """The generator for the next chance node, derived from the seed so a saved game replays the same."""
        return seeded_rng(self.seed * 1_000_003 + len(self.history))

    def resolve_chance(self) -> list[str]:
        """Draw every pending chance outcome from the game's seed; returns what was drawn.

        A seeded game (``auto_chance``) accepts no other outcome, so its file
        replays exactly; a table game may also be resolved this way (tests, set-ups).
        """
        drawn = []
        while self.is_chance_node():
            outcome = self.sample_chance(self.auto_rng())
            self.apply_action(outcome)
            drawn.append(outcome)
        return drawn

    def refresh(self) -> None:
        """Forget cached legal moves: call after editing fields by hand (set-ups in tests, loaders)."""
        self._legal_cache = None
        self._steps_cache = None

    # ----------------------------------------------------------- applying

    def apply_action(self, action: str) -> None:
        """Apply one action; refuse it with IllegalAction (state untouched) if the rules forbid it."""
        text = " ".join(str(action).strip().lower().split())
        legal = self.legal_actions()
        if text not in legal:
            swapped = _swap_admin_refs(text)
            if swapped not in legal:
                self._refuse(text)
            text = swapped
        self._legal_cache = None
        self.history.append(text)
        self._dispatch(text.split())
        self._steps_cache = None
        self._settle()
        self._legal_cache = None

    def _dispatch(self, words: list[str]) -> None:
        verb = words[0]
        if self.pending:
            node = self.pending[-1]
            handler = getattr(self, f"_on_{node['kind']}")
            handler(node, words)
            return
        handler = {
            "walk": self._do_walk, "roll": self._do_roll, "draw": self._do_draw, "step": self._do_step,
            "play": self._do_play, "totalout": self._do_totalout, "swap": self._do_swap, "end": self._do_end,
        }[verb]
        handler(words)

    # ---------------------------------------------------------- turn actions

    def _do_walk(self, words: list[str]) -> None:
        self.turn.main, self.turn.phase, self.turn.points = "walk", "move", self.material.movement_points

    def _do_roll(self, words: list[str]) -> None:
        dice = 1 if self.one_die[self.current] else 2
        self.turn.main, self.turn.phase = ("die" if dice == 1 else "roll"), "move"
        self.pending.append({"kind": "dice", "dice": dice})

    def _do_draw(self, words: list[str]) -> None:
        self.turn.main, self.turn.phase = "draw", "after"
        count = len(self._card_squares(self.current))
        room = self.material.hand_limit - self.hand_size(self.current)
        self._log(Drew(self.current, min(count, room), count))
        self.pending.append({"kind": "draw", "player": self.current, "left": min(count, room), "fresh": True})

    def _do_step(self, words: list[str]) -> None:
        board = self.board
        start, target = board.parse(words[1]), board.parse(words[2])
        cost = self._step_options()[(start, target)]
        pawn = self._movable_pawn(self.current, start)
        self.pawns[self.current][pawn] = target
        self.turn.points -= cost
        if board.is_square(target):
            self._arrive(self.current, pawn, target)

    def _do_totalout(self, words: list[str]) -> None:
        self.turn.totalout_moved = True
        self._move_total_out(self.board.parse(words[1]), self.board.parse(words[2]))

    def _do_swap(self, words: list[str]) -> None:
        card = words[1]
        self.hands[self.current][card] -= 1
        self.discard[card] += 1
        self._log(SwappedCard(self.current))
        self.pending.append({"kind": "draw", "player": self.current, "left": 1, "fresh": True})
        self.turn.phase = "ending"

    def _do_end(self, words: list[str]) -> None:
        self.turn.phase = "ending"

    def _do_play(self, words: list[str]) -> None:
        card, power = words[1], int(words[2])
        hand = self.hands[self.current]
        hand[card] -= power
        self.discard[card] += power
        self.turn.cards_played = True
        play = {"card": card, "power": power, "args": words[3:], "player": self.current}
        self._log(CardPlayed(self.current, card, power, tuple(words[3:])))
        if (card, power) in STARRED:
            self._announce(play)
        else:
            self._resolve(play)

    # ------------------------------------------------------------ pending nodes

    def _on_draw(self, node: dict[str, Any], words: list[str]) -> None:
        card = words[1]
        player = node["player"]
        self.deck[card] -= 1
        self.hands[player][card] += 1
        if node["fresh"]:
            self.turn.fresh[card] = self.turn.fresh.get(card, 0) + 1
        node["left"] -= 1

    def _on_meet(self, node: dict[str, Any], words: list[str]) -> None:
        """Taking is optional (rule book: "il peut retirer"); only a pawn that takes ends its move."""
        self.pending.pop()
        if words[0] == "decline":
            self._log(Declined(self.current))
            return
        self.turn.frozen.append(node["pawn"])
        self.pending.append({"kind": "steal", "victims": list(node["victims"])})

    def _on_steal(self, node: dict[str, Any], words: list[str]) -> None:
        card = words[1]
        victim = node["victims"].pop(0)
        self.hands[victim][card] -= 1
        self.hands[self.current][card] += 1
        self._log(Stolen(self.current, victim))

    def _on_dice(self, node: dict[str, Any], words: list[str]) -> None:
        values = [int(w) for w in words[1:]]
        if sum(values) == 7 and len(values) == 2:
            self._log(RolledSeven(self.current))
            return
        self.pending.pop()
        self.turn.points = sum(values)
        self.turn.double = len(values) == 2 and values[0] == values[1]
        self._log(Rolled(self.current, tuple(values), self.turn.double))

    def _on_eval(self, node: dict[str, Any], words: list[str]) -> None:
        card = words[1]
        self.pending.pop()
        if self.evaluation_hidden > 0:
            self.evaluation_unseen.remove(card)
            self.evaluation_hidden -= 1
        else:
            self.evaluation_bottom.pop(0)
        self.evaluation_card = card
        self.tables = [None] * len(self.material.evaluation_cards[card].tables)
        self._log(EvaluationTurned(card, tuple(self.material.evaluation_cards[card].tables)))

    def _on_seat(self, node: dict[str, Any], words: list[str]) -> None:
        self.pending.pop()
        self.tables[int(words[1]) - 1] = node["player"]
        if None not in self.tables:
            self._evaluate("last-table")

    def _on_guard(self, node: dict[str, Any], words: list[str]) -> None:
        responder = node["responders"].pop(0)
        if words[0] == "guard":
            node["pledged"][str(responder)] = int(words[1])
        pledged = sum(node["pledged"].values())
        if pledged >= node["play"]["power"]:
            self.pending.pop()
            for who, count in node["pledged"].items():
                self.hands[int(who)]["guard"] -= count
                self.discard["guard"] += count
            self._log(Guarded(tuple(int(p) for p in node["pledged"]), node["play"]["card"], node["play"]["power"]))
        elif not node["responders"]:
            self.pending.pop()
            self._resolve(node["play"])

    def _on_vip(self, node: dict[str, Any], words: list[str]) -> None:
        if words[0] == "done":
            self.pending.pop()
            return
        a, b = int(words[1]) - 1, int(words[2]) - 1
        self.tables[a], self.tables[b] = self.tables[b], self.tables[a]

    def _on_totalout(self, node: dict[str, Any], words: list[str]) -> None:
        if words[0] == "done":
            self.pending.pop()
            return
        node["left"] -= 1
        if node["left"] == 0:
            self.pending.pop()
        self._move_total_out(self.board.parse(words[1]), self.board.parse(words[2]))

    # ------------------------------------------------------------ card powers

    def _announce(self, play: dict[str, Any]) -> None:
        """A starred power waits for the opponents' Bodyguards, asked in turn order."""
        power = play["power"]
        pooled = (play["card"], power) == ("admin", 3)  # players may join forces against a Special VIP
        need = 1 if pooled else power
        order = [(play["player"] + k) % self.players for k in range(1, self.players)]
        responders = [p for p in order if self.hands[p]["guard"] >= need]
        if not responders:
            self._resolve(play)
            return
        self.pending.append({"kind": "guard", "play": play, "responders": responders, "pledged": {},
                             "pooled": pooled})

    def _resolve(self, play: dict[str, Any]) -> None:
        card, power, args, player = play["card"], play["power"], play["args"], play["player"]
        board = self.board
        if card == "admin" and power < 3:
            first, second = (self._parse_ref(a) for a in args)
            self._swap_pawns(first, second)
        elif card == "admin":
            self.pending.append({"kind": "vip"})
        elif card == "heli" and power < 3:
            start, target = board.parse(args[0]), board.parse(args[1])
            pawn = self._movable_pawn(player, start)
            self.pawns[player][pawn] = target
            self._arrive(player, pawn, target)
        elif card == "heli":
            target = int(args[0])
            self._send_home(target)
            self._log(Meeting(target))
        elif card == "scandal" and power == 1:
            self.skips[int(args[0])] += 1
        elif card == "scandal" and power == 2:
            self.one_die[int(args[0])] = True
        elif card == "scandal":
            for p in range(self.players):
                self._send_home(p)
            assert self.evaluation_card is not None, "a card is face up from the first evaluation on"
            self.evaluation_bottom.append(self.evaluation_card)
            self._log(BombAlert(self.evaluation_card))
            self.evaluation_card, self.tables = None, []
            self.pending.append({"kind": "eval"})
        else:  # Trendsetter: nothing else may follow in this turn
            self.turn.phase = "ending"
            if power == 1:
                self.turn.extra_turn = True
            elif power == 2:
                self.pending.append({"kind": "totalout", "left": 2})
            else:
                self._evaluate("media-hype")

    def _parse_ref(self, ref: str) -> tuple[int, int]:
        """``b2:1`` (player 1's pawn on b2) or ``t3`` (the pawn at table 3) -> (player, pawn index)."""
        if ref.startswith("t"):
            table = int(ref[1:]) - 1
            seated = self.tables[table]
            assert seated is not None, "legal actions name only seated pawns"
            return seated, self._seated_pawns(seated)[self._table_rank(table)]
        square, owner = ref.split(":")
        position = self.board.parse(square)
        return int(owner), self.pawns[int(owner)].index(position)

    def _table_rank(self, table: int) -> int:
        """Which of its owner's seated pawns sits at ``table`` (pawns are identical: any fixed match will do)."""
        owner = self.tables[table]
        return sum(1 for t in range(table) if self.tables[t] == owner)

    def _seated_pawns(self, player: int) -> list[int]:
        return [i for i, pos in enumerate(self.pawns[player]) if pos == self.board.centre]

    def _swap_pawns(self, first: tuple[int, int], second: tuple[int, int]) -> None:
        (p, i), (q, j) = first, second
        pos_p, pos_q = self.pawns[p][i], self.pawns[q][j]
        centre = self.board.centre
        if pos_p == centre or pos_q == centre:
            table_p = self._table_of(p, i) if pos_p == centre else None
            table_q = self._table_of(q, j) if pos_q == centre else None
            if table_p is not None:
                self.tables[table_p] = q
            if table_q is not None:
                self.tables[table_q] = p
        self.pawns[p][i], self.pawns[q][j] = pos_q, pos_p

    def _table_of(self, player: int, pawn: int) -> int:
        rank = self._seated_pawns(player).index(pawn)
        return [t for t, owner in enumerate(self.tables) if owner == player][rank]

    def _send_home(self, player: int) -> None:
        self.pawns[player] = [self.bases[player]] * len(self.pawns[player])
        self.tables = [None if owner == player else owner for owner in self.tables]

    def _move_total_out(self, source: int, target: int) -> None:
        self.total_out = sorted({*self.total_out, target} - {source})
        for p in range(self.players):
            hit = [i for i, pos in enumerate(self.pawns[p]) if pos == target]
            for i in hit:
                self.pawns[p][i] = self.bases[p]
            if hit:
                self._log(TotalOutHit(len(hit), p))
        self._log(TotalOutMoved(self.board.name(source), self.board.name(target)))

    # ---------------------------------------------------------- arrivals, evaluation

    def _arrive(self, player: int, pawn: int, square: int) -> None:
        """A pawn lands on a big square: seated in the INSIDER, or takes cards from opponents met there."""
        board = self.board
        if square == board.centre:
            self.turn.frozen.append(pawn)
            self.pending.append({"kind": "seat", "player": player})
            return
        if square in board.corners:
            return
        order = [(player + k) % self.players for k in range(1, self.players)]
        victims = [q for q in order if square in self.pawns[q] and self.hand_size(q) > 0]
        room = self.material.hand_limit - self.hand_size(player)
        victims = victims[: max(room, 0)]
        if victims:
            self.pending.append({"kind": "meet", "pawn": pawn, "victims": victims})

    def _evaluate(self, reason: Literal["last-table", "media-hype"]) -> None:
        assert self.evaluation_card is not None, "an evaluation needs its card face up"
        card = self.material.evaluation_cards[self.evaluation_card]
        stairs = self.material.staircase
        gains = [sum(card.tables[t] for t, o in enumerate(self.tables) if o == p) if self.seated(p) else card.penalty
                 for p in range(self.players)]
        self.scores = [stairs.clamp(s + g) for s, g in zip(self.scores, gains)]
        centre = self.board.centre
        for p in range(self.players):
            self.pawns[p] = [self.bases[p] if pos == centre else pos for pos in self.pawns[p]]
        self.evaluations_done += 1
        self.one_die = [False] * self.players
        self._log(Evaluated(self.evaluations_done, reason, card.card_id, tuple(gains), tuple(self.scores)))
        self.evaluation_card, self.tables = None, []
        if self.evaluations_done >= self.material.evaluations_per_game or max(self.scores) >= stairs.top:
            self.game_over = True
            self.pending = []
            self._log(GameOver(tuple(self.winners())))
        else:
            self.pending.append({"kind": "eval"})

    # ------------------------------------------------------------ settling

    def _settle(self) -> None:
        """Clear finished nodes and move the turn on until somebody has a real decision to make."""
        while not self.game_over:
            if self.pending:
                node = self.pending[-1]
                if node["kind"] == "draw":
                    if self.deck_size() == 0 and sum(self.discard.values()) > 0:
                        self.deck, self.discard = self.discard, dict.fromkeys(CARD_TYPES, 0)
                        self._log(Reshuffled())
                    full = self.hand_size(node["player"]) >= self.material.hand_limit
                    if node["left"] <= 0 or self.deck_size() == 0 or full:
                        self.pending.pop()
                        continue
                elif node["kind"] == "steal":
                    node["victims"] = [v for v in node["victims"] if self.hand_size(v) > 0]
                    if not node["victims"] or self.hand_size(self.current) >= self.material.hand_limit:
                        self.pending.pop()
                        continue
                return
            turn = self.turn
            if turn.phase == "move" and (turn.points <= 0 or not self._step_options()):
                if turn.points > 0:
                    self._log(PointsLost(self.current, turn.points))
                turn.phase, turn.points = "after", 0
                continue
            if turn.phase == "ending":
                self._next_turn()
                continue
            return

    def _next_turn(self) -> None:
        if self.turn.extra_turn:
            self.turn = Turn(cards_locked=True)
            self._log(PlaysAgain(self.current))
            return
        player = (self.current + 1) % self.players
        while self.skips[player] > 0:
            self.skips[player] -= 1
            self._log(Skipped(player))
            player = (player + 1) % self.players
        self.current = player
        self.turn = Turn()

    def deck_size(self) -> int:
        return sum(self.deck.values())

    def _log(self, event: Effect) -> None:
        self.log.append(event)

    @property
    def events(self) -> list[str]:
        """What happened so far, in English (the saved file keeps these lines)."""
        return [say(EN, event) for event in self.log]

    # ------------------------------------------------------------ legal actions

    def _generate_legal(self) -> list[str]:
        if self.game_over:
            return []
        if self.pending:
            node = self.pending[-1]
            legal: list[str] = getattr(self, f"_legal_{node['kind']}")(node)
            return legal
        turn = self.turn
        if turn.phase == "choose":
            choices = ["roll", "draw"] if self.one_die[self.current] else ["walk", "roll", "draw"]
            return choices
        actions: list[str] = []
        if turn.phase == "move":
            name = self.board.name
            actions += [f"step {name(a)} {name(b)}" for a, b in self._step_options()]
        if self.may_play_cards():
            actions += self._card_plays()
        if self._may_move_total_out_for_double():
            actions += [f"totalout {self.board.name(a)} {self.board.name(b)}" for a, b in self._total_out_moves()]
        if turn.phase == "after":
            if not (turn.cards_played or turn.totalout_moved or turn.cards_locked):
                actions += [f"swap {t}" for t in CARD_TYPES if self.hands[self.current][t]]
            actions.append("end")
        return actions

    def _legal_draw(self, node: dict[str, Any]) -> list[str]:
        """At a chance node: every possible outcome from the table, or the one the game's seed draws."""
        if self.auto_chance:
            return [self.sample_chance(self.auto_rng())]
        return [a for a, _ in self.chance_outcomes()]

    _legal_steal = _legal_eval = _legal_dice = _legal_draw

    def _legal_meet(self, node: dict[str, Any]) -> list[str]:
        return ["take", "decline"]

    def _legal_seat(self, node: dict[str, Any]) -> list[str]:
        return [f"seat {t + 1}" for t, owner in enumerate(self.tables) if owner is None]

    def _legal_guard(self, node: dict[str, Any]) -> list[str]:
        responder = node["responders"][0]
        if not node["pooled"]:
            power = node["play"]["power"]
            return ([f"guard {power}"] if self.hands[responder]["guard"] >= power else []) + ["pass"]
        missing = node["play"]["power"] - sum(node["pledged"].values())
        return [f"guard {k}" for k in range(1, min(missing, self.hands[responder]["guard"]) + 1)] + ["pass"]

    def _legal_vip(self, node: dict[str, Any]) -> list[str]:
        tables = self.tables
        return [f"vip {a + 1} {b + 1}" for a in range(len(tables)) for b in range(a + 1, len(tables))
                if tables[a] != tables[b]] + ["done"]

    def _legal_totalout(self, node: dict[str, Any]) -> list[str]:
        name = self.board.name
        return [f"totalout {name(a)} {name(b)}" for a, b in self._total_out_moves()] + ["done"]

    def may_play_cards(self) -> bool:
        """May the active player still play action cards this turn (for the status line too)?"""
        turn = self.turn
        return turn.phase in ("move", "after") and not (turn.cards_played or turn.cards_locked or turn.totalout_moved)

    def _may_move_total_out_for_double(self) -> bool:
        return self.turn.double and self.may_play_cards()

    def playable(self, player: int, card: str) -> int:
        """Cards of this type the player may play now: the ones drawn this turn must wait."""
        fresh = self.turn.fresh.get(card, 0) if player == self.current else 0
        return self.hands[player][card] - fresh

    def _card_plays(self) -> list[str]:
        player = self.current
        opponents = [p for p in range(self.players) if p != player]
        plays: list[str] = []
        for card in PLAYABLE_TYPES:
            for power in range(1, min(3, self.playable(player, card)) + 1):
                head = f"play {card} {power}"
                if card == "admin" and power < 3:
                    plays += [f"{head} {a} {b}" for a, b in self._admin_pairs(power)]
                elif card == "admin":
                    if any(owner is not None for owner in self.tables):
                        plays.append(head)
                elif card == "heli" and power < 3:
                    plays += [f"{head} {self.board.name(a)} {self.board.name(b)}" for a, b in self._flights(power)]
                elif (card, power) in (("heli", 3), ("scandal", 1), ("scandal", 2)):
                    plays += [f"{head} {p}" for p in opponents]
                else:
                    plays.append(head)
        return plays

    def _admin_pairs(self, power: int) -> list[tuple[str, str]]:
        """Pairs of pawns of different players on different big squares (tables count as places)."""
        board = self.board
        refs: list[tuple[str, int, object]] = []
        for p in range(self.players):
            for pos in sorted(set(self.pawns[p])):
                if pos == board.centre or not board.is_square(pos) or pos in board.corners:
                    continue
                if power == 1 and not board.is_outer(pos):
                    continue
                refs.append((f"{board.name(pos)}:{p}", p, pos))
        if power == 2:
            refs += [(f"t{t + 1}", owner, ("t", t)) for t, owner in enumerate(self.tables) if owner is not None]
        return [(a, b) for i, (a, pa, la) in enumerate(refs) for (b, pb, lb) in refs[i + 1 :] if pa != pb and la != lb]

    def _flights(self, power: int) -> list[tuple[int, int]]:
        board = self.board
        frozen = set(self.turn.frozen)
        starts = sorted({pos for i, pos in enumerate(self.pawns[self.current]) if i not in frozen
                         and board.is_square(pos) and pos not in board.corners and pos != board.centre
                         and (power == 2 or board.is_outer(pos))})
        targets = [s for s in range(board.square_count) if s not in board.corners and s not in self.total_out
                   and (board.is_outer(s) if power == 1 else s != board.centre or None in self.tables)]
        return [(a, b) for a in starts for b in targets if a != b]

    def _movable_pawn(self, player: int, position: int) -> int:
        frozen = self.turn.frozen if player == self.current else []
        return next(i for i, pos in enumerate(self.pawns[player]) if pos == position and i not in frozen)

    def _step_options(self) -> dict[tuple[int, int], int]:
        """(from, to) -> points it costs: one step, jumping occupied path spaces one point each."""
        if self._steps_cache is None:
            self._steps_cache = self._compute_step_options()
        return self._steps_cache

    def _compute_step_options(self) -> dict[tuple[int, int], int]:
        board = self.board
        player = self.current
        points = self.turn.points
        occupied = {pos for pawns in self.pawns for pos in pawns if pos >= board.square_count}
        frozen = set(self.turn.frozen)
        starts = {pos for i, pos in enumerate(self.pawns[player]) if i not in frozen and pos != board.centre}
        options: dict[tuple[int, int], int] = {}
        for start in starts:
            for route in board.routes[start]:
                for cost, position in enumerate(route, start=1):
                    if cost > points:
                        break
                    if position >= board.square_count:
                        if position in occupied:
                            continue
                        options[(start, position)] = cost
                    elif self._may_enter(player, position):
                        options[(start, position)] = cost
                    break
        return options

    def _may_enter(self, player: int, square: int) -> bool:
        board = self.board
        if square in self.total_out:
            return False
        if square in board.corners:
            return square == self.bases[player]
        if square == board.centre:
            return None in self.tables
        return True

    def _card_squares(self, player: int) -> set[int]:
        """Big squares that earn a card: the player's pawns on them, not the centre nor a base."""
        board = self.board
        return {pos for pos in self.pawns[player]
                if board.is_square(pos) and pos != board.centre and pos not in board.corners}

    def _total_out_moves(self) -> list[tuple[int, int]]:
        board = self.board
        targets = [s for s in range(board.square_count)
                   if s != board.centre and s not in board.corners and s not in self.total_out]
        loose = {pos for pawns in self.pawns for pos in pawns if pos != board.centre and pos not in board.corners}
        return [(a, b) for a in self.total_out for b in targets if not self._shuts_in(a, b, loose)]

    def _shuts_in(self, source: int, target: int, loose: set[int]) -> bool:
        """Would moving this Total OUT shut in a base or a pawn? (see docs/insider.md, "Shut in")

        Every base in play must stay in one open region; a pawn must be in that
        region too, unless it can still walk into the INSIDER. ``loose`` holds the
        positions of the pawns neither at home nor seated.
        """
        board = self.board
        component, centre_regions = board.regions(frozenset({*self.total_out, target} - {source}))
        doorsteps = board.doorsteps
        common = {component[d] for d in doorsteps[self.bases[0]]}
        for base in self.bases[1:]:
            common &= {component[d] for d in doorsteps[base]}
        for pos in loose:
            if pos != target and component[pos] not in centre_regions:
                common &= {component[pos]}
        return not common

    def _refuse(self, text: str) -> None:
        rule, message = diagnose(self, text)
        raise IllegalAction(rule, message)


def _swap_admin_refs(text: str) -> str:
    """Administrator swaps are symmetric: accept the two pawns in either order."""
    words = text.split()
    if len(words) == 5 and words[:2] == ["play", "admin"]:
        return " ".join([*words[:3], words[4], words[3]])
    return text

