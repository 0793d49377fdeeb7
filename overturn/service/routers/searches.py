"""The everyday word-game searches: hooks, the rack plus one letter, plain filters and the preset lists.

Each runs in the search pool under the server's search deadline, and each
answer is bounded by the server's result limit.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct, field, structs
from starlette.requests import Request
from starlette.responses import Response

from overturn.lexicon.answers import Spellings
from overturn.lexicon.searches import (
    LISTS,
    MAX_FIT,
    MAX_LEMMAS,
    Filters,
    FitError,
    Fitted,
    Hooks,
    LemmaForms,
    find,
    first_of_groups,
    fit,
    hooks,
    lemma_forms,
    plus_one,
    preset_list,
    spellings,
)
from overturn.service.answers import Count, respond
from overturn.service.context import Service, service_of
from overturn.service.errors import ApiError
from overturn.service.openapi import LEXICON, LIMIT, Endpoint, Param, choice, ok, text, whole
from overturn.service.params import int_param, text_param, word_key

#: Words grouped by a letter: the one inserted, or the one added to the rack.
ByLetter = dict[str, list[str]]


class HooksAnswer(Hooks, kw_only=True):
    """The hooks of a word, with their spellings."""

    lexicon: str
    spellings: Spellings


class FormsAnswer(Struct):
    """Each lemma the word belongs to, with its forms and the table DELA's tags give them."""

    lexicon: str
    word: str
    lemmas: Annotated[list[LemmaForms], Meta(max_length=MAX_LEMMAS)]


class FitAnswer(Struct):
    """The words that fit, fewest jokers first, the letters each one's jokers stood for, their spellings."""

    lexicon: str
    pattern: str
    rack: str
    count: Count
    truncated: bool
    timed_out: bool
    words: list[str]
    jokers: dict[str, str]
    spellings: Spellings


class PlusOneAnswer(Struct):
    """The words using all the letters and one more, by the letter added."""

    lexicon: str
    letters: str
    count: Count
    truncated: Annotated[bool, Meta(description="Words were left out at the limit (as on every search).")]
    by_letter: ByLetter
    spellings: Spellings


class FindAnswer(Struct):
    """The words the filters keep, shortest first; ``query`` holds the filters given."""

    lexicon: str
    query: dict[str, str | int]
    count: Count
    truncated: bool
    timed_out: bool
    words: list[str]
    spellings: Spellings


class PresetList(Struct):
    """A preset list, alphabetical."""

    lexicon: str
    name: str = field(name="list")
    description: str
    count: Count
    truncated: Annotated[bool, Meta(description="Words were left out at the limit (as on every search).")]
    words: list[str]
    spellings: Spellings


def _letters(request: Request, name: str, service: Service, required: bool = True) -> str:
    """A query parameter that must be letters (accents and case ignored), as its key; '' when optional and absent."""
    text = text_param(request.query_params.get(name), name, service.limits.max_word_length, required=required)
    return word_key(text, name) if text else ""


async def hooks_search(request: Request) -> Response:
    """Words one letter longer: a letter in front, at the back, or inserted inside (grouped by that letter)."""
    service = service_of(request)
    key = _letters(request, "word", service)
    name, lexicon = service.lexicon(request.query_params.get("lexicon"))
    found = await service.search(lambda: hooks(lexicon, key), "hook search")
    keys = [*found.front.values(), *found.back.values(), *(word for words in found.inserted.values() for word in words)]
    return respond(HooksAnswer(**structs.asdict(found), lexicon=name, spellings=spellings(lexicon, keys)))


async def forms_search(request: Request) -> Response:
    """Every form of each lemma the word belongs to (a verb's conjugated forms), as the sources write them."""
    service = service_of(request)
    key = _letters(request, "word", service)
    name, lexicon = service.lexicon(request.query_params.get("lexicon"))
    found = await service.search(lambda: lemma_forms(lexicon, key), "forms search")
    return respond(FormsAnswer(name, key, found))


async def fit_search(request: Request) -> Response:
    """Words that fill a board pattern (letters fixed, '.' an empty square) with a rack's letters ('?' a joker)."""
    service = service_of(request)
    limits = service.limits
    pattern = text_param(request.query_params.get("pattern"), "pattern", MAX_FIT)
    rack = text_param(request.query_params.get("rack"), "rack", limits.max_anagram_letters)
    limit = int_param(request.query_params.get("limit"), "limit", 1, limits.max_results, default=min(200, limits.max_results))
    name, lexicon = service.lexicon(request.query_params.get("lexicon"))

    def job() -> Fitted:
        try:
            return fit(lexicon, pattern, rack, limit, limits.pattern_timeout)
        except FitError as exc:
            raise ApiError(422, str(exc), {"field": exc.field}) from None

    found = await service.search(job, "pattern and rack search")
    return respond(FitAnswer(
        name, pattern, rack, len(found.words), found.truncated, found.timed_out, found.words, found.jokers, spellings(lexicon, found.words)
    ))


async def plus_one_search(request: Request) -> Response:
    """The "7+1": words using all the letters and one more, grouped by the letter added."""
    service = service_of(request)
    limits = service.limits
    key = _letters(request, "letters", service)
    if len(key) + 1 > limits.max_anagram_letters:
        raise ApiError(422, f"at most {limits.max_anagram_letters - 1} letters (one more is added)", {"field": "letters"})
    limit = int_param(request.query_params.get("limit"), "limit", 1, limits.max_results, default=limits.max_results)
    name, lexicon = service.lexicon(request.query_params.get("lexicon"))
    found = await service.search(lambda: plus_one(lexicon, key), "rack plus one search")
    grouped, truncated = first_of_groups(found, limit)
    keys = [word for words in grouped.values() for word in words]
    return respond(PlusOneAnswer(name, key, len(keys), truncated, grouped, spellings(lexicon, keys)))


async def filter_search(request: Request) -> Response:
    """Words by plain filters: starts, ends, contains, length (or min_length/max_length); no regex to write."""
    service = service_of(request)
    limits = service.limits
    params = request.query_params
    longest = limits.max_word_length
    exact = int_param(params.get("length"), "length", 1, longest) if params.get("length") else None
    filters = Filters(
        starts=_letters(request, "starts", service, required=False),
        ends=_letters(request, "ends", service, required=False),
        contains=_letters(request, "contains", service, required=False),
        min_length=exact if exact is not None else int_param(params.get("min_length"), "min_length", 0, longest, default=0),
        max_length=exact if exact is not None else (int_param(params.get("max_length"), "max_length", 1, longest) if params.get("max_length") else None),
    )
    if not (filters.starts or filters.ends or filters.contains or filters.min_length or filters.max_length is not None):
        raise ApiError(400, "give at least one filter: starts, ends, contains, length, min_length or max_length", {"field": "starts"})
    limit = int_param(params.get("limit"), "limit", 1, limits.max_results, default=min(200, limits.max_results))
    name, lexicon = service.lexicon(params.get("lexicon"))
    found = await service.search(lambda: find(lexicon, filters, limit, limits.pattern_timeout), "filter search")
    query = {key: value for key, value in vars(filters).items() if value not in ("", None, 0)}
    return respond(FindAnswer(name, query, len(found.words), found.truncated, found.timed_out, found.words, spellings(lexicon, found.words)))


async def list_search(request: Request) -> Response:
    """A preset list: two, three, q-without-u or no-vowel."""
    service = service_of(request)
    list_name = request.path_params["name"]
    if list_name not in LISTS:
        raise ApiError(404, f"no list {list_name!r}: use one of {', '.join(LISTS)}", {"field": "name", "available": list(LISTS)})
    limit = int_param(request.query_params.get("limit"), "limit", 1, service.limits.max_results, default=service.limits.max_results)
    name, lexicon = service.lexicon(request.query_params.get("lexicon"))
    found = await service.search(lambda: preset_list(lexicon, list_name), "list")
    words = found[:limit]
    return respond(PresetList(name, list_name, LISTS[list_name][0], len(words), len(found) > limit, words, spellings(lexicon, words)))


FORMS_DESCRIPTION = (
    "The lemmas, each with its part of speech, its forms in alphabetical order and the table DELA's tags give them: "
    "a verb's forms by tense (DELA's letter: W infinitif, G participe présent, K participe passé, P présent, I imparfait, "
    "J passé simple, F futur, C conditionnel, S subjonctif présent, T subjonctif imparfait, Y impératif) and person "
    "(1s … 3p; a participle's gender and number, ms … fp), a noun's or adjective's by gender and number (tense \"\"). "
    "Forms no source tags (Grammalecte's, the supplement's) are listed in forms only."
)


_SEARCH_ERRORS = (400, 422, 503)


def _word_param(name: str, description: str, required: bool = False) -> Param:
    """Letters of a word, as long as this server's longest word."""
    return Param(name, lambda service: text(service.limits.max_word_length), description, required=required)


def _length_param(name: str, low: int, description: str) -> Param:
    """A count of letters, up to this server's longest word."""
    return Param(name, lambda service: whole(low, service.limits.max_word_length), description)


ENDPOINTS = (
    Endpoint(
        "GET", "/api/hooks", hooks_search, "hooks", "Words one letter longer: in front, at the back, or inserted inside, grouped by the letter added.",
        ok("The hooks.", HooksAnswer), _SEARCH_ERRORS, (_word_param("word", "The word (accents ignored).", required=True), LEXICON),
    ),
    Endpoint(
        "GET", "/api/forms", forms_search, "forms",
        "Every form of each lemma the word belongs to (MANGEONS: manger's conjugated forms), with accents and ligatures.",
        ok(FORMS_DESCRIPTION, FormsAnswer), _SEARCH_ERRORS,
        (_word_param("word", "Any form of the word (accents ignored).", required=True), LEXICON),
    ),
    Endpoint(
        "GET", "/api/fit", fit_search, "fit",
        "Words that fill a board pattern (letters fixed, '.' an empty square) with a rack's letters ('?' a joker), fewest jokers first.",
        ok("The words, the letters each one's jokers stood for, their spellings.", FitAnswer), _SEARCH_ERRORS,
        (
            Param("pattern", text(MAX_FIT), "The squares, e.g. ..E.S.", required=True),
            Param("rack", lambda service: text(service.limits.max_anagram_letters), "The rack, e.g. AIRT?.", required=True),
            LIMIT,
            LEXICON,
        ),
    ),
    Endpoint(
        "GET", "/api/plus-one", plus_one_search, "plus_one", "The 7+1: words using all the letters and one more, grouped by the letter added.",
        ok("The words by added letter.", PlusOneAnswer), _SEARCH_ERRORS,
        (Param("letters", lambda service: text(service.limits.max_anagram_letters - 1), "The rack, e.g. AEINRST.", required=True), LIMIT, LEXICON),
    ),
    Endpoint(
        "GET", "/api/find", filter_search, "find",
        "Words by plain filters (at least one): starts, ends, contains, length, min_length, max_length; shortest first.",
        ok("The words found.", FindAnswer), _SEARCH_ERRORS,
        (
            _word_param("starts", "The word starts with these letters."),
            _word_param("ends", "The word ends with these letters."),
            _word_param("contains", "The word contains these letters in a row."),
            _length_param("length", 1, "Exactly this many letters."),
            _length_param("min_length", 0, "At least this many letters."),
            _length_param("max_length", 1, "At most this many letters."),
            LIMIT,
            LEXICON,
        ),
    ),
    Endpoint(
        "GET", "/api/lists/{name}", list_search, "preset_list",
        "A preset list: " + "; ".join(f"{key}: {text}" for key, (text, _) in LISTS.items()) + ".",
        ok("The list, alphabetical.", PresetList), (404, 422, 503),
        (Param("name", choice(LISTS), where="path"), LIMIT, LEXICON),
    ),
)
