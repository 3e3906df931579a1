"""A 1,000,000-leaf random tree solved from Python and by the binary.

Writes the tree (``random:branching=10,depth=6,seed=1``, 1,111,111 nodes)
with ``gametree gen``, then times, best of five runs each:

- ``gametree solve --json FILE`` (reading the file, building the tree,
  solving, printing the report: 25 MB, since it names each of the
  1,081,985 pruned nodes), and ``gametree solve FILE`` (the text report,
  which lists 20 of them);
- ``gametree.solve(path)`` from Python (the same, plus the JSON object
  made into Python objects);
- ``gametree.solve(tree)`` of a ``Tree`` read once (the search and the
  report alone);
- ``gametree.Tree.from_file(path)`` (reading and building alone).

Run it with the package built in release mode (``maturin develop
--release``) and a release binary::

    python python/benches/solve_million.py target/release/gametree

It prints the times; docs/python.md holds one run's.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, List

import gametree

SPEC = "random:branching=10,depth=6,seed=1"
RUNS = 5


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The shortest of `runs` wall-clock times of `work`, in seconds."""
    times: List[float] = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    binary = sys.argv[1] if len(sys.argv) > 1 else "gametree"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "million.tree"
        subprocess.run([binary, "gen", "--game", SPEC, "-o", str(path)], check=True)
        size = path.stat().st_size
        expected = gametree.solve(path)["value"]
        command = [binary, "solve", "--json", str(path)]
        cli = best_of(RUNS, lambda: subprocess.run(command, check=True, stdout=subprocess.DEVNULL))
        text = [binary, "solve", str(path)]
        cli_text = best_of(RUNS, lambda: subprocess.run(text, check=True, stdout=subprocess.DEVNULL))
        from_path = best_of(RUNS, lambda: gametree.solve(path))
        tree = gametree.Tree.from_file(path)
        assert tree.solve()["value"] == expected
        solve_only = best_of(RUNS, lambda: gametree.solve(tree))
        read_only = best_of(RUNS, lambda: gametree.Tree.from_file(path))
    print(f"{SPEC}: {tree.nodes} nodes, {size} bytes, value {expected}")
    print(f"gametree solve FILE            {cli_text:.3f} s")
    print(f"gametree solve --json FILE     {cli:.3f} s")
    print(f"gametree.solve(path)           {from_path:.3f} s")
    print(f"gametree.solve(Tree)           {solve_only:.3f} s")
    print(f"gametree.Tree.from_file(path)  {read_only:.3f} s")


if __name__ == "__main__":
    main()
