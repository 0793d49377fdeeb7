"""The body of `overturn dict lookup`, free of click so the start-up fast path can run it."""

from __future__ import annotations

from overturn_cli.console import echo, echo_json, open_lexicon

TYPE_CHECKING = False  # not from typing: importing typing costs a look-up's start-up 2 ms (type checkers read the name as true)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from overturn.lexicon.lexicon import Lexicon

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
    """Print each word's verdict; the exit status: 2 if any word is not a word of letters, else 1 if any is not in the lexicon.

    Raises CommandInputError (a lexicon that cannot be opened) before printing anything.
    """
    lexicon = open_lexicon(lexicon_spec)
    results = [_verdict(lexicon, word, suggest=True, as_json=as_json) for word in words]
    if as_json:
        echo_json({"lexicon": lexicon.name, "results": results})
    else:
        for result in results:
            _echo_entry(result, lexicon.name)
    return _status(results)


def lookup_list(lines: Iterable[tuple[int, str, str | None]], lexicon_spec: str, as_json: bool) -> int:
    """A list's verdicts, one a line as each is read (JSON lines under ``as_json``, each with its ``line``), no close words.

    ``lines`` holds (line number, word, refusal): a line refused by its reader (too long) is reported
    with its number like a line that is not a word, and the list goes on. The status is lookup_words'.
    """
    lexicon = open_lexicon(lexicon_spec)
    results = []
    for number, word, refusal in lines:
        if refusal is None:
            result = _verdict(lexicon, word, suggest=False, as_json=as_json)
        else:
            result = {"word": word, "key": None, "valid": False, "error": refusal, "entries": [], "suggestions": []}
        result = {"line": number, **result}
        _echo_verdict(result, lexicon.name, as_json)
        results.append({"valid": result["valid"], "error": result.get("error")})
    return _status(results)


def _status(results: list[dict[str, Any]]) -> int:
    if any(result.get("error") for result in results):
        return 2
    return 0 if all(result["valid"] for result in results) else 1


def _verdict(lexicon: Lexicon, word: str, suggest: bool, as_json: bool) -> dict[str, Any]:
    """One word's answer, ``GET /api/words/{word}``'s (close words if ``suggest``; under ``as_json`` checked as its
    ``Lookup``, which text need not import), or why it is not a word."""
    from overturn.lexicon.lexicon import WordTooLong
    from overturn.lexicon.lookup import look_up
    from overturn.lexicon.normalize import InvalidWord, normalize_key

    try:
        key = normalize_key(word)
        lexicon.check_length(key)
    except (InvalidWord, WordTooLong) as exc:
        return {"word": word, "key": None, "valid": False, "error": str(exc), "entries": [], "suggestions": []}
    answer = look_up(lexicon, lexicon.name, word, key, suggest)
    if as_json:
        import msgspec

        from overturn.lexicon.answers import Lookup

        answer = msgspec.to_builtins(msgspec.convert(answer, Lookup))
    return answer


def _shown(word: str) -> str:
    shown = word if len(word) <= 40 else word[:20] + "…"
    return shown if shown.isprintable() else repr(shown)  # no control codes or undecodable bytes to the terminal


def _echo_verdict(result: dict[str, Any], lexicon_name: str, as_json: bool) -> None:
    """One line for one word of a list."""
    if as_json:
        import json

        echo(json.dumps({"lexicon": lexicon_name, **result}, ensure_ascii=False))
    elif result.get("error"):
        echo(f"line {result['line']}: {_shown(result['word'])}: invalid input: {result['error']}")
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
