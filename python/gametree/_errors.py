"""The exceptions and the warning of gametree.

Every error gametree raises about a tree, an answer file, a search or a
drawing is a :class:`GametreeError`; a bad argument value is a
:class:`ValueError` (or :class:`TypeError`) and a file that cannot be read
an :class:`OSError`, as anywhere in Python.
"""

from __future__ import annotations

from typing import Optional


class GametreeError(Exception):
    """The base of gametree's own errors.

    Raised as such only for an internal error (a bug in gametree, which is
    reported rather than ending the interpreter).

    Attributes:
        message: what is wrong, in plain words (without the place).
    """

    def __init__(self, text: str, *, message: Optional[str] = None) -> None:
        super().__init__(text)
        self.message = text if message is None else message


class ParseError(GametreeError, ValueError):
    """A tree (or an answer file, or a key) that does not read.

    ``str(error)`` is the command line's message: ``name:line:column:
    message``, then the line with a caret under the column.

    Attributes:
        message: what is wrong, in plain words.
        path: the file's name (``<string>`` for text given as such).
        line: the line, from 1.
        column: the column in characters, from 1.
        source_line: the line itself.
    """

    def __init__(
        self,
        text: str,
        *,
        message: str,
        path: str,
        line: int,
        column: int,
        source_line: str,
    ) -> None:
        super().__init__(text, message=message)
        self.path = path
        self.line = line
        self.column = column
        self.source_line = source_line


class SearchError(GametreeError):
    """A search that cannot finish: a leaf whose value is ``?``, an option
    the algorithm does not support, a node at the depth limit without a
    static value, ...

    Attributes:
        message: what is wrong, in plain words.
        path: the tree's name.
        line: the line of the node at fault, or ``None`` when the error
            has no place in the tree.
        column: its column, or ``None``.
        stopped: whether the search was stopped from outside (Ctrl-C
            raises :class:`KeyboardInterrupt` instead).
    """

    def __init__(
        self,
        text: str,
        *,
        message: str,
        path: str,
        line: Optional[int],
        column: Optional[int],
        stopped: bool = False,
    ) -> None:
        super().__init__(text, message=message)
        self.path = path
        self.line = line
        self.column = column
        self.stopped = stopped


class RenderError(GametreeError):
    """A diagram that cannot be drawn: more nodes than a readable picture
    holds (draw the top with ``draw_depth=``), or Graphviz missing for
    ``engine="graphviz"``."""


class ConvertError(GametreeError, ValueError):
    """A tree that the format asked for cannot say: an unknown (``?``) or
    infinite leaf value written as a Gambit payoff, ..."""


class GametreeWarning(UserWarning):
    """What gametree did to a tree as written (probabilities divided by
    their sum), or noticed while grading (a line of the key that the search
    does not support)."""
