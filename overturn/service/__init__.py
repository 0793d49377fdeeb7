"""The HTTP service: a Starlette application over the game, the referees and the lexicon."""
