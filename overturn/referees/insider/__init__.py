"""Insider (Gerhard Kodys, Piatnik): the referee's state machine, board, save file, drawing and playouts.

``state`` holds the rules, ``board`` the material read from data, ``refusals``
why an action is refused, ``codec`` the save file, ``render`` the text drawing,
``playout`` random games, ``scenario`` hand-built positions, ``effects`` what an
action did and what the game awaits (tagged Structs), ``words`` their English and French.
"""

from overturn.referees.base import CHANCE, TERMINAL
from overturn.referees.insider.state import InsiderState

__all__ = ["CHANCE", "TERMINAL", "InsiderState"]
