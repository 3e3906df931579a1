"""The Python examples of the manual (docs/python.md) and of README.md
(their ``pycon`` blocks) run as doctests at the repository's root and
print what they show."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

from conftest import REPO

PAGES = [REPO / "docs" / "python.md", REPO / "README.md"]
BLOCK = re.compile(r"^```pycon\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks(page: Path) -> List[Tuple[int, str]]:
    """Each pycon block of the page, with the line it starts on."""
    text = page.read_text(encoding="utf-8")
    return [(text[: m.start()].count("\n") + 1, m.group(1)) for m in BLOCK.finditer(text)]


def test_the_pages_have_examples() -> None:
    assert len(blocks(PAGES[0])) >= 3
    assert len(blocks(PAGES[1])) == 1


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_the_examples_print_what_they_show(page: Path) -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    names: Dict[str, Any] = {}
    for line, block in blocks(page):
        test = parser.get_doctest(block, names, f"{page.name}:{line}", str(page), line)
        runner.run(test, out=lambda text: pytest.fail(text), clear_globs=False)
        names.update(test.globs)  # a block uses what the blocks above it made
    assert runner.summarize(verbose=False).attempted > 0
