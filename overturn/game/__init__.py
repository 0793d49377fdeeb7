"""The Overturn game, in the python-chess style: one model, small value types, legality from the model.

Modules: ``board`` (faces, rules, presets, notation), ``tiles`` (the deal),
``value`` (immutable value types), ``solver`` with ``_search.c`` (every legal
word with a path), ``moves`` (sides, moves, results), ``state`` (the game:
``legal_moves``, ``push``, ``pop``, ``is_over``, ``result``), ``referee`` (the
verdict on a word), ``answers`` (a word with its path, a ranked move, a verdict
as types), ``view`` (what a reader of a game is shown), ``save`` (the save
file's types), ``computer`` (five levels), ``match`` (levels against each
other), ``review`` (after the game), ``render`` (the board as text).

Kept free of imports on purpose: the command line's fast paths import single
modules of this package (``overturn.game.board``, ``overturn.game.solver``) and
must not pay for the rest.
"""
