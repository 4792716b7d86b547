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

A club's evening is a table, not a log of words: :func:`standings_csv` gives each match's
final standings, a row a player, with each round's score, and then the evening over every
match.
"""

from __future__ import annotations

import copy
import csv
import io
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from boggle.rooms.limits import MAX_EVENING_MATCHES


def standings(totals: dict[str, int]) -> list[dict[str, Any]]:
    """Players by total, best first, with their rank (equal totals share a rank).

    >>> [(s["name"], s["rank"]) for s in standings({"a": 3, "b": 5, "c": 3})]
    [('b', 1), ('a', 2), ('c', 2)]
    """
    ordered = sorted(totals.items(), key=lambda item: (-item[1], item[0]))
    table, rank, previous = [], 0, None
    for position, (name, total) in enumerate(ordered, start=1):
        if total != previous:
            rank, previous = position, total
        table.append({"name": name, "total": total, "rank": rank})
    return table


def shown_rank(rank: object, ranks: list[object]) -> str:
    """``rank`` as the room page, the projector and the spreadsheets show it: a place two
    players or more share (equal points: the rooms break no tie) is written ``1=``, as
    sports tables write it; ``ranks`` are the ranks of the table it is in.

    >>> ranks = [row["rank"] for row in standings({"a": 3, "b": 5, "c": 3})]
    >>> [shown_rank(rank, ranks) for rank in ranks]
    ['1', '2=', '2=']
    """
    return f"{rank}=" if ranks.count(rank) > 1 else str(rank)


NOBODY = "(nobody found)"
"""The ``player`` of the row listing a round's words nobody found."""

COLUMNS = ("match", "round", "board", "player", "rank", "score", "total", "counted", "not_counted")

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> str:
    """``value`` as a cell no spreadsheet runs as a formula: a text starting as one does is
    quoted, a number (a round's -1 under the challenge rule) is written as the number.

    >>> _cell("=HYPERLINK(1)"), _cell("ann"), _cell(3), _cell(-1), _cell("-1")
    ("'=HYPERLINK(1)", 'ann', '3', '-1', "'-1")
    """
    text = "" if value is None else str(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return text
    return f"'{text}" if text.startswith(_FORMULA_STARTS) else text


def _word(verdict: dict[str, Any]) -> str:
    """A verdict's word, or the entry as typed where it is no word (``invalid``)."""
    return str(verdict.get("word") or verdict.get("entry") or "")


def results_csv(stored: dict[str, Any]) -> str:
    """The rounds of ``stored`` (:meth:`boggle.rooms.ResultStore.results`) as CSV text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    gone = removed_names(stored)
    for summary in renamed_rounds(stored):
        place = (summary.get("match", ""), summary.get("round", ""), summary.get("board", ""))
        table = summary.get("standings", [])
        shared = [row["rank"] for row in table]
        ranks = {row["name"]: shown_rank(row["rank"], shared) for row in table}
        totals = summary.get("totals", {})
        for player in summary.get("players", []):
            name = player["name"]
            counted = [_word(w) for w in player.get("words", []) if w["status"] == "counted"]
            others = [
                f"{_word(w)} ({w['status'].replace('_', ' ')})"
                for w in player.get("words", [])
                if w["status"] != "counted"
            ]
            shown = name + (REMOVED if name in gone else "")
            row = (shown, ranks.get(name, ""), player.get("score", ""), totals.get(name, ""))
            writer.writerow(
                [_cell(v) for v in (*place, *row, " ".join(counted), "; ".join(others))]
            )
        unfound = " ".join(entry["word"] for entry in summary.get("unfound", []))
        writer.writerow([_cell(v) for v in (*place, NOBODY, "", "", "", unfound, "")])
    return out.getvalue()


EVENING = "evening"
"""The ``match`` of the rows that add up every match of the room (:func:`standings_csv`)."""

STANDINGS_COLUMNS = ("match", "rank", "player", "total", "rounds", "won", "finished")
"""The first columns of :func:`standings_csv`; a column a round follows (``round 1``, ...)."""


def evening_standings(stored: dict[str, Any]) -> list[dict[str, Any]]:
    """Each match of ``stored`` (:meth:`boggle.rooms.ResultStore.results`) as its standings
    after its last round, and then the evening: every player's points over all the matches.

    One entry a player a match, in the match's order (best first, equal totals sharing a
    rank): ``match``, ``rank``, ``name``, ``total``, ``rounds`` (the rounds the player had a
    seat in: a player who left, or joined late, has fewer), ``scores`` (``{round: points}``),
    ``won`` (1 for a winner of a finished match, else 0) and ``finished`` (whether the match
    is over: a match under way is its standings so far).  Then the ``"evening"`` entries:
    each player's ``total`` over the matches, ranked by it, the ``rounds`` played and the
    matches ``won``.  Everyone in a match's standings is in it, a player removed or gone too:
    their points were scored; each entry's ``removed`` says whether the host removed them
    (:func:`removed_names`).

    >>> def round_(match, n, scores, totals, winners=None):
    ...     return {"match": match, "round": n, "scores": scores, "standings": standings(totals),
    ...             "match_over": winners is not None, "winners": winners or []}
    >>> stored = {"rounds": [round_(1, 1, {"ann": 3, "bob": 5}, {"ann": 3, "bob": 5}),
    ...     round_(1, 2, {"ann": 4, "bob": 1}, {"ann": 7, "bob": 6}, ["ann"]),
    ...     round_(2, 1, {"bob": 2}, {"bob": 2})]}
    >>> for row in evening_standings(stored):
    ...     print(row["match"], row["rank"], row["name"], row["total"], row["rounds"],
    ...           row["scores"], row["won"], row["finished"])
    1 1 ann 7 2 {1: 3, 2: 4} 1 True
    1 2 bob 6 2 {1: 5, 2: 1} 0 True
    2 1 bob 2 1 {1: 2} 0 False
    evening 1 bob 8 3 {} 0 False
    evening 2 ann 7 2 {} 1 False
    """
    matches: dict[int, list[dict[str, Any]]] = {}
    for summary in renamed_rounds(stored):  # a name changed: its points under the new one
        matches.setdefault(int(summary.get("match", 1)), []).append(summary)
    gone = removed_names(stored)
    rows: list[dict[str, Any]] = []
    points: dict[str, int] = {}
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    for number, rounds in sorted(matches.items()):
        rounds.sort(key=lambda summary: int(summary.get("round", 0)))
        last = rounds[-1]
        finished = bool(last.get("match_over"))
        winners = set(last.get("winners") or []) if finished else set()
        for entry in last.get("standings", []):
            name = entry["name"]
            scores = {
                int(summary["round"]): summary["scores"][name]
                for summary in rounds
                if name in summary.get("scores", {})
            }
            # a match folded (fold_evening): its rounds counted, each round's points not kept
            count = int(last["played"].get(name, 0)) if "played" in last else len(scores)
            rows.append(
                {
                    "match": number,
                    "rank": entry["rank"],
                    "name": name,
                    "total": entry["total"],
                    "rounds": count,
                    "scores": scores,
                    "won": int(name in winners),
                    "finished": finished,
                    "removed": name in gone,
                }
            )
            points[name] = points.get(name, 0) + int(entry["total"])
            played[name] = played.get(name, 0) + count
            won[name] = won.get(name, 0) + int(name in winners)
    over = all(row["finished"] for row in rows)
    for entry in standings(points):
        name = entry["name"]
        rows.append(
            {
                "match": EVENING,
                "rank": entry["rank"],
                "name": name,
                "total": entry["total"],
                "rounds": played[name],
                "scores": {},
                "won": won[name],
                "finished": over,
                "removed": name in gone,
            }
        )
    return rows


REMOVED = " (removed)"
"""How the spreadsheets mark a player the host removed, after their name."""


def removed_names(stored: dict[str, Any]) -> set[str]:
    """The players the host removed from the room of ``stored`` (its rounds, or their
    :func:`compact_round`): an open room's results say those removed now
    (``stored["removed"]``); else each round keeps the names removed by then (``removed``),
    the latest round's being the room's (a name joined again is no longer among them).
    Their points stay in the standings, marked.

    >>> sorted(removed_names({"rounds": [{"removed": ["bob"]}, {"removed": ["bob", "cy"]}]}))
    ['bob', 'cy']
    >>> sorted(removed_names({"rounds": [{"removed": ["bob"]}], "removed": ["cy"]}))
    ['cy']
    """
    if "removed" in stored:
        return {str(name) for name in stored["removed"]}
    rounds = stored.get("rounds", [])
    return {str(name) for name in (rounds[-1].get("removed", []) if rounds else [])}


EVENING_SHOWN = 20
"""The most players :func:`evening_table` lists (the best); the others are counted."""


def compact_round(summary: dict[str, Any]) -> dict[str, Any]:
    """What :func:`evening_standings` reads of a round's summary (the room keeps these for
    the evening, not every word): ``match``, ``round``, ``scores``, ``standings``,
    ``match_over`` and ``winners``."""
    keys = ("match", "round", "scores", "standings", "match_over", "winners", "removed")
    return {key: summary[key] for key in keys if key in summary}


def fold_evening(
    rounds: list[dict[str, Any]], most: int | None = None
) -> tuple[list[dict[str, Any]], int]:
    """``rounds`` (each round's :func:`compact_round`) with each match folded into one entry,
    its standings after its last round (a match under way folded as far as it has gone):
    what :func:`evening_standings` reads of it, the last round's ``standings`` and
    ``winners``, and ``played``, the rounds each player had a seat in; at most ``most``
    (:data:`MAX_EVENING_MATCHES`) matches kept, the oldest dropped; and how many were dropped.
    The evening's memory grows by match, not by round, and stops at ``most`` matches.

    >>> def round_(match, n, scores, over):
    ...     return {"match": match, "round": n, "scores": scores, "standings": standings(scores),
    ...             "match_over": over, "winners": ["ann"] if over else []}
    >>> rounds = [round_(1, 1, {"ann": 3}, False), round_(1, 2, {"ann": 5, "bob": 1}, True),
    ...     round_(2, 1, {"bob": 2}, False)]
    >>> folded, dropped = fold_evening(rounds)
    >>> len(folded), dropped, folded[0]["played"], folded[0]["match_over"]
    (2, 0, {'ann': 2, 'bob': 1}, True)
    >>> [row["rounds"] for row in evening_standings({"rounds": folded})] == [
    ...     row["rounds"] for row in evening_standings({"rounds": rounds})]
    True
    >>> [(entry["match"], entry["round"]) for entry in fold_evening(rounds, most=1)[0]]
    [(2, 1)]
    """
    matches: dict[int, list[dict[str, Any]]] = {}
    for summary in rounds:
        matches.setdefault(int(summary.get("match", 1)), []).append(summary)
    numbers = sorted(matches)
    dropped = max(0, len(numbers) - (MAX_EVENING_MATCHES if most is None else most))
    kept: list[dict[str, Any]] = []
    for number in numbers[dropped:]:
        entries = sorted(matches[number], key=lambda summary: int(summary.get("round", 0)))
        last = entries[-1]
        if len(entries) == 1 and "played" in last:
            kept.append(last)  # folded already
            continue
        played: dict[str, int] = {}
        for summary in entries:
            counts = summary.get("played") or dict.fromkeys(summary.get("scores", {}), 1)
            for name, n in counts.items():
                played[name] = played.get(name, 0) + int(n)
        keys = ("match", "round", "standings", "match_over", "winners", "removed")
        kept.append({**{key: last[key] for key in keys if key in last}, "played": played})
    return kept, dropped


def evening_table(
    rounds: list[dict[str, Any]], shown: int = EVENING_SHOWN, dropped: int = 0
) -> dict[str, Any] | None:
    """The evening over a room's matches (``rounds``: each round's summary, or its
    :func:`compact_round`) for the room page, or ``None`` while there has been one match:
    ``matches`` (how many), ``finished`` (whether the last is over), ``players`` (the best
    ``shown`` :func:`evening_standings` ``"evening"`` entries: ``rank``, ``name``, ``total``,
    ``rounds``, ``won``) and ``more`` (how many players are not listed).

    >>> def round_(match, n, totals, over):
    ...     return {"match": match, "round": n, "scores": totals, "standings": standings(totals),
    ...             "match_over": over, "winners": [max(totals, key=totals.get)] if over else []}
    >>> evening_table([round_(1, 1, {"ann": 3}, True)]) is None
    True
    >>> table = evening_table([round_(1, 1, {"ann": 3, "bob": 5}, True),
    ...     round_(2, 1, {"ann": 4, "cy": 1}, False)], shown=2)
    >>> table["matches"], table["finished"], table["more"]
    (2, False, 1)
    >>> [(p["rank"], p["name"], p["total"], p["won"]) for p in table["players"]]
    [(1, 'ann', 7, 0), (2, 'bob', 5, 1)]
    """
    matches = {int(summary.get("match", 1)) for summary in rounds}
    if len(matches) + dropped < 2:
        return None
    rows = [row for row in evening_standings({"rounds": rounds}) if row["match"] == EVENING]
    keys = ("rank", "name", "total", "rounds", "won")
    ranks = [row["rank"] for row in rows]  # every player's: the 20th may share with the 21st
    return {
        "matches": len(matches),
        "finished": bool(rows) and bool(rows[0]["finished"]),
        # a player the host removed is marked (``removed``: true), a place shared with
        # another player, listed or not, too (``shared``: true, written "2="); the others
        # have no mark
        "players": [
            {
                **{key: row[key] for key in keys},
                **({"removed": True} if row["removed"] else {}),
                **({"shared": True} if ranks.count(row["rank"]) > 1 else {}),
            }
            for row in rows[:shown]
        ],
        "more": max(0, len(rows) - shown),
        "dropped": dropped,
    }


def standings_csv(stored: dict[str, Any]) -> str:
    """:func:`evening_standings` as CSV text: a row a player a match (``match``, ``rank``,
    ``player``, ``total``, ``rounds``, ``won``, ``finished`` as ``yes`` or ``no``, then
    the points of each round, blank for a round the player was not in), then the
    ``evening`` rows, each player's points over every match.

    >>> stored = {"rounds": [{"match": 1, "round": 1, "scores": {"ann": 3, "=bob": 1},
    ...     "standings": [{"name": "ann", "total": 3, "rank": 1},
    ...                   {"name": "=bob", "total": 1, "rank": 2}],
    ...     "match_over": True, "winners": ["ann"]}]}
    >>> print(standings_csv(stored), end="")
    match,rank,player,total,rounds,won,finished,round 1
    1,1,ann,3,1,1,yes,3
    1,2,'=bob,1,1,0,yes,1
    evening,1,ann,3,1,1,yes,
    evening,2,'=bob,1,1,0,yes,
    """
    rows = evening_standings(stored)
    shared: dict[object, list[object]] = {}
    for row in rows:
        shared.setdefault(row["match"], []).append(row["rank"])
    most = max((max(row["scores"], default=0) for row in rows), default=0)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*STANDINGS_COLUMNS, *(f"round {n}" for n in range(1, most + 1))])
    for row in rows:
        rank = shown_rank(row["rank"], shared[row["match"]])
        name = row["name"] + (REMOVED if row["removed"] else "")
        fixed = (row["match"], rank, name, row["total"], row["rounds"], row["won"])
        scores = [row["scores"].get(n, "") for n in range(1, most + 1)]
        writer.writerow([_cell(v) for v in (*fixed, "yes" if row["finished"] else "no", *scores)])
    return out.getvalue()


MAX_MERGED_ROOMS = 10
"""The most rooms :func:`merged_standings_csv` puts in one table (a teacher's classes)."""

MERGED_COLUMNS = ("rank", "player", "room", "total", "rounds", "matches", "won", "finished")
"""The columns of :func:`merged_standings_csv`."""


def merged_standings_csv(rooms: list[dict[str, Any]]) -> str:
    """The evenings of several rooms (each :meth:`boggle.rooms.ResultStore.results`, with
    its ``code``) as one table: a row a player a room (a name in two rooms is two pupils,
    one of each class), best first by their points over all the room's matches, equal
    totals sharing a rank (``1=``), with the room's code, the rounds and matches played,
    the matches won and whether the room's last match is over (``yes`` or ``no``).  A player
    the host removed keeps their row, marked ``(removed)``, as in :func:`standings_csv`.

    >>> def room(code, scores):
    ...     return {"code": code, "rounds": [{"match": 1, "round": 1, "scores": scores,
    ...         "standings": standings(scores), "match_over": True,
    ...         "winners": [max(scores, key=scores.get)]}]}
    >>> print(merged_standings_csv([room("ABC234", {"sam": 5, "ann": 3}),
    ...     room("DEF567", {"sam": 3, "zoe": 9})]), end="")
    rank,player,room,total,rounds,matches,won,finished
    1,zoe,DEF567,9,1,1,1,yes
    2,sam,ABC234,5,1,1,1,yes
    3=,ann,ABC234,3,1,1,0,yes
    3=,sam,DEF567,3,1,1,0,yes
    """
    rows: list[dict[str, Any]] = []
    for stored in rooms:
        table = evening_standings(stored)
        matches: dict[str, int] = {}
        for row in table:
            if row["match"] != EVENING:
                matches[row["name"]] = matches.get(row["name"], 0) + 1
        for row in table:
            if row["match"] == EVENING:
                played = matches[row["name"]]
                rows.append({**row, "room": stored.get("code", ""), "matches": played})
    rows.sort(key=lambda row: (-int(row["total"]), str(row["name"]), str(row["room"])))
    ranks: list[object] = []
    for position, row in enumerate(rows, start=1):
        tied = bool(ranks) and row["total"] == rows[position - 2]["total"]
        ranks.append(ranks[-1] if tied else position)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(MERGED_COLUMNS)
    for rank, row in zip(ranks, rows, strict=True):
        name = row["name"] + (REMOVED if row["removed"] else "")
        finished = "yes" if row["finished"] else "no"
        fixed = (shown_rank(rank, ranks), name, row["room"], row["total"], row["rounds"])
        writer.writerow([_cell(v) for v in (*fixed, row["matches"], row["won"], finished)])
    return out.getvalue()


CHALLENGE_COLUMNS = ("rank", "player", "points", "words", "found", "only_they_found", "posted")
"""The columns of :func:`challenge_csv`."""


def challenge_csv(challenge: dict[str, Any]) -> str:
    """A challenge's results (``GET /api/challenges/{code}``'s body) as CSV text: a row a
    player, best first as ranked (equal points share a rank, written ``1=`` as in the rooms'
    spreadsheets: :func:`shown_rank`), with the points, the number
    of words, the words that counted, those only this player found, and when the result
    was posted (UTC); for a club's challenge played over a week, kept when it ends.

    >>> print(challenge_csv({"results": [{"rank": 1, "name": "ann", "score": 2, "count": 2,
    ...     "only": ["mile"], "posted": 1795400000.0, "words": [{"word": "fame"},
    ...     {"word": "mile"}]}, {"rank": 2, "name": "=bob", "score": 1, "count": 1,
    ...     "only": [], "posted": 1795400060.5, "words": [{"word": "fame"}]}]}), end="")
    rank,player,points,words,found,only_they_found,posted
    1,ann,2,2,fame mile,mile,2026-11-23 02:13:20
    2,'=bob,1,1,fame,,2026-11-23 02:14:20
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CHALLENGE_COLUMNS)
    results = challenge.get("results", [])
    ranks = [result["rank"] for result in results]
    for result in results:
        posted = datetime.fromtimestamp(float(result["posted"]), UTC).strftime("%Y-%m-%d %H:%M:%S")
        row = (
            shown_rank(result["rank"], ranks),
            result["name"],
            result["score"],
            result["count"],
            " ".join(_word(entry) for entry in result.get("words", [])),
            " ".join(result.get("only", [])),
            posted,
        )
        writer.writerow([_cell(v) for v in row])
    return out.getvalue()


def renamed_keys(values: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """``values`` with the key ``old`` named ``new``, in its place.

    >>> renamed_keys({"ann": 1, "bob": 2}, "ann", "Anna")
    {'Anna': 1, 'bob': 2}
    """
    return {new if key == old else key: value for key, value in values.items()}


def rename_in(entry: dict[str, Any], old: str, new: str) -> None:
    """A round's summary, its :func:`~boggle.rooms.export.compact_round`, a match's table
    row or a stored match with the player ``old`` named ``new``: their scores, totals and
    rounds played, their rows in the standings, the results and the match's table, and among
    the winners.

    >>> entry = {"scores": {"ann": 1}, "standings": [{"name": "ann", "total": 1, "rank": 1}],
    ...     "winners": ["ann"], "players": [{"name": "ann", "score": 1}]}
    >>> rename_in(entry, "ann", "Anna")
    >>> entry["scores"], entry["standings"][0]["name"], entry["winners"], entry["players"][0]
    ({'Anna': 1}, 'Anna', ['Anna'], {'name': 'Anna', 'score': 1})
    """
    for key in ("scores", "totals", "played", "set_apart"):
        if isinstance(entry.get(key), dict):
            entry[key] = renamed_keys(entry[key], old, new)
    for key in ("standings", "players"):
        for row in entry.get(key) or []:
            if row.get("name") == old:
                row["name"] = new
    if "winners" in entry:
        entry["winners"] = [new if name == old else name for name in entry["winners"]]
    for row in entry.get("table") or []:  # a stored match's rounds
        rename_in(row, old, new)


def renamed_rounds(stored: dict[str, Any]) -> list[dict[str, Any]]:
    """The rounds of ``stored`` with each name a player changed since (``renamed``: an open
    room's answer has the room's, else its latest round's) read as the new one: a player's
    points over the evening go under one name. A round is renamed by the changes made after
    it (a name taken later by another player is theirs from then on).

    >>> stored = {"rounds": [{"match": 1, "round": 1, "scores": {"bob": 2}},
    ...     {"match": 2, "round": 1, "scores": {"Bobby": 1, "bob": 3},
    ...      "renamed": [{"old": "bob", "name": "Bobby", "match": 1, "round": 1}]}]}
    >>> [summary["scores"] for summary in renamed_rounds(stored)]
    [{'Bobby': 2}, {'Bobby': 1, 'bob': 3}]
    """
    rounds: list[dict[str, Any]] = stored.get("rounds", [])
    return _renamed(
        rounds,
        _renames(stored),
        lambda summary: (int(summary.get("match", 1)), int(summary.get("round", 0))),
    )


def renamed_matches(stored: dict[str, Any]) -> list[dict[str, Any]]:
    """The matches of ``stored`` (each as :meth:`boggle.rooms.room.Room.match_json` stored
    it) with each name a player changed since read as the new one, as :func:`renamed_rounds`
    reads the rounds: a match is renamed by the changes made after its last round (its
    table, totals, standings and winners; one made before was in it when it was stored).

    >>> stored = {"matches": [{"match": 1, "table": [{"round": 1, "scores": {"bob": 2},
    ...     "totals": {"bob": 2}}], "totals": {"bob": 2}, "winners": ["bob"],
    ...     "standings": [{"name": "bob", "total": 2, "rank": 1}]}],
    ...     "renamed": [{"old": "bob", "name": "Bobby", "match": 1, "round": 1}]}
    >>> match = renamed_matches(stored)[0]
    >>> match["totals"], match["winners"], match["table"][0]["scores"], match["standings"][0]
    ({'Bobby': 2}, ['Bobby'], {'Bobby': 2}, {'name': 'Bobby', 'total': 2, 'rank': 1})
    >>> renamed_matches({**stored, "renamed": [{"old": "bob", "name": "Bo", "match": 0,
    ...     "round": 0}]})[0]["winners"]  # before the match: in it already
    ['bob']
    """
    matches: list[dict[str, Any]] = stored.get("matches", [])
    return _renamed(
        matches,
        _renames(stored),
        lambda match: (
            int(match.get("match", 1)),
            max((int(row.get("round", 0)) for row in match.get("table") or []), default=0),
        ),
    )


def _renames(stored: dict[str, Any]) -> list[dict[str, Any]]:
    """The names changed in the room of ``stored``: an open room's answer has the room's
    (``renamed``), else its latest round's."""
    if "renamed" in stored:
        return list(stored["renamed"])
    rounds = stored.get("rounds", [])
    return list(rounds[-1].get("renamed", [])) if rounds else []


def _renamed(
    entries: list[dict[str, Any]],
    renames: list[dict[str, Any]],
    place: Callable[[dict[str, Any]], tuple[int, int]],
) -> list[dict[str, Any]]:
    """``entries`` (rounds or matches), each renamed (a copy) by the changes made at or after
    its ``place``, the match and round it ended with, in the order they were made."""
    if not renames:
        return entries
    shown = []
    for entry in entries:
        at = place(entry)
        later = [change for change in renames if at <= (change["match"], change["round"])]
        if later:
            entry = copy.deepcopy(entry)
            for change in later:
                rename_in(entry, str(change["old"]), str(change["name"]))
        shown.append(entry)
    return shown
