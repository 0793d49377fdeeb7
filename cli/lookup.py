"""The body of `overturn dict lookup`, free of click so the start-up fast path can run it."""

from __future__ import annotations

from typing import Any

from overturn_cli.console import echo, echo_json, open_lexicon

POS_NAMES = {
    "N": "noun",
    "A": "adjective",
    "V": "verb",
    "ADV": "adverb",
    "PREP": "preposition",
    "CONJS": "conjunction",
    "CONJC": "conjunction",
    "PRO": "pronoun",
    "DET": "determiner",
    "INTJ": "interjection",
    "NDET": "determiner noun",
    "": "word",
}


def describe_pos(pos: str) -> str:
    return POS_NAMES.get(pos, pos.lower())


def lookup_words(words: tuple[str, ...], lexicon_spec: str, as_json: bool) -> int:
    """Print each word's entries or close words; the exit status: 1 if any word is not in the lexicon.

    Raises CommandError (a lexicon that cannot be opened) before printing anything.
    """
    from overturn.lexicon.lexicon import WordTooLong
    from overturn.lexicon.normalize import InvalidWord, normalize_key

    lexicon = open_lexicon(lexicon_spec)
    results: list[dict[str, Any]] = []
    for word in words:
        try:
            key = normalize_key(word)
            lexicon.check_length(key)
        except (InvalidWord, WordTooLong) as exc:
            results.append({"word": word, "key": None, "valid": False, "error": str(exc), "entries": [], "suggestions": []})
            continue
        entries = lexicon.entries(key)
        results.append(
            {
                "word": word,
                "key": key,
                "valid": bool(entries),
                "entries": [entry._asdict() for entry in entries],
                "suggestions": [] if entries else lexicon.near(key),
            }
        )
    if as_json:
        echo_json({"lexicon": lexicon.name, "results": results})
    else:
        for result in results:
            if result.get("error"):
                shown = result["word"] if len(result["word"]) <= 40 else result["word"][:20] + "…"
                shown = shown if shown.isprintable() else repr(shown)  # no control codes or undecodable bytes to the terminal
                echo(f"{shown}: invalid input: {result['error']}")
            elif result["valid"]:
                echo(f"{result['key']}: valid")
                for entry in result["entries"]:
                    lemma = "" if entry["lemma"] == entry["form"] else f" (from {entry['lemma']})"
                    echo(f"  {entry['form']} — {describe_pos(entry['pos'])}{lemma}")
            else:
                hint = f"; close words: {', '.join(result['suggestions'])}" if result["suggestions"] else ""
                echo(f"{result['key']}: not in lexicon {lexicon.name}{hint}")
    return 0 if all(result["valid"] for result in results) else 1
