"""A room's stored results as a spreadsheet (CSV): for a teacher to keep a class's
standings and words after the lesson, and to send the words nobody found home to learn.

One row a player a round (``match``, ``round``, ``player``, ``rank`` in the match so far,
``score`` of the round, ``total`` of the match so far, the words that ``counted``, those
that did not with why, ``not_counted``), then a row for the words nobody found that round
(``player`` is ``(nobody found)``, its words best first as the room listed them).  A cell a
spreadsheet would take for a formula (a name typed as ``=1+1``) starts with ``'``.

>>> stored = {"code": "ABC234", "rounds": [{"match": 1, "round": 1,
...     "board": "fxie amlo ewbx astu", "players": [{"name": "ann", "score": 1, "words": [
...         {"word": "fame", "status": "counted"}, {"word": "zzz", "status": "not_on_board"}]}],
...     "totals": {"ann": 1}, "standings": [{"name": "ann", "total": 1, "rank": 1}],
...     "unfound": [{"word": "limbo"}, {"word": "mile"}]}], "matches": []}
>>> print(results_csv(stored), end="")
match,round,board,player,rank,score,total,counted,not_counted
1,1,fxie amlo ewbx astu,ann,1,1,1,fame,zzz (not on board)
1,1,fxie amlo ewbx astu,(nobody found),,,,limbo mile,
"""

from __future__ import annotations

import csv
import io
from typing import Any

NOBODY = "(nobody found)"
"""The ``player`` of the row listing a round's words nobody found."""

COLUMNS = ("match", "round", "board", "player", "rank", "score", "total", "counted", "not_counted")

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> str:
    """``value`` as a cell no spreadsheet runs as a formula.

    >>> _cell("=HYPERLINK(1)"), _cell("ann"), _cell(3)
    ("'=HYPERLINK(1)", 'ann', '3')
    """
    text = "" if value is None else str(value)
    return f"'{text}" if text.startswith(_FORMULA_STARTS) else text


def _word(verdict: dict[str, Any]) -> str:
    """A verdict's word, or the entry as typed where it is no word (``invalid``)."""
    return str(verdict.get("word") or verdict.get("entry") or "")


def results_csv(stored: dict[str, Any]) -> str:
    """The rounds of ``stored`` (:meth:`boggle.rooms.ResultStore.results`) as CSV text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for summary in stored.get("rounds", []):
        place = (summary.get("match", ""), summary.get("round", ""), summary.get("board", ""))
        ranks = {row["name"]: row["rank"] for row in summary.get("standings", [])}
        totals = summary.get("totals", {})
        for player in summary.get("players", []):
            name = player["name"]
            counted = [_word(w) for w in player.get("words", []) if w["status"] == "counted"]
            others = [
                f"{_word(w)} ({w['status'].replace('_', ' ')})"
                for w in player.get("words", [])
                if w["status"] != "counted"
            ]
            row = (name, ranks.get(name, ""), player.get("score", ""), totals.get(name, ""))
            writer.writerow(
                [_cell(v) for v in (*place, *row, " ".join(counted), "; ".join(others))]
            )
        unfound = " ".join(entry["word"] for entry in summary.get("unfound", []))
        writer.writerow([_cell(v) for v in (*place, NOBODY, "", "", "", unfound, "")])
    return out.getvalue()
