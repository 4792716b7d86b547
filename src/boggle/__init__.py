"""boggle: solve, roll, judge, play and study Boggle boards.

>>> from boggle import Board, Lexicon, solve
>>> solution = solve(Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(["fame", "moxie"]))
>>> [word.word for word in solution], solution.score
(['fame'], 1)
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing itself costs 10 ms to import; mypy reads this the same
if TYPE_CHECKING:
    from typing import Any

    from boggle.board import MAX_CELLS, MAX_SIDE, MULTI_LETTER_FACES, Board, Cell
    from boggle.dice import DICE_SETS, DiceSet, roll, roll_board, uniform_board
    from boggle.engines import default_engine, engine_names, get_engine, solve
    from boggle.errors import (
        BoardError,
        BoggleError,
        DiceError,
        EngineError,
        JudgeError,
        LexiconError,
        RulesError,
    )
    from boggle.game import Match, PlayerList, PlaySession, RoundResult, Status, judge_round
    from boggle.lexicon import (
        DEFAULT_WORDLIST,
        Lexicon,
        load_lexicon,
        normalise_word,
    )
    from boggle.rules import (
        BIG,
        CLASSIC,
        PRESETS,
        Rules,
        RulesChoice,
        choose_rules,
        preset,
        rules_for_board,
    )
    from boggle.solution import Found, ScoredWord, Solution
    from boggle.wordlist_files import bundled_lists

__version__ = "0.1.0"

# Each public name and the module it lives in: imported on first use, so `import boggle`
# costs almost nothing and a command loads only what it needs.
_HOMES: dict[str, str] = {
    "BIG": "rules",
    "Board": "board",
    "BoardError": "errors",
    "BoggleError": "errors",
    "CLASSIC": "rules",
    "Cell": "board",
    "DEFAULT_WORDLIST": "lexicon",
    "DICE_SETS": "dice",
    "DiceError": "errors",
    "DiceSet": "dice",
    "EngineError": "errors",
    "Found": "solution",
    "JudgeError": "errors",
    "Lexicon": "lexicon",
    "LexiconError": "errors",
    "MAX_CELLS": "board",
    "MAX_SIDE": "board",
    "MULTI_LETTER_FACES": "board",
    "Match": "game",
    "PRESETS": "rules",
    "PlaySession": "game",
    "PlayerList": "game",
    "RoundResult": "game",
    "Rules": "rules",
    "RulesChoice": "rules",
    "RulesError": "errors",
    "ScoredWord": "solution",
    "Solution": "solution",
    "Status": "game",
    "bundled_lists": "wordlist_files",
    "choose_rules": "rules",
    "default_engine": "engines",
    "engine_names": "engines",
    "get_engine": "engines",
    "judge_round": "game",
    "load_lexicon": "lexicon",
    "normalise_word": "lexicon",
    "preset": "rules",
    "roll": "dice",
    "roll_board": "dice",
    "rules_for_board": "rules",
    "solve": "engines",
    "uniform_board": "dice",
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
    "RoundResult",
    "Rules",
    "RulesChoice",
    "RulesError",
    "ScoredWord",
    "Solution",
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
