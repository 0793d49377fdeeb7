// Made from overturn/wording/fr.json by overturn.referees.templates.page_module; to change a sentence, edit the catalogue and
// run tests/test_wording_source.py with OVERTURN_WRITE_WORDING=1 (it holds the two equal).
export default {
  "refused": "Coup refusé par la règle.",
  "refusals": {
    "notation": "Coup illisible : écrivez-le dans la notation du jeu.",
    "syntax": "Coup illisible : écrivez-le dans la notation du jeu.",
    "game-over": "La partie est terminée.",
    "not-your-turn": "Ce n'est pas à vous de jouer.",
    "seeded-chance": "Cette table tire dés et cartes elle-même : le coup de hasard n'est pas à taper ici.",
    "table-chance": "À cette table, les dés sont lancés par les joueurs : tapez la valeur obtenue.",
    "chance-expected": "Il faut d'abord donner le résultat du hasard (dés ou carte).",
    "bad-outcome": "Ce résultat de dés ou de carte est impossible ici.",
    "illegal": "Ce coup est interdit par la règle.",
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
    "not-met": "Ce pion n'est pas un de ceux à régler ici.",
    "give-without-disc": "Votre pion n'a pas de disque à donner.",
    "take-without-disc": "Ce pion n'a pas de disque à prendre.",
    "not-your-marble": "Cette bille n'est pas à vous.",
    "not-adjacent": "Une bille avance d'un trou voisin seulement.",
    "own-marble-off": "On ne pousse pas sa propre bille hors du plateau.",
    "single-cannot-push": "Une bille seule ne pousse pas.",
    "outnumbered": "La ligne qui pousse doit compter plus de billes que celle qu'elle pousse.",
    "push-blocked": "Une de vos billes est derrière la ligne poussée : la poussée est bloquée.",
    "marble-in-hand": "Réglez d'abord la bille qui a rebondi : replacez-la ou retirez-la.",
    "nothing-in-hand": "Aucune bille n'a rebondi : rien à replacer ni à retirer.",
    "not-chance": "Aucun tirage n'est attendu maintenant.",
    "occupied": "Ce trou n'est pas libre.",
    "space-occupied": "Cette case est occupée.",
    "unknown-position": "Cette position n'existe pas sur le plateau.",
    "not-on-a-link": "Cette case n'est pas sur un chemin.",
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
    "die": "Lancer est impossible maintenant."
  },
  "table": {
    "seat": "Joueur {number}",
    "game-over": "la partie est terminée",
    "not-your-turn": "ce n'est pas le tour de ce siège"
  },
  "events": {
    "overload": {
      "tables": {
        "colour": {
          "red": "rouge",
          "blue": "bleu",
          "yellow": "jaune",
          "green": "vert",
          "black": "noir",
          "white": "blanc"
        },
        "cause": {
          "seeded": "tiré par le serveur",
          "forced": "forcé",
          "no-load": "aucun disque choisi avant le lancer"
        },
        "step": {
          "forward": "avance d'une case",
          "back": "recule d'une case"
        },
        "pawn": {
          "red1": "pion rouge 1",
          "red2": "pion rouge 2",
          "red3": "pion rouge 3",
          "red4": "pion rouge 4",
          "blue1": "pion bleu 1",
          "blue2": "pion bleu 2",
          "blue3": "pion bleu 3",
          "blue4": "pion bleu 4",
          "yellow1": "pion jaune 1",
          "yellow2": "pion jaune 2",
          "yellow3": "pion jaune 3",
          "yellow4": "pion jaune 4",
          "green1": "pion vert 1",
          "green2": "pion vert 2",
          "green3": "pion vert 3",
          "green4": "pion vert 4",
          "black1": "pion noir 1",
          "black2": "pion noir 2",
          "black3": "pion noir 3",
          "black4": "pion noir 4",
          "white1": "pion blanc 1",
          "white2": "pion blanc 2",
          "white3": "pion blanc 3",
          "white4": "pion blanc 4"
        }
      },
      "parts": {
        "space": {
          "switch": "role",
          "cases": {
            "start": "départ",
            "finish": "arrivée ({number})"
          },
          "else": [
            "case {number}",
            {
              "if": "special",
              "then": " [{special}]"
            }
          ]
        },
        "reason": {
          "if": "overload",
          "then": "{points} pour la surcharge du {overload|table:pawn}",
          "else": "{points} pour l'arrivée"
        }
      },
      "kinds": {
        "acted": [
          {
            "switch": "action",
            "cases": {
              "roll": "dé : {value}",
              "load": {
                "if": "value = 0",
                "then": "ne charge aucun disque",
                "else": "charge {value|count:disque}"
              },
              "move": "déplace le {value|table:pawn}",
              "give": "donne au {value|table:pawn}",
              "take": "prend au {value|table:pawn}",
              "step": "{value|table:step}"
            }
          },
          {
            "if": "cause",
            "then": " ({cause|table:cause})"
          }
        ],
        "moved": [
          "{pawn|table:pawn} : {frm|part:space} → {to|part:space}, ",
          {
            "if": "discs",
            "then": "{discs|count:disque}",
            "else": "sans disque"
          }
        ],
        "discs": {
          "if": "after",
          "then": "{pawn|table:pawn} : {before} → {after|count:disque}",
          "else": "le {pawn|table:pawn} n'a plus de disque"
        },
        "finished": [
          [
            "le {pawn|table:pawn} atteint l'arrivée ",
            {
              "if": "discs",
              "then": "avec {discs|count:disque}",
              "else": "sans disque"
            }
          ],
          {
            "if": "bonus_discs set",
            "then": " + {bonus} de bonus pour exactement {bonus_discs}"
          },
          " = {points|count:point} ; retour au départ, ses disques vont dans la coupe"
        ],
        "overloaded": "Surcharge ! Le {pawn|table:pawn} porterait un {disc}e disque : retour au départ, ses disques vont dans la coupe",
        "scored": "{player|table:colour} marque {points} ({reasons|part:reason|join:, } ; total {total})",
        "won": "{player|table:colour} atteint {target} points et gagne",
        "await-load": "{player|table:colour} : choisissez de 0 à {most} disques pour le {pawn|table:pawn} au départ, puis lancez le dé.",
        "await-roll": "{player|table:colour} : lancez le dé.",
        "await-move": "{player|table:colour} a fait {roll} : déplacez un pion ({pawns|table:pawn|join:, }).",
        "await-step": "{player|table:colour} : le {pawn|table:pawn} est sur une case +/- et doit avancer ou reculer d'une case tout de suite.",
        "await-settle": [
          "{player|table:colour} : le {pawn|table:pawn} règle chaque pion rencontré, en donnant ou en prenant ",
          {
            "if": "discs = 2",
            "then": "2 disques (case x2)",
            "else": "1 disque"
          },
          "."
        ],
        "game-won": "Partie terminée : {player|table:colour} gagne avec {points} points."
      }
    },
    "offboard": {
      "tables": {
        "colour": {
          "red": "rouge",
          "yellow": "jaune"
        }
      },
      "parts": {
        "score": [
          "rouge {red}, jaune {yellow}",
          {
            "if": [
              "removed_red",
              "removed_yellow"
            ],
            "then": [
              " ; retirées du jeu après un rebond : ",
              {
                "list": [
                  {
                    "if": "removed_red",
                    "then": "rouge {removed_red}"
                  },
                  {
                    "if": "removed_yellow",
                    "then": "jaune {removed_yellow}"
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
            "points": "{winner|table:colour} atteint {points} points"
          },
          "else": [
            "{loser|table:colour} n'a plus de ",
            {
              "if": "why = no-marble",
              "then": "bille sur le plateau",
              "else": "coup possible"
            },
            " et perd"
          ]
        }
      },
      "kinds": {
        "acted": {
          "switch": "form",
          "cases": {
            "place": "{player|table:colour} replace sa bille en {hole}",
            "remove": "{player|table:colour} retire sa bille du jeu"
          },
          "else": "{player|table:colour} {move}"
        },
        "stepped": [
          {
            "if": "pushed",
            "then": {
              "count": "pushed",
              "one": "une ligne de {marbles} pousse {pushed} bille {opponent|table:colour}",
              "other": "une ligne de {marbles} pousse {pushed} billes {opponent|table:colour}s"
            },
            "else": {
              "if": "marbles = 1",
              "then": "une bille avance",
              "else": "une ligne de {marbles} avance"
            }
          },
          {
            "if": "target set",
            "then": {
              "if": "bounced",
              "then": " ; une bille {opponent|table:colour} sort vers la cible {target}, déjà prise : pas de point, {opponent|table:colour} doit la replacer ou la retirer",
              "else": " ; une bille {opponent|table:colour} sort dans la cible {target} : +{points}"
            }
          }
        ],
        "placed": "la bille rebondie revient en {hole}",
        "removed": "la bille rebondie est retirée du jeu ; le même joueur rejoue",
        "await-play": [
          "Score : {score|part:score}. ",
          {
            "if": "named",
            "then": "À {player} de jouer",
            "else": "Aux {player|table:colour}s de jouer"
          },
          {
            "if": "in_hand",
            "then": [
              " : ",
              {
                "if": "named",
                "then": "sa",
                "else": "leur"
              },
              " bille sortie a rebondi sur une cible prise ; la replacer (tout le tour) ou la retirer du jeu puis jouer."
            ],
            "else": "."
          }
        ],
        "game-over": [
          "Score : {score|part:score}. Partie terminée : {winner|table:colour} gagne (",
          {
            "part": "why"
          },
          ")."
        ]
      },
      "previews": {
        "stepped": [
          {
            "if": "pushed",
            "then": [
              "une ligne de {marbles} billes pousse {pushed} bille",
              {
                "if": "pushed = 1",
                "then": "",
                "else": "s"
              },
              " {opponent|table:colour}"
            ],
            "else": {
              "if": "marbles = 1",
              "then": "1 bille avance",
              "else": "une ligne de {marbles} billes avance"
            }
          },
          {
            "if": "target set",
            "then": {
              "if": "bounced",
              "then": " ; une bille {opponent|table:colour} sort vers la cible n°{target}, déjà prise : pas de point, elle rebondit",
              "else": " ; une bille {opponent|table:colour} sort dans la cible n°{target} : +{points}"
            }
          }
        ],
        "placed": "la bille qui a rebondi revient sur {hole}",
        "removed": "la bille qui a rebondi quitte la partie ; vous rejouez"
      }
    },
    "insider": {
      "tables": {
        "card": {
          "admin": "Administrateur",
          "heli": "Hélicoptère",
          "scandal": "Scandale",
          "trend": "Tendance",
          "guard": "Garde du corps"
        },
        "reason": {
          "last-table": "la dernière table est prise",
          "media-hype": "battage médiatique"
        }
      },
      "parts": {
        "power": {
          "switch": "card",
          "cases": {
            "admin": {
              "switch": "power",
              "cases": {
                "1": "échange {args.0} et {args.1}",
                "2": "échange {args.0} et {args.1}",
                "3": "réarrangement VIP"
              }
            },
            "heli": {
              "switch": "power",
              "cases": {
                "1": "vol {args.0} → {args.1}",
                "2": "vol {args.0} → {args.1}",
                "3": "réunion pour {args.0|seat}"
              }
            },
            "scandal": {
              "switch": "power",
              "cases": {
                "1": "{args.0|seat} passe un tour",
                "2": "{args.0|seat} n'a qu'un dé jusqu'à la prochaine évaluation",
                "3": "alerte à la bombe"
              }
            },
            "trend": {
              "switch": "power",
              "cases": {
                "1": "rejoue",
                "2": "déplace des cartes Total OUT",
                "3": "battage médiatique"
              }
            }
          }
        }
      },
      "kinds": {
        "acted": "{action}",
        "drew": {
          "if": "count",
          "then": "{player|seat} pioche {count|count:carte} ({occupied|count:case occupée:cases occupées})",
          "else": [
            "{player|seat} ne pioche aucune carte (",
            {
              "if": "occupied",
              "then": "main pleine",
              "else": "aucun pion sur une case qui en donne"
            },
            ")"
          ]
        },
        "swapped-card": "{player|seat} défausse une carte et en pioche une",
        "card-played": [
          "{player|seat} joue {card|table:card} {power} : ",
          {
            "part": "power"
          }
        ],
        "declined": "{player|seat} ne prend pas de carte et peut continuer",
        "stolen": "{thief|seat} prend une carte à {victim|seat}",
        "rolled-seven": "{player|seat} fait 7 : relance",
        "rolled": [
          "{player|seat} fait {dice|join:+}",
          {
            "if": "double",
            "then": " (double)"
          }
        ],
        "evaluation-turned": "carte d'évaluation {card} retournée : les tables de l'INSIDER valent {tables|either:et} points",
        "guarded": "Garde du corps de {helpers|seat|either:et} : la carte {card|table:card} {power} est annulée",
        "meeting": "réunion : tous les pions de {player|seat} rentrent à leur base",
        "bomb-alert": "alerte à la bombe : tous les pions rentrent, la carte {card} passe sous la pile",
        "total-out-hit": [
          "{count|count:pion} de {player|seat} sous le Total OUT ",
          {
            "count": "count",
            "one": "rentre",
            "other": "rentrent"
          },
          " à la base"
        ],
        "total-out-moved": "Total OUT déplacé de {frm} à {to}",
        "evaluated": [
          "évaluation {number} ({reason|table:reason}) de la carte {card} : ",
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
          "partie terminée : {winners|seat|either:et} ",
          {
            "count": "winners",
            "one": "gagne",
            "other": "gagnent"
          }
        ],
        "reshuffled": "la pioche est vide : la défausse est mélangée en une nouvelle pioche",
        "points-lost": "{player|seat} ne peut plus avancer : {points|count:point perdu:points perdus}",
        "plays-again": "{player|seat} rejoue (Tendance)",
        "skipped": "{player|seat} passe ce tour (scandale)",
        "timed-out": "temps écoulé ({seconds} s) : pas de garde du corps",
        "ended": [
          "Partie terminée après {evaluations|count:évaluation} : {winners|seat|either:et} ",
          {
            "count": "winners",
            "one": "gagne",
            "other": "gagnent"
          },
          "."
        ],
        "await-guard": "{victim|seat} : répondez à la carte {card|table:card} {power} de {attacker|seat} par un Garde du corps, ou passez.",
        "await-meet": "{player|seat} : votre pion rencontre {victims|seat|either:et} : prenez une carte à chacun (le pion s'arrête) ou refusez (il peut continuer).",
        "await-draw": "Hasard : la carte piochée par {player|seat}.",
        "await-steal": "Hasard : la carte que {player|seat} prend.",
        "await-dice": {
          "if": "dice = 1",
          "then": "Hasard : le lancer du dé.",
          "else": "Hasard : le lancer des dés."
        },
        "await-evaluation": "Hasard : la carte d'évaluation retournée.",
        "await-seat": "{player|seat} : choisissez une table libre.",
        "await-vip": "{player|seat} : réarrangez les tables, puis « Terminé ».",
        "await-totalout": "{player|seat} : déplacez jusqu'à {left} Total OUT, puis « Terminé ».",
        "await-choice": [
          "Au tour de {player|seat} : ",
          {
            "list": [
              {
                "if": "legal has walk",
                "then": "marcher"
              },
              {
                "if": "legal has roll",
                "then": "lancer"
              },
              {
                "if": "legal has draw",
                "then": "piocher"
              }
            ],
            "either": "ou"
          },
          {
            "if": "not legal has walk",
            "then": " (rumeurs : un seul dé, pas de marche)"
          },
          "."
        ],
        "await-moving": [
          "{player|seat} avance : {points|count:point} à jouer (",
          {
            "list": [
              "déplacer un pion",
              {
                "if": "cards",
                "then": "jouer des cartes"
              },
              {
                "if": "totalout",
                "then": "déplacer un Total OUT (double)"
              }
            ],
            "either": "ou"
          },
          ")."
        ],
        "await-end": [
          "{player|seat} : ",
          {
            "list": [
              {
                "if": "cards",
                "then": "jouer des cartes"
              },
              {
                "if": "totalout",
                "then": "déplacer un Total OUT (double)"
              },
              {
                "if": "swap",
                "then": "échanger une carte"
              },
              "finir le tour"
            ],
            "either": "ou"
          },
          "."
        ]
      }
    }
  }
};
