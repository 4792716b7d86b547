"""Every public entry point takes ``rules`` the same way: ``Rules``, a ``RulesChoice``, a
preset's name, or ``None`` (the preset of the board's size); an unknown name is a RulesError."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from boggle import BIG, CLASSIC, Board, Lexicon, RulesChoice, RulesError, solve
from boggle.dice.bulk import BoardSource
from boggle.game import judge_round
from boggle.game.reading import judge_json
from boggle.model.rules import RulesLike, as_rules, choose_rules, rules_for_size
from boggle.scale.scoring import score_chunks_on
from boggle.scale.threads import iter_scores, score_many
from boggle.search import prove, search
from boggle.study.stats import score_stats

WORDS = ["fame", "fax", "moxie", "east", "mile", "limb", "seat", "tea", "eat", "ate", "teas"]
LEXICON = Lexicon.from_words(WORDS)
BOARD = "fxie amlo ewbx astu"
BIG_BOARD = "fxiea amloe ewbxa astuf aaaaa"

# Each spelling of the same rules: the results must not depend on which one is given.
SPELLINGS: dict[str, list[RulesLike]] = {
    "big": [BIG, "big", "BIG", RulesChoice("big")],
    "classic": [CLASSIC, "classic", RulesChoice("classic")],
}


def _solve(rules: RulesLike) -> Any:
    return [(w.word, w.points) for w in solve(BOARD, LEXICON, rules)]


def _score_many(rules: RulesLike) -> Any:
    return score_many([BOARD, BIG_BOARD], LEXICON, rules, jobs=1)


def _iter_scores(rules: RulesLike) -> Any:
    return [s.score for s in iter_scores([BOARD, BIG_BOARD], LEXICON, rules, jobs=1)]


def _score_on(rules: RulesLike) -> Any:
    return [[s.score for s in c] for c in score_chunks_on([[BOARD]], LEXICON, rules, jobs=1)]


def _judge(rules: RulesLike) -> Any:
    return judge_round(BOARD, {"ann": ["fame", "fax", "east"]}, LEXICON, rules).to_json()


def _judge_json(rules: RulesLike) -> Any:
    data = {"board": BOARD, "players": {"ann": ["fax", "fame"]}}
    return judge_json(data, LEXICON, rules).to_json()


SMALL = Lexicon.from_words(["tea", "eat", "ate", "teat", "seat", "east", "sat", "set"])


def _search(rules: RulesLike) -> Any:
    return [(b.board, b.score) for b in search(2, 2, SMALL, rules, seed=3, top=3).best]


def _prove(rules: RulesLike) -> Any:
    return [(b.board, b.score) for b in prove(2, 2, SMALL, rules, 1, bucket_count=2).boards]


def _score_stats(rules: RulesLike) -> Any:
    stats = score_stats(20, BoardSource.named("new"), LEXICON, rules, seed=4, chunk_size=20)
    return stats.to_json()


ENTRY_POINTS: dict[str, Callable[[RulesLike], Any]] = {
    "solve": _solve,
    "score_many": _score_many,
    "iter_scores": _iter_scores,
    "score_chunks_on": _score_on,
    "judge_round": _judge,
    "judge_json": _judge_json,
    "search": _search,
    "prove": _prove,
    "score_stats": _score_stats,
}


@pytest.mark.parametrize("name", ENTRY_POINTS)
@pytest.mark.parametrize("preset", SPELLINGS)
def test_every_spelling_of_a_preset_gives_the_same_result(name: str, preset: str) -> None:
    call = ENTRY_POINTS[name]
    results = [call(rules) for rules in SPELLINGS[preset]]
    assert all(result == results[0] for result in results), results


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_an_unknown_preset_name_is_one_rules_error(name: str) -> None:
    with pytest.raises(RulesError, match="unknown rules 'huge'; choose one of: classic, big"):
        ENTRY_POINTS[name]("huge")


@pytest.mark.parametrize("name", ["solve", "score_many", "judge_round", "search"])
def test_rules_of_another_type_are_refused(name: str) -> None:
    with pytest.raises(RulesError, match="not int"):
        ENTRY_POINTS[name](3)  # type: ignore[arg-type]


def test_classic_and_big_differ_where_the_test_looks() -> None:
    # Without this the sameness above could come from rules being ignored.
    assert _solve("classic") != _solve("big")
    assert _score_many("classic") != _score_many("big")
    assert _prove("classic") != _prove("big")
    assert _search("classic") != _search("big")


def test_none_means_the_preset_of_the_board_size() -> None:
    assert solve(BOARD, LEXICON).rules is CLASSIC
    assert solve(Board.parse(BIG_BOARD), LEXICON).rules is BIG
    assert score_many([BIG_BOARD], LEXICON, jobs=1) == score_many([BIG_BOARD], LEXICON, "big")
    assert rules_for_size(None, 4, 4) is CLASSIC and rules_for_size(None, 5, 5) is BIG
    assert choose_rules(None, Board.parse(BIG_BOARD)) is BIG


def test_as_rules_keeps_rules_and_choices_and_reads_names() -> None:
    choice = RulesChoice(min_length=5)
    assert as_rules(choice) is choice
    assert as_rules(BIG) is BIG
    assert as_rules("Classic") is CLASSIC
    assert as_rules(None) == RulesChoice()
    assert isinstance(RulesError("x"), ValueError)


def test_prove_and_estimate_proof_default_the_rules_as_search_does() -> None:
    """``prove(3, 3, lexicon, above=540)`` was a TypeError: ``rules`` had no default in
    ``prove`` and ``estimate_proof`` while ``search`` gave it one (researcher 33)."""
    from boggle.search.estimate import estimate_proof

    by_keyword = prove(2, 2, SMALL, above=1, bucket_count=2)
    assert [(b.board, b.score) for b in by_keyword.boards] == _prove(CLASSIC) != _prove(BIG)
    estimate = estimate_proof(2, 2, SMALL, above=1, samples=3, seed=1)
    assert estimate.classes_total == estimate_proof(2, 2, SMALL, CLASSIC, 1, 3, 1).classes_total
    with pytest.raises(TypeError, match=r"prove\(\) missing required argument 'above'"):
        prove(2, 2, SMALL)
    with pytest.raises(TypeError, match=r"estimate_proof\(\) missing required argument 'above'"):
        estimate_proof(2, 2, SMALL, samples=3)
    with pytest.raises(TypeError, match=r"missing required argument 'samples'"):
        estimate_proof(2, 2, SMALL, above=1)
