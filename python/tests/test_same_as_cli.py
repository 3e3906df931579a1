"""The package returns exactly what the command line prints: the JSON of
``solve``, ``trace`` and ``check`` compared byte for byte after
``json.dumps`` with sorted keys, and the text of ``key`` and ``convert``,
for every example tree and several searches of each."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import pytest

import gametree
from conftest import REPO, Cli, canonical, example_trees

# Each search as flags and as keywords.
SEARCHES: List[Tuple[List[str], Dict[str, Any]]] = [
    ([], {}),
    (["--algo", "minimax"], {"algo": "minimax"}),
    (["--algo", "negamax-alphabeta"], {"algo": "negamax-alphabeta"}),
    (["--strict", "--fail-hard"], {"strict": True, "fail_hard": True}),
    (["--algo", "star2"], {"algo": "star2"}),
    (["--order", "static", "--depth", "2"], {"order": "static", "depth": 2}),
    (["--bounds=-20,20"], {"bounds": (-20, 20)}),
    (["--algo", "pvs"], {"algo": "pvs"}),
    (["--algo", "mtdf", "--guess", "4"], {"algo": "mtdf", "guess": 4}),
    (["--algo", "sss"], {"algo": "sss"}),
    (["--window=3,6"], {"window": (3, 6)}),
    (["--algo", "parallel", "--threads", "1", "--young-brothers", "full"],
     {"algo": "parallel", "threads": 1, "young_brothers": "full"}),
]

CASES = [
    pytest.param(str(tree.relative_to(REPO)), flags, keywords, id=f"{tree.stem}{''.join(flags)}")
    for tree in example_trees()
    for flags, keywords in SEARCHES
]


def same_or_both_refuse(cli: Cli, args: List[str], call: Callable[[], Any], parse: bool = True) -> None:
    """The command's output and the call's agree (as JSON when `parse`);
    or the command refuses the input (exit 2) and the call raises
    gametree's error with the same message."""
    done = subprocess.run([str(cli.path), *args], cwd=REPO, capture_output=True, text=True)
    if done.returncode == 0:
        if parse:
            assert canonical(call()) == canonical(json.loads(done.stdout))
        else:
            assert call() == done.stdout
        return
    assert done.returncode == 2, done.stderr
    with pytest.raises(gametree.GametreeError) as raised:
        call()
    assert raised.value.message in done.stderr


# Scout on one thread: deterministic, and it splits unless told not to.
SCOUT_GAME = "random:branching=8,depth=6,seed=1"


@pytest.mark.parametrize("minimum", [0, 256, 10**9])
def test_split_min_nodes_counts_as_split_min_nodes(cli: Cli, minimum: int) -> None:
    """The keyword reaches the search as the flag does: the same counts.
    (The messages differ: each names its own options.)"""
    args = ["solve", "--json", "--game", SCOUT_GAME, "--algo", "parallel", "--threads", "1",
            "--young-brothers", "scout", "--split-min-nodes", str(minimum)]
    done = subprocess.run([str(cli.path), *args], cwd=REPO, capture_output=True, text=True, check=True)
    ours = gametree.solve(game=SCOUT_GAME, algo="parallel", threads=1, young_brothers="scout",
                          split_min_nodes=minimum)
    assert ours["stats"] == json.loads(done.stdout)["stats"]


def test_a_smallest_split_no_eldest_reaches_is_alphabeta() -> None:
    scout = {"game": SCOUT_GAME, "algo": "parallel", "threads": 1, "young_brothers": "scout"}
    never = gametree.solve(**scout, split_min_nodes=10**9)["stats"]
    everywhere = gametree.solve(**scout, split_min_nodes=0)["stats"]
    alphabeta = gametree.solve(game=SCOUT_GAME)["stats"]
    assert never == alphabeta
    assert everywhere["nodes_visited"] != alphabeta["nodes_visited"]


@pytest.mark.parametrize("path, flags, keywords", CASES)
def test_solve_is_solve_json(cli: Cli, path: str, flags: List[str], keywords: Dict[str, Any]) -> None:
    same_or_both_refuse(cli, ["solve", "--json", path, *flags], lambda: gametree.solve(path, **keywords))


@pytest.mark.parametrize("path, flags, keywords", CASES)
def test_trace_is_trace_json(cli: Cli, path: str, flags: List[str], keywords: Dict[str, Any]) -> None:
    same_or_both_refuse(cli, ["trace", "--json", path, *flags], lambda: gametree.trace(path, **keywords))


@pytest.mark.parametrize("path, flags, keywords", CASES)
def test_key_is_key(cli: Cli, path: str, flags: List[str], keywords: Dict[str, Any]) -> None:
    same_or_both_refuse(cli, ["key", path, *flags], lambda: gametree.key(path, **keywords), parse=False)


@pytest.mark.parametrize("path", [str(t.relative_to(REPO)) for t in example_trees()])
def test_check_of_its_own_expect_lines_is_check_json(cli: Cli, path: str) -> None:
    same_or_both_refuse(cli, ["check", "--format", "json", path], lambda: gametree.check(path))


@pytest.mark.parametrize("path", [str(t.relative_to(REPO)) for t in example_trees()])
@pytest.mark.parametrize("to", ["tree", "json", "efg"])
def test_convert_is_convert(cli: Cli, path: str, to: str) -> None:
    same_or_both_refuse(
        cli, ["convert", "--to", to, "-o", "-", path], lambda: gametree.convert(path, to=to), parse=False
    )


ANSWERS = sorted((REPO / "tests" / "answers" / "lecture-a-to-v").glob("*.answers"))


@pytest.mark.parametrize("form", ["json", "text", "csv", "junit"])
def test_check_of_answer_files_is_check(cli: Cli, form: str) -> None:
    answers = [a.relative_to(REPO) for a in ANSWERS]
    tree = "trees/lecture-a-to-v.tree"
    args = ["check", "--format", form, tree, *map(str, answers)]
    done = subprocess.run([str(cli.path), *args], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 1, done.stderr  # some answers are wrong
    report = gametree.check(tree, answers, format=form)
    if form == "json":
        assert canonical(report) == canonical(json.loads(done.stdout))
    else:
        assert report == done.stdout


def test_check_against_a_key_with_points_is_check(cli: Cli, tmp_path: Path) -> None:
    key = tmp_path / "key.answers"
    key.write_text(cli.run("key", "trees/lecture-a-to-v.tree", "--points", "value=2,pruned=3"))
    answers = [a.relative_to(REPO) for a in ANSWERS[:4]]
    expected = cli.json("check", "--json", "--key", str(key), "trees/lecture-a-to-v.tree", *map(str, answers), expect_code=1)
    report = gametree.check("trees/lecture-a-to-v.tree", answers, key=key)
    assert canonical(report) == canonical(expected)
    questions = report["files"][0]["grade"]["questions"]
    value = [q for q in questions if q["question"] == "value"]
    assert [q["max_points"] for q in value] == [2.0]


def test_gradescope_is_check_format_gradescope_but_the_time(cli: Cli) -> None:
    answers = [a.relative_to(REPO) for a in ANSWERS]
    tree = "trees/lecture-a-to-v.tree"
    flags = ["--format", "gradescope", "--visibility", "hidden"]
    expected = cli.json("check", *flags, tree, *map(str, answers), expect_code=1)
    report = gametree.check(tree, answers, format="gradescope", visibility="hidden")
    assert isinstance(report.pop("execution_time"), float)
    expected.pop("execution_time")
    assert canonical(report) == canonical(expected)


def test_claims_are_check_claims(cli: Cli) -> None:
    wrong = Path("tests/answers/lecture-a-to-v/wrong-cut.answers")
    expected = cli.json("check", "--json", "--claims", "trees/lecture-a-to-v.tree", str(wrong), expect_code=1)
    report = gametree.check("trees/lecture-a-to-v.tree", wrong, claims=True)
    assert canonical(report) == canonical(expected)
    assert report["files"][0]["failed"] > 0


CS188 = sorted((REPO / "tests" / "data" / "cs188").glob("*/*.test"))


@pytest.mark.parametrize("path", [str(c.relative_to(REPO)) for c in CS188], ids=lambda p: Path(p).stem)
def test_cs188_cases_solve_as_on_the_command_line(cli: Cli, path: str) -> None:
    same_or_both_refuse(cli, ["solve", "--json", path], lambda: gametree.solve(path))


def test_simulated_processors_are_the_command_lines(cli: Cli) -> None:
    tree = "trees/parallel-lecture-beta-cuts.tree"
    expected = cli.json("solve", "--json", tree, "--algo", "parallel", "--simulate", "1,2,4")
    assert canonical(gametree.solve(tree, algo="parallel", simulate=[1, 2, 4])) == canonical(expected)
    schedule = cli.json("trace", "--json", tree, "--algo", "parallel", "--simulate", "3")
    assert canonical(gametree.trace(tree, algo="parallel", simulate=3)) == canonical(schedule)


@pytest.mark.parametrize("minimum", [0, 4, 5, 1000])
def test_a_simulated_smallest_split_is_the_command_lines(cli: Cli, minimum: int) -> None:
    tree = "trees/parallel-lecture-beta-cuts.tree"
    expected = cli.json("solve", "--json", tree, "--algo", "parallel", "--simulate", "2",
                        "--split-min-nodes", str(minimum))
    got = gametree.solve(tree, algo="parallel", simulate=2, split_min_nodes=minimum)
    assert canonical(got) == canonical(expected)
    simulated = got["simulation"]
    # The root's eldest subtree has four nodes, the largest: a minimum
    # above it leaves the second processor idle throughout.
    never = minimum > 4
    assert (simulated["steps"] == simulated["sequential_steps"]) == never


@pytest.mark.parametrize("spec", ["random:branching=3,depth=4,seed=7", "tictactoe", "billes:n=7,k=3"])
def test_generated_games_solve_as_on_the_command_line(cli: Cli, spec: str) -> None:
    expected = cli.json("solve", "--json", "--game", spec)
    assert canonical(gametree.solve(game=spec)) == canonical(expected)


def test_random_tree_is_gen_s_tree(cli: Cli) -> None:
    spec = "random:branching=3,depth=3,seed=5"
    written = cli.run("gen", "--game", spec)
    tree = gametree.Tree.random(branching=3, depth=3, seed=5)
    assert tree.text == written
    assert canonical(tree.solve()) == canonical(cli.json("solve", "--json", "--game", spec))


@pytest.mark.parametrize("path", ["trees/lecture-a-to-v.tree", "trees/star2-probes.tree"])
@pytest.mark.parametrize("form", ["svg", "dot", "tex", "beamer", "forest", "html"])
def test_render_is_render(cli: Cli, path: str, form: str) -> None:
    flags = ["--windows"] if form != "html" else ["--quiz"]
    keywords = {"windows": True} if form != "html" else {"quiz": True}
    expected = cli.run("render", "--format", form, "-o", "-", path, *flags)
    assert gametree.render(path, form, **keywords) == expected


@pytest.mark.parametrize("path", ["trees/lecture-a-to-v.tree", "trees/star1-chance.tree"])
def test_a_key_sheet_is_render_s_beside_or_below(cli: Cli, path: str) -> None:
    for flags, keywords in [(["--key"], {"key": True}), (["--key", "--key-below"], {"key": True, "key_below": True})]:
        expected = cli.run("render", "--format", "svg", "-o", "-", path, *flags)
        assert gametree.render(path, "svg", **keywords) == expected, flags
    beside = gametree.render("trees/lecture-a-to-v.tree", "svg", key=True)
    below = gametree.render("trees/lecture-a-to-v.tree", "svg", key=True, key_below=True)
    assert isinstance(beside, str) and isinstance(below, str)
    cli.run("render", "--key-below", "-o", "-", path, expect_code=2)
    with pytest.raises(ValueError, match="key=True"):
        gametree.render(path, "svg", key_below=True)


@pytest.mark.parametrize("form, flag", [("beamer", "blank"), ("beamer", "key"), ("forest", "key")])
def test_latex_refuses_what_the_command_refuses(cli: Cli, form: str, flag: str) -> None:
    cli.run("render", "--format", form, f"--{flag}", "-o", "-", "trees/deep-cut.tree", expect_code=2)
    with pytest.raises(ValueError, match=f"{flag}=True"):
        gametree.render("trees/deep-cut.tree", form, **{flag: True})
