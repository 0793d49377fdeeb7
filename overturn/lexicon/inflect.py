"""Every form of a regular first-group verb, for the supplement's verbs (lexicons/supplement.tsv).

The supplement lists each playable form on a row of its own; this writes the
rows of a verb conjugated like *chanter*; like *placer* and *manger* (ç and ge
before a and o: plaçons, mangeait); like *céder* when the stem's last vowel is
an é before a consonant (je cède, nous cédons, je céderai); or both (protéger).
Tests cross-check it against every such verb of DELA. Verbs whose stem changes
otherwise (-yer, an e before one consonant as in *semer*, *sevrer*,
*appeler*, *jeter*) are refused rather than conjugated wrongly.
"""

from __future__ import annotations

_PRESENT = ("e", "es", "e", "ons", "ez", "ent")
_IMPERFECT = ("ais", "ais", "ait", "ions", "iez", "aient")
_SIMPLE_PAST = ("ai", "as", "a", "âmes", "âtes", "èrent")
_FUTURE = ("erai", "eras", "era", "erons", "erez", "eront")
_CONDITIONAL = ("erais", "erais", "erait", "erions", "eriez", "eraient")
_SUBJUNCTIVE = ("e", "es", "e", "ions", "iez", "ent")
_SUBJUNCTIVE_PAST = ("asse", "asses", "ât", "assions", "assiez", "assent")
#: Endings whose e is mute: before them the é of a *céder* stem becomes è.
_MUTE_E_ENDINGS = frozenset({"e", "es", "ent"})
_VOWELS = "aeiouyéèêëâàîïôöûüù"


def _last_vowel_before_a_consonant(stem: str) -> tuple[int, str]:
    """Where the stem's last vowel is and which it is, if a consonant follows it.

    A stem's final u after g or q is silent (pégu-er, je pègue), so part of the consonant; elsewhere it is a vowel
    (régul-er, je régule). (-1, "") when the stem ends in a vowel (créer, tuer: nothing alternates).
    """
    index = len(stem)
    if stem.endswith(("gu", "qu")):
        index -= 1
    while index > 0 and stem[index - 1] not in _VOWELS:
        index -= 1
    if index == 0 or index == len(stem):
        return -1, ""
    return index - 1, stem[index - 1]


def _e_alternates(consonants: str) -> bool:
    """Whether an e before these consonants turns è or doubles them before a mute e (semer, sevrer, appeler, jeter),
    rather than staying as it is before two sounded consonants (tester, cesser, bletser, guetter)."""
    return len(consonants) == 1 or consonants in ("ch", "ph", "th", "gu", "qu") or (
        len(consonants) == 2 and consonants[1] in "lr" and consonants[0] not in "lr")


def first_group_forms(infinitive: str, participle_agrees: bool = True) -> list[str]:
    """The distinct forms of a regular -er verb, infinitive first (participle agreement off: *p.p. inv.* in the ODS)."""
    if not (infinitive.endswith("er") and len(infinitive) > 3 and infinitive.isalpha() and infinitive.islower()):
        raise ValueError(f"{infinitive!r} is not the lower-case infinitive of a first-group verb")
    stem = infinitive[:-2]
    where, vowel = _last_vowel_before_a_consonant(stem)
    if stem.endswith("y") or vowel == "e" and _e_alternates(stem[where + 1:]):
        raise ValueError(f"{infinitive!r} changes its stem when conjugated; list its forms by hand")
    grave_stem = stem[:where] + "è" + stem[where + 1:] if vowel == "é" else stem
    # Before a, â and o a soft c is written ç and a soft g ge (the gg of jogger is hard, as the gu of déléguer).
    hard_stem = stem[:-1] + "ç" if stem.endswith("c") else stem + "e" if stem.endswith("g") and not stem.endswith("gg") else stem
    endings = [*_PRESENT, *_IMPERFECT, *_SIMPLE_PAST, *_FUTURE, *_CONDITIONAL, *_SUBJUNCTIVE, *_SUBJUNCTIVE_PAST, "ant", "é"]
    if participle_agrees:
        endings += ["ée", "és", "ées"]
    forms = [infinitive]
    for ending in endings:
        form = (grave_stem if ending in _MUTE_E_ENDINGS else hard_stem if ending[0] in "aâo" else stem) + ending
        if form not in forms:
            forms.append(form)
    return forms
