"""The Gradescope example (examples/gradescope/): its setup.sh installs
the package's wheel into a fresh virtual environment, and its
run_autograder, run as Gradescope runs it on each sample submission,
writes the results.json that ``gametree check --format gradescope``
prints for the same files, within Gradescope's specification."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

import gametree

from conftest import EXAMPLES, PYTHON_DIR, Cli, canonical

EXAMPLE = EXAMPLES / "gradescope"
SUBMISSIONS = sorted(p.name for p in (EXAMPLE / "submissions").iterdir())

# Gradescope's results.json: the keys it reads, at the top and in a test.
TOP_KEYS = {
    "score", "execution_time", "output", "output_format", "test_output_format",
    "test_name_format", "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard",
}
TEST_KEYS = {
    "score", "max_score", "status", "name", "name_format", "number", "output",
    "output_format", "tags", "visibility", "extra_data",
}
VISIBILITIES = {"hidden", "after_due_date", "after_published", "visible"}


@pytest.fixture(scope="module")
def autograder_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Python of a fresh virtual environment where setup.sh installed
    the wheel that maturin built."""
    root = tmp_path_factory.mktemp("image")
    source = root / "source"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("submissions", "*.whl"))
    build = ["build", "--quiet", "-m", str(PYTHON_DIR / "Cargo.toml"), "-o", str(source)]
    subprocess.run([sys.executable, "-m", "maturin", *build], check=True)
    subprocess.run([sys.executable, "-m", "venv", str(root / "venv")], check=True)
    python = root / "venv" / "bin" / "python"
    env = dict(os.environ, PYTHON=str(python))
    subprocess.run(["bash", str(source / "setup.sh")], env=env, check=True)
    return python


def run_autograder(python: Path, submission: str, root: Path) -> Dict[str, Any]:
    """Lays out /autograder as Gradescope does under `root`, runs the
    example's run_autograder and reads its results."""
    shutil.copytree(EXAMPLE / "submissions" / submission, root / "submission")
    return run_autograder_on(python, root)


def run_autograder_on(python: Path, root: Path) -> Dict[str, Any]:
    """Runs the example's run_autograder on the submission already laid
    out in `root`/submission, and reads its results."""
    shutil.copytree(EXAMPLE, root / "source", ignore=shutil.ignore_patterns("submissions", "*.whl"))
    env = dict(os.environ, AUTOGRADER_ROOT=str(root))
    subprocess.run([str(python), str(root / "source" / "run_autograder")], env=env, check=True, cwd=root)
    return json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))


def check_gradescope_keys(results: Dict[str, Any]) -> None:
    assert set(results) <= TOP_KEYS
    assert isinstance(results["score"], float) and results["score"] >= 0
    for test in results["tests"]:
        assert set(test) <= TEST_KEYS
        assert {"name", "score", "max_score", "status"} <= set(test)
        assert test["status"] in {"passed", "failed"}
        assert 0 <= test["score"] <= test["max_score"]
        assert test["visibility"] in VISIBILITIES
    assert results["score"] == pytest.approx(sum(t["score"] for t in results["tests"]))


@pytest.mark.parametrize("submission", SUBMISSIONS)
def test_the_autograder_grades_as_check_format_gradescope(
    autograder_python: Path, cli: Cli, tmp_path: Path, submission: str
) -> None:
    results = run_autograder(autograder_python, submission, tmp_path)
    check_gradescope_keys(results)
    submitted = tmp_path / "submission"
    files = sorted(p.relative_to(submitted) for p in submitted.rglob("*") if p.is_file() and not p.name.startswith("."))
    if not files:
        assert results["score"] == 0 and results["tests"] == [] and "No answer file" in results["output"]
        return
    source = tmp_path / "source"
    args: List[str] = [
        "check", "--format", "gradescope", "--visibility", "after_published",
        "--key", str(source / "key.answers"), str(source / "exercise.tree"), "--", *map(str, files),
    ]
    done = subprocess.run([str(cli.path), *args], capture_output=True, text=True, cwd=submitted)
    # 1: some answer is wrong; 2: some file is unusable (its row says why).
    assert done.returncode in (0, 1, 2) and done.stdout, done.stderr
    expected = json.loads(done.stdout)
    del expected["execution_time"], results["execution_time"]
    assert canonical(results) == canonical(expected)


def test_the_sample_submissions_score_as_their_answers_say(autograder_python: Path, tmp_path: Path) -> None:
    results = {s: run_autograder(autograder_python, s, tmp_path / s) for s in SUBMISSIONS}
    scores = {s: r["score"] for s, r in results.items()}
    assert scores["alice"] == 8.0  # every question: value 2, pruned 2, four of 1
    assert 0 < scores["bob"] < scores["alice"]
    assert scores["carol"] < scores["alice"]
    assert scores["dan"] == 0 and scores["erin"] == 0
    # Carol's two files are one answer file, worth the key's points once:
    # one test a question, and the output says where each file lies.
    alice = [t["name"] for t in results["alice"]["tests"]]
    carol = results["carol"]
    assert [t["name"] for t in carol["tests"]][: len(alice)] == alice
    assert sum(t["max_score"] for t in carol["tests"]) == 8.0
    assert "2 files read as one answer file: part1.txt is lines 1 to 3; part2.txt is lines 4 to" in carol["output"]


def test_a_file_handed_in_twice_scores_once(autograder_python: Path, tmp_path: Path) -> None:
    source = EXAMPLE / "submissions" / "alice" / "answers.txt"
    submission = tmp_path / "submission"
    submission.mkdir(parents=True)
    for name in ("answers.txt", "again.txt", "once-more.txt"):
        shutil.copy(source, submission / name)
    results = run_autograder_on(autograder_python, tmp_path)
    assert results["score"] == 8.0
    assert sum(t["max_score"] for t in results["tests"]) == 8.0


def test_a_link_in_the_submission_is_never_followed(autograder_python: Path, tmp_path: Path) -> None:
    submission = tmp_path / "submission"
    submission.mkdir(parents=True)
    (submission / "answers.txt").symlink_to(EXAMPLE / "key.answers")
    (submission / "folder").symlink_to(EXAMPLE, target_is_directory=True)
    results = run_autograder_on(autograder_python, tmp_path)
    assert results["score"] == 0 and results["tests"] == [] and "No answer file" in results["output"]


def test_no_answer_file_against_the_key_scores_nothing() -> None:
    tree, key = EXAMPLE / "exercise.tree", EXAMPLE / "key.answers"
    for answers in ([], None):
        results = gametree.check(tree, answers, key=key, format="gradescope")
        assert results["score"] == 0.0, answers
        assert sum(t["max_score"] for t in results["tests"]) == 8.0
