"""The dictionary area: look-ups and pattern, prefix and anagram searches."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct
from starlette.requests import Request
from starlette.responses import Response

from overturn.lexicon.answers import DictionaryEntry, Spellings, dictionary_entries
from overturn.lexicon.lexicon import Lexicon, PatternError
from overturn.lexicon.searches import definition_links, jokers, spellings
from overturn.service.answers import Count, respond
from overturn.service.context import service_of
from overturn.service.errors import ApiError
from overturn.service.openapi import LEXICON, LIMIT, Endpoint, Param, ok, text
from overturn.service.params import bool_param, int_param, text_param, word_key


class Links(Struct):
    """Where to read a definition: Wiktionnaire (the first entry's form) and the CNRTL (its lemma)."""

    wiktionnaire: str
    cnrtl: str


class Lookup(Struct, omit_defaults=True):
    """A word looked up: its key, whether the lexicon has it, its entries; links for a word, suggestions (when asked) for a non-word."""

    word: str
    key: Annotated[str, Meta(pattern="^[A-Z]+$")]
    lexicon: str
    valid: bool
    spellings: Annotated[list[str], Meta(description="The word's spellings (accents, ligatures), as every search gives them.")]
    entries: list[DictionaryEntry]
    suggestions: list[str] | None = None
    links: Links | None = None


class WordList(Struct, omit_defaults=True):
    """The keys a search found (``count`` of them, ``truncated`` at the limit), each with its spellings."""

    query: str
    lexicon: str
    count: Count
    truncated: bool
    words: list[str]
    spellings: Spellings
    jokers: Annotated[dict[str, str], Meta(description="Anagrams with '?': the letters each word's jokers stood for.")] | None = None


async def lookup(request: Request) -> Response:
    service = service_of(request)
    params = request.query_params
    word = text_param(request.path_params["word"], "word", service.limits.max_word_length)
    name, lexicon = service.lexicon(params.get("lexicon"))
    suggest = bool_param(params.get("suggest"), "suggest")
    key = word_key(word)
    entries = dictionary_entries(lexicon, key)
    answer = Lookup(word, key, name, bool(entries), sorted({entry.form for entry in entries}), entries)
    if entries:
        answer.links = Links(**definition_links(entries[0].form, entries[0].lemma))
    if suggest and not entries:
        answer.suggestions = await service.search(lambda: lexicon.near(key), "suggestion search")
    return respond(answer)

def _listing(name: str, lexicon: Lexicon, query: str, words: list[str], limit: int) -> WordList:
    """A list of keys found, each with its spellings (accents, ligatures) as the sources write them."""
    shown = words[:limit]
    return WordList(query, name, len(shown), len(words) > limit, shown, spellings(lexicon, shown))

async def pattern_search(request: Request) -> Response:
    service = service_of(request)
    limits = service.limits
    params = request.query_params
    pattern = text_param(params.get("q"), "q", limits.max_pattern_length)
    limit = int_param(params.get("limit"), "limit", 1, limits.max_results, default=min(200, limits.max_results))
    name, lexicon = service.lexicon(params.get("lexicon"))

    def job() -> list[str]:
        return lexicon.match(pattern, limit=limit + 1, timeout=limits.pattern_timeout)

    try:
        words = await service.search(job, "pattern search")
    except PatternError as exc:
        raise ApiError(422, str(exc), {"field": "q"}) from None
    except MemoryError:  # compiling a huge repetition under the server's memory cap
        raise ApiError(422, f"pattern {pattern!r} needs too much memory to compile", {"field": "q"}) from None
    return respond(_listing(name, lexicon, pattern, words, limit))

async def prefix_search(request: Request) -> Response:
    service = service_of(request)
    limits = service.limits
    params = request.query_params
    prefix = text_param(params.get("q"), "q", limits.max_word_length)
    key = word_key(prefix, "q")
    limit = int_param(params.get("limit"), "limit", 1, limits.max_results, default=min(200, limits.max_results))
    name, lexicon = service.lexicon(params.get("lexicon"))
    words = await service.search(lambda: lexicon.completions(key, limit + 1), "prefix search")
    return respond(_listing(name, lexicon, prefix, words, limit))

async def anagram_search(request: Request) -> Response:
    service = service_of(request)
    limits = service.limits
    params = request.query_params
    letters = text_param(params.get("letters"), "letters", limits.max_anagram_letters * 4)
    wildcards = sum(letters.count(mark) for mark in "?*.")
    plain = "".join(ch for ch in letters if ch not in "?*.")
    key = word_key(plain, "letters") if plain else ""
    if len(key) + wildcards > limits.max_anagram_letters or wildcards > limits.max_wildcards:
        raise ApiError(
            422,
            f"at most {limits.max_anagram_letters} letters with at most {limits.max_wildcards} wildcards (?)",
            {"field": "letters"},
        )
    partial = bool_param(params.get("partial"), "partial")
    limit = int_param(params.get("limit"), "limit", 1, limits.max_results, default=min(200, limits.max_results))
    name, lexicon = service.lexicon(params.get("lexicon"))
    words = await service.search(lambda: lexicon.anagrams(key, wildcards, partial=partial), "anagram search")
    answer = _listing(name, lexicon, letters, words, limit)
    if wildcards and not partial:  # which letter each joker stood for, word by word
        answer.jokers = {word: jokers(key, word) for word in answer.words}
    return respond(answer)


#: The look-up first: it is the most frequent request, and routes are matched in order.
ENDPOINTS = (
    Endpoint(
        "GET", "/api/words/{word}", lookup, "lookup", "Look a word up: its accented forms with lemma and part of speech.",
        ok("The verdict; 'valid' is false for a non-word.", Lookup), (400, 422, 503),
        (
            Param("word", lambda service: text(service.limits.max_word_length), where="path"),
            LEXICON,
            Param("suggest", bool, "For a word that is not in the lexicon, add the nearest words."),
        ),
    ),
    Endpoint(
        "GET", "/api/pattern", pattern_search, "pattern", "Words fully matching a regular expression (case and accents ignored), time-bounded.",
        ok("The matching keys.", WordList), (400, 422, 503),
        (Param("q", lambda service: text(service.limits.max_pattern_length), "Pattern, e.g. PE.HE or ^[AEIOU]{2}", required=True), LIMIT, LEXICON),
    ),
    Endpoint(
        "GET", "/api/prefix", prefix_search, "prefix", "Words starting with a prefix, shortest first.",
        ok("The matching keys.", WordList), (400, 422, 503),
        (Param("q", lambda service: text(service.limits.max_word_length), "The prefix.", required=True), LIMIT, LEXICON),
    ),
    Endpoint(
        "GET", "/api/anagrams", anagram_search, "anagrams", "Words using exactly the letters (or, with partial, some of them); '?' is a wildcard.",
        ok("The matching keys.", WordList), (400, 422, 503),
        (
            Param("letters", lambda service: text(service.limits.max_anagram_letters * 4), "Letters, e.g. AEIRST or CHI?N", required=True),
            Param("partial", bool, "Also words using only some of the letters."),
            LIMIT,
            LEXICON,
        ),
    ),
)
