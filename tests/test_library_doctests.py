"""Every public name of ``overturn`` shows, in its docstring, what a user does first with it, and the example runs.

The examples are self-contained (each imports ``overturn`` itself, as a user's script would), so they run here
with empty globals; those that need the French lexicon load the bundled default, which ``default_lexicon`` builds once.
"""

from __future__ import annotations

import doctest

import pytest

import overturn

PUBLIC_NAMES = [name for name in overturn.__all__ if name != "__version__"]


def examples_of(name: str) -> list[doctest.DocTest]:
    """The doctests of a public object: its own docstring and those of its members defined with it."""
    tests = doctest.DocTestFinder(exclude_empty=True).find(getattr(overturn, name), f"overturn.{name}", globs={})
    return [test for test in tests if test.examples]


@pytest.mark.lexicon
@pytest.mark.parametrize("name", PUBLIC_NAMES)
def test_the_docstring_example_of_each_public_name_runs(name: str, default_lexicon: overturn.Lexicon) -> None:
    tests = examples_of(name)
    assert any(test.name == f"overturn.{name}" for test in tests), f"overturn.{name}'s docstring has no >>> example"
    runner = doctest.DocTestRunner()
    report: list[str] = []
    for test in tests:
        runner.run(test, out=report.append)
    assert runner.tries > 0
    assert runner.failures == 0, "".join(report)
