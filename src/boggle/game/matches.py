"""Matches: rounds played until a player reaches the target score."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sized
from dataclasses import dataclass, field
from typing import Any

from boggle.game.rounds import RoundResult
from boggle.model.checks import whole_number
from boggle.model.errors import JudgeError
from boggle.model.wording import display_width, grouped

DEFAULT_TARGET = 100
"""The score a match is played to ("At Play With J": 50, 100 or any agreed target)."""


@dataclass
class Match:
    """Rounds played until a player reaches ``target`` points, with the running table.

    >>> from boggle import Lexicon, judge_round
    >>> match = Match(target=2)
    >>> lexicon = Lexicon.from_words(["fame", "lame"])
    >>> match.add(judge_round("fxie amlo ewbx astu", {"ann": ["fame"], "bob": []}, lexicon))
    >>> match.finished, match.totals
    (False, {'ann': 1, 'bob': 0})
    >>> match.add(judge_round("fxie amlo ewbx astu", {"ann": ["fame"], "bob": []}, lexicon))
    >>> match.finished, match.winners()
    (True, ['ann'])
    """

    target: int = DEFAULT_TARGET
    rounds: list[RoundResult] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    table: list[dict[str, Any]] = field(default_factory=list)
    not_judged: int = 0
    """Rounds given after the round that ended the match, left unjudged (said, not dropped
    in silence: a file's rounds 2 and 3 were gone from the report without a word)."""

    def __post_init__(self) -> None:
        if whole_number("a match's target", self.target, error=JudgeError, setting="target") < 1:
            raise JudgeError(
                f"a match's target must be at least 1 point, got {grouped(self.target)}"
            )

    @property
    def finished(self) -> bool:
        """True once some player has reached or passed the target."""
        return any(total >= self.target for total in self.totals.values())

    def add(self, result: RoundResult) -> None:
        """Record a judged round; refused once the match is over.

        >>> from boggle import Lexicon, judge_round
        >>> match = Match(target=1)
        >>> won = judge_round("ab cd", {"ann": ["cab"]}, Lexicon.from_words(["cab"]))
        >>> match.add(won)
        >>> match.add(won)
        Traceback (most recent call last):
        ...
        boggle.model.errors.JudgeError: the match is over: ann reached 1
        """
        if not isinstance(result, RoundResult):
            raise JudgeError(
                "a match adds a judged round (judge_round's RoundResult), "
                f"not {type(result).__name__}"
            )
        if self.finished:
            raise JudgeError(
                f"the match is over: {' and '.join(self.winners())} reached {self.target}"
            )
        for name in result.scores():
            self.totals.setdefault(name, 0)
        for name, score in result.scores().items():
            self.totals[name] += score
        self.rounds.append(result)
        self.table.append(
            {
                "round": len(self.table) + 1,  # a room kept across a restart keeps the table only
                "board": result.board_text if result.board is None else str(result.board),
                "scores": result.scores(),
                "totals": dict(self.totals),
            }
        )

    def winners(self) -> list[str]:
        """The leaders: the players with the highest total so far.

        >>> from boggle import Lexicon, judge_round
        >>> tie = judge_round("fxie amlo ewbx astu", {"ann": [], "bob": []}, Lexicon.from_words([]))
        >>> match = Match()
        >>> match.add(tie)
        >>> match.winners()
        ['ann', 'bob']
        """
        best = max(self.totals.values(), default=0)
        return [name for name, total in self.totals.items() if total == best]

    def to_json(self) -> dict[str, Any]:
        """The match as ``boggle judge --json`` prints it.

        >>> from boggle import Lexicon, judge_round
        >>> match = play_match([judge_round("ab cd", {"ann": []}, Lexicon.from_words([]))])
        >>> {key: value for key, value in match.to_json().items() if key != "rounds"}
        {'target': 100, 'finished': False, 'winners': [], 'leaders': ['ann'], \
'totals': {'ann': 0}, 'table': [{'round': 1, 'board': 'ab cd', 'scores': {'ann': 0}, \
'totals': {'ann': 0}}]}
        """
        return {
            "target": self.target,
            "finished": self.finished,
            "winners": self.winners() if self.finished else [],
            "leaders": self.winners(),
            "totals": dict(self.totals),
            "table": self.table,
            "rounds": [r.to_json() for r in self.rounds],
            **({"not_judged": self.not_judged} if self.not_judged else {}),
        }

    def json_text(self) -> str:
        """:meth:`to_json` as one line of JSON text.

        >>> Match(target=10).json_text()
        '{"target": 10, "finished": false, "winners": [], "leaders": [], "totals": {}, \
"table": [], "rounds": []}'
        """
        return json.dumps(self.to_json(), ensure_ascii=False)

    def table_text(self, escape: Callable[[str], str] | None = None) -> str:
        """The running table: one line per round, each player's round score and total;
        ``escape`` as :meth:`RoundResult.text` takes it (the names' columns align by it).

        >>> from boggle import Lexicon, judge_round
        >>> lexicon = Lexicon.from_words(["fame"])
        >>> round_one = judge_round("fxie amlo ewbx astu", {"ann": ["fame"], "bob": []}, lexicon)
        >>> print(play_match([round_one], target=2).table_text())
        ROUND        ann        bob
            1     +1 = 1     +0 = 0
        no one has reached 2 yet
        """
        names = list(self.totals)
        shown = [(escape or str)(n) for n in names]
        width = max([display_width(n) for n in shown] + [9])
        header = "ROUND  " + "  ".join(" " * (width - display_width(n)) + n for n in shown)
        lines = [header]
        for row in self.table:
            cells = [
                f"{row['scores'].get(n, 0):+,d} = {row['totals'].get(n, 0):,}".rjust(width)
                for n in names
            ]
            lines.append(f"{row['round']:>5}  " + "  ".join(cells))
        if self.finished:
            lines.append(f"{' and '.join(self.winners())} reached {self.target:,}: match over")
            if self.not_judged:
                first = len(self.rounds) + 1
                later = (
                    f"round {first} was"
                    if self.not_judged == 1
                    else f"rounds {first} to {first + self.not_judged - 1} were"
                )
                lines.append(f"({later} not judged: the match was over)")
        else:
            lines.append(f"no one has reached {self.target:,} yet")
        return "\n".join(lines)

    def text(self, escape: Callable[[str], str] | None = None) -> str:
        """A report for people: each round's report, then the running table; ``escape`` as
        :meth:`RoundResult.text` takes it.

        >>> from boggle import Lexicon, judge_round
        >>> round_one = judge_round("ab cd", {"ann": ["cab"]}, Lexicon.from_words(["cab"]))
        >>> print(play_match([round_one], target=1).text())
        === ROUND 1 ===
        A B
        C D
        <BLANKLINE>
        ann: 1 point
          CAB   1  counted
        <BLANKLINE>
        SCORES: ann 1
        WINNER: ann
        <BLANKLINE>
        ROUND        ann
            1     +1 = 1
        ann reached 1: match over
        """
        parts = []
        for number, result in enumerate(self.rounds, start=1):
            parts.append(f"=== ROUND {number} ===\n{result.text(escape)}\n")
        parts.append(self.table_text(escape))
        return "\n".join(parts)


def play_match(rounds: Iterable[RoundResult], target: int = DEFAULT_TARGET) -> Match:
    """A match from judged rounds, stopping at the round where someone reaches ``target``
    (later rounds are not counted; a list's are counted as ``not_judged``).

    >>> from boggle import Lexicon, judge_round
    >>> won = judge_round("fxie amlo ewbx astu", {"ann": ["fame"]}, Lexicon.from_words(["fame"]))
    >>> match = play_match([won, won, won], target=2)
    >>> len(match.rounds), match.totals, match.finished, match.not_judged
    (2, {'ann': 2}, True, 1)
    >>> print(match.table_text())
    ROUND        ann
        1     +1 = 1
        2     +1 = 2
    ann reached 2: match over
    (round 3 was not judged: the match was over)
    """
    match = Match(target=target)
    for result in rounds:
        if match.finished:
            break
        match.add(result)
    if match.finished and isinstance(rounds, Sized):
        match.not_judged = len(rounds) - len(match.rounds)
    return match
