"""The extension module under the package: the library's calls, each
taking a tree read by :func:`load` and its keyword arguments as one dict
(the package's functions build both; use those)."""

from typing import Any, Dict, List, Optional, Tuple, final

__all__ = [
    "Loaded",
    "VERSION",
    "_panic",
    "check",
    "compare",
    "convert",
    "key",
    "load",
    "random_text",
    "render",
    "solve",
    "trace",
]

VERSION: str

@final
class Loaded:
    """A tree file read: its name, text, format and tree."""

    @property
    def name(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def format(self) -> str: ...
    @property
    def nodes(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def notes(self) -> List[str]: ...

def load(data: bytes, name: str, is_path: bool, keywords: Dict[str, Any]) -> Loaded: ...
def solve(tree: Optional[Loaded], game: Optional[str], keywords: Dict[str, Any]) -> Dict[str, Any]: ...
def trace(tree: Loaded, keywords: Dict[str, Any]) -> List[Dict[str, Any]]: ...
def key(tree: Loaded, keywords: Dict[str, Any]) -> str: ...
def convert(tree: Loaded, to: str) -> str: ...
def compare(tree: Optional[Loaded], game: Optional[str], keywords: Dict[str, Any]) -> Dict[str, Any]: ...
def check(
    tree: Loaded,
    answers: List[Tuple[str, Optional[bytes], Optional[str]]],
    key: Optional[Tuple[str, bytes]],
    keywords: Dict[str, Any],
) -> Tuple[Any, List[str]]: ...
def render(tree: Loaded, format: str, keywords: Dict[str, Any]) -> Any: ...
def random_text(spec: str, names: bool, values: Optional[Tuple[int, int]]) -> str: ...
def _panic() -> None: ...
