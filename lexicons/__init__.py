"""Lexicon recipes and the data they produce (installed as ``overturn_lexicons``).

The files here are the French default lexicon's extra sources: the Grammalecte
forms that DELA lacks, the game-word supplement and the blocklist.
"""
