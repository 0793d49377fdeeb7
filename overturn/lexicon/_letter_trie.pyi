"""Type stub of the C letter-trie build (``_letter_trie.c``), called by ``compiled.build_letter_trie``."""

from typing_extensions import Buffer

def build(keys: Buffer) -> tuple[bytes, bytes]: ...
