"""The type stubs hold: the extension module's stub (_gametree.pyi)
matches the module (mypy's stubtest), the package type-checks under
``mypy --strict``, and a wrong call is an error an editor shows."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import EXAMPLES, PYTHON_DIR


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", *args],
        cwd=PYTHON_DIR, capture_output=True, text=True,
    )


def test_the_stub_matches_the_extension_module(tmp_path: Path) -> None:
    # Outside python/, so that the package imported is the one installed.
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "gametree._gametree"],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_and_the_autograder_type_check() -> None:
    done = mypy("--strict", "gametree", str(EXAMPLES / "gradescope" / "run_autograder"))
    assert done.returncode == 0, done.stdout


def test_a_wrong_call_is_a_type_error(tmp_path: Path) -> None:
    use = tmp_path / "use.py"
    use.write_text(
        "import gametree\n"
        "value: int = gametree.solve('[1 2]', depth=2)['value']\n"
        "gametree.solve('[1 2]', depth='two')\n"
        "gametree.Tree.random(branching=3).page(quiz=True).save(3.5)\n"
    )
    done = mypy(str(use))
    assert done.returncode == 1
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["3", "4"], done.stdout
