import pytest

from overturn.lexicon.normalize import InvalidWord, fold, is_key, normalize_key


@pytest.mark.parametrize(
    ("word", "key"),
    [
        ("TEMPÊTE", "TEMPETE"),
        ("tempête", "TEMPETE"),
        ("ŒUVRE", "OEUVRE"),
        ("œuvre", "OEUVRE"),
        ("ÇA", "CA"),
        ("ça", "CA"),
        ("Æther", "AETHER"),
        ("naïf", "NAIF"),
        ("où", "OU"),
        ("  pêche ", "PECHE"),
    ],
)
def test_keys_drop_accents_and_split_ligatures(word: str, key: str) -> None:
    assert normalize_key(word) == key


@pytest.mark.parametrize("text", ["", "porte-monnaie", "aujourd'hui", "a1", "l.a", "два"])
def test_non_words_have_no_key(text: str) -> None:
    with pytest.raises(InvalidWord):
        normalize_key(text)


def test_fold_keeps_what_is_not_a_letter() -> None:
    assert fold("Porte-Clé") == "PORTE-CLE"
    assert is_key("PECHE") and not is_key("PÊCHE") and not is_key("")
