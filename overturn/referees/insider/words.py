"""Insider's events in words, from the catalogues (overturn/wording/<lang>.json, the page's words too): ``EN`` for
the command line, ``FR`` for the table.

English names players ``P0``, ``P1``... (the board drawing's names); French as the page's seats (*Joueur 1*) and the
cards as the page names them (*Hélicoptère*). Squares and pawn references keep the notation's names (``c3``, ``b2:1``).
"""

from __future__ import annotations

from overturn.referees.templates import SharedCatalogue

EN = SharedCatalogue("en", "insider")
FR = SharedCatalogue("fr", "insider")
