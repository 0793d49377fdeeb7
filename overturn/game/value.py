"""Immutable value types for the model every command loads, without the dataclasses module.

Importing `dataclasses` pulls in `inspect` (and with it ast, dis and tokenize):
about 15 ms of start-up on a small machine, nearly a third of what `overturn
solve BOARD` may add to a bare interpreter. Rules, Board and
Constraints are built on :class:`Value` instead; the rest of the code, loaded
later, keeps dataclasses.
"""

from __future__ import annotations

from typing import Any, TypeVar

V = TypeVar("V", bound="Value")


class Value:
    """Fields named by ``FIELDS``, set once in ``__init__`` (via ``_set``), compared and hashed together.

    As a frozen dataclass: equal when of the same class with equal fields,
    hashed on the fields, read-only afterwards, copied with changes by
    :meth:`replace`. ``functools.cached_property`` still works (it writes the
    instance dictionary directly).
    """

    FIELDS: tuple[str, ...] = ()

    def _set(self, **values: Any) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def replace(self: V, **changes: Any) -> V:
        """A copy with some fields changed (checked again by ``__init__``)."""
        unknown = set(changes).difference(self.FIELDS)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        return type(self)(**{name: changes.get(name, getattr(self, name)) for name in self.FIELDS})

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{name}={getattr(self, name)!r}' for name in self.FIELDS)})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: use replace({name}=...)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")
