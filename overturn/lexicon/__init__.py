"""French lexicons: where words come from, their compiled form, and the searches players use.

Modules: ``normalize`` (the one key: what a word is on the tiles),
``sources`` (DELA, Grammalecte, the supplement, the policies), ``inflect``
(the supplement's verbs), ``spelling`` (ligatures as written), ``family``
(the family filter), ``lemmas`` (conjugation and agreement tables),
``compiled`` with ``_letter_trie.c`` (the build, memory-mapped), ``lexicon``
(the look-up API), ``registry`` (named builds in the cache), ``pattern`` (the
bounded pattern engine), ``searches`` (hooks, plus-one, filters, lists),
``answers`` (entries and spellings as types).
"""
