// Made from overturn/wording/en.json by overturn.referees.templates.page_module; to change a sentence, edit the catalogue and
// run tests/test_wording_source.py with OVERTURN_WRITE_WORDING=1 (it holds the two equal).
export default {
  "refused": "Move refused by the rules.",
  "refusals": {
    "notation": "Unreadable move: write it in the game's notation.",
    "syntax": "Unreadable move: write it in the game's notation.",
    "game-over": "The game is over.",
    "not-your-turn": "It is not your turn.",
    "seeded-chance": "This table draws its own dice and cards: the chance move is not typed here.",
    "table-chance": "At this table the players roll the dice: type the value rolled.",
    "chance-expected": "First give the chance result (dice or card).",
    "bad-outcome": "That dice or card result is impossible here.",
    "illegal": "The rules forbid this move.",
    "load-range": "A pawn starts with 0 to 8 discs at most (by the rules).",
    "load-before-roll": "The discs are chosen before rolling the die.",
    "load-awaited": "First choose the discs of the pawn at the start.",
    "load-no-start-pawn": "None of your pawns is at the start: nothing to load.",
    "roll-awaited": "Roll the die now.",
    "move-awaited": "The die is rolled: choose the pawn to move.",
    "step-awaited": "The pawn is on a +/- space: it must first step one space forward or back.",
    "step-direction": "On a +/- space, the pawn steps one space forward or back only.",
    "die-range": "The die only shows faces 1 to 8.",
    "enter-start-pawn-first": "A pawn at the start must enter the game first.",
    "not-your-pawn": "That pawn is not yours.",
    "unknown-pawn": "That pawn does not exist.",
    "encounter-awaited": "First settle each pawn met (give or take).",
    "not-met": "That pawn is not one to settle here.",
    "give-without-disc": "Your pawn has no disc to give.",
    "take-without-disc": "That pawn has no disc to take.",
    "not-your-marble": "That marble is not yours.",
    "not-adjacent": "A marble moves to a neighbouring hole only.",
    "own-marble-off": "You may not push your own marble off the board.",
    "single-cannot-push": "A single marble does not push.",
    "outnumbered": "The pushing line must hold more marbles than the line it pushes.",
    "push-blocked": "One of your marbles is behind the pushed line: the push is blocked.",
    "marble-in-hand": "Deal first with the bounced marble: place it again or remove it.",
    "nothing-in-hand": "No marble bounced: nothing to place or remove.",
    "not-chance": "No draw is awaited now.",
    "occupied": "That hole is not free.",
    "space-occupied": "That space is taken.",
    "unknown-position": "That position is not on the board.",
    "not-on-a-link": "That space is not on a path.",
    "not-expected": "This move answers a question nobody asked.",
    "one-main-action": "One main action per turn: walk, roll or draw.",
    "one-die": "Rumours: this player moves with one die only until the next evaluation.",
    "two-dice": "This roll is made with two dice.",
    "choose-first": "First choose the turn's main action: walk, roll or draw.",
    "meet-expected": "Your pawn met opponents: take a card from each or decline.",
    "seat-expected": "The pawn that reached the INSIDER must first take a free table.",
    "guard-expected": "A starred card awaits the bodyguard's answer.",
    "guard-out-of-turn": "The bodyguard is only played in answer to a starred card.",
    "guard-count": "You do not have enough bodyguards.",
    "vip-expected": "The VIP rearrangement is under way.",
    "vip-empty": "No table to rearrange.",
    "vip-swap": "That swap of tables is impossible.",
    "vip": "That VIP rearrangement is impossible.",
    "totalout-expected": "The Total OUT moves are under way.",
    "totalout-place": "A Total OUT does not go there.",
    "not-total-out": "There is no Total OUT there.",
    "total-out": "That Total OUT move is impossible.",
    "no-double": "Only a double lets you move a Total OUT.",
    "double-used": "The double has already been used.",
    "shut-in": "That Total OUT would shut pawns in.",
    "not-enough-cards": "You do not have enough cards of that kind.",
    "cards-locked": "No more cards to play this turn.",
    "cards-played": "Cards have already been played this turn.",
    "fresh-cards": "A card drawn this turn cannot be played straight away.",
    "swap-after-play": "No card swap after playing one.",
    "power": "That card power does not exist.",
    "card": "That card is not played that way.",
    "admin-pawn": "Administrator: that pawn cannot be swapped.",
    "admin-place": "Administrator: no swap on that space.",
    "admin-reach": "Administrator: that pawn is out of reach.",
    "admin-same-place": "Administrator: both pawns are on the same space.",
    "admin-same-player": "Administrator: both pawns belong to the same player.",
    "heli-place": "Helicopter: you cannot land there.",
    "heli-reach": "Helicopter: that flight is out of reach.",
    "foreign-base": "You may not enter another player's base.",
    "insider-full": "The INSIDER is full.",
    "table-taken": "That table is already taken.",
    "seated": "That pawn is already seated at the INSIDER.",
    "must-move": "Movement points are left to play.",
    "no-move": "No movement is possible that way.",
    "no-pawn": "None of your pawns is there.",
    "not-a-step": "That is not a step to a neighbouring space.",
    "pawn-stopped": "That pawn has stopped (it took a card).",
    "points": "Not enough movement points.",
    "target": "That destination is impossible.",
    "walk": "Walking is impossible now.",
    "draw": "Drawing is impossible now.",
    "die": "Rolling is impossible now."
  },
  "table": {
    "seat": "Player {number}",
    "game-over": "the game is over",
    "not-your-turn": "it is not this seat's turn"
  },
  "events": {
    "overload": {
      "tables": {
        "cause": {
          "seeded": "rolled by the server",
          "forced": "forced",
          "no-load": "no discs chosen before the roll"
        },
        "step": {
          "forward": "steps forward one space",
          "back": "steps back one space"
        },
        "pawn": {
          "red1": "red pawn 1",
          "red2": "red pawn 2",
          "red3": "red pawn 3",
          "red4": "red pawn 4",
          "blue1": "blue pawn 1",
          "blue2": "blue pawn 2",
          "blue3": "blue pawn 3",
          "blue4": "blue pawn 4",
          "yellow1": "yellow pawn 1",
          "yellow2": "yellow pawn 2",
          "yellow3": "yellow pawn 3",
          "yellow4": "yellow pawn 4",
          "green1": "green pawn 1",
          "green2": "green pawn 2",
          "green3": "green pawn 3",
          "green4": "green pawn 4",
          "black1": "black pawn 1",
          "black2": "black pawn 2",
          "black3": "black pawn 3",
          "black4": "black pawn 4",
          "white1": "white pawn 1",
          "white2": "white pawn 2",
          "white3": "white pawn 3",
          "white4": "white pawn 4"
        }
      },
      "parts": {
        "space": {
          "switch": "role",
          "cases": {
            "start": "start",
            "finish": "finish ({number})"
          },
          "else": [
            "space {number}",
            {
              "if": "special",
              "then": " [{special}]"
            }
          ]
        },
        "reason": {
          "if": "overload",
          "then": "{points} for the Overload of the {overload|table:pawn}",
          "else": "{points} for the finish"
        }
      },
      "kinds": {
        "acted": [
          {
            "switch": "action",
            "cases": {
              "roll": "die: {value}",
              "load": "loads {value|count:disc}",
              "move": "moves the {value|table:pawn}",
              "give": "gives to the {value|table:pawn}",
              "take": "takes from the {value|table:pawn}",
              "step": "{value|table:step}"
            }
          },
          {
            "if": "cause",
            "then": " ({cause|table:cause})"
          }
        ],
        "moved": "{pawn|table:pawn}: {frm|part:space} → {to|part:space}, {discs|count:disc}",
        "discs": "{pawn|table:pawn}: {before} → {after|count:disc}",
        "finished": [
          "the {pawn|table:pawn} reaches the finish with {discs|count:disc}",
          {
            "if": "bonus_discs set",
            "then": " + {bonus} bonus for exactly {bonus_discs}"
          },
          " = {points} points; back to the start, its discs go to the cup"
        ],
        "overloaded": "Overload! The {pawn|table:pawn} would carry a {disc|ordinal} disc: back to the start, its discs go to the cup",
        "scored": "{player} scores {points} ({reasons|part:reason|join:, }; total {total})",
        "won": "{player} reaches {target} points and wins",
        "await-load": "{player}: choose 0 to {most} discs for the {pawn|table:pawn} on the start, then roll the die.",
        "await-roll": "{player}: roll the die.",
        "await-move": "{player} rolled {roll}: move a pawn ({pawns|table:pawn|join:, }).",
        "await-step": "{player}: the {pawn|table:pawn} is on a +/- space and must step forward or back one space at once.",
        "await-settle": [
          "{player}: the {pawn|table:pawn} settles each pawn met, giving or taking ",
          {
            "if": "discs = 2",
            "then": "2 discs (x2 space)",
            "else": "1 disc"
          },
          "."
        ],
        "game-won": "Game over: {player} wins with {points} points."
      }
    },
    "offboard": {
      "parts": {
        "score": [
          "red {red}, yellow {yellow}",
          {
            "if": [
              "removed_red",
              "removed_yellow"
            ],
            "then": [
              "; removed from the game after a bounce: ",
              {
                "list": [
                  {
                    "if": "removed_red",
                    "then": "red {removed_red}"
                  },
                  {
                    "if": "removed_yellow",
                    "then": "yellow {removed_yellow}"
                  }
                ],
                "join": ", "
              }
            ]
          }
        ],
        "why": {
          "switch": "why",
          "cases": {
            "points": "{winner} reaches {points} points"
          },
          "else": [
            "{loser} has no ",
            {
              "if": "why = no-marble",
              "then": "marble left on the board",
              "else": "legal move left"
            },
            " and loses"
          ]
        }
      },
      "kinds": {
        "acted": {
          "switch": "form",
          "cases": {
            "place": "{player} puts its marble back on {hole}",
            "remove": "{player} removes its marble from the game"
          },
          "else": "{player} {move}"
        },
        "stepped": [
          {
            "if": "pushed",
            "then": "a line of {marbles} pushes {pushed} {opponent} marble(s)",
            "else": {
              "if": "marbles = 1",
              "then": "one marble steps",
              "else": "a line of {marbles} moves"
            }
          },
          {
            "if": "target set",
            "then": {
              "if": "bounced",
              "then": "; a {opponent} marble goes off toward target {target}, already taken: no points, {opponent} must put it back or remove it",
              "else": "; a {opponent} marble goes off into target {target}: +{points}"
            }
          }
        ],
        "placed": "the bounced marble comes back on {hole}",
        "removed": "the bounced marble is removed from the game; the same player moves again",
        "await-play": [
          "Score: {score|part:score}. {player} to play",
          {
            "if": "in_hand",
            "then": ": its pushed-off marble bounced off a taken target; put it back (the whole turn) or remove it from the game, then play.",
            "else": "."
          }
        ],
        "game-over": [
          "Score: {score|part:score}. Game over: {winner} wins (",
          {
            "part": "why"
          },
          ")."
        ]
      }
    },
    "insider": {
      "seat": "P{index}",
      "tables": {
        "card": {
          "admin": "Administrator",
          "heli": "Helicopter",
          "scandal": "Scandal",
          "trend": "Trend",
          "guard": "Bodyguard"
        },
        "reason": {
          "last-table": "the last table is taken",
          "media-hype": "media hype"
        }
      },
      "parts": {
        "power": {
          "switch": "card",
          "cases": {
            "admin": {
              "switch": "power",
              "cases": {
                "1": "swaps {args.0} and {args.1}",
                "2": "swaps {args.0} and {args.1}",
                "3": "VIP rearrangement"
              }
            },
            "heli": {
              "switch": "power",
              "cases": {
                "1": "flight {args.0} → {args.1}",
                "2": "flight {args.0} → {args.1}",
                "3": "meeting for {args.0|seat}"
              }
            },
            "scandal": {
              "switch": "power",
              "cases": {
                "1": "{args.0|seat} skips a turn",
                "2": "{args.0|seat} has only one die until the next evaluation",
                "3": "bomb alert"
              }
            },
            "trend": {
              "switch": "power",
              "cases": {
                "1": "plays again",
                "2": "moves Total OUT cards",
                "3": "media hype"
              }
            }
          }
        }
      },
      "kinds": {
        "acted": "{action}",
        "drew": {
          "if": "count",
          "then": "{player|seat} draws {count|count:card} ({occupied|count:square} taken)",
          "else": [
            "{player|seat} draws no card (",
            {
              "if": "occupied",
              "then": "hand full",
              "else": "no pawn on a square that gives one"
            },
            ")"
          ]
        },
        "swapped-card": "{player|seat} discards a card and draws one",
        "card-played": [
          "{player|seat} plays {card|table:card} {power}: ",
          {
            "part": "power"
          }
        ],
        "declined": "{player|seat} takes no card and may move on",
        "stolen": "{thief|seat} takes a card from {victim|seat}",
        "rolled-seven": "{player|seat} rolled 7: rolls again",
        "rolled": [
          "{player|seat} rolled {dice|join:+}",
          {
            "if": "double",
            "then": " (double)"
          }
        ],
        "evaluation-turned": "evaluation card {card} turned: the INSIDER's tables are worth {tables|either:and} points",
        "guarded": "Bodyguard from {helpers|seat|join:, }: the {card|table:card} {power} card is cancelled",
        "meeting": "meeting: every pawn of {player|seat} goes back to its base",
        "bomb-alert": "bomb alert: every pawn goes home, card {card} goes under the pile",
        "total-out-hit": "{count} pawn(s) of {player|seat} under the Total OUT go back to base",
        "total-out-moved": "Total OUT moved from {frm} to {to}",
        "evaluated": [
          "evaluation {number} ({reason|table:reason}) of card {card}: ",
          {
            "each": [
              "gains",
              "scores"
            ],
            "as": "{index|seat} {gains|signed} → {scores}",
            "join": ", "
          }
        ],
        "game-over": [
          "game over: {winners|seat|join:, } ",
          {
            "if": "winners.1 set",
            "then": "win",
            "else": "wins"
          }
        ],
        "reshuffled": "the action deck is empty: the discard pile is shuffled into a new deck",
        "points-lost": "{player|seat} cannot move further: {points} point(s) lost",
        "plays-again": "{player|seat} plays again (Trend)",
        "skipped": "{player|seat} skips this turn (Scandal)",
        "timed-out": "time is up ({seconds} s): no Bodyguard",
        "ended": [
          "Game over after {evaluations} evaluation(s): {winners|seat|join:, } ",
          {
            "if": "winners.1 set",
            "then": "win",
            "else": "wins"
          },
          "."
        ],
        "await-guard": "{victim|seat}: answer {attacker|seat}'s {card|table:card} {power} card with a Bodyguard, or pass.",
        "await-meet": "{player|seat}: your pawn meets {victims|seat|join:, }: take a card from each (the pawn stops) or decline (it may move on).",
        "await-draw": "Chance: the card {player|seat} draws.",
        "await-steal": "Chance: the card {player|seat} takes.",
        "await-dice": {
          "if": "dice = 1",
          "then": "Chance: the roll of the die.",
          "else": "Chance: the roll of the dice."
        },
        "await-evaluation": "Chance: the evaluation card turned.",
        "await-seat": "{player|seat}: choose a free table.",
        "await-vip": "{player|seat}: rearrange the tables, then “Done”.",
        "await-totalout": "{player|seat}: move up to {left} Total OUT, then “Done”.",
        "await-choice": [
          "{player|seat} to play: ",
          {
            "list": [
              {
                "if": "legal has walk",
                "then": "walk"
              },
              {
                "if": "legal has roll",
                "then": "roll"
              },
              {
                "if": "legal has draw",
                "then": "draw"
              }
            ],
            "either": "or"
          },
          {
            "if": "not legal has walk",
            "then": " (rumours: one die, no walking)"
          },
          "."
        ],
        "await-moving": [
          "{player|seat} moving: {points} point(s) left (",
          {
            "list": [
              "move a pawn",
              {
                "if": "cards",
                "then": "play cards"
              },
              {
                "if": "totalout",
                "then": "move a Total OUT (double)"
              }
            ],
            "either": "or"
          },
          ")."
        ],
        "await-end": [
          "{player|seat}: ",
          {
            "list": [
              {
                "if": "cards",
                "then": "play cards"
              },
              {
                "if": "totalout",
                "then": "move a Total OUT (double)"
              },
              {
                "if": "swap",
                "then": "swap a card"
              },
              "end the turn"
            ],
            "either": "or"
          },
          "."
        ]
      }
    }
  }
};
