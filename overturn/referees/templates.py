"""Every French and English sentence of the referees, the table and the pages, read from one catalogue per language
(package data, ``overturn/wording/<lang>.json``) and worded by one small template format that this module and the
page's js/boards/words/format.js both implement (the page reads the same catalogue as js/i18n/catalogue-<lang>.js, made
from it by ``page_module``).

A catalogue holds ``refusals``; ``table`` (what the shared table says of itself: its seats' names, its refusals of a
move out of turn); ``page`` (the pages' own words); and, under ``events``, each game's ``kinds`` (one wording per
event kind), ``parts`` (wordings of nested values), ``tables`` (codes to words), the ``seat`` seats are named by
(``number`` counts from 1, ``index`` from 0) and offboard's ``previews`` (what a move would do, on its button). A
wording is one of:

* a string, whose holes ``{path|filter:arg|...}`` are the event's fields (``score.red``, ``args.0``), or a page
  wording's arguments (``page`` holds ``{"args": [names], "say": wording}`` for a sentence said with arguments);
* a list of wordings, said one after the other;
* ``{"if": test, "then": w, "else": w}`` (``else`` may be left out; a list of tests means any of them), a test
  being ``path`` (a true, non-zero, non-empty value), ``path = text``, ``path has text`` (a list holding it),
  ``path set`` (not null), each perhaps after ``not``;
* ``{"switch": path, "cases": {text: w}, "else": w}`` (no case and no ``else``: the value itself);
* ``{"part": name}``: the game's part of that name, in the same scope;
* ``{"count": path, "one": w, "other": w}``: by the number (or a list's length) of subjects a verb agrees with:
  French singular below 2 (``french_verb``), English for 1;
* ``{"list": [w, ...], "join": text}`` or ``"either": word``: the wordings that are not empty, joined
  (``either``: ``a, b ou c``);
* ``{"each": path or [paths], "as": w, "join": text}``: ``w`` for each item, the path naming the item in it
  (several paths: their items side by side) and ``index`` its place.

Filters: ``table:NAME`` (the word of a code, or the code), ``count:ONE[:OTHER]`` (a number with its noun agreed:
French singular for 0, 1 and -1 as ``french_count``, English for 1 as ``plural``; OTHER defaults to ONE + s),
``seat`` (a seat number named as the caller names seats), ``signed`` (``+3``, ``-2``), ``ordinal`` (``9th``,
``22nd``; French ``1re``, ``2e``), ``de`` (French *de Zoé*, *d'Inès*), ``capital`` (the first letter upper case),
``join:TEXT``, ``either:WORD`` (a single value taken as a list of one), ``part:NAME`` (a nested value worded by a
part). A filter on a list applies to each item, but ``join`` and ``either``. A value is written as JSON's text of it: null as nothing,
true/false, numbers in decimals. A brace is a hole's: a wording has no other.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import msgspec.json

from overturn.referees.errors import RefereeException
from overturn.referees.wording import french_count, french_verb, plural

#: The catalogues, one file per language: read by the referees and the table, made into the pages' js/i18n modules.
CATALOGUES = Path(__file__).resolve().parent.parent / "wording"
#: The languages there is a catalogue for.
LANGUAGES = ("fr", "en")

#: A French name "de" is elided before (*d'Inès*, *de Zoé*).
_ELIDED = re.compile(r"[aeiouyhàâäéèêëîïôöûüœ]", re.IGNORECASE)

#: Names a seat number (``Joueur 1`` for seat 0 in the table's French).
Namer = Callable[[int], str]


class WordingError(RefereeException, ValueError):
    """A wording the format cannot read, or a value it cannot write (a catalogue's mistake, found by the tests)."""


@functools.cache
def shared(lang: str) -> dict[str, Any]:
    """The catalogue of ``lang`` (``overturn/wording/<lang>.json``), read once, when a sentence is first needed
    (never on the command line's start)."""
    words: dict[str, Any] = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))
    return words


def table_says(lang: str, key: str, **scope: Any) -> str:
    """What the shared table says of itself (the catalogue's ``table``: a seat's name, a move out of turn) in ``lang``."""
    return Wording(lang, {}, str).say(shared(lang)["table"][key], scope)


def page_module(lang: str) -> str:
    """The page's js/i18n/catalogue-<lang>.js: the catalogue as an ES module (the page imports it, so the bundler, the
    service worker's list and the static export take it as any module; tests/test_wording_source.py holds the file
    equal to this)."""
    catalogue = json.dumps(shared(lang), ensure_ascii=False, separators=(",", ":"))  # one line: data, not a script to read
    return (f"// Made from overturn/wording/{lang}.json by overturn.referees.templates.page_module; to change a sentence, edit the\n"
            f"// catalogue and run tests/test_wording_source.py with OVERTURN_WRITE_WORDING=1 (it holds the two equal).\n"
            f"export default {catalogue};\n")


def text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return str(value)
    raise WordingError(f"cannot write {value!r} without a filter (join, part...)")


def _number(value: Any) -> int | None:
    """A number, or a string of digits read as one (a load's discs); else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return int(value) if isinstance(value, str) and value.isdecimal() else None


class Wording:
    """One game's words in one language, given how seats are named."""

    def __init__(self, lang: str, game: dict[str, Any], name: Namer) -> None:
        self.lang, self.tables, self.parts, self.name = lang, game.get("tables", {}), game.get("parts", {}), name

    def say(self, wording: Any, scope: dict[str, Any]) -> str:
        if isinstance(wording, str):
            return self._fill(wording, scope)
        if isinstance(wording, list):
            return "".join(self.say(part, scope) for part in wording)
        if not isinstance(wording, dict):
            raise WordingError(f"not a wording: {wording!r}")
        if "if" in wording:
            tests = wording["if"] if isinstance(wording["if"], list) else [wording["if"]]
            chosen = wording["then"] if any(self._test(test, scope) for test in tests) else wording.get("else", "")
            return self.say(chosen, scope)
        if "switch" in wording:
            value = text(self._get(wording["switch"], scope))
            cases = wording["cases"]
            return self.say(cases[value], scope) if value in cases else self.say(wording["else"], scope) if "else" in wording else value
        if "part" in wording:
            return self.say(self.parts[wording["part"]], scope)
        if "count" in wording:
            value = self._get(wording["count"], scope)
            many = len(value) if isinstance(value, list) else value
            if self.lang == "fr":
                return self.say(french_verb(many, wording["one"], wording["other"]), scope)
            return self.say(wording["one"] if many == 1 else wording["other"], scope)
        if "list" in wording:
            said = [words for words in (self.say(item, scope) for item in wording["list"]) if words]
            return self._either(said, wording["either"]) if "either" in wording else str(wording["join"]).join(said)
        if "each" in wording:
            paths = wording["each"] if isinstance(wording["each"], list) else [wording["each"]]
            lists = [self._get(path, scope) for path in paths]
            items = [{**scope, **dict(zip(paths, row)), "index": index} for index, row in enumerate(zip(*lists))]
            return str(wording["join"]).join(self.say(wording["as"], item) for item in items)
        raise WordingError(f"not a wording: {wording!r}")

    def _fill(self, template: str, scope: dict[str, Any]) -> str:
        out, rest = [], template
        while "{" in rest or "}" in rest:
            before, _, hole = rest.partition("{")
            expression, closed, rest = hole.partition("}")
            if not closed or "}" in before or "{" in expression:
                raise WordingError(f"a brace outside a hole in {template!r}")
            path, *filters = expression.split("|")
            value = self._get(path, scope)
            for spec in filters:
                value = self._filter(spec, value)
            out += [before, text(value)]
        return "".join(out) + rest

    def _filter(self, spec: str, value: Any) -> Any:
        name, *args = spec.split(":")
        if name in ("join", "either"):
            said = list(map(text, value if isinstance(value, (list, tuple)) else [value]))  # a single value: a list of one
            return args[0].join(said) if name == "join" else self._either(said, args[0])
        if isinstance(value, list):
            return [self._filter(spec, item) for item in value]
        number = _number(value)
        if name == "table":
            table = self.tables[args[0]]
            return table.get(text(value), value)
        if name == "count":
            counted = french_count if self.lang == "fr" else plural
            return value if number is None else counted(number, args[0], args[1] if len(args) > 1 else None)
        if name == "seat":
            return value if number is None else self.name(number)
        if name == "signed" and number is not None:
            return f"{number:+d}"
        if name == "part":
            return self.say(self.parts[args[0]], value)
        if name == "ordinal" and number is not None:
            if self.lang == "fr":
                return f"{number}{'re' if number == 1 else 'e'}"
            return f"{number}{'th' if 11 <= number % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"
        if name == "de":
            return f"d'{text(value)}" if _ELIDED.match(text(value)) else f"de {text(value)}"
        if name == "capital":
            return text(value)[:1].upper() + text(value)[1:]
        raise WordingError(f"unknown filter {spec!r} (or not for {value!r})")

    @staticmethod
    def _either(choices: list[str], word: str) -> str:
        return choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + f" {word} " + choices[-1]

    @staticmethod
    def _get(path: str, scope: Any) -> Any:
        value = scope
        for step in path.split("."):
            if isinstance(value, list) and step.isdecimal():
                value = value[int(step)] if int(step) < len(value) else None
            elif isinstance(value, dict):
                value = value.get(step)
            else:
                raise WordingError(f"no {path!r} in {scope!r}")
        return value

    def _test(self, test: str, scope: dict[str, Any]) -> bool:
        negated = test.startswith("not ")
        words = test.removeprefix("not ").split(" ", 2)
        value = self._get(words[0], scope)
        if len(words) == 1:
            held = value not in (None, False, 0, "", [])
        elif words[1:] == ["set"]:
            held = value is not None
        elif words[1] == "=" and len(words) == 3:
            held = text(value) == words[2]
        elif words[1] == "has" and len(words) == 3:
            held = words[2] in map(text, value)
        else:
            raise WordingError(f"cannot read the test {test!r}")
        return held != negated


class SharedCatalogue(Mapping[str, Callable[[Any], str]]):
    """One game's event wordings in one language from the shared catalogue file, read on first use: a
    ``wording.Catalogue`` (each kind's function words an Event Struct, as the page words the same Struct sent as JSON).
    Seats are named by the game's ``seat`` wording (``P{index}``, counted from 0), else the table's (``Joueur {number}``,
    counted from 1), where the page names them."""

    def __init__(self, lang: str, game: str, section: str = "kinds") -> None:
        self.lang, self.game, self.section = lang, game, section

    @functools.cached_property
    def _game(self) -> dict[str, Any]:
        words: dict[str, Any] = shared(self.lang)["events"][self.game]
        return words

    @functools.cached_property
    def wording(self) -> Wording:
        seat = self._game.get("seat", shared(self.lang)["table"]["seat"])
        return Wording(self.lang, self._game, lambda index: Wording(self.lang, {}, str).say(seat, {"number": index + 1, "index": index}))

    def __getitem__(self, kind_name: str) -> Callable[[Any], str]:
        wording = self._game[self.section][kind_name]
        return lambda event: self.wording.say(wording, msgspec.json.decode(msgspec.json.encode(event)))

    def part(self, name: str, value: Any) -> str:
        """``value`` (a Struct) worded by the game's part ``name`` (offboard's ``why``, for ``show --json``)."""
        return self.wording.say(self.wording.parts[name], msgspec.json.decode(msgspec.json.encode(value)))

    def table(self, name: str) -> dict[str, str]:
        """One of the game's tables of codes to words (Overload's colours name the table's seats)."""
        words: dict[str, str] = self._game["tables"][name]
        return words

    def __iter__(self) -> Iterator[str]:
        return iter(self._game[self.section])

    def __len__(self) -> int:
        return len(self._game[self.section])

