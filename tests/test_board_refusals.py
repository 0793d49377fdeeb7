"""The board page words a refused move from its rule code (issue 30: the server sends codes, the page words them):
its French is the server's message for every code the table can send, its English words each one.

The codes and messages are the server's own, asked of each game's adapter as a refusal is made
(``BoardRules.refusal``); Node reads the page's translation files.
"""

from __future__ import annotations

import re

from test_web_modules import _node, needs_node

from overturn.table.board_base import RULES_FR
from overturn.table.games import BOARDS

REFUSALS_IN_NODE = """
import en from "./js/i18n/en.js";
import fr from "./js/i18n/fr.js";
console.log(JSON.stringify({ fr: fr.refusals, en: en.refusals }));
"""
ACCENTS = re.compile(r"[àâäçéèêëîïôöûùüÿœæ«»]", re.IGNORECASE)


def _server_messages() -> dict[str, str]:
    """Every rule code a board table words, with the French it sends (the same code means the same in every game)."""
    messages: dict[str, str] = {}
    for rules in BOARDS.values():
        for rule in [*RULES_FR, *rules.rules_fr]:
            message = rules.refusal(rule, "detail").message
            assert messages.setdefault(rule, message) == message, rule
    return messages


@needs_node
def test_the_page_words_every_refusal_the_server_sends() -> None:
    server = _server_messages()
    assert len(server) >= 70  # the shared codes and the three games' own were all found
    page = _node(REFUSALS_IN_NODE)
    assert page["fr"] == server, "the page's French differs from the server's"
    assert page["en"].keys() == server.keys()
    for rule, english in page["en"].items():
        assert english.strip(), rule
        assert not ACCENTS.search(english), (rule, english)
        assert english != server[rule], rule
