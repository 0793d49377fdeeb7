"""A referee's game at the shared table: Overload, offboard or Insider, through the referees' one protocol.

The stored state is JSON text: the referee's own save (``Referee.to_json``,
rebuilt from its inputs and recorded actions and checked field by field on
every load, as a file is), the table's options (``table_dice``) and the move
list as the table heard it (seat, notation, what each move did).

What a seat sees is made here, never by the page: ``seat_view`` gives every
reader the board, scores and whose turn; only the seat to move gets the legal
moves; for Insider each seat gets its own hand of action cards and the others'
counts only (as boardgame.io's ``playerView``), the seed (which decides every
draw) is never sent, and a card drawn or taken is named in the move list only
to the seat that drew it. A watcher sees no hand at all.

Chance: by default the server draws from the game's seed (Overload's
``roll`` without a face, Insider's dice and cards resolved by the referee);
with ``table_dice`` the seat to move types the outcome, as the CLI's
``--table`` games do.

Long because the three games' seating differ only in their views and moves
(Overload's track, offboard's hexagon, Insider's hands and drawing), and the
one class that stores, replays and shows a table must see all three.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from overturn.referees.base import CHANCE, IllegalAction
from overturn.referees.insider.board import CARD_TYPES
from overturn.referees.insider.referee import InsiderReferee
from overturn.referees.insider.render import render as insider_render
from overturn.referees.insider.state import InsiderState
from overturn.referees.offboard.layouts import layout_names
from overturn.referees.offboard.referee import OffboardReferee
from overturn.referees.overload.referee import OverloadReferee
from overturn.referees.overload.store import SEED_RANGE as OVERLOAD_SEEDS
from overturn.referees.protocol import Referee, UsageProblem
from overturn.table import board_marks, french
from overturn.table.contract import Judged, TableMeta, Timer
from overturn.table.errors import NoSuchMove, NotYourTurn

#: The referees a board table may hold, by the ``game`` kind stored with the table.
REFEREES: dict[str, Referee[Any]] = {
    "overload": OverloadReferee(),
    "offboard": OffboardReferee(),
    "insider": InsiderReferee(),
}
#: Seats each game takes (fewest, most).
PLAYERS = {"overload": (3, 5), "offboard": (2, 2), "insider": (2, 4)}
#: The seeds each game accepts.
SEEDS = {"overload": OVERLOAD_SEEDS, "offboard": (0, 2**32 - 1), "insider": (0, 2**53 - 1)}
#: Names of the players as the referees print them, per seat.
OVERLOAD_COLOURS_FR = {"red": "rouge", "blue": "bleu", "yellow": "jaune", "green": "vert", "black": "noir", "white": "blanc"}
#: Bounds of Insider's time for a Bodyguard answer (seconds).
MIN_GUARD, MAX_GUARD = 5, 600
#: Moves kept in a table's move list (a long game of Insider is a few hundred actions).
MAX_MOVE_LIST = 5000

#: The rules' refusal codes, in French (the referees' own messages are English; they follow as ``detail``).
FRENCH_RULES = {
    "notation": "Coup illisible : écrivez-le dans la notation du jeu.",
    "syntax": "Coup illisible : écrivez-le dans la notation du jeu.",
    "game-over": "La partie est terminée.",
    "not-your-turn": "Ce n'est pas à vous de jouer.",
    "seeded-chance": "Cette table tire dés et cartes elle-même : le coup de hasard n'est pas à taper ici.",
    "table-chance": "À cette table, les dés sont lancés par les joueurs : tapez la valeur obtenue.",
    "chance-expected": "Il faut d'abord donner le résultat du hasard (dés ou carte).",
    "bad-outcome": "Ce résultat de dés ou de carte est impossible ici.",
    # Overload
    "load-range": "Un pion part avec 0 à 8 disques au plus (selon la règle).",
    "load-before-roll": "Les disques se choisissent avant de lancer le dé.",
    "load-awaited": "Choisissez d'abord les disques du pion au départ.",
    "load-no-start-pawn": "Aucun de vos pions n'est au départ : rien à charger.",
    "roll-awaited": "Il faut lancer le dé maintenant.",
    "move-awaited": "Le dé est lancé : choisissez le pion à déplacer.",
    "step-awaited": "Le pion est sur une case +/- : il doit avancer ou reculer d'une case d'abord.",
    "step-direction": "Sur une case +/-, le pion avance ou recule d'une case seulement.",
    "die-range": "Le dé ne montre que les faces 1 à 8.",
    "enter-start-pawn-first": "Un pion au départ doit entrer en jeu en premier.",
    "not-your-pawn": "Ce pion n'est pas à vous.",
    "unknown-pawn": "Ce pion n'existe pas.",
    "encounter-awaited": "Réglez d'abord chaque pion rencontré (donner ou prendre).",
    # offboard
    "not-your-marble": "Cette bille n'est pas à vous.",
    "not-adjacent": "Une bille avance d'un trou voisin seulement.",
    "own-marble-off": "On ne pousse pas sa propre bille hors du plateau.",
    "single-cannot-push": "Une bille seule ne pousse pas.",
    "occupied": "Ce trou n'est pas libre.",
    "space-occupied": "Cette case est occupée.",
    "unknown-position": "Cette position n'existe pas sur le plateau.",
    "not-on-a-link": "Cette case n'est pas sur un chemin.",
    # Insider
    "not-expected": "Ce coup répond à une question que personne n'a posée.",
    "one-main-action": "Une seule action principale par tour : marcher, lancer ou piocher.",
    "one-die": "Rumeurs : ce joueur n'avance qu'avec un dé jusqu'à la prochaine évaluation.",
    "two-dice": "Ce lancer se fait avec deux dés.",
    "choose-first": "Choisissez d'abord l'action principale du tour : marcher, lancer ou piocher.",
    "meet-expected": "Votre pion a rencontré des adversaires : prenez une carte à chacun ou refusez.",
    "seat-expected": "Le pion arrivé à l'INSIDER doit d'abord prendre une table libre.",
    "guard-expected": "Une carte étoilée attend la réponse du garde du corps.",
    "guard-out-of-turn": "Le garde du corps ne se joue qu'en réponse à une carte étoilée.",
    "guard-count": "Vous n'avez pas assez de gardes du corps.",
    "vip-expected": "Le réarrangement VIP est en cours.",
    "vip-empty": "Aucune table à réarranger.",
    "vip-swap": "Cet échange de tables est impossible.",
    "vip": "Ce réarrangement VIP est impossible.",
    "totalout-expected": "Les déplacements de Total OUT sont en cours.",
    "totalout-place": "Un Total OUT ne va pas là.",
    "not-total-out": "Il n'y a pas de Total OUT là.",
    "total-out": "Ce déplacement de Total OUT est impossible.",
    "no-double": "Seul un double permet de déplacer un Total OUT.",
    "double-used": "Le double a déjà servi.",
    "shut-in": "Ce Total OUT enfermerait des pions.",
    "not-enough-cards": "Vous n'avez pas assez de cartes de ce type.",
    "cards-locked": "Plus de carte à jouer ce tour-ci.",
    "cards-played": "Des cartes ont déjà été jouées ce tour-ci.",
    "fresh-cards": "Une carte piochée ce tour ne se joue pas tout de suite.",
    "swap-after-play": "On n'échange pas de carte après en avoir joué.",
    "power": "Cette puissance de carte n'existe pas.",
    "card": "Cette carte ne se joue pas ainsi.",
    "admin-pawn": "Administrateur : ce pion ne peut pas être échangé.",
    "admin-place": "Administrateur : pas d'échange sur cette case.",
    "admin-reach": "Administrateur : ce pion est hors de portée.",
    "admin-same-place": "Administrateur : les deux pions sont sur la même case.",
    "admin-same-player": "Administrateur : les deux pions sont au même joueur.",
    "heli-place": "Hélicoptère : on ne se pose pas là.",
    "heli-reach": "Hélicoptère : ce vol est hors de portée.",
    "foreign-base": "On n'entre pas dans la base d'un autre joueur.",
    "insider-full": "L'INSIDER est complet.",
    "table-taken": "Cette table est déjà prise.",
    "seated": "Ce pion est déjà assis à l'INSIDER.",
    "must-move": "Il reste des points de déplacement à jouer.",
    "no-move": "Aucun déplacement possible ainsi.",
    "no-pawn": "Aucun de vos pions n'est là.",
    "not-a-step": "Ce n'est pas un pas d'une case voisine.",
    "pawn-stopped": "Ce pion s'est arrêté (il a pris une carte).",
    "points": "Pas assez de points de déplacement.",
    "target": "Cette destination est impossible.",
    "walk": "Marcher est impossible maintenant.",
    "draw": "Piocher est impossible maintenant.",
    "die": "Lancer est impossible maintenant.",
    "illegal": "Ce coup est interdit par la règle.",
}


@dataclass(frozen=True)
class Refusal:
    rule: str
    message: str
    detail: str

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message, "detail": self.detail}


def refusal(rule: str, detail: str) -> Refusal:
    return Refusal(rule, FRENCH_RULES.get(rule, "Coup refusé par la règle."), detail)


@dataclass
class MoveEntry:
    """One accepted move as the table heard it; ``private`` names the seat that alone may read ``move`` and ``hidden`` what others read."""

    seat: int
    move: str
    effects: list[str]
    private: bool = False
    hidden: str = ""
    #: The referee's history length once the move was played (where the position after it is found again).
    at: int | None = None
    #: The places the move touched, for the page to highlight (``overturn.table.board_marks``).
    marks: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "move": self.move, "effects": self.effects, "private": self.private, "hidden": self.hidden,
            "at": self.at, "marks": self.marks,
        }

    def for_reader(self, seat: int | None) -> dict[str, Any]:
        shown = self.move if not self.private or seat == self.seat else self.hidden
        return {"seat": self.seat, "move": shown, "effects": [french.say(line) for line in self.effects], "marks": self.marks}


@dataclass
class BoardTable:
    """A referee game at a table: ``game`` is the referee's own record."""

    kind: str
    game: Any
    table_dice: bool = False
    moves: list[MoveEntry] = field(default_factory=list)
    #: Insider: seconds a Bodyguard answer may take before the server answers 'pass' for the seat (None: no limit).
    guard_seconds: int | None = None
    #: When the awaited Bodyguard answer is due (epoch seconds), stored with the table so a restarted server keeps it.
    guard_deadline: float | None = None
    #: The public view, made once per table version and shared by every reader of it.
    _public: tuple[int, dict[str, Any]] | None = field(default=None, repr=False, compare=False)

    @property
    def referee(self) -> Referee[Any]:
        return REFEREES[self.kind]

    # ----- creating, storing, loading ------------------------------------------------

    @classmethod
    def new(cls, kind: str, players: int, seed: int, options: dict[str, Any]) -> BoardTable:
        """A fresh game; ``UsageProblem`` (in English, for the API) for an option the game does not take."""
        if kind not in REFEREES:
            raise UsageProblem(f"unknown game {kind!r}: use one of {', '.join(REFEREES)}")
        low, high = PLAYERS[kind]
        if not low <= players <= high:
            raise UsageProblem(f"{kind} is for {low} to {high} players, not {players}")
        low, high = SEEDS[kind]
        if not low <= seed <= high:
            raise UsageProblem(f"the seed must be from {low} to {high}")
        table_dice = bool(options.get("table_dice", False))
        unknown = set(options) - {"table_dice", "variant", "layout", "guard_seconds"}
        if unknown:
            raise UsageProblem(
                f"unknown option(s) {', '.join(sorted(unknown))}: use table_dice, variant (overload), layout (offboard), guard_seconds (insider)"
            )
        guard_seconds = options.get("guard_seconds")
        if guard_seconds is not None and (
            kind != "insider" or not isinstance(guard_seconds, int) or isinstance(guard_seconds, bool) or not MIN_GUARD <= guard_seconds <= MAX_GUARD
        ):
            raise UsageProblem(f"'guard_seconds' is Insider's time for a Bodyguard answer, {MIN_GUARD} to {MAX_GUARD} seconds")
        referee = REFEREES[kind]
        if kind == "overload":
            variant = options.get("variant", 0)
            if not isinstance(variant, int) or isinstance(variant, bool) or variant < 0:
                raise UsageProblem("'variant' is a number of special sections (0 for the basic game)")
            game = referee.new_game(players=players, variant=variant, seed=seed)
        elif kind == "offboard":
            if table_dice:
                raise UsageProblem("offboard has no dice: 'table_dice' does not apply")
            layout = options.get("layout")
            if layout is not None and layout not in layout_names():
                raise UsageProblem(f"unknown layout {layout!r}: use one of {', '.join(layout_names())}")
            game = referee.new_game(layout=layout)
        else:
            game = referee.new_game(players=players, seed=seed, table_chance=table_dice)
        return cls(kind, game, table_dice, guard_seconds=guard_seconds)

    def dump(self) -> str:
        data = {
            "game": self.kind,
            "table_dice": self.table_dice,
            "guard_seconds": self.guard_seconds,
            "guard_deadline": self.guard_deadline,
            "save": self.referee.to_json(self.game),
            "moves": [entry.to_json() for entry in self.moves],
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def load(cls, kind: str, text: str) -> BoardTable:
        """The table from its stored state: the referee rebuilds and checks its save (``StateFileError`` if it does not replay)."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("game") != kind or kind not in REFEREES:
            raise ValueError(f"the stored state is not a {kind} table")
        game = REFEREES[kind].from_json(data["save"], f"table ({kind})")
        moves = [
            MoveEntry(
                int(m["seat"]), str(m["move"]), [str(e) for e in m["effects"]], bool(m.get("private")), str(m.get("hidden", "")),
                None if m.get("at") is None else int(m["at"]), [str(mark) for mark in m.get("marks", [])],
            )
            for m in data.get("moves", [])
        ]
        table_dice = bool(data.get("table_dice"))
        if kind == "insider" and table_dice == game.auto_chance:
            raise ValueError("the table's chance option does not match its saved game")
        guard, deadline = data.get("guard_seconds"), data.get("guard_deadline")
        return cls(kind, game, table_dice, moves, None if guard is None else int(guard), None if deadline is None else float(deadline))

    # ----- whose turn, what is legal --------------------------------------------------

    def is_over(self) -> bool:
        return bool(self.referee.state(self.game).is_terminal())

    def seat_to_move(self) -> int | None:
        """The seat that moves now (at a chance node: the seat that rolls or draws); None once the game is over."""
        state = self.referee.state(self.game)
        if state.is_terminal():
            return None
        player = state.current_player()
        if player != CHANCE:
            return int(player)
        if isinstance(state, InsiderState):
            node = state.pending[-1]
            return int(node["player"]) if node["kind"] == "draw" else int(state.current)
        return int(state.current)  # type: ignore[attr-defined]  # Overload: the player whose die it is

    def winners(self) -> list[int]:
        state = self.referee.state(self.game)
        if not state.is_terminal():
            return []
        returns = state.returns()
        best = [index for index, value in enumerate(returns) if value > 0]
        return best or list(range(len(returns)))

    def legal_moves(self) -> list[str]:
        """The moves the seat to move may tap now, in the game's notation (the server's chance shown as one 'roll')."""
        state = self.referee.state(self.game)
        if state.is_terminal():
            return []
        if state.is_chance_node():
            if self.kind == "overload" and not self.table_dice:
                return ["roll"]
            if isinstance(state, InsiderState) and state.pending[-1]["kind"] in ("draw", "steal"):
                word = "card" if state.pending[-1]["kind"] == "draw" else "steal"
                return [f"{word} {card}" for card in CARD_TYPES]  # the table's card: never hint at what a hand holds
        moves = [state.action_to_string(action) for action in state.legal_actions()]
        if self.kind == "overload" and not self.table_dice and moves and moves[0].startswith("load"):
            return moves  # loading the discs; the roll follows as its own tap
        return moves

    # ----- playing --------------------------------------------------------------------

    def play(self, seat: int, move: str) -> Judged:
        """Judge ``move`` (the game's notation) for ``seat``: the refusal, or the move list entry as the mover reads it."""
        outcome = self.judge(seat, move)
        if isinstance(outcome, Refusal):
            return Judged(False, {"refused": outcome.to_json(), "result": None})
        return Judged(True, {"refused": None, "result": outcome.for_reader(seat)}, " ".join(move.strip().split()))

    def timer(self) -> Timer | None:
        """Insider with a time limit: the awaited Bodyguard answer is 'pass' at the stored deadline."""
        if self.guard_seconds is None or self.guard_deadline is None or not self.awaits_guard():
            return None
        seat = self.seat_to_move()
        return None if seat is None else Timer(self.guard_deadline, seat)

    def expire(self, timer: Timer) -> Judged:
        outcome = self.judge(timer.seat, "pass")
        if isinstance(outcome, Refusal):
            return Judged(False, {"refused": outcome.to_json(), "result": None})
        outcome.effects.insert(0, f"temps écoulé ({self.guard_seconds} s) : pas de garde du corps")
        return Judged(True, {"refused": None, "result": outcome.for_reader(timer.seat)}, "pass (timeout)")

    def computer_job(self, seat: int, level: int, seed: str) -> Callable[[], Any]:
        raise AssertionError("board-game tables seat no computer")

    def computer_play(self, seat: int, chosen: Any) -> Judged:
        raise AssertionError("board-game tables seat no computer")

    def position(self, number: int, seat: int | None) -> dict[str, Any]:
        """Move ``number`` (1-based) of the move list as ``seat`` reads it, and the public board after it."""
        if not 1 <= number <= len(self.moves):
            raise NoSuchMove(f"the move list has {len(self.moves)} moves")
        try:
            shown = self.position_after(number - 1)
        except (ValueError, UsageProblem) as exc:
            raise NoSuchMove(str(exc)) from None
        return {"number": number, "entry": self.moves[number - 1].for_reader(seat), "position": shown}

    def player_view(self, meta: TableMeta, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a watcher): the public view, made once per version, with the seat's own parts added."""
        if self._public is None or self._public[0] != meta.version:
            self._public = (meta.version, self.public_view())
        table = {"id": meta.id, "version": meta.version, "seats": [{"seat": s.index, "name": s.name} for s in meta.seats]}
        return {**self.seat_view(self._public[1], seat), "table": table}

    def judge(self, seat: int, move: str) -> Refusal | MoveEntry:
        """Judge ``move`` for ``seat``; accepted, it is played and returned as the move list entry; refused, the game is unchanged."""
        if self.is_over():
            raise NotYourTurn("la partie est terminée", "game_over")
        if self.seat_to_move() != seat:
            raise NotYourTurn("ce n'est pas le tour de ce siège")
        text = " ".join(move.strip().split())
        if not text:
            return refusal("notation", "empty move")
        state = self.referee.state(self.game)
        if self.kind == "overload" and not self.table_dice:
            words = text.lower().split()
            if any(word == "roll" and index + 1 < len(words) and words[index + 1].isdecimal() for index, word in enumerate(words)):
                return refusal("seeded-chance", "this table rolls the seeded die: play 'roll' without a face")
            if state.is_chance_node() and words and words[0].isdecimal():
                return refusal("seeded-chance", "this table rolls the seeded die: play 'roll' without a face")
        if self.kind == "overload" and self.table_dice and text.lower().split() in (["roll"], ["lancer"]):
            return refusal("table-chance", "this table rolls its own die: play 'roll N' with the face shown")
        before = self.game
        try:
            game, played = self.referee.play(self.game, [text])
        except IllegalAction as exc:
            return refusal(exc.rule, exc.message)
        except UsageProblem as exc:
            return refusal("notation", str(exc))
        private, hidden = False, ""
        if self.kind == "insider" and text.lower().split()[0] in ("card", "steal", "swap"):
            private, hidden = True, text.lower().split()[0] + " ?"  # the card is the drawer's (or discarder's) alone
        effects = [
            line for entry in played for line in ([] if private or entry.action == text.lower() else [entry.action]) + list(entry.effects)
        ]
        if self.kind == "overload":
            effects = [line for entry in played for line in entry.lines()]
        self.game = game
        entry = MoveEntry(seat, text, effects, private, hidden, _actions_played(self.referee, game), _marks(self.kind, before, text, effects, private))
        self.moves = [*self.moves, entry][-MAX_MOVE_LIST:]
        awaited = self.guard_seconds is not None and self.awaits_guard()
        self.guard_deadline = time.time() + self.guard_seconds if awaited and self.guard_seconds is not None else None
        return entry

    # ----- what a reader sees ---------------------------------------------------------

    def public_view(self) -> dict[str, Any]:
        """What every reader of the table may see (no hand, no seed of a game with hidden cards)."""
        referee = self.referee
        state = referee.state(self.game)
        view: dict[str, Any] = {
            "game": self.kind,
            "title": referee.title,
            "table_dice": self.table_dice,
            "over": bool(state.is_terminal()),
            "winners": self.winners(),
            "to_move": self.seat_to_move(),
        }
        if isinstance(self.game, InsiderState):
            game = self.game
            view["board_text"] = insider_render(game, show_hands=False)
            view["awaiting"] = french.awaiting(self.kind, game)
            view["scores"] = list(game.scores)
            view["hand_counts"] = [game.hand_size(player) for player in range(game.players)]
            view["deck"] = game.deck_size()
            view["discard"] = sum(game.discard.values())
            view["evaluations_done"] = game.evaluations_done
            view["events"] = [french.say(event) for event in game.events[-30:]]
            pending = game.pending[-1]["kind"] if game.pending else None
            view["question"] = pending
            view["drawing"] = insider_drawing(game)
            if pending == "guard":
                play = game.pending[-1]["play"]
                view["guard"] = {
                    "from": play["player"], "card": play["card"], "power": play["power"], "seconds": self.guard_seconds,
                    "deadline": self.guard_deadline,
                }
        else:
            full = referee.view_json(self.game)
            full.pop("legal", None)
            full.pop("die_seed", None)  # the seed decides every coming roll
            view["board_text"] = referee.render(self.game)
            view["awaiting"] = french.awaiting(self.kind, self.game)
            view["board"] = full
            if self.kind == "overload":
                view["scores"] = [state.scores[player] for player in range(state.players)]  # type: ignore[attr-defined]
            else:
                view["scores"] = list(full["scores"].values())
                view["targets"] = board_marks.offboard_layout(self.game)
        return view

    def awaits_guard(self) -> bool:
        """Insider waits for a Bodyguard answer (a starred card was played against the seat to move)."""
        return isinstance(self.game, InsiderState) and bool(self.game.pending) and self.game.pending[-1]["kind"] == "guard"

    def position_after(self, index: int) -> dict[str, Any]:
        """The public board as it stood after move ``index`` of the move list (0-based), for stepping through the
        list: the referee's game taken back to that point (``Referee.rewind``); no hand, no legal move."""
        entry = self.moves[index]
        if entry.at is None:
            raise ValueError("this move was recorded without its place in the game")
        history = _actions_played(self.referee, self.game)
        earlier, _ = self.referee.rewind(self.game, history - entry.at)
        view = BoardTable(self.kind, earlier, self.table_dice).public_view()
        keep = ("board_text", "awaiting", "scores", "hand_counts", "drawing", "board", "targets", "events", "to_move", "over", "winners")
        return {key: view[key] for key in keep if key in view}

    def seat_view(self, public: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """``public`` (from ``public_view``) as ``seat`` sees it (None: a watcher): its own hand, its legal moves, the move list."""
        view = dict(public)
        view["you"] = seat
        view["moves"] = [entry.for_reader(seat) for entry in self.moves]
        view["legal"] = self.legal_moves() if seat is not None and seat == public["to_move"] else []
        if isinstance(self.game, InsiderState):
            view["hand"] = None if seat is None else {card: count for card, count in self.game.hands[seat].items() if count}
        if self.kind == "offboard" and view["legal"]:
            view["previews"] = {move: offboard_preview(self.game, move) for move in view["legal"]}
            view["preview_marks"] = {move: board_marks.offboard_preview_marks(self.game, move) for move in view["legal"]}
        return view


def offboard_preview(game: Any, move: str) -> str:
    """What an offboard move would do, in French, before it is confirmed (the referee's ``check``)."""
    from overturn.referees.offboard.state import Place, Remove, parse_move

    report = game.check(parse_move(move))
    opponent = "jaune" if report.player.label == "red" else "rouge"
    if isinstance(report.move, Place):
        return f"la bille qui a rebondi revient sur {report.move.hole}"
    if isinstance(report.move, Remove):
        return "la bille qui a rebondi quitte la partie ; vous rejouez"
    text = "1 bille avance" if report.marbles == 1 else f"une ligne de {report.marbles} billes avance"
    if report.pushed:
        text = f"une ligne de {report.marbles} billes pousse {report.pushed} bille{'s' if report.pushed > 1 else ''} {opponent}"
    if report.target is not None and report.bounced:
        text += f" ; une bille {opponent} sort vers la cible n°{report.target}, déjà prise : pas de point, elle rebondit"
    elif report.target is not None:
        text += f" ; une bille {opponent} sort dans la cible n°{report.target} : +{report.points}"
    return text


def _marks(kind: str, before: Any, move: str, effects: list[str], private: bool) -> list[str]:
    """What a move touched (``board_marks``); nothing for a private move (a card drawn names no place)."""
    if private:
        return []
    if kind == "offboard":
        try:
            return board_marks.offboard_played_marks(before, move)
        except (ValueError, IllegalAction):  # "remove E5-E6": two moves in one, only the place is drawn
            return []
    return board_marks.played_marks(kind, move, effects, before)


def _actions_played(referee: Referee[Any], game: Any) -> int:
    """How many actions the referee's game records (each state keeps its ``history``, the file's replay list)."""
    history: list[Any] = getattr(referee.state(game), "history")  # noqa: B009  (not in the State protocol)
    return len(history)


def insider_drawing(game: InsiderState) -> dict[str, Any]:
    """The public board for the page to draw: the squares (pawns per player, Total OUT, INSIDER, bases), the paths
    between them with the pawns on each space, the evaluation card's tables and who sits there, the staircase."""
    board = game.board
    squares = []
    for square in range(board.square_count):
        squares.append({
            "name": board.name(square),
            "pawns": [pawns.count(square) for pawns in game.pawns],
            "total_out": square in game.total_out,
            "centre": square == board.centre,
            "base": game.bases.index(square) if square in game.bases else None,
            "corner": square in board.corners,
        })
    on_paths = [sum(1 for position in pawns if not board.is_square(position)) for pawns in game.pawns]
    paths = [
        {
            "from": board.name(a),
            "to": board.name(b),
            "spaces": [{"name": board.name(space), "pawns": [pawns.count(space) for pawns in game.pawns]} for space in spaces],
        }
        for a, b, spaces in board.links
    ]
    card = game.material.evaluation_cards[game.evaluation_card] if game.evaluation_card else None
    stairs = game.material.staircase
    return {
        "columns": board.columns,
        "rows": board.rows,
        "squares": squares,
        "on_paths": on_paths,
        "paths": paths,
        "evaluation": None if card is None else {
            "card": card.card_id, "penalty": card.penalty,
            "tables": [{"value": value, "seat": owner} for value, owner in zip(card.tables, game.tables)],
        },
        "staircase": {"cave": stairs.cave, "top": stairs.top},
        "evaluations": [game.evaluations_done, game.material.evaluations_per_game],
    }


def seat_names(kind: str, players: int) -> list[str]:
    """The default names of the seats: the game's own colours or player numbers."""
    if kind == "overload":
        from overturn.referees.overload.rules import load_rules

        colours = load_rules().colours
        return [OVERLOAD_COLOURS_FR.get(colour, colour).capitalize() for colour in colours[:players]]
    if kind == "offboard":
        return ["Rouge", "Jaune"]
    return [f"Joueur {index + 1}" for index in range(players)]
