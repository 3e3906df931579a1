"""The example notebook (examples/notebook.ipynb) runs headless, cell by
cell, in a kernel of this interpreter, and its cells show what they say:
the tree drawn and its page, the solve, the trace, the SVG, the quiz and
the grade."""

from __future__ import annotations

from typing import Any, Dict, List

import nbclient
import nbformat
import pytest

from conftest import EXAMPLES


@pytest.fixture(scope="module")
def outputs() -> List[List[Dict[str, Any]]]:
    """Each code cell's outputs, after running the notebook."""
    notebook = nbformat.read(EXAMPLES / "notebook.ipynb", as_version=4)
    client = nbclient.NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(EXAMPLES)}}
    )
    client.execute()
    return [cell.outputs for cell in notebook.cells if cell.cell_type == "code"]


def result(cell: List[Dict[str, Any]]) -> Dict[str, Any]:
    [shown] = [o for o in cell if o["output_type"] == "execute_result"]
    return shown["data"]


def printed(cell: List[Dict[str, Any]]) -> str:
    return "".join(o["text"] for o in cell if o["output_type"] == "stream")


def test_no_cell_fails(outputs: List[List[Dict[str, Any]]]) -> None:
    assert len(outputs) == 6
    assert not [o for cell in outputs for o in cell if o["output_type"] == "error"]


def test_a_tree_shows_its_search_drawn_and_its_page(outputs: List[List[Dict[str, Any]]]) -> None:
    shown = result(outputs[0])
    assert shown["text/plain"] == "<gametree.Tree lecture: 22 nodes, height 3>"
    assert "<svg" in shown["image/svg+xml"]
    assert shown["text/html"].startswith("<iframe srcdoc=")
    assert "&lt;!DOCTYPE html&gt;" in shown["text/html"]


def test_the_solve_the_trace_and_the_drawing(outputs: List[List[Dict[str, Any]]]) -> None:
    assert result(outputs[1])["text/plain"] == "(5, 'I', ['H', 'T', 'U', 'V'])"
    lines = printed(outputs[2]).splitlines()
    assert len(lines) == 8 and lines[0].startswith("enter A")
    assert "<svg" in result(outputs[3])["image/svg+xml"]


def test_the_quiz_page_and_the_grade(outputs: List[List[Dict[str, Any]]]) -> None:
    page = result(outputs[4])
    assert page["text/html"].startswith("<iframe srcdoc=")
    assert page["text/plain"].startswith("<gametree.Page: ")
    key = printed(outputs[5])
    assert key.startswith("# the key of random:branching=3,depth=3,seed=7 with alphabeta\nexpect value ")
    # The value is 6, not 5; B is the best move.
    assert "expect value 6\nexpect best B\n" in key
    assert result(outputs[5])["text/plain"] == "(1.0, 2.0)"
