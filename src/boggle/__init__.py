"""boggle: solve, roll, judge, play and study Boggle boards.

>>> from boggle import Board, Lexicon, solve
>>> solution = solve(Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(["fame", "moxie"]))
>>> [word.word for word in solution], solution.score
(['fame'], 1)

Where things are (each name has a docstring with an example; ``help(boggle.solve)``):

- boards: ``Board.parse("fxie amlo ewbx astu")``, ``roll("new", seed=1)``, ``uniform_board``;
- word lists: ``load_lexicon()`` (the bundled ``en-70``; a name from ``bundled_lists()`` or
  a file path), ``Lexicon.from_words([...])``;
- rules: ``preset("classic")``, ``preset("big")``, ``rules_for_board(board)``;
- solving: ``solve(board, lexicon, rules)`` gives a ``Solution`` (``count``, ``score``,
  ``words``, ``by_word``, ``text()``, ``to_json()``); ``engine_names()`` for ``engine=``;
- rounds: ``judge_round`` (a ``RoundResult``), ``Match``, ``PlaySession`` (one player's
  round, word by word; it keeps no clock: ``boggle play`` times it);
- many boards: ``boggle.scale.threads.score_many``, ``boggle.study.stats.score_stats``;
- best boards: ``boggle.search.search`` and ``boggle.search.prove``;
- definitions and hints: ``boggle.definitions.define``, ``boggle.game.next_hint``;
- path counts: ``boggle.study.paths.count_paths``;
- errors: every bad input raises a ``BoggleError`` (``BoardError``, ``LexiconError``...).

A worked session (score distributions, word counts, a search and its neighbours, two lists
compared, results saved, a proof) is docs/studies.md.

>>> from boggle import load_lexicon, roll
>>> solve(roll("new", seed=1), load_lexicon("en-70")).count > 0
True
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing itself costs 10 ms to import; mypy reads this the same
if TYPE_CHECKING:
    from typing import Any

    from boggle.dice.cubes import DICE_SETS, DiceSet, roll, roll_board, uniform_board
    from boggle.engines import default_engine, engine_names, get_engine, solve
    from boggle.game import Match, PlayerList, PlaySession, RoundResult, Status, judge_round
    from boggle.model.board import MAX_CELLS, MAX_SIDE, MULTI_LETTER_FACES, Board, Cell
    from boggle.model.errors import (
        BoardError,
        BoggleError,
        DiceError,
        EngineError,
        JudgeError,
        LexiconError,
        RulesError,
    )
    from boggle.model.rules import (
        BIG,
        CLASSIC,
        PRESETS,
        Rules,
        RulesChoice,
        choose_rules,
        preset,
        rules_for_board,
    )
    from boggle.model.solution import Found, ScoredWord, Solution
    from boggle.search.options import ProofOptions, SearchOptions
    from boggle.study.stats import StatsOptions
    from boggle.wordlists.lexicon import Lexicon, normalise_word
    from boggle.wordlists.loading import load_lexicon
    from boggle.wordlists.sources import DEFAULT_WORDLIST, bundled_lists

__version__ = "0.1.0"

# Each public name and the module it lives in: imported on first use, so `import boggle`
# costs almost nothing and a command loads only what it needs.  The public API is written
# three times because three readers need it: here for the lazy imports, in the imports under
# TYPE_CHECKING for the type checker, and in ``__all__`` (a literal, as type checkers and
# linters read it) for ``import *`` and re-export.  tests/lib/test_public_api.py holds the
# three equal, and every name importable.
_HOMES: dict[str, str] = {
    "BIG": "model.rules",
    "Board": "model.board",
    "BoardError": "model.errors",
    "BoggleError": "model.errors",
    "CLASSIC": "model.rules",
    "Cell": "model.board",
    "DEFAULT_WORDLIST": "wordlists.sources",
    "DICE_SETS": "dice.cubes",
    "DiceError": "model.errors",
    "DiceSet": "dice.cubes",
    "EngineError": "model.errors",
    "Found": "model.solution",
    "JudgeError": "model.errors",
    "Lexicon": "wordlists.lexicon",
    "LexiconError": "model.errors",
    "MAX_CELLS": "model.board",
    "MAX_SIDE": "model.board",
    "MULTI_LETTER_FACES": "model.board",
    "Match": "game",
    "PRESETS": "model.rules",
    "PlaySession": "game",
    "PlayerList": "game",
    "ProofOptions": "search.options",
    "RoundResult": "game",
    "Rules": "model.rules",
    "RulesChoice": "model.rules",
    "RulesError": "model.errors",
    "ScoredWord": "model.solution",
    "SearchOptions": "search.options",
    "Solution": "model.solution",
    "StatsOptions": "study.stats",
    "Status": "game",
    "bundled_lists": "wordlists.sources",
    "choose_rules": "model.rules",
    "default_engine": "engines",
    "engine_names": "engines",
    "get_engine": "engines",
    "judge_round": "game",
    "load_lexicon": "wordlists.loading",
    "normalise_word": "wordlists.lexicon",
    "preset": "model.rules",
    "roll": "dice.cubes",
    "roll_board": "dice.cubes",
    "rules_for_board": "model.rules",
    "solve": "engines",
    "uniform_board": "dice.cubes",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'boggle' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"boggle.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})


__all__ = [
    "BIG",
    "CLASSIC",
    "DEFAULT_WORDLIST",
    "DICE_SETS",
    "MAX_CELLS",
    "MAX_SIDE",
    "MULTI_LETTER_FACES",
    "PRESETS",
    "Board",
    "BoardError",
    "BoggleError",
    "Cell",
    "DiceError",
    "DiceSet",
    "EngineError",
    "Found",
    "JudgeError",
    "Lexicon",
    "LexiconError",
    "Match",
    "PlaySession",
    "PlayerList",
    "ProofOptions",
    "RoundResult",
    "Rules",
    "RulesChoice",
    "RulesError",
    "ScoredWord",
    "SearchOptions",
    "Solution",
    "StatsOptions",
    "Status",
    "bundled_lists",
    "choose_rules",
    "default_engine",
    "engine_names",
    "get_engine",
    "judge_round",
    "load_lexicon",
    "normalise_word",
    "preset",
    "roll",
    "roll_board",
    "rules_for_board",
    "solve",
    "uniform_board",
]
