"""Every function of the package and the Tree class: what each returns
for the lecture's tree, the keyword arguments taken like the flags, the
forms of a tree (text, bytes, path, Tree), and the notebook's reprs."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

import gametree
from conftest import LECTURE, Cli, canonical


def test_the_lecture_tree_is_worth_5_from_its_text() -> None:
    assert gametree.solve(LECTURE.read_text())["value"] == 5


def test_a_tree_is_text_bytes_a_path_or_a_tree_alike() -> None:
    forms = [LECTURE.read_text(), LECTURE.read_bytes(), LECTURE, str(LECTURE), gametree.Tree.from_file(LECTURE)]
    solved = [gametree.solve(form) for form in forms]
    assert {canonical(s) for s in solved} == {canonical(solved[0])}
    assert solved[0]["best_move"] == "I"


def test_a_one_line_text_is_text_not_a_path() -> None:
    assert gametree.solve("7")["value"] == 7
    assert gametree.solve("[1 2 3]")["value"] == 3
    report = gametree.check(LECTURE, "expect value 5")
    assert report["files"][0]["passed"] == 1


def test_the_algorithm_and_its_conventions_change_the_answer() -> None:
    assert gametree.solve(LECTURE)["stats"]["cutoffs"] > 0
    assert gametree.solve("trees/aima-figure-5-2.tree")["stats"]["cutoffs"] > 0
    assert gametree.solve("trees/aima-figure-5-2.tree", algo="minimax")["stats"]["cutoffs"] == 0
    tie = "trees/strict-tie.tree"
    assert gametree.solve(tie, strict=True)["cuts"] != gametree.solve(tie)["cuts"]
    assert gametree.solve("trees/static-values.tree", depth=1)["value"] == 3
    assert gametree.solve("trees/star1-chance.tree", bounds=(0, 10))["value"] == 8.4


def test_trace_is_the_search_s_events_in_order() -> None:
    events = gametree.trace("[[3 12 8] [2 4 6]]")
    assert events[0]["event"] == "enter" and events[0]["node"] == "root"
    assert [e["event"] for e in events].count("leaf") == 4  # 4 and 6 are pruned
    assert any(e["event"] == "cut" for e in events)


def test_key_with_only_and_points() -> None:
    key = gametree.key(LECTURE, only=["value", "pruned"], points={"value": 2, "pruned": 3})
    lines = key.splitlines()
    assert lines[0] == f"# the key of {LECTURE} with alphabeta"
    assert lines[1] == "expect value 5 [2 points]"
    assert lines[2].startswith("expect pruned ") and lines[2].endswith(" [3 points]")
    assert len(lines) == 3
    with pytest.raises(ValueError, match="points"):
        gametree.key(LECTURE, points={"value": -1})
    with pytest.raises(ValueError, match="at most 4 decimal places"):
        gametree.key(LECTURE, points={"value": 0.12345})


def test_a_search_passes_its_own_key() -> None:
    report = gametree.check(LECTURE, gametree.key(LECTURE))
    row = report["files"][0]
    assert row["score"] == 1 and row["failed"] == 0


def test_check_grades_and_names_misconceptions() -> None:
    answers = Path("tests/answers/lecture-a-to-v")
    report = gametree.check(LECTURE, [answers / "correct.answers", answers / "wrong-value.answers"])
    right, wrong = report["files"]
    assert right["score"] == 1 and wrong["score"] < 1
    text = gametree.check(LECTURE, answers / "wrong-value.answers", format="text", explain="brief")
    assert isinstance(text, str) and "points" in text
    csv = gametree.check(LECTURE, [answers / "correct.answers"], format="csv")
    assert csv.splitlines()[0].startswith("file,tree,algorithm,passed")
    junit = gametree.check(LECTURE, answers / "wrong-value.answers", format="junit")
    assert junit.startswith("<?xml") and "<failure" in junit


def test_an_answer_given_as_a_string_is_text_never_a_path(tmp_path: Path) -> None:
    key = gametree.key(LECTURE)
    right = tmp_path / "right.answers"
    right.write_text(key)
    assert gametree.check(LECTURE, [right], key=key)["files"][0]["score"] == 1
    for named in (str(right), str(right.resolve()), "/etc/passwd"):
        report = gametree.check(LECTURE, [named], key=key, format="gradescope")
        assert report["score"] == 0, named
        read = json.dumps(report)
        assert "root:x:0" not in read and "expect leaves" not in read, named


def test_an_answer_in_latin1_loses_only_the_answers_it_breaks(tmp_path: Path) -> None:
    key = gametree.key(LECTURE)
    commented = "".join(f"# r\u00e9ponse\n{line}  # \u00e9lagage\n" for line in key.splitlines())
    latin1 = commented.encode("latin-1")
    with pytest.raises(UnicodeDecodeError):
        latin1.decode("utf-8")
    path = tmp_path / "latin1.answers"
    path.write_bytes(latin1)
    for answers in (latin1, bytearray(latin1), memoryview(latin1), path):
        assert gametree.check(LECTURE, [answers], key=key)["files"][0]["score"] == 1, type(answers)
    best = next(line for line in key.splitlines() if line.startswith("expect best"))
    broken = key.replace(best, "expect best \u00e9").encode("latin-1")
    row = gametree.check(LECTURE, broken, key=key)["files"][0]
    assert row["grade"]["points"] == row["grade"]["max_points"] - 1
    assert "this character is not UTF-8 text" in json.dumps(row)


def test_a_tree_may_be_a_bytearray_or_a_memoryview() -> None:
    data = LECTURE.read_bytes()
    for form in (bytearray(data), memoryview(data)):
        assert gametree.solve(form)["value"] == 5


def test_check_s_warnings_are_python_warnings() -> None:
    key = "expect value 5\nexpect Z = 3\n"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            gametree.check(LECTURE, "expect value 5\n", key=key)
        except gametree.GametreeError:
            pass
    assert all(issubclass(w.category, gametree.GametreeWarning) for w in caught)


def test_normalised_probabilities_are_a_warning() -> None:
    with pytest.warns(gametree.GametreeWarning, match="divided by that sum"):
        tree = gametree.Tree("chance [ 0.3333333333: 3  0.3333333333: 6  0.3333333333: 9 ]")
    assert tree.solve()["value"] == 6


def test_convert_round_trips() -> None:
    as_json = gametree.convert(LECTURE, to="json")
    back = gametree.convert(as_json, from_="json", to="tree")
    assert gametree.solve(back, from_="tree")["value"] == 5
    assert json.loads(as_json)
    efg = gametree.convert("trees/aima-figure-5-2.tree", to="efg")
    assert efg.startswith("EFG 2 R")
    assert gametree.solve(efg, from_="efg")["value"] == 3
    with pytest.raises(ValueError, match="unknown format `png`"):
        gametree.convert(LECTURE, to="png")


@pytest.mark.parametrize("form, kind, start", [
    ("svg", str, "<?xml"),
    ("dot", str, "digraph"),
    ("tex", str, "% Drawn by gametree"),
    ("beamer", str, "% Drawn by gametree"),
    ("forest", str, "% Drawn by gametree"),
    ("png", bytes, b"\x89PNG"),
    ("pdf", bytes, b"%PDF"),
    ("html", str, "<!DOCTYPE html>"),
])
def test_render_in_every_format(form: str, kind: type, start: object) -> None:
    drawn = gametree.render(LECTURE, form)
    assert isinstance(drawn, kind)
    assert drawn.lstrip()[: len(start)] == start  # type: ignore[index, arg-type]


def test_render_options_reach_the_drawing() -> None:
    plain = gametree.render(LECTURE)
    assert gametree.render(LECTURE, blank=True) != plain
    assert gametree.render(LECTURE, windows=True) != plain
    assert gametree.render(LECTURE, style="squares") != plain
    with pytest.raises(ValueError, match="quiz"):
        gametree.render(LECTURE, "svg", quiz=True)


def test_tree_random_is_seeded_and_shaped() -> None:
    one = gametree.Tree.random(branching=3, depth=4, seed=9)
    assert one.text == gametree.Tree.random(branching=3, depth=4, seed=9).text
    assert one.text != gametree.Tree.random(branching=3, depth=4, seed=10).text
    assert (one.nodes, one.height) == (1 + 3 + 9 + 27 + 81, 4)
    named = gametree.Tree.random(2, 2, 1, names=True, values=(0, 9))
    leaves = [e["value"] for e in named.trace() if e["event"] == "leaf"]
    assert all(0 <= v <= 9 for v in leaves)
    assert named.solve()["best_move"] in {"B", "E"}


def test_tree_properties_and_methods() -> None:
    tree = gametree.Tree("A [ B [3 12 8] C [2 4 6] D [14 5 2] ]", name="fig")
    assert (tree.name, tree.format, tree.nodes, tree.height) == ("fig", "tree", 13, 2)
    assert repr(tree) == "<gametree.Tree fig: 13 nodes, height 2>"
    assert str(tree) == tree.text
    assert tree.solve()["value"] == 3 and tree.solve()["best_move"] == "B"
    assert tree.trace()[0]["event"] == "enter"
    assert tree.key().startswith("# the key of fig with alphabeta")
    assert tree.check("expect value 3\n")["files"][0]["passed"] == 1
    assert "A" in tree.convert("json")
    with pytest.raises(ValueError, match="read already"):
        gametree.solve(tree, from_="json")


def test_a_tree_in_a_notebook_draws_its_search_and_steps_through_it() -> None:
    tree = gametree.Tree.from_file(LECTURE)
    svg = tree._repr_svg_()
    assert svg.startswith("<?xml") and "<svg" in svg
    assert svg == gametree.render(LECTURE)
    frame = tree._repr_html_()
    assert frame.startswith("<iframe srcdoc=") and "&lt;!DOCTYPE html&gt;" in frame


def test_a_page_in_quiz_mode() -> None:
    tree = gametree.Tree.from_file(LECTURE)
    page = tree.page(quiz=True)
    assert page.html != tree.page().html
    assert page.html == gametree.render(LECTURE, "html", quiz=True)
    assert page._repr_html_().startswith("<iframe")


def test_a_page_saves_itself(tmp_path: Path) -> None:
    page = gametree.Tree("[1 2]").page()
    page.save(tmp_path / "page.html")
    assert (tmp_path / "page.html").read_text(encoding="utf-8") == str(page)


def test_cs188_case_read_by_its_extension(cli: Cli) -> None:
    case = sorted(Path("tests/data/cs188").glob("*/*.test"))[0]
    tree = gametree.Tree.from_file(case)
    assert tree.format == "cs188"
    assert canonical(tree.solve()) == canonical(cli.json("solve", "--json", str(case)))


def test_version_is_the_crate_s() -> None:
    assert gametree.__version__.count(".") == 2
