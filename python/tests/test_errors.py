"""Errors are Python exceptions with their places, never a crash: bad
trees, failed searches, bad arguments, undrawable trees, unwritable
formats, unreadable files, and a panic inside the library."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import gametree


def test_a_tree_that_does_not_read_is_a_parse_error_at_its_place() -> None:
    with pytest.raises(gametree.ParseError) as raised:
        gametree.solve("[[1 2]\n [3 4")
    error = raised.value
    assert (error.path, error.line, error.column) == ("<string>", 2, 2)
    assert error.source_line == " [3 4"
    assert "never closed" in error.message
    assert str(error).startswith("<string>:2:2: ")
    assert isinstance(error, ValueError) and isinstance(error, gametree.GametreeError)


def test_a_file_s_parse_error_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.tree"
    path.write_text("# a comment\nA [ B [3 4] C 5 ]\n")
    with pytest.raises(gametree.ParseError) as raised:
        gametree.Tree.from_file(path)
    assert (raised.value.path, raised.value.line, raised.value.column) == (str(path), 2, 15)
    with pytest.raises(gametree.ParseError):
        gametree.solve(path)


def test_bytes_that_are_not_utf8_are_a_parse_error_where_they_stop() -> None:
    with pytest.raises(gametree.ParseError) as raised:
        gametree.solve(b"[1 2\n 3 \xff 4]")
    assert (raised.value.line, raised.value.column) == (2, 4)


def test_a_search_that_cannot_finish_is_a_search_error_at_the_node() -> None:
    with pytest.raises(gametree.SearchError) as raised:
        gametree.solve("[5\n [? 3]]", algo="minimax")
    error = raised.value
    assert (error.line, error.column, error.stopped) == (2, 3, False)
    assert "unknown value `?`" in error.message
    assert str(error).startswith("<string>:2:3: ")


def test_every_function_raises_the_search_error() -> None:
    tree = "[5 [? 3]]"
    calls = [
        lambda: gametree.trace(tree, algo="minimax"),
        lambda: gametree.key(tree, algo="minimax"),
        lambda: gametree.render(tree, algo="minimax"),
        lambda: gametree.render(tree, "html", algo="minimax"),
    ]
    for call in calls:
        with pytest.raises(gametree.SearchError) as raised:
            call()
        assert (raised.value.line, raised.value.column) == (1, 5)


def test_a_node_without_a_place_of_its_own_is_found_in_the_text() -> None:
    with pytest.raises(gametree.SearchError) as raised:
        gametree.solve("[[3 12 8]\n [2 4 6]]", depth=1)
    assert (raised.value.line, raised.value.column) == (1, 2)
    assert "node @1 is at the depth limit" in raised.value.message


def test_a_search_error_without_a_place_has_no_line() -> None:
    with pytest.raises(gametree.SearchError) as raised:
        gametree.solve(game="random:branching=2,depth=3,seed=1", algo="minimax", depth=1, order="static")
    assert raised.value.line is None and raised.value.column is None
    assert str(raised.value) == f"game: {raised.value.message}"


@pytest.mark.parametrize(
    "keywords, words",
    [
        ({"algo": "nope"}, "'minimax', 'negamax', 'alphabeta'"),
        ({"bounds": (5, 1)}, "low <= high"),
        ({"bounds": (0, float("inf"))}, "finite"),
        ({"threads": 0}, "at least 1"),
        ({"algo": "parallel", "threads": 10**6}, "at most 65535"),
        ({"algo": "mtdf", "guess": 1e300}, "no number gametree holds exactly"),
        ({"algo": "mtdf", "guess": float("inf")}, "is infinite"),
        ({"window": (0, 2**60)}, "no number gametree holds exactly"),
        ({"width": 0}, "at least 1"),
        ({"order": "random"}, "'static'"),
        ({"from_": "xml"}, "xml"),
        ({"simulate": 3}, "algo='parallel'"),
    ],
)
def test_a_bad_argument_is_a_value_error_that_says_why(keywords: dict, words: str) -> None:
    with pytest.raises(ValueError) as raised:
        gametree.solve("[1 2]", **keywords)
    assert words in str(raised.value)
    assert not isinstance(raised.value, gametree.GametreeError)


def test_an_argument_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="depth"):
        gametree.solve("[1 2]", depth="two")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        gametree.solve(12)  # type: ignore[arg-type]


def test_a_missing_file_is_file_not_found() -> None:
    with pytest.raises(FileNotFoundError):
        gametree.solve("trees/no-such-tree.tree")


def test_too_many_nodes_is_refused_before_the_tree_is_built() -> None:
    with pytest.raises(gametree.ParseError, match="more than 3 nodes"):
        gametree.solve("[[1 2] [3 4]]", max_nodes=3)
    with pytest.raises(ValueError, match="max_nodes=100"):
        gametree.solve(game="random:branching=3,depth=5,seed=1", max_nodes=100)


def test_a_tree_too_big_to_draw_is_a_render_error() -> None:
    with pytest.raises(gametree.RenderError, match="7 nodes to draw"):
        gametree.render("[[1 2] [3 4]]", max_draw_nodes=3)
    assert gametree.render("[[1 2] [3 4]]", max_draw_nodes=3, draw_depth=1).count("<svg") == 1


def test_what_a_format_cannot_say_is_a_convert_error() -> None:
    with pytest.raises(gametree.ConvertError, match="unknown leaf value"):
        gametree.convert("[1 ?]", to="efg")
    with pytest.raises(ValueError, match="read, not written"):
        gametree.convert("[1 2]", to="cs188")


def test_a_bad_key_is_a_parse_error_at_its_line() -> None:
    with pytest.raises(gametree.ParseError) as raised:
        gametree.check("trees/lecture-a-to-v.tree", "expect value 5\n", key="expect value 5\nexpect nonsense here\n")
    assert (raised.value.path, raised.value.line) == ("<key>", 2)


def test_an_unreadable_answer_file_gets_its_row_with_the_error(tmp_path: Path) -> None:
    missing = tmp_path / "missing.answers"
    report = gametree.check("trees/lecture-a-to-v.tree", [missing, "expect value 5\n"])
    rows = report["files"]
    assert rows[0]["file"] == str(missing) and "cannot read" in rows[0]["error"]
    assert rows[0]["score"] == 0
    assert rows[1]["error"] is None and rows[1]["passed"] == 1


def test_an_endless_or_binary_answer_file_is_refused_at_its_first_block(tmp_path: Path) -> None:
    zeros = tmp_path / "sparse.answers"
    with open(zeros, "wb") as file:
        file.truncate(1 << 34)  # 16 GiB of NUL bytes, none on the disk
    answers = [Path("/dev/zero"), zeros, "expect value 5\n"]
    rows = gametree.check("trees/lecture-a-to-v.tree", answers)["files"]
    assert ["NUL byte" in (row["error"] or "") for row in rows] == [True, True, False]
    assert rows[2]["passed"] == 1
    with pytest.raises(gametree.ParseError, match="NUL byte"):
        gametree.solve(Path("/dev/zero"))


def test_a_file_name_that_is_not_utf8_gets_its_row(tmp_path: Path) -> None:
    import os

    latin1 = Path(os.fsdecode(bytes(tmp_path) + b"/r\xe9ponse.answers"))
    latin1.write_text("expect value 5\n")
    rows = gametree.check("trees/lecture-a-to-v.tree", [latin1, tmp_path / "missing"])["files"]
    assert rows[0]["file"].endswith("/r\\xE9ponse.answers") and rows[0]["passed"] == 1
    assert rows[1]["error"].endswith("cannot read: No such file or directory (os error 2)")


def test_answers_are_one_file_or_any_iterable_of_them_never_a_mapping() -> None:
    tree = "trees/lecture-a-to-v.tree"
    generated = (text for text in ["expect value 5\n"])
    assert gametree.check(tree, generated)["files"][0]["passed"] == 1
    with pytest.raises(TypeError, match="mapping"):
        gametree.check(tree, {"expect value 5\n": 1})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="answer file"):
        gametree.check(tree, [5])  # type: ignore[list-item]


def test_a_panic_is_an_exception_and_the_interpreter_goes_on() -> None:
    with pytest.raises(gametree.GametreeError, match="internal error in gametree"):
        gametree._gametree._panic()
    assert gametree.solve("[3 5]")["value"] == 5


def test_hostile_inputs_never_end_the_interpreter() -> None:
    script = """
import gametree
inputs = ["", "[", "]", "[[[[[[[[", "A [ A 1 A 2 ]", "\\x00", "[1e999 2]", "[" * 100000,
          "chance [0.5: 1 0.5: 2]", "max [ min [ 1", "expect value 5", "[1 2]\\nexpect value x"]
for text in inputs:
    for call in (gametree.solve, gametree.trace, gametree.key, gametree.render):
        try:
            call(text)
        except (gametree.GametreeError, ValueError):
            pass
print("alive")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "alive"
