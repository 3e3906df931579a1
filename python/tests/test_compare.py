"""``compare`` returns exactly what ``gametree compare --json`` prints, and
``window=``/``guess=`` search as ``--window``/``--guess`` do: the JSON
compared byte for byte after ``json.dumps`` with sorted keys, on every
example tree and a generated game; what the command line refuses, the
package refuses too."""

from __future__ import annotations

import json
import subprocess
from fractions import Fraction
from typing import Any, Dict, List, Tuple

import pytest

import gametree
from conftest import LECTURE, REPO, Cli, canonical, example_trees

TREE_PATHS = [str(tree.relative_to(REPO)) for tree in example_trees()]

# Each comparison as flags and as keywords.
COMPARISONS: List[Tuple[List[str], Dict[str, Any]]] = [
    ([], {}),
    (["--algo", "alphabeta,pvs,mtdf,sss"], {"algo": "alphabeta,pvs,mtdf,sss"}),
    (["--algo", "pvs,alphabeta", "--window=2,5", "--guess", "3"],
     {"algo": ["pvs", "alphabeta"], "window": (2, 5), "guess": 3}),
    (["--algo", "alphabeta,mtdf", "--strict", "--fail-hard", "--depth", "2"],
     {"algo": ["alphabeta", "mtdf"], "strict": True, "fail_hard": True, "depth": 2}),
    (["--bounds=-20,20", "--algo", "star2,alphabeta"], {"bounds": (-20, 20), "algo": "star2,alphabeta"}),
]

# Searches with a window or a first guess, as flags and as keywords.
WINDOWED: List[Tuple[List[str], Dict[str, Any]]] = [
    (["--algo", "alphabeta", "--window=2,5"], {"algo": "alphabeta", "window": (2, 5)}),
    (["--algo", "pvs", "--window=-inf,3"], {"algo": "pvs", "window": (-float("inf"), 3)}),
    (["--algo", "negamax-alphabeta", "--window=4.5,inf"],
     {"algo": "negamax-alphabeta", "window": (4.5, float("inf"))}),
    (["--algo", "mtdf", "--guess", "7"], {"algo": "mtdf", "guess": 7}),
    (["--algo", "mtdf", "--guess=-1/3"], {"algo": "mtdf", "guess": Fraction(-1, 3)}),
    (["--algo", "minimax", "--window=2,5"], {"algo": "minimax", "window": (2, 5)}),
]


def cli_run(cli: Cli, args: List[str]) -> "subprocess.CompletedProcess[str]":
    return subprocess.run([str(cli.path), *args], cwd=REPO, capture_output=True, text=True)


@pytest.mark.parametrize("path", TREE_PATHS)
@pytest.mark.parametrize("flags, keywords", COMPARISONS, ids=lambda v: "".join(v) if isinstance(v, list) else None)
def test_compare_is_compare_json(cli: Cli, path: str, flags: List[str], keywords: Dict[str, Any]) -> None:
    done = cli_run(cli, ["compare", "--json", path, *flags])
    assert done.returncode == 0, done.stderr
    assert canonical(gametree.compare(path, **keywords)) == canonical(json.loads(done.stdout))


def test_compare_of_a_game_is_compare_json(cli: Cli) -> None:
    spec = "random:branching=3,depth=4,seed=7"
    expected = cli.json("compare", "--json", "--game", spec)
    assert canonical(gametree.compare(game=spec)) == canonical(expected)
    assert [row["algorithm"] for row in expected["rows"]] == [
        "minimax", "negamax", "alphabeta", "negamax-alphabeta", "star2", "pvs", "mtdf", "sss",
    ]


def test_compare_of_a_tree_object_and_a_list_of_algorithms(cli: Cli) -> None:
    expected = cli.json("compare", "--json", "--algo", "sss,alphabeta", str(LECTURE))
    tree = gametree.Tree.from_file(LECTURE)
    assert canonical(tree.compare(algo=["sss", "alphabeta"])) == canonical(expected)
    assert [row["algorithm"] for row in expected["rows"]] == ["sss", "alphabeta"]


@pytest.mark.parametrize("path", TREE_PATHS)
@pytest.mark.parametrize("flags, keywords", WINDOWED, ids=lambda v: "".join(v) if isinstance(v, list) else None)
def test_window_and_guess_are_solve_json(cli: Cli, path: str, flags: List[str], keywords: Dict[str, Any]) -> None:
    """The same answer, or both refuse (the package with SearchError)."""
    done = cli_run(cli, ["solve", "--json", path, *flags])
    if done.returncode == 0:
        assert canonical(gametree.solve(path, **keywords)) == canonical(json.loads(done.stdout))
        return
    assert done.returncode == 2, done.stderr
    with pytest.raises(gametree.SearchError):
        gametree.solve(path, **keywords)


def test_window_is_trace_json_and_changes_the_search(cli: Cli) -> None:
    path = str(LECTURE)
    windowed = cli.json("trace", "--json", "--algo", "pvs", "--window=5,6", path)
    assert canonical(gametree.trace(path, algo="pvs", window=(5, 6))) == canonical(windowed)
    assert canonical(gametree.trace(path, algo="pvs")) != canonical(windowed)


def test_a_float_window_is_its_decimal(cli: Cli) -> None:
    expected = cli.json("solve", "--json", "--algo", "alphabeta", "--window=0.1,4.5", str(LECTURE))
    assert canonical(gametree.solve(str(LECTURE), algo="alphabeta", window=(0.1, 4.5))) == canonical(expected)


REFUSED: List[Tuple[List[str], Dict[str, Any]]] = [
    (["compare", "--json", "--algo", "alphabeta,parallel"], {"algo": "alphabeta,parallel"}),
    (["compare", "--json", "--algo", "alphabeta,nosuch"], {"algo": ["alphabeta", "nosuch"]}),
    (["compare", "--json", "--window=5,3"], {"window": (5, 3)}),
    (["compare", "--json", "--window=3,3"], {"window": (3, 3)}),
    (["compare", "--json", "--guess", "inf"], {"guess": float("inf")}),
    (["solve", "--json", "--window=5,3"], {"window": (5, 3)}),
    (["solve", "--json", "--algo", "mtdf", "--guess=-inf"], {"algo": "mtdf", "guess": -float("inf")}),
    (["key", "--window=1,nan"], {"window": (1, float("nan"))}),
]


@pytest.mark.parametrize("args, keywords", REFUSED, ids=lambda v: "".join(v) if isinstance(v, list) else None)
def test_refused_as_the_command_line_refuses(cli: Cli, args: List[str], keywords: Dict[str, Any]) -> None:
    done = cli_run(cli, [*args, str(LECTURE)])
    assert done.returncode == 2, done.stdout
    call = {"compare": gametree.compare, "solve": gametree.solve, "key": gametree.key}[args[0]]
    with pytest.raises(ValueError):
        call(str(LECTURE), **keywords)


def test_an_unsupported_window_is_a_search_error(cli: Cli) -> None:
    done = cli_run(cli, ["solve", "--json", "--algo", "minimax", "--window=2,5", str(LECTURE)])
    assert done.returncode == 2
    assert "minimax does not support --window" in done.stderr
    with pytest.raises(gametree.SearchError, match="minimax does not support"):
        gametree.solve(str(LECTURE), algo="minimax", window=(2, 5))
    with pytest.raises(gametree.SearchError, match="does not support"):
        gametree.solve(str(LECTURE), algo="alphabeta", guess=3)


def test_a_window_that_is_no_pair_of_numbers_is_a_type_or_value_error() -> None:
    with pytest.raises(TypeError, match="window"):
        gametree.solve(str(LECTURE), window=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="window"):
        gametree.solve(str(LECTURE), window=("2", "5"))  # type: ignore[arg-type]
