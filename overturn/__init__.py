"""overturn: Overturn solver and referee with a French lexicon, plus table referees.

Heavy modules (the lexicon, the solver) are imported lazily by their users so
that `import overturn` and the command line stay fast.
"""

__version__ = "0.1.0"
