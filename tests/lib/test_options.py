"""search, prove and score_stats take their settings as one frozen value each, checked when
made, with messages naming the field; the old keyword calls still work; the command line
builds the values by keyword."""

from __future__ import annotations

import ast
import dataclasses
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boggle import CLASSIC, BoggleError, Lexicon, ProofOptions, SearchOptions, StatsOptions
from boggle.dice.bulk import MAX_SEED, BoardSource
from boggle.model.checks import MAX_TOP
from boggle.search import Layout, buckets, prove, search
from boggle.search.estimate import estimate_proof
from boggle.search.local import MAX_POOL
from boggle.study.stats import MAX_CHUNK, score_stats

SOURCE = Path(__file__).resolve().parents[2] / "src" / "boggle"
WORDS = Lexicon.from_words(["tab", "bat", "abet", "beat", "bate", "tea", "eat", "seat"])


@pytest.mark.parametrize(
    "make, setting, says",
    [
        (lambda: SearchOptions(top=0), "top", "top must be from 1 to 10,000, got 0"),
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
        # were "cannot write checkpoint '': no directory ''" and a TypeError from lstat
        (lambda: ProofOptions(checkpoint=""), "checkpoint", "checkpoint must be a file name"),
        (lambda: ProofOptions(checkpoint=3), "checkpoint", "must be a file name, got 3"),
        (lambda: StatsOptions(top=-1), "top", "top must be from 0 to 10,000, got -1"),
        (
            lambda: StatsOptions(chunk_size=0),
            "chunk_size",
            "chunk_size must be from 1 to 1,000,000",
        ),
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


NOT_WHOLE = st.one_of(
    st.booleans(),
    st.just(2.0),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3),
    st.decimals(allow_nan=False, allow_infinity=False),
    st.none(),
)
"""Values no count takes: bools, floats (2.0 too), NaN, infinities, strings, decimals (and
``None``, for the fields that have a value)."""


def _search(name: str) -> Any:
    """A ``SearchOptions`` maker for ``name``: a field, or a parameter of the method that
    has it."""
    if name in {item.name for item in dataclasses.fields(SearchOptions)}:
        return lambda value: SearchOptions(**{name: value})
    method = {"pool": "hillclimb", "kick": "hillclimb", "steps": "anneal"}.get(name, "anneal")
    return lambda value: SearchOptions(method=method, parameters={name: value})


# (maker, field, lowest value taken, highest, whether None means "not set")
COUNTS = [
    (_search("target"), "target", 1, 10**9, True),
    (_search("seed"), "seed", 0, MAX_SEED, True),
    (_search("jobs"), "jobs", 1, 256, True),
    (_search("top"), "top", 1, MAX_TOP, False),
    (_search("pool"), "pool", 1, MAX_POOL, False),
    (_search("kick"), "kick", 0, 100, False),
    (_search("steps"), "steps", 1, 10**9, False),
    (lambda value: StatsOptions(seed=value), "seed", 0, MAX_SEED, False),
    (lambda value: StatsOptions(top=value), "top", 0, MAX_TOP, False),
    (lambda value: StatsOptions(jobs=value), "jobs", 1, 256, True),
    (lambda value: StatsOptions(chunk_size=value), "chunk_size", 1, MAX_CHUNK, True),
]
COUNT_IDS = [f"{make(lowest).__class__.__name__}.{name}" for make, name, lowest, *_ in COUNTS]


@pytest.mark.parametrize("make, name, lowest, highest, optional", COUNTS, ids=COUNT_IDS)
@given(value=NOT_WHOLE)
def test_search_and_stats_options_take_whole_numbers_only(
    make: Any, name: str, lowest: int, highest: int, optional: bool, value: object
) -> None:
    """As ProofOptions: True passed as 1 and 2.5 as more than 1, then reached the search or
    the run; now every count is an int or refused by name, in one line."""
    if value is None and optional:
        make(value)  # left to the library's default
        return
    with pytest.raises(BoggleError) as refused:
        make(value)
    assert refused.value.setting == name
    assert str(refused.value) == f"{name} must be a whole number, got {value!r}"


@pytest.mark.parametrize("make, name, lowest, highest, optional", COUNTS, ids=COUNT_IDS)
@given(data=st.data())
def test_search_and_stats_options_refuse_counts_out_of_range(
    make: Any, name: str, lowest: int, highest: int, optional: bool, data: st.DataObject
) -> None:
    value = data.draw(st.integers(max_value=lowest - 1) | st.integers(min_value=highest + 1))
    if value > highest and highest not in (MAX_POOL, MAX_SEED, MAX_TOP, MAX_CHUNK):
        make(value)  # no upper bound: any int above the lowest is taken
        return
    with pytest.raises(BoggleError) as refused:
        make(value)
    shown = str(refused.value)
    assert refused.value.setting == name and (str(value) in shown or f"{value:,}" in shown)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("make, name, lowest, highest, optional", COUNTS, ids=COUNT_IDS)
@given(data=st.data())
def test_search_and_stats_options_keep_a_whole_number_in_range(
    make: Any, name: str, lowest: int, highest: int, optional: bool, data: st.DataObject
) -> None:
    value = data.draw(st.integers(min_value=lowest, max_value=highest))
    options = make(value)
    kept = getattr(options, name, None)
    assert (kept if kept is not None else options.parameters[name]) == value


SECONDS = [
    (_search("seconds"), "seconds"),
    (_search("t_start"), "t_start"),
    (_search("t_end"), "t_end"),
]


@pytest.mark.parametrize("make, name", SECONDS, ids=[name for _, name in SECONDS])
@given(
    value=st.one_of(
        st.booleans(),
        st.sampled_from([math.nan, math.inf, -math.inf]),
        st.text(max_size=3),
        st.decimals(allow_nan=False, allow_infinity=False),
    )
)
def test_times_and_temperatures_are_finite_numbers(make: Any, name: str, value: object) -> None:
    with pytest.raises(BoggleError) as refused:
        make(value)
    assert refused.value.setting == name
    assert str(refused.value) == f"{name} must be a finite number, got {value!r}"


@pytest.mark.parametrize("make, name", SECONDS, ids=[name for _, name in SECONDS])
@given(
    value=st.integers(max_value=0) | st.floats(max_value=0, allow_nan=False, allow_infinity=False)
)
def test_times_and_temperatures_are_more_than_zero(make: Any, name: str, value: float) -> None:
    with pytest.raises(BoggleError, match=f"^{name} must be more than 0, got ") as refused:
        make(value)
    assert refused.value.setting == name


@pytest.mark.parametrize("make, name", SECONDS, ids=[name for _, name in SECONDS])
@given(
    value=st.integers(min_value=1, max_value=10**6) | st.floats(min_value=1e-300, max_value=1e300)
)
def test_times_and_temperatures_keep_a_finite_number(make: Any, name: str, value: float) -> None:
    options = make(value)
    kept = getattr(options, name, None)
    assert (kept if kept is not None else options.parameters[name]) == value


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


ARGUMENTS = [
    ("boards", lambda value: score_stats(value, BoardSource.named("new"), WORDS)),
    ("rows", lambda value: search(value, 2, WORDS, CLASSIC, seed=1)),
    ("cols", lambda value: search(2, value, WORDS, CLASSIC, seed=1)),
    ("rows", lambda value: prove(value, 2, WORDS, CLASSIC, 4)),
    ("cols", lambda value: prove(2, value, WORDS, CLASSIC, 4)),
    ("above", lambda value: prove(2, 2, WORDS, CLASSIC, value)),
    ("samples", lambda value: estimate_proof(2, 2, WORDS, CLASSIC, 4, value)),
    ("seed", lambda value: estimate_proof(2, 2, WORDS, CLASSIC, 4, 1, seed=value)),
]


@pytest.mark.parametrize(
    "name, call", ARGUMENTS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(ARGUMENTS)]
)
@given(value=st.one_of(st.booleans(), st.just(2.0), st.floats(), st.text(max_size=2)))
def test_the_counts_the_entry_points_take_are_ints(name: str, call: Any, value: object) -> None:
    """The counts score_stats, search, prove and estimate_proof take beside their options:
    a float was a TypeError from deep inside (``range``), True a count of 1."""
    with pytest.raises(BoggleError) as refused:
        call(value)
    assert refused.value.setting == name
    assert str(refused.value) == f"{name} must be a whole number, got {value!r}"


LAYOUT_COUNTS = [
    ("count", lambda value: buckets("abcdef", value)),
    ("bucket_count", lambda value: Layout.of("abcdef", 4, 4, value)),
    ("corner_buckets", lambda value: Layout.of("abcdef", 4, 4, 2, corner_buckets=value)),
    ("inner_buckets", lambda value: Layout.of("abcdef", 4, 4, 2, inner_buckets=value)),
]


@pytest.mark.parametrize("name, make", LAYOUT_COUNTS, ids=[name for name, _ in LAYOUT_COUNTS])
@given(value=NOT_WHOLE.filter(lambda value: value is not None) | st.integers(max_value=0))
def test_the_layout_of_a_proof_takes_whole_numbers_of_buckets(
    name: str, make: Any, value: object
) -> None:
    """``buckets`` and ``Layout.of``, which ProofOptions' counts reach, checked as they are:
    2.0 was a TypeError from ``range``, True one bucket, 0 a bare ValueError."""
    with pytest.raises(BoggleError) as refused:
        make(value)
    assert refused.value.setting == name
    assert str(refused.value) in (
        f"{name} must be a whole number, got {value!r}",
        f"{name} must be at least 1, got {value:,}" if isinstance(value, int) else "",
    )


LAYOUT_PART = {"bucket_count": "edges", "corner_buckets": "corners", "inner_buckets": "inner"}


@pytest.mark.parametrize("name, make", LAYOUT_COUNTS, ids=[name for name, _ in LAYOUT_COUNTS])
@given(value=st.integers(1, 40))
def test_the_layout_keeps_a_whole_number_of_buckets(name: str, make: Any, value: int) -> None:
    made = make(value)
    parts = [made] if isinstance(made, tuple) else [made.edges, made.corners, made.inner]
    assert all("".join(sorted("".join(part))) == "abcdef" for part in parts)
    assert len(made if name == "count" else getattr(made, LAYOUT_PART[name])) == min(value, 6)


@pytest.mark.parametrize(
    "argv, says",
    [
        (["search", "--seconds", "nan"], "--seconds must be a finite number, got nan"),
        (["search", "--seconds", "inf"], "--seconds must be a finite number, got inf"),
        (["search", "--seconds", "-1"], "--seconds must be more than 0, got -1"),
        (["search", "--target", "0"], "--target must be at least 1, got 0"),
        (["search", "--top", "0"], "--top must be from 1 to 10,000, got 0"),
        (["stats", "--top", "-1"], "--top must be from 0 to 10,000, got -1"),
    ],
)
def test_a_bad_value_the_parser_lets_through_is_one_line(
    argv: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse takes these (a float, any int); the options refuse them, and the command
    line writes the refusal as its own option: one line, status 2."""
    from boggle.cli.main import main

    words = tmp_path / "words.txt"
    words.write_text("tea\neat\nate\nseat\n", encoding="utf-8")
    shape = ["--size", "2x2"] if argv[0] == "search" else ["--random", "5"]
    status = main([*argv, *shape, "--dict", str(words)])
    captured = capsys.readouterr()
    assert status == 2 and captured.out == "", captured
    assert captured.err == f"boggle: error: {says}\n", captured.err


@pytest.mark.parametrize(
    "argv, name, value",
    [
        (["search", "--size", "2x2"], "jobs", True),
        (["search", "--size", "2x2"], "top", 2.0),
        (["search", "--size", "2x2"], "target", 5.5),
        (["stats", "--random", "5"], "top", 2.0),
        (["stats", "--random", "5"], "chunk_size", False),
        (["stats", "--random", "5"], "seed", 1.0),
    ],
)
def test_a_bool_or_a_float_reaching_the_options_from_the_command_line_is_one_line(
    argv: list[str],
    name: str,
    value: object,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The parsers give ints; a bool or a float that reaches the options another way (here
    put into the parsed arguments) is refused by the library, one line, status 2."""
    import argparse

    from boggle.cli.main import main

    parse = argparse.ArgumentParser.parse_args

    def with_value(self: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> Any:
        parsed = parse(self, *args, **kwargs)
        if hasattr(parsed, name):
            setattr(parsed, name, value)
        return parsed

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", with_value)
    words = tmp_path / "words.txt"
    words.write_text("tea\neat\nate\nseat\n", encoding="utf-8")
    status = main([*argv, "--dict", str(words)])
    captured = capsys.readouterr()
    option = "--" + name.replace("_", "-")
    assert status == 2 and captured.out == "", captured
    assert captured.err == f"boggle: error: {option} must be a whole number, got {value!r}\n"


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


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda: prove(2, 2, WORDS, CLASSIC, 4, bukcet_count=2), "prove takes no setting"),
        (lambda: estimate_proof(2, 2, WORDS, CLASSIC, 4, 1, jbos=1), "estimate_proof takes no"),
        (lambda: score_stats(10, "new", WORDS, seeed=1), "score_stats takes no setting 'seeed'"),
        (lambda: ProofOptions().with_changes(colour="red"), "prove takes no setting 'colour'"),
    ],
)
def test_an_unknown_keyword_is_one_boggle_error_line(call: Any, says: str) -> None:
    """``prove(..., bukcet_count=2)`` and ``score_stats(..., seeed=1)`` raised Python's
    "ProofOptions.__init__() got an unexpected keyword argument": one BoggleError line naming
    the function and what it takes, as search's unknown parameter is (a TypeError still)."""
    with pytest.raises(BoggleError) as refused:
        call()
    message = str(refused.value)
    assert says in message and "it takes: " in message and "\n" not in message
    assert isinstance(refused.value, TypeError)


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


def test_a_run_keeps_and_makes_a_bounded_number_of_boards() -> None:
    """``--top`` and ``--chunk-size`` took any count: ``stats --random 2000000 --top 2000000``
    held every board (895 MB, 251 s against 74 MB, 33 s, the best boards merged again at
    each chunk) and ``--chunk-size 2000000`` made them all at once (1.07 GB); a search with
    ``--top 10**9`` kept every distinct board it scored. Each is refused past its bound, by
    name, in one line."""
    assert (MAX_TOP, MAX_CHUNK) == (10_000, 1_000_000)
    for make, name in (
        (lambda: SearchOptions(top=MAX_TOP + 1), "top"),
        (lambda: StatsOptions(top=2_000_000), "top"),
        (lambda: StatsOptions(chunk_size=2_000_000), "chunk_size"),
    ):
        with pytest.raises(BoggleError, match=f"^{name} must be from") as refused:
            make()
        assert refused.value.setting == name


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: search(2, 2, WORDS, CLASSIC, letters=5), "letters must be text"),
        (lambda: search(2, 2, WORDS, CLASSIC, letters=["a", "b"]), "letters must be text"),
        (lambda: search(2, 2, WORDS, CLASSIC, dice=5), "dice must be text"),
        (lambda: search(2, 2, WORDS, CLASSIC, method=None), "method must be text"),
        (lambda: search(2, 2, WORDS, CLASSIC, parameters=5), "parameters must be a mapping"),
        (lambda: search(2, 2, WORDS, CLASSIC, parameters=5, pool=3), "must be a mapping"),
        (lambda: search(2, 2, WORDS, CLASSIC, objective="letters"), "unknown objective"),
        (lambda: search(2, 2, "enable", CLASSIC), "unknown word list 'enable'; give a file"),
        (lambda: prove(2, 2, 5, CLASSIC, 4), "a word list is a Lexicon, a list's name or a"),
        (lambda: estimate_proof(2, 2, 5, CLASSIC, 4, 2), "a word list is a Lexicon, a list's"),
        (lambda: score_stats(10, "new", 5), "a word list is a Lexicon, a list's name"),
        (lambda: score_stats(10, 5, WORDS), "source must be a BoardSource or a dice set's"),
    ],
)
def test_a_value_of_the_wrong_type_is_one_line_not_a_python_error(call: Any, says: str) -> None:
    """Researcher 28: ``search(..., letters=5)`` raised AttributeError ('int' object has no
    attribute 'isascii'), ``score_stats(..., 5, ...)`` "'int' object has no attribute 'rows'",
    a lexicon of the wrong type "'int' object has no attribute 'digest'"."""
    with pytest.raises(BoggleError) as refused:
        call()
    assert says in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (
            lambda: search(2, 2, WORDS, CLASSIC, "anneal"),  # type: ignore[arg-type]
            "search takes its options as SearchOptions or keywords, not 'anneal' (str)",
        ),
        (
            lambda: prove(2, 2, WORDS, CLASSIC, 4, StatsOptions()),  # type: ignore[arg-type]
            "prove takes its options as ProofOptions or keywords, not a StatsOptions",
        ),
        (
            lambda: score_stats(10, "new", WORDS, None, [5] * 40),  # type: ignore[arg-type]
            "score_stats takes its options as StatsOptions or keywords, not a list",
        ),
        (
            lambda: estimate_proof(2, 2, WORDS, CLASSIC, 4, 10, options="x"),  # type: ignore[arg-type]
            "estimate_proof takes its options as ProofOptions or keywords, not 'x' (str)",
        ),
    ],
    ids=["search", "prove", "score_stats", "estimate_proof"],
)
def test_options_of_another_type_are_one_boggle_error_line(
    call: Callable[[], object], says: str
) -> None:
    """A value that is not the function's ``*Options`` was a plain ``TypeError`` (no
    ``BoggleError``: a shell's one-line handler missed it); it is one line naming the
    parameter and the type it takes, a ``BoggleError`` and a ``TypeError`` still."""
    with pytest.raises(BoggleError) as refused:
        call()
    assert isinstance(refused.value, TypeError)
    assert str(refused.value) == says and refused.value.setting == "options"


def test_score_stats_takes_a_dice_sets_name_as_its_source() -> None:
    """``score_stats(100, "new", ...)`` was an AttributeError; a name is the dice set's source,
    as a name is the rules' and the word list's."""
    named = score_stats(50, "new", WORDS, seed=3, top=2, jobs=1)
    assert named == score_stats(50, BoardSource.named("new"), WORDS, seed=3, top=2, jobs=1)
    with pytest.raises(TypeError, match="StatsOptions or keywords"):
        score_stats(10, "new", WORDS, None, 5)  # type: ignore[arg-type]


def test_search_and_prove_take_the_objective_the_command_line_has() -> None:
    """``search(..., objective="words")`` said "hillclimb takes no parameter 'objective'":
    the command line's ``--objective`` is the functions' ``objective`` too."""
    from boggle.model.rules import Rules
    from boggle.search.objective import with_objective

    points = Rules("four-letter words 5", 3, ((3, 1), (4, 5)))
    words = with_objective(points, "words")
    by_name = search(2, 3, WORDS, points, seed=2, objective="words")
    by_rules = search(2, 3, WORDS, words, seed=2)
    assert [(f.board, f.score) for f in by_name.best] == [(f.board, f.score) for f in by_rules.best]
    proved = prove(2, 2, WORDS, points, 2, objective="words").boards
    assert proved == prove(2, 2, WORDS, words, 2).boards
    assert proved != prove(2, 2, WORDS, points, 2).boards


def test_a_misspelt_search_keyword_names_everything_search_takes() -> None:
    """``search(..., sedd=1)`` said "hillclimb takes no parameter 'sedd'; it takes: kick,
    pool", as if ``seed`` and the other settings were not there: one line naming search's
    keywords, its options' fields and the method's parameters, with the close one."""
    with pytest.raises(BoggleError) as refused:
        search(2, 2, WORDS, CLASSIC, sedd=1)
    message = str(refused.value)
    assert message.startswith("search takes no setting 'sedd' (did you mean 'seed'?); it takes:")
    for name in ("seed", "seconds", "target", "jobs", "objective", "where", "kick", "pool"):
        assert name in message.split("it takes:")[1], name
    assert isinstance(refused.value, TypeError) and "\n" not in message
    with pytest.raises(BoggleError, match=r"'step' \(did you mean 'steps'\?\).*anneal's"):
        search(2, 2, WORDS, CLASSIC, method="anneal", step=10)
    with pytest.raises(BoggleError, match="'jbos' \\(did you mean 'jobs'\\?\\)"):
        prove(2, 2, WORDS, CLASSIC, 4, jbos=1)
    with pytest.raises(
        BoggleError, match=r"^anneal takes no parameter 'pool' \(hillclimb, population"
    ):
        search(2, 2, WORDS, CLASSIC, method="anneal", pool=5)
    with pytest.raises(BoggleError, match="seed is a setting of the search, not a parameter"):
        SearchOptions(parameters={"seed": 1})
    assert search(2, 2, WORDS, CLASSIC, seed=1, pool=5).method == "hillclimb"


def test_search_prove_and_estimate_take_a_lists_name_as_solve_and_score_stats_do() -> None:
    """Research 33: ``search(2, 2, "en-70")`` and ``prove`` refused a list's name that
    ``solve``, ``score_many`` and ``score_stats`` load, and ``estimate_proof`` raised
    AttributeError ('str' object has no attribute 'cached') for it."""
    from boggle import load_lexicon

    words = load_lexicon("en-50")
    assert search(2, 2, "en-50", CLASSIC, seed=1).best == search(2, 2, words, CLASSIC, seed=1).best
    assert prove(2, 2, "en-50", CLASSIC, 20).boards == prove(2, 2, words, CLASSIC, 20).boards
    named, loaded = (estimate_proof(2, 2, given, CLASSIC, 20, 2) for given in ("en-50", words))
    assert (named.classes_total, named.exact) == (loaded.classes_total, loaded.exact)
