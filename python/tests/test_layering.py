"""The package is a layer above the library: the library crate depends on
nothing of Python, and the Python crate on the library alone (not its
binary, nor its server)."""

from __future__ import annotations

import json
import subprocess
from typing import Any, Dict

from conftest import REPO


def packages() -> Dict[str, Any]:
    done = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--no-deps", "--offline"],
        cwd=REPO, capture_output=True, text=True, check=True,
    )
    return {p["name"]: p for p in json.loads(done.stdout)["packages"]}


def test_the_library_has_no_python_dependency() -> None:
    library = packages()["gametree"]
    names = {d["name"] for d in library["dependencies"]}
    assert not {n for n in names if "pyo3" in n or "python" in n}


def test_the_python_crate_uses_the_library_without_its_server() -> None:
    crate = packages()["gametree-python"]
    [library] = [d for d in crate["dependencies"] if d["name"] == "gametree"]
    assert library["uses_default_features"] is False
    assert "serve" not in library["features"]
    assert [t["kind"] for t in crate["targets"]] == [["cdylib"]]
