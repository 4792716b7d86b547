"""Memory used by each data structure and by each engine's cached structures (Haskell paper, 2.4).

Every structure is built twice from the same word list: once while
:mod:`tracemalloc` traces the Python heap (bytes still allocated once it is
built: what the structure itself holds, the word strings being shared with the
lexicon), and once without tracing, to read how much the process's resident
set grew (tracing would inflate it).  The resident-set growth also sees memory
that C code allocates (the compiled core's trie), which :mod:`tracemalloc`
does not; it is approximate, since freed memory is reused.

For every registered engine the structures it keeps for a word list are built
by solving a 1x1 board with a fresh :class:`~boggle.wordlists.lexicon.Lexicon` holding the
same words, so any new engine is measured without being named here.

>>> from boggle import Lexicon
>>> row = measure_structure("word set", lambda: frozenset(["a", "b", "c"]))
>>> row.python_bytes > 0
True
"""

from __future__ import annotations

import gc
import os
import sys
import tracemalloc
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from boggle.engines import Engine
from boggle.engines.prefixes import word_prefixes
from boggle.engines.trie import build_trie
from boggle.model.checks import callback, whole_number
from boggle.model.errors import BoggleError, EngineError
from boggle.study.hashstats import MAX_BUILT_BITS, build_letter_hash_table
from boggle.wordlists.lexicon import Lexicon

REFUSED = "refused:"
"""How a child process reports a :class:`BoggleError` (a refusal) instead of a figure."""


@dataclass(frozen=True)
class MemoryRow:
    """One measured structure.

    ``python_bytes``: Python heap held once built (``tracemalloc``); ``rss_bytes``:
    growth of the resident set while building it; ``own_bytes``: the size the
    structure reports itself (a file's size, the compiled trie's ``nbytes``).
    ``None`` where a figure does not apply.
    """

    name: str
    python_bytes: int | None
    rss_bytes: int | None
    own_bytes: int | None = None
    note: str = ""


def resident_bytes() -> int | None:
    """The process's resident set size now, or ``None`` where ``/proc`` does not tell."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def traced_bytes(build: Callable[[], Any]) -> int:
    """Python heap bytes still allocated by ``build()`` while its result is alive."""
    started = not tracemalloc.is_tracing()
    gc.collect()
    if started:
        tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    value = build()
    gc.collect()
    after, _ = tracemalloc.get_traced_memory()
    if started:
        tracemalloc.stop()
    del value
    return after - before


def rss_growth(build: Callable[[], Any]) -> int | None:
    """How much the resident set grew while ``build()`` ran (its result kept alive)."""
    gc.collect()
    before = resident_bytes()
    value = build()
    gc.collect()
    after = resident_bytes()
    del value
    if before is None or after is None:
        return None
    return after - before


def in_child_process(measure: Callable[[], int | None]) -> int | None:
    """Run ``measure`` in a forked copy of this process, so memory one structure frees is
    not reused by the next; in this process where there is no ``fork``.

    >>> in_child_process(lambda: 6 * 7)
    42
    """
    if not hasattr(os, "fork"):
        return measure()
    sys.stdout.flush()  # so the child does not write the parent's buffered output again
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: measure, report, and leave without running any cleanup
        status = 1
        try:
            os.close(read_end)
            try:
                answer = repr(measure())
            except BoggleError as error:  # e.g. an engine that needs NumPy
                answer = REFUSED + str(error)
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(answer.encode())
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        answer = pipe.read().decode()
    _, status = os.waitpid(pid, 0)
    if status != 0 or not answer:
        raise RuntimeError("the memory measurement failed in its child process")
    if answer.startswith(REFUSED):
        raise EngineError(answer.removeprefix(REFUSED))
    return None if answer == "None" else int(answer)


def measure_structure(
    name: str, build: Callable[[], Any], own_bytes: int | None = None, note: str = ""
) -> MemoryRow:
    """Build the structure twice, each time in a fresh child process: once traced by
    :mod:`tracemalloc`, once untraced for the resident-set growth."""
    return MemoryRow(
        name,
        in_child_process(lambda: traced_bytes(build)),
        in_child_process(lambda: rss_growth(build)),
        own_bytes,
        note,
    )


def sorted_file_bytes(words: Iterable[str]) -> int:
    """Size of the word list as a sorted file, one word per line (what ``heap`` reads)."""
    return sum(len(word.encode()) + 1 for word in sorted(words))


def _copy_of_words(lexicon: Lexicon) -> Lexicon:
    """The word list loaded afresh (from its file when it has one and was read under the
    default rules), not sharing strings.

    >>> _copy_of_words(Lexicon.from_words(["cat", "dog"])).words
    ('cat', 'dog')
    """
    if lexicon.source is not None and lexicon.language is None:
        return Lexicon.from_file(lexicon.source, name=lexicon.name)
    return Lexicon(tuple(word.encode().decode() for word in lexicon.words), lexicon.name)


def structure_rows(
    lexicon: Lexicon, hash_bits: int = 20, on_row: Callable[[MemoryRow], None] | None = None
) -> list[MemoryRow]:
    """The data structures the library can build, measured for ``lexicon`` (the letter-set
    hash table with ``2**hash_bits`` buckets, ``hash_bits`` 0 to
    :data:`~boggle.study.hashstats.MAX_BUILT_BITS`).  ``on_row`` is called with each row
    as it is measured (each takes seconds for a large list: a progress line)."""
    whole_number("hash_bits", hash_bits, at_least=0, at_most=MAX_BUILT_BITS)
    callback("on_row", on_row)
    words = lexicon.words
    rows: list[MemoryRow] = []

    def add(row: MemoryRow | None) -> None:
        if row is not None:
            rows.append(row)
            if on_row is not None:
                on_row(row)

    add(
        measure_structure(
            "word list (the Lexicon: sorted tuple of str)",
            lambda: _copy_of_words(lexicon),
            note=f"{len(words):,} words",
        )
    )
    add(
        MemoryRow(
            "sorted word file (heap engine)",
            None,
            None,
            sorted_file_bytes(words),
            "on disk, one word per line",
        )
    )
    add(
        measure_structure(
            "Python trie (engines.trie.build_trie)",
            lambda: build_trie(words),
            note=f"{build_trie(words).count_nodes():,} nodes",
        )
    )
    add(
        measure_structure(
            "word set + prefix set (frozensets)",
            lambda: (frozenset(words), word_prefixes(words, proper=True)),
            note=f"{len(word_prefixes(words, proper=True)):,} proper prefixes",
        )
    )
    add(
        measure_structure(
            f"letter-set hash table (2^{hash_bits} buckets)",
            lambda: build_letter_hash_table(words, hash_bits),
            note="lists of words, None when empty",
        )
    )
    add(_compiled_native_row(lexicon))
    return rows


def _compiled_native_row(lexicon: Lexicon) -> MemoryRow | None:
    try:
        from boggle.engines.native import CompiledLexicon
    except ImportError:  # the compiled core is not built
        return None

    def build() -> CompiledLexicon | None:
        try:
            return CompiledLexicon(Lexicon(lexicon.words, lexicon.name))
        except ValueError:  # alphabet too large for the core
            return None

    compiled = build()
    if compiled is None:
        return None
    return measure_structure(
        "compiled trie (engines.native, C arrays)",
        build,
        own_bytes=compiled.trie.nbytes,
        note=f"{compiled.trie.nodes:,} nodes of 8 bytes + word index",
    )


def engine_rows(
    engines: Sequence[Engine],
    lexicon: Lexicon,
    on_step: Callable[[], None] | None = None,
    on_row: Callable[[MemoryRow], None] | None = None,
) -> list[MemoryRow]:
    """What each engine caches for ``lexicon``: built by solving a 1x1 board on a fresh lexicon.

    An engine that refuses (the ``pathtable`` engine without NumPy) gets a row
    with no figures and the reason in its note.  ``on_step`` is called after each engine,
    ``on_row`` with its row.
    """
    from boggle.model.rules import CLASSIC
    from boggle.study.runtime import warm_up

    callback("on_step", on_step)
    callback("on_row", on_row)
    rows = []
    for engine in engines:

        def build(engine: Engine = engine) -> Lexicon:
            fresh = Lexicon(lexicon.words, lexicon.name)
            warm_up(engine, fresh, CLASSIC)
            return fresh

        name = f"engine {engine.name}: its lexicon cache"
        try:
            rows.append(measure_structure(name, build, note=""))
        except EngineError as error:
            rows.append(MemoryRow(name, None, None, note=f"refused: {error}"))
        if on_row is not None:
            on_row(rows[-1])
        if on_step is not None:
            on_step()
    return rows


def format_bytes(count: int | None) -> str:
    """Bytes for people: ``-`` for none, kB below a MiB, MiB above.

    >>> format_bytes(None), format_bytes(2048), format_bytes(5 * 1024 * 1024)
    ('-', '2.0 kB', '5.0 MiB')
    """
    if count is None:
        return "-"
    if abs(count) < 1024 * 1024:
        return f"{count / 1024:.1f} kB"
    return f"{count / (1024 * 1024):.1f} MiB"
