"""The engine registry: every solving algorithm behind one signature.

An engine is a function ``engine(board, lexicon, rules) -> Iterator[Found]``
that yields each word of ``lexicon`` that has a path on ``board`` and meets
``rules.min_length``, once, with one path.  Engines never print, never read
files the caller did not name, and keep no global state except caches stored
on the lexicon (:meth:`boggle.wordlists.lexicon.Lexicon.cached`).

The built-in engines are listed in :data:`BUILT_IN` with what a shell needs to
know of them (the longest word they find, whether their words come in
alphabetical order, whether they can read a sorted word file themselves).  Each
one's module is imported the first time the engine is used, so ``import boggle``
loads only the default engine.

>>> "trie" in engine_names(), get_engine("heap").streams_in_order
(True, True)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

from boggle.model.board import Board
from boggle.model.errors import BoardError, EngineError
from boggle.model.rules import Rules, RulesLike, choose_rules
from boggle.model.solution import Found, Solution
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.loading import load_lexicon
from boggle.wordlists.spelling import fold_board

TYPE_CHECKING = False  # the checkers read the standard decorator; at run time it costs 12 ms
if TYPE_CHECKING:
    from dataclasses import dataclass, field
else:
    from boggle.model.records import dataclass, field

EngineFunction = Callable[[Board, Lexicon, Rules], Iterator[Found]]
SolutionFunction = Callable[[Board, Lexicon, Rules], Solution]
"""An engine that makes the whole :class:`Solution` itself (``native``: in C)."""
FileEngineFunction = Callable[[Board, "str | os.PathLike[str]", Rules], Iterator[Found]]
"""An engine reading a sorted word file itself: ``(board, path, rules) -> Iterator[Found]``."""


@dataclass(frozen=True)
class Engine:
    """A registered engine: its name, one line about it, what it can do, and its function
    (loaded on first use)."""

    name: str
    summary: str
    load: Callable[[], EngineFunction] = field(repr=False)
    max_length: int | None = None
    """The longest word the engine can find, if it has such a limit (``letterhash``)."""
    streams_in_order: bool = False
    """Its words come one by one in alphabetical order, so they can be printed as found."""
    load_file_engine: Callable[[], FileEngineFunction] | None = field(default=None, repr=False)
    """For an engine that can read a sorted word file itself, the loader of that function."""
    load_solution: Callable[[], SolutionFunction] | None = field(default=None, repr=False)
    """For an engine that makes a whole :class:`Solution` faster than from its words one by
    one, the loader of that function (:func:`solve` uses it)."""

    @property
    def function(self) -> EngineFunction:
        """The engine's function (its module is imported on the first call)."""
        return self.load()

    @property
    def reads_word_file(self) -> bool:
        """True if the engine can solve straight from a sorted word file."""
        return self.load_file_engine is not None

    def solve_file(
        self, board: Board, path: str | os.PathLike[str], rules: Rules
    ) -> Iterator[Found]:
        """Words of the sorted word file at ``path`` on ``board`` (``reads_word_file`` engines);
        an unsorted file is refused before the first word."""
        if self.load_file_engine is None:
            raise EngineError(f"the {self.name} engine does not read word files")
        return self.load_file_engine()(board, path, rules)


# One loader per engine: a plain import, run on first use.


def _trie() -> EngineFunction:
    from boggle.engines.trie import solve_trie

    return solve_trie


def _native() -> EngineFunction:
    from boggle.engines.native import solve_native

    return solve_native


def _native_solution() -> SolutionFunction:
    from boggle.engines.native import solution_native

    return solution_native


def _prefixes() -> EngineFunction:
    from boggle.engines.prefixes import solve_prefixes

    return solve_prefixes


def _letterhash() -> EngineFunction:
    from boggle.engines.letterhash import solve_letterhash

    return solve_letterhash


def _pathtable() -> EngineFunction:
    from boggle.engines.pathtable import solve_pathtable

    return solve_pathtable


def _heap() -> EngineFunction:
    from boggle.engines.heap import solve_heap

    return solve_heap


def _heap_seek() -> EngineFunction:
    from boggle.engines.heap import solve_heap_seek

    return solve_heap_seek


def _heap_file() -> FileEngineFunction:
    from boggle.engines.heap import solve_sorted_file

    return solve_sorted_file


def _heap_seek_file() -> FileEngineFunction:
    from boggle.engines.heap import solve_sorted_file_seeking

    return solve_sorted_file_seeking


BUILT_IN: tuple[Engine, ...] = (
    Engine(
        "trie",
        "trie depth-first search in plain Python: the readable reference (Capps's Haskell paper)",
        _trie,
    ),
    Engine(
        "native",
        "compiled C depth-first search over a compact trie (the default)",
        _native,
        load_solution=_native_solution,
    ),
    Engine(
        "prefixes",
        "depth-first search with a word set and a prefix set (the prefix-set article)",
        _prefixes,
    ),
    Engine(
        "letterhash",
        "every path up to 8 letters, looked up in a letter-set hash table (Capps's Haskell paper)",
        _letterhash,
        max_length=8,
    ),
    Engine(
        "pathtable",
        "tables of all paths of k cubes, grown array-at-a-time in NumPy (McDonnell and Hui's J)",
        _pathtable,
    ),
    Engine(
        "heap",
        "min-heaps over a sorted word file scanned forward: no trie (the Tangleword heap solver)",
        _heap,
        streams_in_order=True,
        load_file_engine=_heap_file,
    ),
    Engine(
        "heap-seek",
        "the heap engine jumping ahead in the file by binary search (the Tangleword idea)",
        _heap_seek,
        streams_in_order=True,
        load_file_engine=_heap_seek_file,
    ),
)
"""The engines that come with boggle, in the order they are listed."""

_REGISTRY: dict[str, Engine] = {engine.name: engine for engine in BUILT_IN}

PREFERRED_DEFAULTS = ("native", "trie")


def register(
    name: str, summary: str, max_length: int | None = None
) -> Callable[[EngineFunction], EngineFunction]:
    """Decorator that adds an engine function to the registry under ``name``.

    ``max_length`` is for engines that only find words up to some length.
    """

    def add(function: EngineFunction) -> EngineFunction:
        _REGISTRY[name] = Engine(name, summary, lambda: function, max_length)
        return function

    return add


def engine_names() -> list[str]:
    """Names of the registered engines.

    >>> engine_names()[:3]
    ['trie', 'native', 'prefixes']
    """
    return list(_REGISTRY)


def engines() -> list[Engine]:
    """The registered engines."""
    return list(_REGISTRY.values())


def default_engine() -> str:
    """The engine ``solve`` uses when none is named: the fastest available.

    >>> default_engine()
    'native'
    """
    for name in PREFERRED_DEFAULTS:
        try:
            _REGISTRY[name].function  # noqa: B018 - importing it is the check
        except (KeyError, ImportError):
            continue
        return name
    return next(iter(_REGISTRY))


def get_engine(name: str) -> Engine:
    """The engine called ``name``; :class:`EngineError` if there is none.

    >>> engine = get_engine("letterhash")
    >>> engine.max_length, engine.streams_in_order
    (8, False)
    >>> get_engine("magic")
    Traceback (most recent call last):
    ...
    boggle.model.errors.EngineError: unknown engine 'magic'; choose one of: trie, native, ...
    """
    try:
        return _REGISTRY[name]
    except KeyError:
        raise EngineError(
            f"unknown engine {name!r}; choose one of: {', '.join(_REGISTRY)}"
        ) from None


def solve(
    board: Board | str,
    lexicon: Lexicon | str | None = None,
    rules: RulesLike = None,
    engine: str | None = None,
    words: str = "all",
) -> Solution:
    """Every word on ``board``, scored.

    ``board`` may be a :class:`Board` or its compact text; ``lexicon`` a
    :class:`Lexicon`, a bundled list name or a file path (default: the
    bundled default list); ``rules`` are fixed :class:`Rules`, a :class:`RulesChoice` or a
    preset's name (default: the preset for the board size); ``words``: ``common`` or
    ``standard`` keeps only the words of that level (with their frequencies, see
    :func:`boggle.wordlists.frequencies.at_level`).

    >>> from boggle import Lexicon
    >>> solution = solve("fxie amlo ewbx astu", Lexicon.from_words(["fame", "mile", "moxie"]))
    >>> [(found.word, found.points) for found in solution], solution.score
    ([('fame', 1), ('mile', 1)], 2)
    >>> solve("fxie amlo ewbx astu", Lexicon.from_words(["fame"]), engine="trie").count
    1
    """
    if isinstance(board, str):
        board = Board.parse(board)
    elif not isinstance(board, Board):
        raise BoardError(
            "solve takes the board as a Board or its text like 'fxie amlo ewbx astu', "
            f"not {type(board).__name__}"
        )
    if not isinstance(lexicon, Lexicon):
        lexicon = load_lexicon(lexicon)
    given = board
    if lexicon.language not in (None, "en"):
        board = fold_board(board, lexicon)  # an accent the language plays without
    rules = choose_rules(rules, board)
    chosen = get_engine(engine or default_engine())
    if chosen.load_solution is not None:
        solution = chosen.load_solution()(board, lexicon, rules)
    else:
        solution = Solution(
            board, rules, lexicon, chosen.function(board, lexicon, rules), chosen.name
        )
    if board is not given:  # shown as the player has the dice (Ç Ã), solved as folded
        solution.given_board = given
    if words == "all":
        return solution
    from boggle.wordlists.frequencies import at_level  # here: a solve of every word never needs it

    return at_level(solution, words)
