"""What the tests share: the repository's folders, and the command line
that the package's answers are compared with.

The command line is ``$GAMETREE_BIN`` when set, else the repository's
``target/debug/gametree``, built with ``cargo build`` when missing.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, List

import pytest

PYTHON_DIR = Path(__file__).resolve().parent.parent
REPO = PYTHON_DIR.parent
TREES = REPO / "trees"
EXAMPLES = PYTHON_DIR / "examples"
LECTURE = TREES / "lecture-a-to-v.tree"


def _binary() -> Path:
    given = os.environ.get("GAMETREE_BIN")
    if given:
        return Path(given)
    built = REPO / "target" / "debug" / "gametree"
    if not built.exists():
        subprocess.run(["cargo", "build", "--quiet", "--bin", "gametree"], cwd=REPO, check=True)
    return built


class Cli:
    """The command line: its output for a list of arguments."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def run(self, *args: str, expect_code: int = 0) -> str:
        """The standard output of a run that must exit with `expect_code`."""
        done = subprocess.run(
            [str(self.path), *args], cwd=REPO, capture_output=True, text=True, check=False
        )
        assert done.returncode == expect_code, (args, done.returncode, done.stderr)
        return done.stdout

    def json(self, *args: str, expect_code: int = 0) -> Any:
        return json.loads(self.run(*args, expect_code=expect_code))


@pytest.fixture(scope="session")
def cli() -> Cli:
    return Cli(_binary())


def canonical(value: Any) -> str:
    """The JSON text compared byte for byte: sorted keys, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def example_trees() -> List[Path]:
    """Every example tree of the repository."""
    return sorted(TREES.glob("*.tree"))


@pytest.fixture(autouse=True)
def in_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs at the repository's root, as the command line does,
    so that the paths in messages are the same."""
    monkeypatch.chdir(REPO)
