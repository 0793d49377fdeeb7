"""Every form of a regular first-group verb, for the supplement's verbs (lexicons/supplement.tsv).

The supplement lists each playable form on a row of its own; this writes the
rows of a verb conjugated like *chanter* (tests cross-check it against DELA's
forms of such verbs). Verbs whose stem changes (-cer, -ger, -eler, -eter,
-yer, e/é before a consonant) are refused rather than conjugated wrongly.
"""

from __future__ import annotations

_PRESENT = ("e", "es", "e", "ons", "ez", "ent")
_IMPERFECT = ("ais", "ais", "ait", "ions", "iez", "aient")
_SIMPLE_PAST = ("ai", "as", "a", "âmes", "âtes", "èrent")
_FUTURE = ("erai", "eras", "era", "erons", "erez", "eront")
_CONDITIONAL = ("erais", "erais", "erait", "erions", "eriez", "eraient")
_SUBJUNCTIVE = ("e", "es", "e", "ions", "iez", "ent")
_SUBJUNCTIVE_PAST = ("asse", "asses", "ât", "assions", "assiez", "assent")


def first_group_forms(infinitive: str, participle_agrees: bool = True) -> list[str]:
    """The distinct forms of a regular -er verb, infinitive first (participle agreement off: *p.p. inv.* in the ODS)."""
    if not (infinitive.endswith("er") and len(infinitive) > 3 and infinitive.isalpha() and infinitive.islower()):
        raise ValueError(f"{infinitive!r} is not the lower-case infinitive of a first-group verb")
    stem = infinitive[:-2]
    if stem.endswith(("c", "g", "y")) or stem[-2:-1] in ("e", "é") and stem[-1] not in "aeiouy":
        raise ValueError(f"{infinitive!r} changes its stem when conjugated; list its forms by hand")
    endings = [*_PRESENT, *_IMPERFECT, *_SIMPLE_PAST, *_FUTURE, *_CONDITIONAL, *_SUBJUNCTIVE, *_SUBJUNCTIVE_PAST, "ant", "é"]
    if participle_agrees:
        endings += ["ée", "és", "ées"]
    forms = [infinitive]
    for ending in endings:
        form = stem + ending
        if form not in forms:
            forms.append(form)
    return forms
