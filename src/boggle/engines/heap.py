"""The heap-based solver: no trie, no word list in memory (the Tangleword solver).

The Tangleword solver's design.  The words stay in a file sorted
alphabetically, one per line, read *forward only*; the board's letters are
taken out of min-heaps in alphabetical order, so the prefixes to check come in
alphabetical order too, and every check is a step forward in the file:

1. Put every cube's letter in a heap, as a :class:`Letter`: the letter, its
   cube, and a pointer to the Letter before it on the path (none yet).
2. Take the smallest Letter out.  The letters taken so far plus this one are
   a prefix; scan forward in the file to the first word not before it
   (:meth:`SortedWordFile.scan_to_prefix`).  If that word does not start with
   the prefix, the path is dead.  If it *is* the prefix, a word is found and
   printed: words come out in alphabetical order.
3. If the path lives, follow the chain of pointers to mark the cubes already
   on the path, and push every unvisited neighbour into the *next* heap, with
   a pointer to this Letter; then unmark the chain.
4. Duplicate letters: while the next Letter in the heap holds the *same*
   letter (another cube, or another path to the same letters), repeat 2-3
   into the same next heap, so the continuations of every path spelling this
   prefix are merged and still come out in order.  Then recurse on the next
   heap with the prefix one letter longer.

Qu, as in the article: taking out the ``q`` of a Qu cube pushes only a ``u``
at the same cube with the same pointer chain.  Other multi-letter faces
(``th``, ``in``...) work the same way, one letter at a time, so a ``t`` cube
and the ``t`` of a ``th`` cube meet in one heap and order is kept.  A word
ends only where a face ends.

The article's proposed speed-up is the ``seek`` option (engine
``heap-seek``): instead of reading every word up to the prefix, jump ahead in
the file by growing steps until past it, then binary-search back by byte
offsets (seeking and skipping to the next line start), and scan the last few
lines.  ``benchmarks/engines.py`` measures both.

The file must be sorted by code point (byte order of UTF-8), one word per
line, as :func:`sorted_word_file` writes it.  The engine registered for
lexicons uses the lexicon's own file when it already is exactly that, and
otherwise writes the words once to a cache file named by the lexicon's digest
(:func:`sorted_word_file`).  :func:`solve_heap_file` works from a file alone.

>>> from boggle import Board, Lexicon
>>> from boggle.model.rules import CLASSIC
>>> lexicon = Lexicon.from_words(["ale", "ales", "alter", "alters", "pot", "opt"])
>>> [f.word for f in solve_heap(Board.parse("sla ret uop"), lexicon, CLASSIC)]
['ale', 'ales', 'alter', 'alters', 'opt', 'pot']
"""

from __future__ import annotations

import heapq
import io
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from boggle.files import cache
from boggle.files.inputs import (
    GZIP_MAGIC,
    SNIFF_BYTES,
    UTF8_BOM,
    binary_reason,
    looks_binary,
    open_regular,
)
from boggle.model.board import Board
from boggle.model.errors import EngineError, LexiconError
from boggle.model.rules import Rules
from boggle.model.solution import Found
from boggle.model.wording import quoted
from boggle.wordlists.lexicon import MAX_WORD_LETTERS, Lexicon

MAX_LINE_BYTES = 4 * MAX_WORD_LETTERS
"""A longer line in a sorted list file cannot hold a word (64 letters of up to 4 UTF-8 bytes)."""

SEEK_BLOCK = 256
"""In seek mode, a binary search stops when the interval is this many bytes; lines are then read."""


class Letter:
    """A letter on a path: its cube, its place in the cube's face, the Letter before it.

    Letters compare by their letter only, so a heap of Letters gives them out
    in alphabetical order.
    """

    __slots__ = ("cube", "letter", "offset", "previous")

    def __init__(self, letter: str, cube: int, offset: int, previous: Letter | None) -> None:
        self.letter = letter
        self.cube = cube
        self.offset = offset  # 0 for a face's first letter; 1 for the u of Qu
        self.previous = previous

    def __lt__(self, other: Letter) -> bool:
        return self.letter < other.letter

    def __repr__(self) -> str:
        return f"{self.letter}({self.cube},{self.previous!r})"

    def trail(self) -> Iterator[Letter]:
        """This Letter and every Letter before it on the path, last first."""
        letter: Letter | None = self
        while letter is not None:
            yield letter
            letter = letter.previous


class SortedWordFile:
    """A sorted word list on disk, read forward only.

    :meth:`scan_to_prefix` moves to the first word not before a prefix.  With
    ``seek`` it jumps and binary-searches instead of reading every line.
    ``words_read`` and ``seeks`` count the work, for the benchmark.
    """

    def __init__(self, file: BinaryIO, name: str, seek: bool = False) -> None:
        self.file = file
        self.name = name
        self.seek = seek
        self.size = file.seek(0, os.SEEK_END)
        file.seek(0)
        self.words_read = 0
        self.seeks = 0
        self.line_number = 0
        self.line_start = 0  # byte offset of the current word's line
        self.current: bytes | None = b""  # before the first word: the empty string

    def _advance(self) -> None:
        """Read the next word; :class:`EngineError` if it is not after the current one."""
        self.line_start = self.file.tell()
        line = self.file.readline()
        if not line:
            self.current = None
            return
        word = line.rstrip(b"\r\n")
        self.words_read += 1
        self.line_number += 1
        previous = self.current
        if previous is not None and word <= previous and not self.seeks:
            shown = word.decode(errors="replace")
            raise EngineError(
                f"word list {quoted(self.name)} is not sorted: {shown!r} on line "
                f"{self.line_number} comes after {previous.decode(errors='replace')!r}",
                remedy="sorted_copy",
            )
        self.current = word

    def _word_at(self, offset: int) -> tuple[int, bytes | None]:
        """The first whole line starting after ``offset``: its start and its word."""
        self.seeks += 1
        self.file.seek(offset)
        if offset:
            self.file.readline()  # the rest of the line ``offset`` falls in
        start = self.file.tell()
        line = self.file.readline()
        return start, (line.rstrip(b"\r\n") if line else None)

    def _jump_towards(self, prefix: bytes) -> None:
        """Seek to a line shortly before the first word not before ``prefix``.

        Gallop: try offsets 1, 2, 4... blocks ahead until a word is not before
        the prefix (or the end); then binary-search that last interval.
        """
        low = self.line_start  # the current word is before the prefix
        step = SEEK_BLOCK
        high = self.size
        while low + step < self.size:
            start, word = self._word_at(low + step)
            if word is None or word >= prefix:
                high = low + step
                break
            low = start
            step *= 2
        while high - low > SEEK_BLOCK:
            middle = (low + high) // 2
            start, word = self._word_at(middle)
            if word is None or word >= prefix:
                high = middle
            else:
                low = start
        self.file.seek(low)
        self.current = b""  # re-read the word at ``low`` (before the prefix)
        self._advance()

    def scan_to_prefix(self, prefix: bytes) -> tuple[bool, bool]:
        """Move to the first word not before ``prefix``.

        Returns whether that word starts with ``prefix`` (the path lives) and
        whether it *is* ``prefix`` (a word is found).
        """
        current = self.current
        if current is not None and current < prefix and self.seek:
            self._jump_towards(prefix)
        while self.current is not None and self.current < prefix:
            self._advance()
        current = self.current
        if current is None:
            return False, False
        return current.startswith(prefix), current == prefix


def solve_heap_file(
    board: Board,
    path: str | os.PathLike[str],
    rules: Rules,
    seek: bool = False,
    stats: dict[str, int] | None = None,
) -> Iterator[Found]:
    """Yield the words of the sorted list file at ``path`` on ``board``, alphabetically.

    ``stats``, when given, receives ``words_read`` and ``seeks``.  An unsorted
    file raises :class:`EngineError` when the scan meets the disorder (check
    first with :func:`check_sorted`).
    """
    handle = open_regular(path, "word list", LexiconError)
    try:
        words = SortedWordFile(handle, os.fspath(path), seek)
        yield from _heap_search(board, words, rules)
    finally:
        handle.close()
        if stats is not None:
            stats["words_read"] = words.words_read
            stats["seeks"] = words.seeks


def _heap_search(board: Board, words: SortedWordFile, rules: Rules) -> Iterator[Found]:
    faces = board.faces
    neighbours = board.neighbour_table  # the cells' numbers are the search's own
    visited = bytearray(board.size)
    last_found = ""

    def search(heap: list[Letter], stem: str) -> Iterator[Found]:
        nonlocal last_found
        next_heap: list[Letter] = []
        while heap:
            current = heapq.heappop(heap)
            prefix = stem + current.letter
            starts, is_word = words.scan_to_prefix(prefix.encode())
            if starts:
                face = faces[current.cube]
                ends_face = current.offset == len(face) - 1
                if (
                    is_word
                    and ends_face
                    and prefix != last_found
                    and len(prefix) >= rules.min_length
                ):
                    last_found = prefix
                    cubes = [letter.cube for letter in current.trail() if letter.offset == 0]
                    yield Found(prefix, tuple(board.cell(cube) for cube in reversed(cubes)))
                if not ends_face:  # the u of Qu (or the h of Th): same cube, same chain
                    offset = current.offset + 1
                    heapq.heappush(next_heap, Letter(face[offset], current.cube, offset, current))
                else:
                    for letter in current.trail():  # restore the trail
                        visited[letter.cube] = 1
                    for neighbour in neighbours[current.cube]:
                        if not visited[neighbour]:
                            heapq.heappush(
                                next_heap, Letter(faces[neighbour][0], neighbour, 0, current)
                            )
                    for letter in current.trail():  # remove the trail
                        visited[letter.cube] = 0
            if heap and heap[0].letter == current.letter:
                continue  # a duplicate: its continuations join the same next heap
            if next_heap:
                yield from search(next_heap, prefix)
                next_heap = []

    first_heap = [Letter(face[0], cube, 0, None) for cube, face in enumerate(faces)]
    heapq.heapify(first_heap)
    yield from search(first_heap, "")


def check_sorted(path: str | os.PathLike[str]) -> None:
    """:class:`EngineError` unless the file at ``path`` is a plain list in strictly ascending order.

    Reads the file once, line by line, keeping only the previous line.
    """
    shown = quoted(os.fspath(path))
    try:
        with open_regular(path, "word list", LexiconError) as handle:
            head = handle.read(SNIFF_BYTES)
            if head.startswith(GZIP_MAGIC):
                raise EngineError(f"word list {shown} is compressed", remedy="sorted_copy")
            if head.startswith(UTF8_BOM):  # read in place, its first word would not be one
                raise EngineError(
                    f"word list {shown} starts with a byte order mark", remedy="sorted_copy"
                )
            if looks_binary(head):
                reason = binary_reason(head)
                if reason.startswith("looks binary"):
                    raise EngineError(f"word list {shown} looks binary", remedy="sorted_copy")
                raise EngineError(f"word list {shown} {reason}")
            handle.seek(0)
            previous: bytes | None = None
            number = words = 0
            while line := handle.readline(MAX_LINE_BYTES + 1):
                number += 1
                word = line.rstrip(b"\r\n")
                if len(word) > MAX_LINE_BYTES:
                    raise EngineError(
                        f"word list {shown}: line {number} is too long to hold one word",
                        remedy="sorted_copy",
                    )
                if previous is not None and word <= previous:
                    raise EngineError(
                        f"word list {shown} is not sorted: {word.decode(errors='replace')!r} "
                        f"on line {number} comes after {previous.decode(errors='replace')!r}",
                        remedy="sorted_copy",
                    )
                previous = word
                words += bool(word.strip())
            if not words:
                raise LexiconError(f"word list {shown} is empty")
    except OSError as error:
        raise LexiconError(f"word list {shown} cannot be read: {error.strerror}") from None


def exported_text(lexicon: Lexicon) -> bytes:
    """The lexicon as a sorted list file: one word per line, UTF-8, ``\\n`` endings."""
    return "".join(word + "\n" for word in lexicon.words).encode()


def sorted_word_file(lexicon: Lexicon) -> Path | None:
    """A file holding the lexicon's words as :func:`exported_text`, for the heap engine.

    The lexicon's own file when its bytes already are exactly that (a sorted,
    normalised, uncompressed list); otherwise ``<cache>/wordlists/<digest>.txt``
    (see :mod:`boggle.files.cache`), written once and used again only while its
    content is exactly the lexicon's (an edited or damaged copy is rewritten).
    ``None`` when the cache is off or unusable: the engine then reads the
    words from memory.
    """

    def find(lex: Lexicon) -> Path | bool:
        text = exported_text(lex)
        for candidate, made_here in _candidates(lex):
            try:
                # the cache's own file is taken only as a regular file, not through a link
                info = candidate.lstat() if made_here else candidate.stat()
                same_size = info.st_size in (len(text), len(text) - 1)
                if stat.S_ISREG(info.st_mode) and same_size:
                    data = cache.read_entry_file(candidate, len(text)) if made_here else None
                    if (data if made_here else candidate.read_bytes()) in (text, text[:-1]):
                        return candidate
            except (OSError, ValueError):
                pass
        folder = cache.cache_dir("wordlists")
        if folder is None:
            return False
        target = folder / f"{lex.digest}.txt"
        try:
            cache.write_atomic(target, text, replace_special=True)  # the cache's own file
        except OSError:
            return False
        return target

    file: Path | bool = lexicon.cached("heap-file", find)  # False: no file (None means unbuilt)
    return file if isinstance(file, Path) else None


def _candidates(lexicon: Lexicon) -> Iterator[tuple[Path, bool]]:
    """The files that may already hold the lexicon's sorted words: its source, its cache entry
    (with whether the cache made it)."""
    if lexicon.source is not None:
        yield Path(lexicon.source), False
    folder = cache.cache_root()
    if folder is not None:
        yield folder / "wordlists" / f"{lexicon.digest}.txt", True


def _solve_lexicon(board: Board, lexicon: Lexicon, rules: Rules, seek: bool) -> Iterator[Found]:
    file = sorted_word_file(lexicon)
    if file is not None:
        yield from solve_heap_file(board, file, rules, seek=seek)
        return
    text: bytes = lexicon.cached("heap-text", exported_text)
    yield from _heap_search(board, SortedWordFile(io.BytesIO(text), lexicon.name, seek), rules)


def solve_sorted_file(board: Board, path: str | os.PathLike[str], rules: Rules) -> Iterator[Found]:
    """The ``heap`` engine on a sorted word file; an unsorted one is refused before any word."""
    check_sorted(path)
    return solve_heap_file(board, path, rules)


def solve_sorted_file_seeking(
    board: Board, path: str | os.PathLike[str], rules: Rules
) -> Iterator[Found]:
    """The ``heap-seek`` engine on a sorted word file, checked first."""
    check_sorted(path)
    return solve_heap_file(board, path, rules, seek=True)


def solve_heap(board: Board, lexicon: Lexicon, rules: Rules) -> Iterator[Found]:
    """Yield every word of ``lexicon`` on ``board`` once, in alphabetical order."""
    yield from _solve_lexicon(board, lexicon, rules, seek=False)


def solve_heap_seek(board: Board, lexicon: Lexicon, rules: Rules) -> Iterator[Found]:
    """As :func:`solve_heap`, seeking in the file instead of reading every word."""
    yield from _solve_lexicon(board, lexicon, rules, seek=True)
