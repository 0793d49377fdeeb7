"""Referees for other table games, one package per game, each following the OpenSpiel state API.

A state exposes ``legal_actions()``, ``apply_action()``, ``is_terminal()`` and
``returns()``; dice and card draws are explicit chance outcomes so a referee can
take the real roll from the table or draw it from a seeded generator.
``protocol`` holds the contract every game implements for the shared command
scaffold (``overturn_cli.referee_app``); ``base`` the refusal type;
``wording`` the tagged ``Event`` Structs a game reports what a move did and
what it awaits with, and the catalogues (one per language) that word them.
"""
