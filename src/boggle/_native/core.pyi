"""Type stub of the compiled core (module.c)."""

from collections.abc import Sequence
from typing import Literal, TypeVar, overload

_Pair = TypeVar("_Pair", bound=tuple[str, tuple[tuple[int, int], ...]])
_Item = TypeVar("_Item", bound=tuple[str, tuple[tuple[int, int], ...], int])

MAX_LETTERS: int
FACE_MAX: int
NO_LETTER: int
IMAGE_VERSION: int
DEAD_LETTER: int
BYTES_PER_RECORD: int
BYTES_PER_RECORD_FEW_FORCED: int
FEW_FORCED: int
SEARCH_NO_MEMORY: int
SEARCH_BAD_INPUT: int
SEARCH_INTERRUPTED: int
PROVE_NO_MEMORY: int
PROVE_BAD_CLASS: int
PROVE_INTERRUPTED: int

def checksum(data: bytes | memoryview, /) -> int: ...
def bytes_per_record(cells: int, walk_cells: int, /) -> int: ...
def use_stop_flag(flag: StopFlag | None, /) -> None: ...
def thread_stop_flag() -> StopFlag | None: ...

class StopFlag:
    def __init__(self, parent: StopFlag | None = None) -> None: ...
    @property
    def parent(self) -> StopFlag | None: ...
    def set(self) -> None: ...
    def clear(self) -> None: ...
    def is_set(self) -> bool: ...

def _raise_search_status(status: int, /) -> None: ...
def _raise_prove_status(status: int, /) -> None: ...

class Trie:
    nbytes: int
    nodes: int
    def __init__(
        self,
        letters: bytes | memoryview,
        offsets: bytes | None,
        alphabet_size: int,
        words: tuple[str, ...] | bytes | memoryview,
        char_faces: bytes,
        multi_names: tuple[str, ...],
        multi_ids: bytes,
        face_letters: bytes,
        /,
    ) -> None: ...
    @overload
    def solve(
        self,
        faces: bytes,
        rows: int,
        cols: int,
        min_len: int,
        points: Sequence[int],
        with_paths: Literal[True],
        pair_type: type[_Pair],
        /,
    ) -> list[_Pair]: ...
    @overload
    def solve(
        self,
        faces: bytes,
        rows: int,
        cols: int,
        min_len: int,
        points: Sequence[int],
        with_paths: Literal[False],
        /,
    ) -> int: ...
    def solution(
        self,
        faces: bytes,
        rows: int,
        cols: int,
        min_len: int,
        points: Sequence[int],
        item_type: type[_Item],
        /,
    ) -> tuple[tuple[_Item, ...], int]: ...
    def score_neighbours(
        self,
        faces: bytes,
        rows: int,
        cols: int,
        alternatives: bytes,
        min_len: int,
        points: Sequence[int],
        stop: StopFlag | None = None,
        /,
    ) -> bytes: ...
    def score_boards(
        self,
        faces: bytes,
        rows: int,
        cols: int,
        min_len: int,
        points: Sequence[int],
        stop: StopFlag | None = None,
        /,
    ) -> bytes: ...
    def score_open(
        self,
        faces: bytes,
        rows: int,
        cols: int,
        cell: int,
        open_faces: bytes,
        min_len: int,
        points: Sequence[int],
        stop: StopFlag | None = None,
        /,
    ) -> bytes: ...
    def score_pairs(
        self,
        faces: bytes,
        rows: int,
        cols: int,
        first: int,
        first_faces: bytes,
        last: int,
        last_faces: bytes,
        pairs: bytes,
        min_len: int,
        points: Sequence[int],
        stop: StopFlag | None = None,
        /,
    ) -> bytes: ...
    def image(self) -> bytes: ...
    def score_text(
        self,
        text: str,
        min_len: int,
        min_len_large: int,
        large_cells: int,
        points: Sequence[int],
        max_side: int,
        max_cells: int,
        stop: StopFlag | None = None,
        /,
    ) -> tuple[str, list[tuple[int, int]]]: ...
    def score_lines(
        self,
        lines: Sequence[str | bytes],
        min_len: int,
        min_len_large: int,
        large_cells: int,
        points: Sequence[int],
        max_side: int,
        max_cells: int,
        stop: StopFlag | None = None,
        /,
    ) -> list[int | None]: ...

class ClassBound:
    def __init__(
        self,
        letters: bytes,
        offsets: bytes,
        min_len: int,
        points: Sequence[int],
        faces: bytes,
        word_points: bytes = ...,
        /,
    ) -> None: ...
    def bound(self, masks: bytes, rows: int, cols: int, /) -> int: ...
    def tree_bound(self, masks: bytes, rows: int, cols: int, order: bytes, /) -> int: ...
    def tree_search(
        self,
        masks: bytes,
        rows: int,
        cols: int,
        above: int,
        order: bytes,
        switch_bound: int | None = None,
        walk_cells: int = 0,
        max_bytes: int = 0,
        score_boards: bool = False,
        max_class_bytes: int = 0,
        symmetric: bool = False,
        /,
    ) -> tuple[bytes, int, int]: ...
    def class_records(self, masks: bytes, rows: int, cols: int, /) -> int: ...
    def stop(self, flag: bool = True, /) -> None: ...
