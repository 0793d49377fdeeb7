"""One wording source (issue 41): the catalogues ``overturn/wording/<lang>.json`` are package data outside the web
folder, the page reads them as modules made from them, and no sentence a player reads is written in the referees',
the table's or the pages' code (or the pages' HTML) instead.

The command line's own English (``cli/``, and the referees' help texts and usage errors it prints) stays where it
is: the issue is about what the referees, the table and the pages say to players.
"""

from __future__ import annotations

import ast
import html
import os
import re
import tomllib
from pathlib import Path

import pytest

from overturn.referees.insider import words as insider_words
from overturn.referees.offboard import words as offboard_words
from overturn.referees.overload import words as overload_words
from overturn.referees.templates import CATALOGUES, LANGUAGES, page_module, shared
from overturn.table.insider_table import InsiderRules
from overturn.table.offboard_table import OffboardRules

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "overturn" / "web"

#: French: an accented letter, or one of the little words a French sentence cannot do without.
FRENCH = re.compile(r"[àâçéèêëîïôûùüÿœ]|\b(?:le|la|les|une|des|est|pas|du|au|aux|ce|cette|votre|vous|partie|joueur|coup|tour)\b", re.I)
#: An English sentence: a capitalised word and at least two more.
CAPITALISED = re.compile(r"^[A-Z][a-z']+(?: [a-z'][\w'-]*){2,}")

#: Sentences allowed outside the catalogues, by file and the sentence's start, each with why.
ALLOWED = {
    # the command line's English, printed by `overturn <game> session` and `play` (the CLI may keep its own words)
    ("overturn/referees/insider/referee.py", "At each prompt"): "the command line's help text",
    ("overturn/referees/offboard/referee.py", "At the prompt"): "the command line's help text",
    ("overturn/referees/overload/referee.py", "At each prompt"): "the command line's help text",
    ("overturn/referees/protocol.py", "Type a move"): "the command line's help text",
    ("overturn/referees/insider/state.py", "Insider is for"): "a usage error (English, for the CLI and the API)",
    ("overturn/referees/overload/state.py", "Overload is for"): "a usage error (English, for the CLI and the API)",
    ("overturn/referees/overload/rules.py", "Overload is for"): "a usage error (English, for the CLI and the API)",
    ("overturn/referees/insider/refusals.py", "Bodyguard is only"): "a refusal's English detail, beside its rule code's French",
    # the page's offline engine: twins of the Python engine's and of Python's random's English messages, which the
    # API sends as `detail` beside a code the page words from its catalogue
    ("overturn/web/js/engine/referee.js", ""): "the engine's English detail, as overturn/game's",
    ("overturn/web/js/engine/random.js", ""): "Python's random module's own errors, reproduced",
}


def _is_sentence(text: str) -> bool:
    return bool(FRENCH.search(text) and " " in text.strip()) or bool(CAPITALISED.match(text))


def _python_strings(path: Path) -> list[str]:
    """The string literals of a module that something says: not docstrings, not an API field's ``description``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            skipped.add(id(body[0].value))
        if isinstance(node, ast.keyword) and node.arg == "description":
            skipped |= {id(part) for part in ast.walk(node.value)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped]


def _js_strings(source: str) -> list[str]:
    """A script's string and template literals (a template's holes as ``{}``), comments left out."""
    found, at = [], 0
    while at < len(source):
        if source.startswith("//", at):
            end = source.find("\n", at)
            at = len(source) if end < 0 else end
            continue
        if source.startswith("/*", at):
            at = source.index("*/", at) + 2
            continue
        quote = source[at]
        if quote not in "\"'`":
            at += 1
            continue
        end, text = at + 1, []
        while end < len(source) and source[end] != quote:
            if source[end] == "\\":
                text.append(source[end:end + 2])
                end += 2
            elif quote == "`" and source.startswith("${", end):
                depth, end = 1, end + 2
                while depth and end < len(source):
                    depth += {"{": 1, "}": -1}.get(source[end], 0)
                    end += 1
                text.append("{}")
            else:
                text.append(source[end])
                end += 1
        found.append("".join(text))
        at = end + 1
    return found


def _allowed(name: str, text: str) -> bool:
    return any(name == path and text.startswith(start) for path, start in ALLOWED)


def _written_elsewhere() -> list[str]:
    sources = [
        *(ROOT / "overturn" / "referees").rglob("*.py"), *(ROOT / "overturn" / "table").rglob("*.py"),
        *(path for path in WEB.rglob("*.js") if "vendor" not in path.parts and not path.name.startswith("catalogue-")),
    ]
    found = []
    for path in sorted(sources):
        name = path.relative_to(ROOT).as_posix()
        texts = _python_strings(path) if path.suffix == ".py" else _js_strings(path.read_text(encoding="utf-8"))
        found += [f"{name}: {text!r}" for text in texts if _is_sentence(text) and not _allowed(name, text)]
    return found


def test_no_sentence_is_written_outside_the_catalogues() -> None:
    assert _written_elsewhere() == []


def test_the_scan_finds_a_sentence_written_in_code(tmp_path: Path) -> None:
    """The scan reads French and capitalised English in both languages' literals, and skips what nobody reads."""
    module = tmp_path / "m.py"
    module.write_text('"""Le module."""\nx = Meta(description="The seat that moves.")\ny = "la partie est terminée"\nz = "Game over after {n} turns"\n')
    said = [text for text in _python_strings(module) if _is_sentence(text)]
    assert said == ["la partie est terminée", "Game over after {n} turns"]
    script = "// C'est un commentaire\nconst a = `${who} a pioché`, b = \"red1\", c = 'Roll the die now';\n"
    assert [text for text in _js_strings(script) if _is_sentence(text)] == ["{} a pioché", "Roll the die now"]


#: An element's text named by data-i18n (no element inside it), and an attribute named by data-i18n-placeholder/-label.
_SHOWN = re.compile(r'<(\w+)[^>]*\bdata-i18n="(\w+)"[^>]*>([^<]*)</\1>')
_ATTRIBUTES = {"placeholder": "data-i18n-placeholder", "aria-label": "data-i18n-label"}


@pytest.mark.parametrize("name", ["index.html", "boardgame.html"])
def test_the_pages_html_says_the_catalogues_french_before_its_script_runs(name: str) -> None:
    """The text a page shows before translatePage runs (or where it never does) is the catalogue's, not a third
    wording of its own."""
    page = shared("fr")["page"]
    source = (WEB / name).read_text(encoding="utf-8")
    shown = [(key, html.unescape(text).strip()) for _, key, text in _SHOWN.findall(source) if text.strip()]
    for tag in re.findall(r"<[^>]+>", source):
        for attribute, naming in _ATTRIBUTES.items():
            key, value = re.search(rf'{naming}="(\w+)"', tag), re.search(rf'\s{attribute}="([^"]*)"', tag)
            if key and value:
                shown.append((key.group(1), html.unescape(value.group(1))))
    assert len(shown) > 20
    assert [(key, text) for key, text in shown if page.get(key) != text] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_reads_the_catalogues_as_modules_made_from_them(lang: str) -> None:
    made = WEB / "js" / "i18n" / f"catalogue-{lang}.js"
    if os.environ.get("OVERTURN_WRITE_WORDING"):
        made.write_text(page_module(lang), encoding="utf-8")
    assert made.read_text(encoding="utf-8") == page_module(lang), "run this test with OVERTURN_WRITE_WORDING=1"


def test_the_catalogues_are_package_data_outside_the_web_folder() -> None:
    assert CATALOGUES == ROOT / "overturn" / "wording"
    assert sorted(path.name for path in CATALOGUES.iterdir()) == ["en.json", "fr.json"]
    assert not (WEB / "i18n").exists()
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["overturn"]
    assert "wording/*.json" in package_data


def test_the_referees_and_the_table_speak_from_the_catalogues() -> None:
    """The command line's English and the table's French are the catalogues' words, not the code's."""
    for module, game in ((insider_words, "insider"), (offboard_words, "offboard"), (overload_words, "overload")):
        assert set(module.EN) == set(shared("en")["events"][game]["kinds"])
        assert set(module.FR) == set(shared("fr")["events"][game]["kinds"])
    assert InsiderRules().seat_names(3) == [shared("fr")["table"]["seat"].replace("{number}", str(n)) for n in (1, 2, 3)]
    assert OffboardRules().seat_names(2) == ["Rouge", "Jaune"]
