"""The engine registry: every solving algorithm behind one signature.

An engine is a function ``engine(board, lexicon, rules) -> Iterator[Found]``
that yields each word of ``lexicon`` that has a path on ``board`` and meets
``rules.min_length``, once, with one path.  Engines never print, never read
files the caller did not name, and keep no global state except caches stored
on the lexicon (:meth:`boggle.lexicon.Lexicon.cached`).

>>> "trie" in engine_names()
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from boggle.board import Board
from boggle.errors import EngineError
from boggle.lexicon import Lexicon, load_lexicon
from boggle.rules import Rules, RulesChoice, choose_rules
from boggle.solution import Found, Solution

EngineFunction = Callable[[Board, Lexicon, Rules], Iterator[Found]]


@dataclass(frozen=True)
class Engine:
    """A registered engine: its name, its function and one line about it."""

    name: str
    function: EngineFunction
    summary: str
    max_length: int | None = None
    """The longest word the engine can find, if it has such a limit (``letterhash``)."""


_REGISTRY: dict[str, Engine] = {}

# Modules that register engines when imported, in the order they are listed.
_ENGINE_MODULES = ("trie", "native", "prefixes", "letterhash", "pathtable", "heap")

PREFERRED_DEFAULTS = ("native", "trie")


def register(
    name: str, summary: str, max_length: int | None = None
) -> Callable[[EngineFunction], EngineFunction]:
    """Decorator that adds an engine function to the registry under ``name``.

    ``max_length`` is for engines that only find words up to some length.
    """

    def add(function: EngineFunction) -> EngineFunction:
        _REGISTRY[name] = Engine(name, function, summary, max_length)
        return function

    return add


def _load_all() -> None:
    for module in _ENGINE_MODULES:
        importlib.import_module(f"{__name__}.{module}")


def engine_names() -> list[str]:
    """Names of the registered engines."""
    return list(_REGISTRY)


def engines() -> list[Engine]:
    """The registered engines."""
    return list(_REGISTRY.values())


def default_engine() -> str:
    """The engine ``solve`` uses when none is named: the fastest available."""
    for name in PREFERRED_DEFAULTS:
        if name in _REGISTRY:
            return name
    return next(iter(_REGISTRY))


def get_engine(name: str) -> Engine:
    """The engine called ``name``; :class:`EngineError` if there is none."""
    try:
        return _REGISTRY[name]
    except KeyError:
        raise EngineError(
            f"unknown engine {name!r}; choose one of: {', '.join(_REGISTRY)}"
        ) from None


def solve(
    board: Board | str,
    lexicon: Lexicon | str | None = None,
    rules: Rules | RulesChoice | None = None,
    engine: str | None = None,
) -> Solution:
    """Every word on ``board``, scored.

    ``board`` may be a :class:`Board` or its compact text; ``lexicon`` a
    :class:`Lexicon`, a bundled list name or a file path (default: the
    bundled default list); ``rules`` are fixed :class:`Rules`, or a :class:`RulesChoice` (default:
    the preset for the board size).
    """
    if isinstance(board, str):
        board = Board.parse(board)
    if not isinstance(lexicon, Lexicon):
        lexicon = load_lexicon(lexicon)
    rules = choose_rules(rules, board)
    chosen = get_engine(engine or default_engine())
    return Solution(board, rules, lexicon, chosen.function(board, lexicon, rules), chosen.name)


_load_all()
