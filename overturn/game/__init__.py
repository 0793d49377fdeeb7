"""The Overturn game: board, tiles, solver, moves and game, referee, computer, review.

Kept empty on purpose: the command line's fast paths import single modules of
this package (``overturn.game.board``, ``overturn.game.solver``) and must not
pay for the rest.
"""
