"""The everyday word-game searches: hooks, the rack plus one letter, plain filters and the preset lists.

Each runs in the search pool under the server's search deadline, and each
answer is bounded by the server's result limit.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from overturn.lexicon.lemmas import MAX_ROWS, TENSES
from overturn.lexicon.searches import (
    LISTS,
    MAX_FIT,
    MAX_FORMS,
    MAX_LEMMAS,
    Filters,
    FitError,
    Fitted,
    find,
    fit,
    hooks,
    lemma_forms,
    plus_one,
    preset_list,
    spellings,
)
from overturn.service.context import Service, service_of
from overturn.service.errors import ApiError
from overturn.service.openapi import SPELLINGS, error_responses, lexicon_param, limit_param, ok_response, query_param
from overturn.service.params import int_param, text_param, word_key


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
    return JSONResponse({"lexicon": name, **found.to_json(), "spellings": spellings(lexicon, keys)})


async def forms_search(request: Request) -> Response:
    """Every form of each lemma the word belongs to (a verb's conjugated forms), as the sources write them."""
    service = service_of(request)
    key = _letters(request, "word", service)
    name, lexicon = service.lexicon(request.query_params.get("lexicon"))
    found = await service.search(lambda: lemma_forms(lexicon, key), "forms search")
    return JSONResponse({"lexicon": name, "word": key, "lemmas": [group.to_json() for group in found]})


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
    return JSONResponse({
        "lexicon": name, "pattern": pattern, "rack": rack, "count": len(found.words), "truncated": found.truncated,
        "timed_out": found.timed_out, "words": found.words, "jokers": found.jokers, "spellings": spellings(lexicon, found.words),
    })


async def plus_one_search(request: Request) -> Response:
    """The "7+1": words using all the letters and one more, grouped by the letter added."""
    service = service_of(request)
    limits = service.limits
    key = _letters(request, "letters", service)
    if len(key) + 1 > limits.max_anagram_letters:
        raise ApiError(422, f"at most {limits.max_anagram_letters - 1} letters (one more is added)", {"field": "letters"})
    name, lexicon = service.lexicon(request.query_params.get("lexicon"))
    grouped = await service.search(lambda: plus_one(lexicon, key), "rack plus one search")
    keys = [word for words in grouped.values() for word in words]
    return JSONResponse({"lexicon": name, "letters": key, "count": len(keys), "by_letter": grouped, "spellings": spellings(lexicon, keys)})


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
    return JSONResponse(
        {
            "lexicon": name, "query": query, "count": len(found.words), "truncated": found.truncated, "timed_out": found.timed_out,
            "words": found.words, "spellings": spellings(lexicon, found.words),
        }
    )


async def list_search(request: Request) -> Response:
    """A preset list: two, three, q-without-u or no-vowel."""
    service = service_of(request)
    list_name = request.path_params["name"]
    if list_name not in LISTS:
        raise ApiError(404, f"no list {list_name!r}: use one of {', '.join(LISTS)}", {"field": "name", "available": list(LISTS)})
    name, lexicon = service.lexicon(request.query_params.get("lexicon"))
    words = await service.search(lambda: preset_list(lexicon, list_name), "list")
    return JSONResponse(
        {"lexicon": name, "list": list_name, "description": LISTS[list_name][0], "count": len(words), "words": words, "spellings": spellings(lexicon, words)}
    )


ROUTES: list[BaseRoute] = [
    Route("/api/hooks", hooks_search, methods=["GET"]),
    Route("/api/forms", forms_search, methods=["GET"]),
    Route("/api/fit", fit_search, methods=["GET"]),
    Route("/api/plus-one", plus_one_search, methods=["GET"]),
    Route("/api/find", filter_search, methods=["GET"]),
    Route("/api/lists/{name}", list_search, methods=["GET"]),
]


def openapi_paths(service: Service) -> dict[str, Any]:
    limits = service.limits
    letters = {"type": "string", "minLength": 1, "maxLength": limits.max_word_length}
    lexicon = lexicon_param(list(service.lexicons))
    errors = error_responses(400, 422, 503)
    grouped = {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}}
    return {
        "/api/hooks": {
            "get": {
                "operationId": "hooks",
                "summary": "Words one letter longer: in front, at the back, or inserted inside, grouped by the letter added.",
                "parameters": [query_param("word", letters, "The word (accents ignored).", True), lexicon],
                "responses": {
                    "200": {
                        "description": "The hooks.",
                        "content": {"application/json": {"schema": {"type": "object", "required": ["word", "front", "back", "inserted"], "properties": {
                            "lexicon": {"type": "string"}, "word": {"type": "string"},
                            "front": {"type": "object", "additionalProperties": {"type": "string"}},
                            "back": {"type": "object", "additionalProperties": {"type": "string"}},
                            "inserted": grouped, "spellings": SPELLINGS,
                        }}}},
                    },
                    **errors,
                },
            }
        },
        "/api/forms": {
            "get": {
                "operationId": "forms",
                "summary": "Every form of each lemma the word belongs to (MANGEONS: manger's conjugated forms), with accents and ligatures.",
                "parameters": [query_param("word", letters, "Any form of the word (accents ignored).", True), lexicon],
                "responses": {
                    "200": {
                        "description": "The lemmas, each with its part of speech, its forms in alphabetical order and the table DELA's tags give them: "
                                       "a verb's forms by tense (DELA's letter: W infinitif, G participe présent, K participe passé, P présent, I imparfait, "
                                       "J passé simple, F futur, C conditionnel, S subjonctif présent, T subjonctif imparfait, Y impératif) and person "
                                       "(1s … 3p; a participle's gender and number, ms … fp), a noun's or adjective's by gender and number (tense \"\"). "
                                       "Forms no source tags (Grammalecte's, the supplement's) are listed in forms only.",
                        "content": {"application/json": {"schema": {"type": "object", "required": ["word", "lemmas"], "properties": {
                            "lexicon": {"type": "string"}, "word": {"type": "string"},
                            "lemmas": {"type": "array", "maxItems": MAX_LEMMAS, "items": {"type": "object", "required": ["lemma", "pos", "count", "forms", "table"], "properties": {
                                "lemma": {"type": "string"}, "pos": {"type": "string"}, "count": {"type": "integer", "minimum": 0},
                                "forms": {"type": "array", "maxItems": MAX_FORMS, "items": {"type": "string"}},
                                "table": {"type": "array", "maxItems": MAX_ROWS, "items": {"type": "object", "required": ["tense", "person", "forms"], "properties": {
                                    "tense": {"type": "string", "enum": ["", *TENSES]}, "person": {"type": "string", "maxLength": 8},
                                    "forms": {"type": "array", "minItems": 1, "maxItems": MAX_FORMS, "items": {"type": "string"}},
                                }}},
                            }}},
                        }}}},
                    },
                    **errors,
                },
            }
        },
        "/api/fit": {
            "get": {
                "operationId": "fit",
                "summary": "Words that fill a board pattern (letters fixed, '.' an empty square) with a rack's letters ('?' a joker), fewest jokers first.",
                "parameters": [
                    query_param("pattern", {"type": "string", "minLength": 1, "maxLength": MAX_FIT}, "The squares, e.g. ..E.S.", True),
                    query_param("rack", {"type": "string", "minLength": 1, "maxLength": limits.max_anagram_letters}, "The rack, e.g. AIRT?.", True),
                    limit_param(limits),
                    lexicon,
                ],
                "responses": {
                    "200": {
                        "description": "The words, the letters each one's jokers stood for, their spellings.",
                        "content": {"application/json": {"schema": {"type": "object", "required": ["count", "truncated", "timed_out", "words", "jokers"], "properties": {
                            "lexicon": {"type": "string"}, "pattern": {"type": "string"}, "rack": {"type": "string"},
                            "count": {"type": "integer", "minimum": 0}, "truncated": {"type": "boolean"}, "timed_out": {"type": "boolean"},
                            "words": {"type": "array", "items": {"type": "string"}},
                            "jokers": {"type": "object", "additionalProperties": {"type": "string"}}, "spellings": SPELLINGS,
                        }}}},
                    },
                    **errors,
                },
            }
        },
        "/api/plus-one": {
            "get": {
                "operationId": "plus_one",
                "summary": "The 7+1: words using all the letters and one more, grouped by the letter added.",
                "parameters": [query_param("letters", {**letters, "maxLength": limits.max_anagram_letters - 1}, "The rack, e.g. AEINRST.", True), lexicon],
                "responses": {
                    "200": {
                        "description": "The words by added letter.",
                        "content": {"application/json": {"schema": {"type": "object", "required": ["letters", "count", "by_letter"], "properties": {
                            "lexicon": {"type": "string"}, "letters": {"type": "string"}, "count": {"type": "integer"}, "by_letter": grouped,
                            "spellings": SPELLINGS,
                        }}}},
                    },
                    **errors,
                },
            }
        },
        "/api/find": {
            "get": {
                "operationId": "find",
                "summary": "Words by plain filters (at least one): starts, ends, contains, length, min_length, max_length; shortest first.",
                "parameters": [
                    query_param("starts", letters, "The word starts with these letters."),
                    query_param("ends", letters, "The word ends with these letters."),
                    query_param("contains", letters, "The word contains these letters in a row."),
                    query_param("length", {"type": "integer", "minimum": 1, "maximum": limits.max_word_length}, "Exactly this many letters."),
                    query_param("min_length", {"type": "integer", "minimum": 0, "maximum": limits.max_word_length}, "At least this many letters."),
                    query_param("max_length", {"type": "integer", "minimum": 1, "maximum": limits.max_word_length}, "At most this many letters."),
                    limit_param(limits),
                    lexicon,
                ],
                "responses": {
                    "200": {
                        "description": "The words found.",
                        "content": {"application/json": {"schema": {"type": "object", "required": ["query", "count", "truncated", "timed_out", "words"], "properties": {
                            "lexicon": {"type": "string"}, "query": {"type": "object"}, "count": {"type": "integer"}, "truncated": {"type": "boolean"},
                            "timed_out": {"type": "boolean"}, "words": {"type": "array", "items": {"type": "string"}}, "spellings": SPELLINGS,
                        }}}},
                    },
                    **errors,
                },
            }
        },
        "/api/lists/{name}": {
            "get": {
                "operationId": "preset_list",
                "summary": "A preset list: " + "; ".join(f"{key}: {text}" for key, (text, _) in LISTS.items()) + ".",
                "parameters": [{"name": "name", "in": "path", "required": True, "schema": {"type": "string", "enum": list(LISTS)}}, lexicon],
                "responses": {"200": ok_response("PresetList", "The list, alphabetical."), **error_responses(404, 422, 503)},
            }
        },
    }


def openapi_schemas(service: Service) -> dict[str, Any]:
    return {
        "PresetList": {
            "type": "object",
            "required": ["list", "description", "count", "words"],
            "properties": {
                "lexicon": {"type": "string"}, "list": {"type": "string"}, "description": {"type": "string"},
                "count": {"type": "integer"}, "words": {"type": "array", "items": {"type": "string"}}, "spellings": SPELLINGS,
            },
        }
    }
