"""The body of `overturn dict lookup`, free of click so the start-up fast path can run it."""

from __future__ import annotations

from overturn_cli.console import echo, echo_json, open_lexicon

TYPE_CHECKING = False  # not from typing: importing typing costs a look-up's start-up 2 ms (type checkers read the name as true)
if TYPE_CHECKING:
    from typing import Any

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


def lookup_words(words: tuple[str, ...], lexicon_spec: str, as_json: bool, as_list: bool = False) -> int:
    """Print each word's verdict; the exit status: 2 if any word is not a word of letters, else 1 if any is not in the lexicon.

    ``as_list`` (a list read from a file or stdin): one verdict a line, JSON lines under ``as_json``,
    no close words. Raises CommandInputError (a lexicon that cannot be opened) before printing anything.
    """
    from overturn.lexicon.lexicon import WordTooLong
    from overturn.lexicon.links import definition_links
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
        result = {
            "word": word,
            "key": key,
            "valid": bool(entries),
            "spellings": sorted({entry.form for entry in entries}),
            "entries": [entry._asdict() for entry in entries],
            "suggestions": [] if entries or as_list else lexicon.near(key),
        }
        if entries:
            result["links"] = definition_links(entries[0].form, entries[0].lemma)
        results.append(result)
        if as_list:
            _echo_verdict(result, lexicon.name, as_json)
    if not as_list:
        if as_json:
            echo_json({"lexicon": lexicon.name, "results": results})
        else:
            for result in results:
                _echo_entry(result, lexicon.name)
    if any(result.get("error") for result in results):
        return 2
    return 0 if all(result["valid"] for result in results) else 1


def _shown(word: str) -> str:
    shown = word if len(word) <= 40 else word[:20] + "…"
    return shown if shown.isprintable() else repr(shown)  # no control codes or undecodable bytes to the terminal


def _echo_verdict(result: dict[str, Any], lexicon_name: str, as_json: bool) -> None:
    """One line for one word of a list."""
    if as_json:
        import json

        echo(json.dumps({"lexicon": lexicon_name, **result}, ensure_ascii=False))
    elif result.get("error"):
        echo(f"{_shown(result['word'])}: invalid input: {result['error']}")
    elif result["valid"]:
        echo(f"{result['key']}: valid ({', '.join(result['spellings'])})")
    else:
        echo(f"{result['key']}: not in lexicon {lexicon_name}")


def _echo_entry(result: dict[str, Any], lexicon_name: str) -> None:
    """A word typed on the command line: its entries and definition link, or close words."""
    if result.get("error"):
        echo(f"{_shown(result['word'])}: invalid input: {result['error']}")
    elif result["valid"]:
        echo(f"{result['key']}: valid")
        for entry in result["entries"]:
            lemma = "" if entry["lemma"] == entry["form"] else f" (from {entry['lemma']})"
            echo(f"  {entry['form']} — {describe_pos(entry['pos'])}{lemma}")
        echo(f"  definition: {' · '.join(result['links'].values())}")
    else:
        hint = f"; close words: {', '.join(result['suggestions'])}" if result["suggestions"] else ""
        echo(f"{result['key']}: not in lexicon {lexicon_name}{hint}")
