"""A judged round's words in a few bytes each, for the results file.

A round's summary (:meth:`boggle.rooms.room.Room.record`) spends about 200 bytes of JSON
on each word: its verdict's every field and its path as nested lists.  Stored, a word is
one token instead, ``word:CODE``, where CODE is the verdict's status as one letter
(upper case when the word is in the list), its points, the challenge's points when there
are any, and its path as one character a cell (two on boards of more than 64 cells)::

    fame:C1.048c      counted, in the list, 1 point, path (0,0) (1,0) (1,1) (2,0) on a 4x4
    zzzq:b0           not on the board, not in the list
    fame:X0+1.048c    crossed off, challenged: +1
    ole:C1.763=ole/olé  counted, and written otherwise too (forms split by /)

A word nobody found is ``word:POINTS.PATH``, with ``~ZIPF`` (in hundredths) and its
level's letter after it when the server knows how common words are
(``limbo:2.21o6d~331c``: Zipf 3.31, common), and its written forms last, as a
verdict's are (``ole:1.763=ole/olé``).

What the token leaves out (the line number, the entry as typed, ``challenged``, the
"also found by" and "shorter than" messages) is worked out again from the round; a
verdict that differs from what is worked out is kept whole.  :func:`pack_round` checks
that :func:`unpack_round` gives the summary back exactly, and answers ``None`` when it
would not (the summary is then stored as it is).

>>> summary = {"board": "fxie amlo ewbx astu", "rows": 4, "cols": 4, "challenge": False,
...     "rules": {"min_length": 3}, "players": [], "unfound": [{"word": "axe", "points": 1,
...     "path": [[1, 0], [0, 1], [0, 2]]}]}
>>> packed = pack_round(summary)
>>> packed.unfound
'axe:1.412'
>>> unpack_round(packed.data, packed.unfound, packed.players) == summary
True
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from boggle.game import Status

LETTERS = {
    Status.COUNTED: "c",
    Status.CROSSED_OFF: "x",
    Status.NOT_A_WORD: "w",
    Status.NOT_ON_BOARD: "b",
    Status.TOO_SHORT: "s",
    Status.REPEATED: "r",
    Status.INVALID: "i",
    Status.UNCHECKED: "u",
}
STATUSES = {letter: status for status, letter in LETTERS.items()}
CELL_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
"""One character a cell on boards of up to 64 cells; two (base 64) on larger ones."""
CODE = re.compile(r"([a-zA-Z])(-?\d+)([+-]\d+)?(?:\.([0-9a-zA-Z_-]*))?(?:=([^\s:]+))?\Z")
UNFOUND = re.compile(r"(-?\d+)\.([0-9a-zA-Z_-]*)(?:~([0-9.e+-]+)([a-z]))?(?:=([^\s:]+))?\Z")
FORMS = "/"
"""Between a word's written forms in its token (``este:C2.012=esté/éste``)."""
LEVEL_LETTERS = {"common": "c", "standard": "s", "obscure": "o"}
"""A word's level (:mod:`boggle.model.word_levels`) as one letter, after its Zipf frequency."""
LEVELS = {letter: level for level, letter in LEVEL_LETTERS.items()}


@dataclass(frozen=True)
class PackedRound:
    """A summary as stored: ``data`` without the words, the words nobody found as one
    text, and each player's words as one text (with the verdicts kept whole, if any)."""

    data: dict[str, Any]
    unfound: str
    players: tuple[PackedPlayer, ...]


@dataclass(frozen=True)
class PackedPlayer:
    name: str
    words: str
    extra: dict[str, Any] | None
    """Verdicts kept whole, by their index in the list (``None``: none)."""


def pack_round(summary: dict[str, Any]) -> PackedRound | None:
    """The summary in its stored form, or ``None`` if it would not unpack to itself."""
    try:
        width = _cell_width(summary)
        data = {**summary, "players": None, "unfound": None}
        unfound = " ".join(_unfound_token(w, summary, width) for w in summary["unfound"])
        tokens = [
            PackedPlayer(p["name"], " ".join(_token(v, summary, width) for v in p["words"]), None)
            for p in summary["players"]
        ]
        worked_out = _unpack_players(PackedRound(data, unfound, tuple(tokens)), use_extra=False)
        players = [
            PackedPlayer(
                packed.name,
                packed.words,
                {str(i): v for i, v in enumerate(player["words"]) if shown[i] != v} or None,
            )
            for packed, player, shown in zip(tokens, summary["players"], worked_out, strict=True)
        ]
        packed_round = PackedRound(data, unfound, tuple(players))
        if unpack_round(packed_round.data, packed_round.unfound, packed_round.players) != summary:
            return None
        return packed_round
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def unpack_round(
    data: dict[str, Any], unfound: str, players: Sequence[PackedPlayer]
) -> dict[str, Any]:
    """The summary :func:`pack_round` packed."""
    packed = PackedRound(data, unfound, tuple(players))
    width = _cell_width(data)
    summary = dict(data)
    summary["unfound"] = []
    for token in unfound.split(" ") if unfound else []:
        word, _, code = token.rpartition(":")
        match = UNFOUND.match(code)
        if match is None:
            raise ValueError(f"a stored word nobody found is not word:POINTS.PATH: {token!r}")
        path = _path(match.group(2), data, width)
        entry: dict[str, Any] = {"word": word, "points": int(match.group(1)), "path": path}
        if match.group(3) is not None:
            zipf = match.group(3)
            entry["zipf"] = float(zipf) if "." in zipf or "e" in zipf else int(zipf) / 100
            entry["level"] = LEVELS[match.group(4)]
        if match.group(5) is not None:
            entry["written"] = match.group(5).split(FORMS)
        summary["unfound"].append(entry)
    summary["players"] = [
        _player_json(player.name, words)
        for player, words in zip(players, _unpack_players(packed, use_extra=True), strict=True)
    ]
    return summary


def pack_json(packed: PackedRound) -> tuple[str, str, list[tuple[str, str, str | None]]]:
    """The texts stored: the data, the words nobody found, each player's name, words and
    the verdicts kept whole (``None``: none)."""
    rows = [(p.name, p.words, None if p.extra is None else _dumps(p.extra)) for p in packed.players]
    return _dumps(packed.data), packed.unfound, rows


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _player_json(name: str, words: list[dict[str, Any]]) -> dict[str, Any]:
    found = Counter(w["status"] for w in words)
    return {
        "name": name,
        "score": sum(w["total"] for w in words),
        "counts": {status.value: found[status.value] for status in Status},
        "words": words,
    }


def _unpack_players(packed: PackedRound, use_extra: bool) -> list[list[dict[str, Any]]]:
    """Each player's verdicts: from the tokens, the round, and (``use_extra``) those kept."""
    data = packed.data
    width = _cell_width(data)
    decoded: list[list[dict[str, Any]]] = []
    for player in packed.players:
        verdicts = []
        for token in player.words.split(" ") if player.words else []:
            word, _, code = token.rpartition(":")
            match = CODE.match(code)
            if match is None:
                raise ValueError(f"a stored word is not word:CODE: {token!r}")
            letter, points, challenge, cells, forms = match.groups()
            status = STATUSES[letter.lower()]
            verdicts.append(
                {
                    "word": word,
                    "status": status.value,
                    "points": int(points),
                    "challenge_points": int(challenge or 0),
                    "in_dictionary": letter.isupper(),
                    "path": None if cells is None else _path(cells, data, width),
                    "written": None if forms is None else forms.split(FORMS),
                }
            )
        decoded.append(verdicts)
    crossed: dict[str, list[str]] = {}
    for player, verdicts in zip(packed.players, decoded, strict=True):
        for verdict in verdicts:
            if verdict["status"] == Status.CROSSED_OFF.value:
                crossed.setdefault(verdict["word"], []).append(player.name)
    challenge = data.get("challenge") is True
    shortest = data["rules"]["min_length"]
    result: list[list[dict[str, Any]]] = []
    for player, verdicts in zip(packed.players, decoded, strict=True):
        full = []
        for index, short in enumerate(verdicts):
            kept = (player.extra or {}).get(str(index)) if use_extra else None
            if kept is not None:
                full.append(kept)
                continue
            status = short["status"]
            message = ""
            if status == Status.CROSSED_OFF.value:
                others = sorted(set(crossed[short["word"]]) - {player.name})
                message = "also found by " + ", ".join(others)
            elif status == Status.TOO_SHORT.value:
                message = f"shorter than {shortest} letters"
            shown: dict[str, Any] = {
                "line": index + 1,
                "entry": short["word"],
                "word": short["word"],
                "status": status,
                "points": short["points"],
                "challenged": challenge
                and status not in (Status.INVALID.value, Status.REPEATED.value),
                "challenge_points": short["challenge_points"],
                "total": short["points"] + short["challenge_points"],
                "in_dictionary": short["in_dictionary"],
                "path": short["path"],
            }
            if message:
                shown["message"] = message
            if short["written"] is not None:
                shown["written"] = short["written"]
            full.append(shown)
        result.append(full)
    return result


def _unfound_token(word: dict[str, Any], summary: dict[str, Any], width: int) -> str:
    """``word:POINTS.PATH``, then ``~ZIPF`` and the level's letter when the word has them."""
    token = f"{word['word']}:{word['points']}.{_cells(word['path'], summary, width)}"
    if "zipf" in word:
        zipf = float(word["zipf"])
        hundredths = round(zipf * 100)
        text = str(hundredths) if hundredths / 100 == zipf else repr(zipf)
        token += f"~{text}{LEVEL_LETTERS[word['level']]}"
    return token + _forms(word)


def _token(verdict: dict[str, Any], summary: dict[str, Any], width: int) -> str:
    letter = LETTERS[Status(verdict["status"])]
    code = (letter.upper() if verdict["in_dictionary"] else letter) + str(verdict["points"])
    if verdict["challenge_points"]:
        code += f"{verdict['challenge_points']:+d}"
    if verdict["path"] is not None:
        code += "." + _cells(verdict["path"], summary, width)
    return f"{verdict['word']}:{code}{_forms(verdict)}"


def _forms(word: dict[str, Any]) -> str:
    """``=FORM/FORM`` for a word with written forms (``ole``: ``=ole/olé``), else nothing; a
    form the token cannot hold (a space, a colon, a slash) does not unpack the same, so its
    verdict is kept whole (:func:`pack_round` checks)."""
    return "=" + FORMS.join(word["written"]) if "written" in word else ""


def _cell_width(summary: dict[str, Any]) -> int:
    return 1 if summary["rows"] * summary["cols"] <= len(CELL_DIGITS) else 2


def _cells(path: list[list[int]], summary: dict[str, Any], width: int) -> str:
    """A path as one character a cell (two on large boards)."""
    base = len(CELL_DIGITS)
    text = []
    for row, col in path:
        index = row * summary["cols"] + col
        digits = [CELL_DIGITS[index % base]]
        if width == 2:
            digits.insert(0, CELL_DIGITS[index // base])
        text.append("".join(digits))
    return "".join(text)


def _path(text: str, summary: dict[str, Any], width: int) -> list[list[int]]:
    base = len(CELL_DIGITS)
    cells = []
    for start in range(0, len(text), width):
        index = 0
        for digit in text[start : start + width]:
            index = index * base + CELL_DIGITS.index(digit)
        cells.append(list(divmod(index, summary["cols"])))
    return cells
