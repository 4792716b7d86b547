"""search, prove and score_stats take their settings as one frozen value each, checked when
made, with messages naming the field; the old keyword calls still work; the command line
builds the values by keyword."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boggle import CLASSIC, BoggleError, Lexicon, ProofOptions, SearchOptions, StatsOptions
from boggle.dice.bulk import BoardSource
from boggle.search import prove, search
from boggle.study.stats import score_stats

SOURCE = Path(__file__).resolve().parents[2] / "src" / "boggle"
WORDS = Lexicon.from_words(["tab", "bat", "abet", "beat", "bate", "tea", "eat", "seat"])


@pytest.mark.parametrize(
    "make, setting, says",
    [
        (lambda: SearchOptions(top=0), "top", "top must be at least 1, got 0"),
        (lambda: SearchOptions(jobs=0), "jobs", "jobs must be at least 1, got 0"),
        (lambda: SearchOptions(seconds=-1), "seconds", "seconds must be more than 0"),
        (lambda: SearchOptions(letters="ab", dice="new"), "letters", "do not go together"),
        (lambda: SearchOptions(parameters={"pool": 0}), "pool", "the pool holds 1 to"),
        (lambda: SearchOptions(parameters={"steps": 5}), "parameters", "hillclimb takes no"),
        (lambda: SearchOptions(engine="tpu"), "engine", "engine must be one of: native"),
        (lambda: ProofOptions(jobs=0), "jobs", "jobs must be at least 1, got 0"),
        (lambda: ProofOptions(bucket_count=0), "bucket_count", "bucket_count must be at least 1"),
        (lambda: ProofOptions(inner_buckets=0), "inner_buckets", "inner_buckets must be at"),
        (lambda: ProofOptions(max_boards=0), "max_boards", "max_boards must be at least 1"),
        (lambda: StatsOptions(top=-1), "top", "top must be at least 0, got -1"),
        (lambda: StatsOptions(chunk_size=0), "chunk_size", "chunk_size must be at least 1"),
        (lambda: StatsOptions(engine="tpu"), "engine", "engine must be one of: native"),
    ],
)
def test_options_are_checked_when_made(make: Any, setting: str, says: str) -> None:
    with pytest.raises(BoggleError) as refused:
        make()
    assert refused.value.setting == setting
    assert says in str(refused.value) and "--" not in str(refused.value)


def test_unknown_method_and_dice_are_refused_when_made() -> None:
    with pytest.raises(BoggleError, match="unknown method 'tabu'"):
        SearchOptions(method="tabu")
    with pytest.raises(BoggleError, match="unknown dice set 'golden'"):
        SearchOptions(dice="golden")


WHOLE_FIELDS = ["jobs", "bucket_count", "corner_buckets", "inner_buckets", "max_boards", "memory"]


@pytest.mark.parametrize("name", WHOLE_FIELDS)
@given(
    value=st.one_of(
        st.booleans(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=3),
        st.decimals(allow_nan=False, allow_infinity=False),
    )
)
def test_proof_options_take_whole_numbers_only(name: str, value: object) -> None:
    """A bool or a float passed the checks (True counted as 1, 2.5 as more than 1) and
    reached the prover; every field that counts is an int or refused by name."""
    with pytest.raises(BoggleError) as refused:
        ProofOptions(**{name: value})
    assert refused.value.setting == name
    assert str(refused.value) == f"{name} must be a whole number, got {value!r}"


@pytest.mark.parametrize("name", WHOLE_FIELDS)
def test_proof_options_keep_an_int_as_it_is(name: str) -> None:
    assert getattr(ProofOptions(**{name: 2}), name) == 2


def test_a_float_option_through_the_command_line_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line's own parsers give ints; a value that reaches ProofOptions otherwise
    (here the estimate's bucket count, as a float) is one line, status 2."""
    import argparse

    from boggle.cli.main import main

    parse = argparse.ArgumentParser.parse_args

    def with_a_float(self: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> Any:
        parsed = parse(self, *args, **kwargs)
        if getattr(parsed, "buckets", None) is not None:
            parsed.buckets = 2.5
        return parsed

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", with_a_float)
    status = main(["prove", "--size", "2x2", "--above", "1", "--estimate", "--samples", "1"])
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err == "boggle: error: --buckets must be a whole number, got 2.5\n", err


@pytest.mark.parametrize("options", [SearchOptions(), ProofOptions(), StatsOptions()])
def test_options_are_frozen(options: object) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.top = 3  # type: ignore[attr-defined]


def test_search_with_options_equals_search_with_keywords() -> None:
    def boards(result: Any) -> list[tuple[str, int]]:
        return [(found.board, found.score) for found in result.best]

    options = SearchOptions(method="anneal", seed=4, top=3, parameters={"steps": 800})
    by_options = search(2, 3, WORDS, CLASSIC, options)
    by_keywords = search(2, 3, WORDS, CLASSIC, method="anneal", seed=4, top=3, steps=800)
    assert boards(by_options) == boards(by_keywords) and by_options.method == "anneal"
    changed = search(2, 3, WORDS, CLASSIC, options, top=1)
    assert len(changed.best) == 1


def test_prove_with_options_equals_prove_with_keywords() -> None:
    by_options = prove(2, 2, WORDS, CLASSIC, 4, ProofOptions(bucket_count=2))
    by_keywords = prove(2, 2, WORDS, CLASSIC, 4, bucket_count=2)
    assert by_options.boards == by_keywords.boards and by_options.boards
    assert by_options.extra == by_keywords.extra != prove(2, 2, WORDS, CLASSIC, 4).extra


def test_score_stats_with_options_equals_score_stats_with_keywords() -> None:
    source = BoardSource.named("new")
    by_options = score_stats(50, source, WORDS, None, StatsOptions(seed=3, top=2, jobs=1))
    assert by_options == score_stats(50, source, WORDS, seed=3, top=2, jobs=1)
    assert len(by_options.best) == 2


def test_a_positional_setting_of_the_old_kind_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="SearchOptions or keywords"):
        search(2, 2, WORDS, CLASSIC, "anneal")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="ProofOptions or keywords"):
        prove(2, 2, WORDS, CLASSIC, 4, 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        prove(2, 2, WORDS, CLASSIC, 4, colour="red")


def _calls(name: str) -> list[ast.Call]:
    found = []
    for path in sorted((SOURCE / "cli").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == name:
                found.append(node)
    return found


def test_the_command_line_builds_options_by_keyword() -> None:
    for name in ("SearchOptions", "ProofOptions", "StatsOptions"):
        calls = _calls(name)
        assert calls, name
        assert all(not call.args for call in calls), name
    for name, most in (("search", 5), ("prove", 6), ("score_stats", 4), ("estimate_proof", 5)):
        calls = _calls(name)
        assert calls, name
        assert all(len(call.args) <= most for call in calls), name
