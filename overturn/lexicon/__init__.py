"""French lexicons: sources (``sources``), the compiled form (``compiled``),
named builds in the cache (``registry``) and the look-up API (``lexicon``).
"""
