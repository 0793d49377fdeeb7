"""The C letter-trie build (overturn/lexicon/_letter_trie.c) against the Python one it replaces, byte for byte.

Both must give the arrays ``nodes.bin`` holds (overturn/lexicon/compiled.py) for any sorted set of A–Z keys,
and the C one must refuse what the breadth-first build cannot take instead of writing a wrong trie.
"""

from __future__ import annotations

import importlib.util
import random

import pytest

from overturn.lexicon.compiled import build_letter_trie, letter_trie_in_python

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("overturn.lexicon._letter_trie") is None,
    reason="the C extension overturn.lexicon._letter_trie is not built (no compiler at install time): the Python "
           "build serves, and is tested by every lexicon build of the suite",
)


def random_keys(rng: random.Random) -> list[str]:
    """A few to a few thousand keys over a small or a full alphabet, with many shared prefixes and some long keys."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[: rng.choice((1, 2, 3, 5, 26))]
    keys: set[str] = set()
    for _ in range(rng.choice((1, 2, 10, 300, 3000))):
        length = rng.choice((1, 1, 2, 3, 4, 6, 9, 15, 40)) if rng.random() < 0.98 else rng.randint(100, 1000)
        keys.add("".join(rng.choice(alphabet) for _ in range(length)))
    return sorted(keys)


def test_the_c_build_matches_the_python_build() -> None:
    rng = random.Random(20261125)
    cases = [[], ["A"], ["Z"], ["A", "AA", "AAA"], ["AB", "B"], [chr(65 + i) for i in range(26)], ["Q" * 5000]]
    cases += [random_keys(rng) for _ in range(300)]
    for keys in cases:
        native, python = build_letter_trie(keys), letter_trie_in_python(keys)
        assert native[0].tobytes() == python[0].tobytes(), keys[:5]
        assert native[1].tobytes() == python[1].tobytes(), keys[:5]


@pytest.mark.lexicon
def test_the_default_lexicons_trie_is_the_python_one(default_lexicon) -> None:
    keys = sorted(default_lexicon.completions("", limit=None))
    native_masks, native_first = build_letter_trie(keys)
    assert bytes(default_lexicon.masks) == native_masks.tobytes()
    assert bytes(default_lexicon.first_child) == native_first.tobytes()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"B\nA", "sorted and distinct"),
        (b"A\nA", "sorted and distinct"),
        (b"AB\nA", "sorted and distinct"),
        (b"A\n\nB", "empty"),
        (b"A\n", "empty"),
        (b"\n", "empty"),
        (b"Ab", "A-Z"),
        ("É".encode(), "A-Z"),
        (b"A\x00B", "A-Z"),
    ],
)
def test_keys_it_cannot_take_are_refused(text: bytes, message: str) -> None:
    from overturn.lexicon import _letter_trie

    with pytest.raises(ValueError, match=message):
        _letter_trie.build(text)


def test_it_takes_any_bytes_like_object_and_nothing_else() -> None:
    from overturn.lexicon import _letter_trie

    assert _letter_trie.build(memoryview(b"AB\nB")) == _letter_trie.build(bytearray(b"AB\nB"))
    with pytest.raises(TypeError):
        _letter_trie.build("AB")
