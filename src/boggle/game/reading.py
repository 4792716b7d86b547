"""Reading rounds and matches from JSON: the one reader the command line and the web use.

A round is ``{"board", "players", "challenge"?}``; ``players`` is a list of
``{"name", "words", "challenged"?}`` (``words`` a list or one text of lines) or
an object ``{name: words}``.  A match is ``{"target"?, "rounds": [round, ...]}``.

>>> [p.entries for p in read_players({"ann": "fame\\nmile", "bob": ["Limb"]})]
[('fame', 'mile'), ('Limb',)]
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from boggle.game.matches import DEFAULT_TARGET, Match, play_match
from boggle.game.rounds import PlayerList, RoundResult, default_challenge, judge_round
from boggle.model.checks import did_you_mean
from boggle.model.errors import JudgeError
from boggle.model.json_text import RepeatedNameError, read_json
from boggle.model.rules import RulesLike
from boggle.wordlists.lexicon import Lexicon

ROUND_KEYS = ("board", "players", "challenge")
MATCH_KEYS = ("rounds", "target")
PLAYER_KEYS = ("name", "words", "challenged")


def check_keys(data: Mapping[Any, Any], known: tuple[str, ...], where: str) -> None:
    """:class:`JudgeError` for a key not in ``known``, so a typo is not silently lost.

    >>> check_keys({"name": "ann", "challanged": []}, PLAYER_KEYS, "player 1")
    Traceback (most recent call last):
    ...
    boggle.model.errors.JudgeError: player 1: unknown key 'challanged' (did you mean 'challenged'?)
    """
    for key in data:
        if key not in known:
            hint = did_you_mean(str(key), known) or f"; known: {', '.join(known)}"
            raise JudgeError(f"{where}: unknown key {str(key)!r}{hint}")


def _kind(value: object) -> str:
    """What a JSON value that is not text is, in words (``null``, ``a list``, ``int``)."""
    shown = "null" if value is None else type(value).__name__
    return {"bool": "true or false", "dict": "an object", "list": "a list"}.get(shown, shown)


def read_round_text(text: str, source: str) -> Any:
    """The JSON value of a round or match file's ``text``; :class:`JudgeError` naming
    ``source`` (a file name, ``stdin``) when it is not JSON, is nested too deeply, gives a
    name twice in one object, or has a number too long to read (over 4,300 digits, Python's
    limit).

    >>> read_round_text('{"target": 50}', "m.json")
    {'target': 50}
    >>> read_round_text("   ", "m.json")
    Traceback (most recent call last):
    ...
    boggle.model.errors.JudgeError: m.json is empty: a round or a match is a JSON object
    >>> read_round_text('{"target": ' + "9" * 5000 + "}", "m.json")
    Traceback (most recent call last):
    ...
    boggle.model.errors.JudgeError: m.json has a number of over 4,300 digits, too long to be a \
score or a count
    >>> read_round_text('{"players": [], "players": []}', "m.json")
    Traceback (most recent call last):
    ...
    boggle.model.errors.JudgeError: m.json names 'players' twice in one object; give each name \
once
    """
    if not text.strip():
        raise JudgeError(f"{source} is empty: a round or a match is a JSON object")
    try:
        return read_json(text, source)
    except RepeatedNameError as error:
        raise JudgeError(str(error)) from None
    except json.JSONDecodeError as error:
        raise JudgeError(f"{source} is not valid JSON: {error}") from None
    except RecursionError:
        raise JudgeError(f"{source} is nested too deeply to be a round or a match") from None
    except ValueError:  # int() past sys.get_int_max_str_digits()
        raise JudgeError(
            f"{source} has a number of over 4,300 digits, too long to be a score or a count"
        ) from None


def read_players(data: Any) -> list[PlayerList]:
    """The players of a round's JSON (``players``), checked; :class:`JudgeError` names
    what is wrong.

    >>> read_players([{"name": "ann", "words": ["fame"], "challenged": ["Mile"]}])
    [PlayerList(name='ann', entries=('fame',), challenged=frozenset({'mile'}))]
    >>> read_players([{"name": "ann"}])
    Traceback (most recent call last):
    ...
    boggle.model.errors.JudgeError: player 1 needs a 'name' and 'words'
    """
    if isinstance(data, Mapping):
        data = [{"name": name, "words": words} for name, words in data.items()]
    if not isinstance(data, list) or not data:
        raise JudgeError("'players' must be a non-empty list of {name, words} or {name: words}")
    lists = []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, Mapping) or "name" not in item or "words" not in item:
            raise JudgeError(f"player {number} needs a 'name' and 'words'")
        check_keys(item, PLAYER_KEYS, f"player {number}")
        name, words = item["name"], item["words"]
        if not isinstance(name, str):  # null was the player 'None', 5 the player '5'
            raise JudgeError(
                f"player {number}: 'name' must be text, like \"ann\"; got {_kind(name)}"
            )
        challenged = item.get("challenged", [])
        if not isinstance(challenged, list) or not all(isinstance(w, str) for w in challenged):
            raise JudgeError(f"player {name!r}: 'challenged' must be a list of words")
        if isinstance(words, str):
            lists.append(PlayerList.from_text(name, words, map(str, challenged)))
        elif isinstance(words, list) and all(isinstance(w, str) for w in words):
            lists.append(PlayerList(name, tuple(words), frozenset(map(str, challenged))))
        else:
            raise JudgeError(f"player {name!r}: 'words' must be a list of strings or one text")
    return lists


def judge_json(
    data: Any,
    lexicon: Lexicon,
    rules: RulesLike = None,
    challenge: str | None = None,
    target: int | None = None,
    cross_off: bool = True,
) -> RoundResult | Match:
    """Judge a round ``{"board", "players", "challenge"?}`` or a match
    ``{"target"?, "rounds": [round, ...]}`` read from JSON (``cross_off=False``: a word two
    players found scores for each, as :func:`~boggle.game.rounds.judge_round` takes it).

    ``challenge`` and ``target`` given here override the document's.  A round's
    default challenge mode is ``listed`` when some player has ``challenged``
    words, else ``off``.

    >>> lexicon = Lexicon.from_words(["fame"])
    >>> judge_json({"board": "fxie amlo ewbx astu", "players": {"ann": ["fame"]}}, lexicon).scores()
    {'ann': 1}
    >>> rounds = [{"board": "fxie amlo ewbx astu", "players": {"ann": ["fame"]}}] * 3
    >>> judge_json({"target": 2, "rounds": rounds}, lexicon).totals
    {'ann': 2}
    """
    if not isinstance(data, Mapping):
        raise JudgeError("the input must be a JSON object with 'board' and 'players', or 'rounds'")
    if "rounds" in data:
        check_keys(data, MATCH_KEYS, "the match")
        rounds = data["rounds"]
        if not isinstance(rounds, list) or not rounds:
            raise JudgeError("'rounds' must be a non-empty list of rounds")
        goal = target if target is not None else data.get("target", DEFAULT_TARGET)
        if isinstance(goal, bool) or not isinstance(goal, int):  # true is no number of points
            raise JudgeError(f"'target' must be a whole number of points, got {json.dumps(goal)}")
        judged = (
            _judge_round_json(r, lexicon, rules, challenge, n, cross_off)
            for n, r in enumerate(rounds, 1)
        )
        match = play_match(judged, goal)  # a generator: the rounds left are counted here
        match.not_judged = len(rounds) - len(match.rounds) if match.finished else 0
        return match
    result = _judge_round_json(data, lexicon, rules, challenge, None, cross_off)
    if target is not None:
        return play_match([result], target)
    return result


def _judge_round_json(
    data: Any,
    lexicon: Lexicon,
    rules: RulesLike,
    challenge: str | None,
    number: int | None,
    cross_off: bool = True,
) -> RoundResult:
    where = "" if number is None else f"round {number}: "
    if not isinstance(data, Mapping) or "board" not in data or "players" not in data:
        raise JudgeError(f"{where}a round needs 'board' and 'players'")
    check_keys(data, ROUND_KEYS, where.rstrip(": ") or "the round")
    board = data["board"]
    if not isinstance(board, str):  # null is no board 'None', a number no board at all
        raise JudgeError(
            f"{where}'board' must be text, like \"fxie amlo ewbx astu\"; got {_kind(board)}"
        )
    try:
        lists = read_players(data["players"])
        mode = challenge or data.get("challenge") or default_challenge(lists)
        return judge_round(board, lists, lexicon, rules, mode, cross_off=cross_off)
    except JudgeError as error:
        raise JudgeError(f"{where}{error}") from None


def iter_problems(result: RoundResult | Match) -> Iterator[str]:
    """Every problem found in the input, prefixed by its round in a match.

    >>> match = judge_json({"rounds": [{"board": "ab1", "players": {"ann": ["cab"]}}]},
    ...     Lexicon.from_words(["cab"]))
    >>> list(iter_problems(match))
    ["round 1: board 'ab1' does not parse: board has '1', which is not a letter; use letters, \
with rows separated by spaces, new lines, '/' or ','; words were not looked for"]
    """
    if isinstance(result, RoundResult):
        yield from result.problems
        return
    for number, round_result in enumerate(result.rounds, start=1):
        for problem in round_result.problems:
            yield f"round {number}: {problem}"
