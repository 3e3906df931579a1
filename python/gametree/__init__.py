"""gametree for Python: read two-player game trees, search them as AI
courses teach (minimax, negamax, alpha-beta, expectiminimax), explain every
step, draw the search and grade answers against it.

The functions mirror the command line: ``solve``, ``trace``,
``compare``, ``check``, ``key``, ``convert`` and ``render`` take a tree
(its text, a path, or a :class:`Tree`) and keyword arguments named like
the flags (``algo=``, ``strict=``, ``depth=``, ``bounds=(0, 10)``,
``window=(3, 6)``, ``from_=`` for ``--from``), and return what the
command prints (``--json``'s object for ``solve``, ``trace``,
``compare`` and ``check``). A :class:`Tree` shows its search in a notebook.

>>> import gametree
>>> gametree.solve("[[3 12 8] [2 4 6] [14 5 2]]")["value"]
3

Long searches run with the interpreter's lock released, and Ctrl-C stops
them between nodes (:class:`KeyboardInterrupt`). The manual is
docs/python.md in gametree's repository.
"""

from __future__ import annotations

import codecs
import collections.abc
import html
import os
import warnings
from fractions import Fraction
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union, cast

from . import _gametree
from ._errors import ConvertError, GametreeError, GametreeWarning, ParseError, RenderError, SearchError

__all__ = [
    "ConvertError",
    "GametreeError",
    "GametreeWarning",
    "Page",
    "ParseError",
    "RenderError",
    "SearchError",
    "Tree",
    "check",
    "compare",
    "convert",
    "key",
    "render",
    "solve",
    "trace",
]

__version__: str = _gametree.VERSION

#: A tree as the functions take it: its text, a path to its file, or a Tree.
TreeLike = Union[str, bytes, bytearray, memoryview, "os.PathLike[str]", "Tree"]

#: A number of ``window`` and ``guess``, taken exactly: an int, a Fraction,
#: or a float as the decimal it prints as (0.1 is 1/10).
Number = Union[int, float, Fraction]

#: A file as ``check`` takes answers and keys: text (``str`` or bytes), or a
#: path.
TextLike = Union[str, bytes, bytearray, memoryview, "os.PathLike[str]"]

#: The name text given as such has in messages.
TEXT_NAME = "<string>"

# Characters that only a tree's text holds, never a file name given here.
_TREE_CHARACTERS = set("[](){}=\n")

# How an answer file's or a key's text starts, never a file name's.
_TEXT_STARTS = ("expect ", "#")


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _path_of(source: Union[str, bytes, "os.PathLike[str]"]) -> Union[str, bytes, None]:
    """The path ``source`` names, or None when it is text.

    A path-like object is a path. A ``str`` is a path when it is one line
    without brackets or ``=`` that is neither a number (a one-leaf tree)
    nor an ``expect`` line or a comment: a file of that name is read, and
    a missing one is :class:`FileNotFoundError`.
    """
    if isinstance(source, os.PathLike):
        return os.fspath(source)
    if isinstance(source, bytes):
        return None
    stripped = source.strip()
    if _TREE_CHARACTERS & set(source) or _number(stripped) or not stripped:
        return None
    if stripped.startswith(_TEXT_STARTS):
        return None
    return source


def _bytes_like(source: Any) -> Any:
    """``source`` as ``bytes`` when it is a ``bytearray`` or a ``memoryview``
    (read as the bytes it holds), else as it is."""
    if isinstance(source, (bytearray, memoryview)):
        return bytes(source)
    return source


# How much of a file is read at a time: reading stops at the first block
# that shows the file is no text, as on the command line, so that a path
# to /dev/zero or to gigabytes of junk is refused at once.
_BLOCK = 64 * 1024


def _read_file(path: Union[str, bytes], utf8: bool) -> bytes:
    """A file's bytes, up to the first block that shows it is no text: one
    holding a NUL byte or, when ``utf8`` is asked, one that is not UTF-8.
    The library then refuses the file at that byte."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    blocks = []
    with open(path, "rb") as file:
        while block := file.read(_BLOCK):
            blocks.append(block)
            if b"\0" in block:
                break
            if utf8:
                try:
                    decoder.decode(block)
                except UnicodeDecodeError:
                    break
    return b"".join(blocks)


def _is_utf8(name: str) -> bool:
    """Whether ``name`` encodes as UTF-8 (a file name ``os.listdir`` gave
    with bytes that are not holds surrogates)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shown(path: Union[str, bytes]) -> str:
    """A file's name as reports give it, as on the command line: each of its
    bytes that is not UTF-8 written ``\\xE9`` and each backslash ``\\\\``, so
    that no two files are named alike (``os.listdir`` gives a name that is
    not UTF-8 as a ``str`` that cannot be encoded)."""
    raw = os.fsencode(path)
    parts = []
    while True:
        try:
            parts.append(raw.decode("utf-8").replace("\\", "\\\\"))
            return "".join(parts)
        except UnicodeDecodeError as error:
            parts.append(raw[: error.start].decode("utf-8").replace("\\", "\\\\"))
            parts.append("".join(f"\\x{byte:02X}" for byte in raw[error.start : error.end]))
            raw = raw[error.end :]


def _read(source: TextLike, text_name: str, answer: bool = False) -> Tuple[bytes, str, bool]:
    """The bytes of a source, its name in messages, and whether it is a file
    (read as :func:`_read_file` reads it: an answer file may hold bytes
    that are not UTF-8; its name is :func:`_shown`'s, a tree's or a key's
    too when it is not UTF-8)."""
    source = _bytes_like(source)
    if not isinstance(source, (str, bytes, os.PathLike)):
        raise TypeError(f"expected a tree's text, a path or a Tree, not {type(source).__name__}")
    path = _path_of(source)
    if path is not None:
        name = os.fsdecode(path)
        if answer or not _is_utf8(name):
            name = _shown(path)
        return _read_file(path, utf8=not answer), name, True
    if isinstance(source, bytes):
        return source, text_name, False
    return os.fspath(source).encode("utf-8", "surrogatepass"), text_name, False


def _warn(lines: Sequence[str]) -> None:
    for line in lines:
        warnings.warn(line, GametreeWarning, stacklevel=3)


def _load(
    tree: TreeLike,
    from_: Optional[str] = None,
    rounds: Optional[int] = None,
    max_nodes: Optional[int] = None,
) -> Any:
    """The library's tree of ``tree``, read once."""
    if isinstance(tree, Tree):
        if (from_, rounds, max_nodes) != (None, None, None):
            raise ValueError("a Tree is read already: give from_=, rounds= or max_nodes= to Tree()")
        return tree._loaded
    data, name, is_path = _read(tree, TEXT_NAME)
    reading = {"from_": from_, "rounds": rounds, "max_nodes": max_nodes}
    loaded = _gametree.load(data, name, is_path, reading)
    _warn(loaded.notes)
    return loaded


def _search_options(
    algo: Optional[str],
    depth: Optional[int],
    order: Optional[str],
    iterative: bool,
    bounds: Optional[Tuple[float, float]],
    strict: Optional[bool],
    fail_hard: bool,
    threads: Optional[int],
    split_depth: Optional[int],
    young_brothers: Optional[str],
    width: Optional[int],
    window: Optional[Tuple[Number, Number]] = None,
    guess: Optional[Number] = None,
    split_min_nodes: Optional[int] = None,
) -> Dict[str, Any]:
    return {
        "algo": algo,
        "depth": depth,
        "order": order,
        "iterative": iterative,
        "bounds": None if bounds is None else (float(bounds[0]), float(bounds[1])),
        "strict": strict,
        "fail_hard": fail_hard,
        "threads": threads,
        "split_depth": split_depth,
        "young_brothers": young_brothers,
        "width": width,
        "split_min_nodes": split_min_nodes,
        "window": tuple(window) if isinstance(window, list) else window,
        "guess": guess,
    }


def solve(
    tree: Optional[TreeLike] = None,
    *,
    game: Optional[str] = None,
    algo: Optional[str] = None,
    depth: Optional[int] = None,
    order: Optional[str] = None,
    iterative: bool = False,
    bounds: Optional[Tuple[float, float]] = None,
    strict: Optional[bool] = None,
    fail_hard: bool = False,
    threads: Optional[int] = None,
    split_depth: Optional[int] = None,
    young_brothers: Optional[str] = None,
    width: Optional[int] = None,
    split_min_nodes: Optional[int] = None,
    window: Optional[Tuple[Number, Number]] = None,
    guess: Optional[Number] = None,
    simulate: Union[int, Sequence[int], None] = None,
    max_nodes: Optional[int] = None,
    from_: Optional[str] = None,
    rounds: Optional[int] = None,
) -> Dict[str, Any]:
    """Solve a tree: ``gametree solve --json``'s object.

    It holds the value, the best move, the principal variation, every cut
    and pruned node, and the counts (``nodes_visited``,
    ``leaves_evaluated``, ``cutoffs``).

    Args:
        tree: the tree's text, a path to its file (read in the format its
            extension says, or ``from_``), or a :class:`Tree`.
        game: a generated game instead of a tree, as ``--game`` takes it:
            ``"random:branching=10,depth=12,seed=1"``, ``"tictactoe"``,
            ``"billes:n=7,k=3"``; it is searched without being written.
        algo: ``"alphabeta"`` (the default), ``"minimax"``, ``"negamax"``,
            ``"negamax-alphabeta"``, ``"star2"``, ``"pvs"``, ``"mtdf"``,
            ``"sss"`` or ``"parallel"``.
        depth: stop this many plies below the root and take static values.
        order: ``"static"`` orders children by static value, best first.
        iterative: deepen one ply at a time (alpha-beta).
        bounds: ``(low, high)`` bounds every leaf value, for Star1 and Star2
            below chance nodes.
        strict: cut only when a bound is strictly passed; ``None`` for the
            default (strict for a CS188 case, else not).
        fail_hard: clamp returned values to the window.
        window: ``(alpha, beta)``, an aspiration window for the root (the
            infinities ``float("inf")`` and ``-float("inf")`` allowed;
            ``alpha < beta``), searched again with the window its result
            leaves when it fails low or high, as ``--window L,U``.
        guess: MTD(f)'s first guess at the root's value (a finite number;
            the root's static value by default), as ``--guess``.
        threads, split_depth, young_brothers, width, split_min_nodes: the
            parallel search's (``split_min_nodes=0`` splits wherever the
            split depth allows; see ``--split-min-nodes``).
        simulate: the parallel search simulated on this many processors
            (or each of a list): the ``simulation`` field.
        max_nodes: refuse a tree of more nodes.
        from_: the input's format (``"tree"``, ``"cs188"``, ``"efg"``,
            ``"json"``), as ``--from``.
        rounds: a CS188 case's rounds of all agents.

    Raises:
        ParseError: the tree does not read (with ``line`` and ``column``).
        SearchError: the search cannot finish (a ``?`` it needs, ...).
        KeyboardInterrupt: Ctrl-C, which stops the search between nodes.
    """
    options = _search_options(
        algo, depth, order, iterative, bounds, strict, fail_hard, threads, split_depth,
        young_brothers, width, window, guess, split_min_nodes=split_min_nodes,
    )
    options["max_nodes"] = max_nodes
    if simulate is not None:
        options["simulate"] = [simulate] if isinstance(simulate, int) else list(simulate)
    if game is not None:
        if tree is not None:
            raise ValueError("give a tree or game=, not both")
        return _gametree.solve(None, game, options)
    if tree is None:
        raise TypeError("solve() needs a tree (its text, a path or a Tree) or game=")
    return _gametree.solve(_load(tree, from_, rounds, max_nodes), None, options)


def compare(
    tree: Optional[TreeLike] = None,
    *,
    game: Optional[str] = None,
    algo: Union[str, Sequence[str], None] = None,
    depth: Optional[int] = None,
    bounds: Optional[Tuple[float, float]] = None,
    window: Optional[Tuple[Number, Number]] = None,
    guess: Optional[Number] = None,
    strict: Optional[bool] = None,
    fail_hard: bool = False,
    max_nodes: Optional[int] = None,
    from_: Optional[str] = None,
    rounds: Optional[int] = None,
) -> Dict[str, Any]:
    """The algorithms side by side on one tree: ``gametree compare
    --json``'s object.

    Its ``rows`` hold, for each algorithm, its ``value`` and
    ``best_move`` (or its ``error`` where it cannot search the tree), the
    ``leaves`` it evaluated (``distinct_leaves`` of them different), the
    ``interior`` nodes it entered, its ``researches`` and ``passes``;
    ``smallest_proof`` is the fewest leaves that prove the root's value,
    and ``knuth_moore`` the best case of a uniform tree.

    Args:
        tree: the tree (text, path or :class:`Tree`), or ``game=``, as
            :func:`solve` takes them.
        algo: the algorithms, comma-separated (``"alphabeta,pvs"``) or a
            list; every sequential one by default (not ``"parallel"``,
            which records no leaves to count).
        window: an aspiration window for the algorithms that take one.
        guess: MTD(f)'s first guess.
        fail_hard: clamp returned values to the window, where an
            algorithm takes it.
        The other arguments are :func:`solve`'s.

    Raises:
        ParseError: the tree does not read.
        ValueError: ``algo`` names ``"parallel"`` or what is no algorithm,
            ``window`` or ``guess`` is no number the search takes.
        KeyboardInterrupt: Ctrl-C, which stops the searches between nodes.
    """
    if isinstance(algo, str):
        algo = algo.split(",")
    options = _search_options(
        None, depth, None, False, bounds, strict, fail_hard, None, None, None, None, window,
        guess,
    )
    options.update(algorithms=None if algo is None else list(algo), max_nodes=max_nodes)
    if game is not None:
        if tree is not None:
            raise ValueError("give a tree or game=, not both")
        return _gametree.compare(None, game, options)
    if tree is None:
        raise TypeError("compare() needs a tree (its text, a path or a Tree) or game=")
    return _gametree.compare(_load(tree, from_, rounds, max_nodes), None, options)


def trace(
    tree: TreeLike,
    *,
    algo: Optional[str] = None,
    depth: Optional[int] = None,
    order: Optional[str] = None,
    iterative: bool = False,
    bounds: Optional[Tuple[float, float]] = None,
    strict: Optional[bool] = None,
    fail_hard: bool = False,
    threads: Optional[int] = None,
    split_depth: Optional[int] = None,
    young_brothers: Optional[str] = None,
    width: Optional[int] = None,
    split_min_nodes: Optional[int] = None,
    window: Optional[Tuple[Number, Number]] = None,
    guess: Optional[Number] = None,
    simulate: Optional[int] = None,
    max_nodes: Optional[int] = None,
    from_: Optional[str] = None,
    rounds: Optional[int] = None,
) -> List[Dict[str, Any]]:
    """Trace the search step by step: ``gametree trace --json``'s array.

    Each event is a dict with its ``event`` (``enter``, ``leaf``,
    ``provisional``, ``final``, ``cut``, ...), its ``node`` and what the
    event says of it (the ``window`` it was entered with, a ``value``,
    what a cut ``pruned``), as ``docs/solve-and-trace.md`` lists. With
    ``simulate=P``, the parallel search's schedule on P simulated
    processors. The other arguments are :func:`solve`'s.

    Raises:
        ParseError, SearchError, KeyboardInterrupt: as :func:`solve`.
    """
    options = _search_options(
        algo, depth, order, iterative, bounds, strict, fail_hard, threads, split_depth,
        young_brothers, width, window, guess, split_min_nodes=split_min_nodes,
    )
    options["simulate"] = simulate
    return _gametree.trace(_load(tree, from_, rounds, max_nodes), options)


def _answer_files(answers: Union[TextLike, Sequence[TextLike], None]) -> List[Tuple[str, Optional[bytes], Optional[str]]]:
    """Each answer file's name and bytes, or why it could not be read."""
    if answers is None:
        return []
    answers = _bytes_like(answers)
    if isinstance(answers, (str, bytes, os.PathLike)):
        answers = [answers]
    if isinstance(answers, collections.abc.Mapping):
        raise TypeError("answers: an answer file or a list of them, not a mapping")
    answers = [_bytes_like(answer) for answer in answers]
    files: List[Tuple[str, Optional[bytes], Optional[str]]] = []
    for number, answer in enumerate(answers, start=1):
        name = "<answers>" if len(answers) == 1 else f"<answers {number}>"
        if isinstance(answer, str):
            # A student's text is never taken for a path, whatever it says.
            files.append((name, answer.encode("utf-8", "surrogatepass"), None))
            continue
        if not isinstance(answer, (bytes, os.PathLike)):
            raise TypeError(f"expected an answer file's text or a path, not {type(answer).__name__}")
        try:
            data, name, _ = _read(answer, name, answer=True)
            files.append((name, data, None))
        except OSError as error:
            path = _shown(os.fspath(answer)) if isinstance(answer, os.PathLike) else name
            why = f"{path}: cannot read: {error.strerror} (os error {error.errno})"
            files.append((path, None, why))
    return files


def check(
    tree: TreeLike,
    answers: Union[TextLike, Sequence[TextLike], None] = None,
    *,
    key: Optional[TextLike] = None,
    claims: bool = False,
    explain: str = "full",
    format: str = "json",
    visibility: str = "visible",
    algo: Optional[str] = None,
    depth: Optional[int] = None,
    order: Optional[str] = None,
    iterative: bool = False,
    bounds: Optional[Tuple[float, float]] = None,
    strict: Optional[bool] = None,
    fail_hard: bool = False,
    threads: Optional[int] = None,
    split_depth: Optional[int] = None,
    young_brothers: Optional[str] = None,
    width: Optional[int] = None,
    split_min_nodes: Optional[int] = None,
    window: Optional[Tuple[Number, Number]] = None,
    guess: Optional[Number] = None,
    max_nodes: Optional[int] = None,
    from_: Optional[str] = None,
    rounds: Optional[int] = None,
) -> Union[Dict[str, Any], str]:
    """Grade answers against the tree's key: ``gametree check``'s report.

    Args:
        tree: the tree (text, path or :class:`Tree`); its ``expect`` lines
            are the key unless ``key`` is given.
        answers: an answer file (``expect`` lines: a ``str`` or ``bytes``
            of text, or a path-like object such as :class:`pathlib.Path`;
            a ``str`` is always text, never a path) or a list of them;
            ``None`` checks the tree's own ``expect`` lines (with ``key``,
            ``None`` or ``[]`` is an empty answer: every question
            unanswered).
            A file that cannot be read gets its row with the error, as on
            the command line.
        key: a key to grade against instead (text or a path; ``[2
            points]`` after a line weighs it).
        claims: check each claim of the answers against the search, with
            no key.
        explain: ``"full"``, ``"brief"`` or ``"none"``.
        format: the report's form: ``"json"`` (a dict, the default),
            ``"gradescope"`` (a dict: Gradescope's results.json),
            ``"text"``, ``"csv"`` or ``"junit"`` (text).
        visibility: with ``format="gradescope"``, when students see each
            test: ``"visible"``, ``"hidden"``, ``"after_due_date"``,
            ``"after_published"``.
        The search's arguments are :func:`solve`'s.

    What grading notices that is no answer's fault (a line of the key the
    search does not support) is a :class:`GametreeWarning`.

    Raises:
        ParseError: the tree or the key does not read.
    """
    loaded = _load(tree, from_, rounds, max_nodes)
    key_file = None
    if key is not None:
        data, name, _ = _read(key, "<key>")
        key_file = (name, data)
    options = _search_options(
        algo, depth, order, iterative, bounds, strict, fail_hard, threads, split_depth,
        young_brothers, width, window, guess, split_min_nodes=split_min_nodes,
    )
    options.update(
        claims=claims, explain=explain, format=format, visibility=visibility,
        max_nodes=max_nodes, rounds=rounds,
    )
    report, notes = _gametree.check(loaded, _answer_files(answers), key_file, options)
    _warn(notes)
    return cast(Union[Dict[str, Any], str], report)


def key(
    tree: TreeLike,
    *,
    only: Optional[Sequence[str]] = None,
    points: Optional[Mapping[str, float]] = None,
    algo: Optional[str] = None,
    depth: Optional[int] = None,
    order: Optional[str] = None,
    iterative: bool = False,
    bounds: Optional[Tuple[float, float]] = None,
    strict: Optional[bool] = None,
    fail_hard: bool = False,
    threads: Optional[int] = None,
    split_depth: Optional[int] = None,
    young_brothers: Optional[str] = None,
    width: Optional[int] = None,
    split_min_nodes: Optional[int] = None,
    window: Optional[Tuple[Number, Number]] = None,
    guess: Optional[Number] = None,
    max_nodes: Optional[int] = None,
    from_: Optional[str] = None,
    rounds: Optional[int] = None,
) -> str:
    """The answer key of the search: ``gametree key``'s ``expect`` lines,
    after a comment naming the tree and the search.

    Args:
        only: the kinds of question to ask (``"value"``, ``"best"``,
            ``"nodes"``, ``"windows"``, ``"cuts"``, ``"pruned"``,
            ``"leaves"``, ``"evaluated"``); all by default.
        points: what a kind of question is worth, ``{"value": 2}``; 1
            by default.
        The search's arguments are :func:`solve`'s.
    """
    options = _search_options(
        algo, depth, order, iterative, bounds, strict, fail_hard, threads, split_depth,
        young_brothers, width, window, guess, split_min_nodes=split_min_nodes,
    )
    options["only"] = None if only is None else list(only)
    options["points"] = None if points is None else [(k, float(v)) for k, v in points.items()]
    return _gametree.key(_load(tree, from_, rounds, max_nodes), options)


def convert(
    tree: TreeLike,
    to: str = "tree",
    *,
    from_: Optional[str] = None,
    rounds: Optional[int] = None,
    max_nodes: Optional[int] = None,
) -> str:
    """The tree written in another format: ``"tree"``, ``"json"`` or
    ``"efg"`` (CS188 cases are read, not written), as ``gametree
    convert --to``.

    Raises:
        ConvertError: the tree holds what the format cannot say.
    """
    return _gametree.convert(_load(tree, from_, rounds, max_nodes), to)


def render(
    tree: TreeLike,
    format: str = "svg",
    *,
    style: Optional[str] = None,
    labels: Optional[str] = None,
    blank: bool = False,
    quiz: bool = False,
    key: bool = False,
    key_below: bool = False,
    scale: float = 2.0,
    standalone: bool = False,
    windows: bool = False,
    visit_order: bool = False,
    provisional: bool = False,
    node_types: bool = False,
    draw_depth: Optional[int] = None,
    max_draw_nodes: Optional[int] = None,
    engine: Optional[str] = None,
    algo: Optional[str] = None,
    depth: Optional[int] = None,
    order: Optional[str] = None,
    iterative: bool = False,
    bounds: Optional[Tuple[float, float]] = None,
    strict: Optional[bool] = None,
    fail_hard: bool = False,
    threads: Optional[int] = None,
    split_depth: Optional[int] = None,
    young_brothers: Optional[str] = None,
    width: Optional[int] = None,
    split_min_nodes: Optional[int] = None,
    window: Optional[Tuple[Number, Number]] = None,
    guess: Optional[Number] = None,
    max_nodes: Optional[int] = None,
    from_: Optional[str] = None,
    rounds: Optional[int] = None,
) -> Union[str, bytes]:
    """Draw the search, as ``gametree render --format``.

    Args:
        format: ``"svg"`` (the default), ``"png"`` and ``"pdf"`` (bytes),
            ``"tex"`` (TikZ), ``"beamer"`` (an overlay per step),
            ``"forest"`` (a ``forest`` tree to edit), ``"dot"``, or
            ``"html"``: the page that steps through the search.
        style: ``"triangles"`` (the default) or ``"squares"``.
        labels: what nodes say (``"values"``, ``"ids"``, ``"both"``).
        blank: the bare tree, for a question sheet.
        quiz: with ``"html"``, open the page in quiz mode.
        key: the answer key beside the diagram (or below it, where that
            keeps the sheet nearer a slide's shape).
        key_below: with ``key``, the key under the diagram whatever its
            shape.
        scale: PNG pixels per point (2 is 144 dpi).
        standalone: LaTeX as a whole document.
        windows, visit_order, provisional, node_types: the layers.
        draw_depth: draw only the top levels.
        max_draw_nodes: refuse to draw more nodes.
        engine: ``"native"`` (the default) or ``"graphviz"``.
        The search's arguments are :func:`solve`'s.

    Raises:
        RenderError: the diagram cannot be drawn (too many nodes, ...).
    """
    options = _search_options(
        algo, depth, order, iterative, bounds, strict, fail_hard, threads, split_depth,
        young_brothers, width, window, guess, split_min_nodes=split_min_nodes,
    )
    options.update(
        style=style, labels=labels, blank=blank, quiz=quiz, key=key, key_below=key_below,
        scale=float(scale),
        standalone=standalone, windows=windows, visit_order=visit_order,
        provisional=provisional, node_types=node_types, draw_depth=draw_depth,
        max_draw_nodes=max_draw_nodes, engine=engine,
    )
    drawn = _gametree.render(_load(tree, from_, rounds, max_nodes), format, options)
    return cast(Union[str, bytes], drawn)


class Page:
    """A web page that steps through a search (or quizzes on it).

    In a notebook it shows in the cell's output, in a frame of its own;
    ``str(page)`` and :attr:`html` are the page, which :meth:`save` writes.
    """

    def __init__(self, html_text: str, height: int = 640) -> None:
        self.html = html_text
        self.height = height

    def __str__(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"<gametree.Page: {len(self.html)} characters>"

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Write the page to ``path`` (a self-contained file)."""
        with open(path, "w", encoding="utf-8") as file:
            file.write(self.html)

    def _repr_html_(self) -> str:
        # A frame keeps the page's style and script to itself.
        return (
            f'<iframe srcdoc="{html.escape(self.html, quote=True)}" '
            f'style="width: 100%; height: {self.height}px; border: 1px solid #ddd" '
            'title="gametree page"></iframe>'
        )


class Tree:
    """A tree, read once: search it, draw it, step through it.

    >>> tree = gametree.Tree("A [ B [3 12 8] C [2 4 6] ]")
    >>> tree.solve()["best_move"]
    'B'

    In a notebook a cell that ends with a tree shows its search drawn
    (``_repr_svg_``) and the page that steps through it (``_repr_html_``).
    """

    def __init__(
        self,
        text: Union[str, bytes],
        *,
        name: Optional[str] = None,
        from_: Optional[str] = None,
        rounds: Optional[int] = None,
        max_nodes: Optional[int] = None,
    ) -> None:
        """Read ``text`` as a tree (in the format ``from_``, else the tree
        language); ``name`` is its name in messages (``<string>``)."""
        if isinstance(text, str):
            text = text.encode("utf-8", "surrogatepass")
        reading = {"from_": from_, "rounds": rounds, "max_nodes": max_nodes}
        self._loaded = _gametree.load(text, name or TEXT_NAME, False, reading)
        _warn(self._loaded.notes)

    @classmethod
    def _of(cls, loaded: Any) -> "Tree":
        tree = cls.__new__(cls)
        tree._loaded = loaded
        return tree

    @classmethod
    def from_file(
        cls,
        path: Union[str, "os.PathLike[str]"],
        *,
        from_: Optional[str] = None,
        rounds: Optional[int] = None,
        max_nodes: Optional[int] = None,
    ) -> "Tree":
        """Read the tree file at ``path``, in the format its extension
        says (``.test`` CS188, ``.efg`` Gambit, ``.json`` JSON, else the
        tree language) unless ``from_`` says another."""
        with open(path, "rb") as file:
            data = file.read()
        reading = {"from_": from_, "rounds": rounds, "max_nodes": max_nodes}
        loaded = _gametree.load(data, os.fspath(path), True, reading)
        _warn(loaded.notes)
        return cls._of(loaded)

    @classmethod
    def random(
        cls,
        branching: int = 3,
        depth: int = 3,
        seed: int = 1,
        *,
        names: bool = False,
        values: Optional[Tuple[int, int]] = None,
    ) -> "Tree":
        """A random tree, as ``gametree gen --game
        random:branching=B,depth=D,seed=S`` writes it: the same seed gives
        the same tree. ``names`` names the nodes A, B, ... in preorder;
        ``values=(0, 9)`` puts the leaf values in that range, keeping which
        moves are best."""
        spec = f"random:branching={branching},depth={depth},seed={seed}"
        text = _gametree.random_text(spec, names, values)
        loaded = _gametree.load(text.encode("utf-8"), spec, False, {})
        return cls._of(loaded)

    @property
    def text(self) -> str:
        """The tree's text, as given."""
        return self._loaded.text

    @property
    def name(self) -> str:
        """Its name in messages."""
        return self._loaded.name

    @property
    def format(self) -> str:
        """The format it was read as."""
        return self._loaded.format

    @property
    def nodes(self) -> int:
        """How many nodes it has."""
        return self._loaded.nodes

    @property
    def height(self) -> int:
        """The most plies from the root to a leaf."""
        return self._loaded.height

    def __repr__(self) -> str:
        return f"<gametree.Tree {self.name}: {self.nodes} nodes, height {self.height}>"

    def __str__(self) -> str:
        return self.text

    def solve(self, **options: Any) -> Dict[str, Any]:
        """:func:`solve` of this tree."""
        return solve(self, **options)

    def trace(self, **options: Any) -> List[Dict[str, Any]]:
        """:func:`trace` of this tree."""
        return trace(self, **options)

    def check(self, answers: Union[TextLike, Sequence[TextLike], None] = None, **options: Any) -> Union[Dict[str, Any], str]:
        """:func:`check` of answers against this tree."""
        return check(self, answers, **options)

    def key(self, **options: Any) -> str:
        """:func:`key` of this tree."""
        return key(self, **options)

    def compare(self, **options: Any) -> Dict[str, Any]:
        """:func:`compare` of this tree."""
        return compare(self, **options)

    def convert(self, to: str = "tree") -> str:
        """:func:`convert` of this tree."""
        return convert(self, to)

    def render(self, format: str = "svg", **options: Any) -> Union[str, bytes]:
        """:func:`render` of this tree."""
        return render(self, format, **options)

    def page(self, quiz: bool = False, **options: Any) -> Page:
        """The page that steps through the search (:func:`render` with
        ``format="html"``); with ``quiz=True`` it hides the values and
        grades the student's."""
        return Page(str(render(self, "html", quiz=quiz, **options)))

    def _repr_svg_(self) -> str:
        return str(render(self, "svg"))

    def _repr_html_(self) -> str:
        return self.page()._repr_html_()
