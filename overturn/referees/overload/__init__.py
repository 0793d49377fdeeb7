"""Overload (Wolfgang Riedl): the referee as a package.

* ``state``: ``OverloadState``, the rules of play in the OpenSpiel style;
* ``rules``: the numbers and the track, read from ``data/overload.json``;
* ``store``: the game file (rebuilt from its inputs and history, then checked);
* ``referee``: ``OverloadReferee``, what the shared command scaffold needs
  (move words, drawing, table wording); ``data/rules.txt`` is `overload rules`;
* ``effects``: what an action did and what the game awaits, as tagged Structs;
* ``words``: their English (the command line) and French (the table page).
"""

from overturn.referees.overload.state import Action, Kind, OverloadState, Phase, random_playout, seeded_face

__all__ = ["Action", "Kind", "OverloadState", "Phase", "random_playout", "seeded_face"]
