"""The measurements of "Solving Boggle in Haskell": hash bucket statistics, the trie as DOT,
runtime and memory measures, and the ``boggle bench`` / ``boggle trie`` commands."""

from __future__ import annotations

import csv
import math
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from command_line import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import BoggleError, Lexicon
from boggle.engines import engine_names, engines, get_engine
from boggle.model.rules import CLASSIC
from boggle.study import hashstats, memory, runtime, trie_dot
from boggle.study.paths import path_table
from boggle.wordlists.loading import load_lexicon

WORDS = ["cab", "abaca", "dog", "god", "good", "zebra", "act", "cat", "tac", "a"]
SMALL_LIST_WORDS = [*WORDS, "quote", "dote", "tote", "note", "tone"]  # conftest's small_list
lowercase_words = st.lists(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8), max_size=60
)


# --- letter-set hash ---------------------------------------------------------------


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12))
def test_mask_is_the_set_of_letters(word: str) -> None:
    mask = hashstats.letter_set_mask(word)
    assert mask < 1 << 26
    assert {chr(ord("a") + bit) for bit in range(26) if mask >> bit & 1} == set(word)
    assert hashstats.letter_set_mask("".join(sorted(set(word)))) == mask


@settings(max_examples=50)
@given(lowercase_words, st.integers(0, 12))
def test_bucket_stats_match_the_built_table(words: list[str], bits: int) -> None:
    table = hashstats.build_letter_hash_table(words, bits)
    stats = hashstats.bucket_stats(words, bits)
    sizes = [len(bucket) for bucket in table if bucket]
    assert len(table) == stats.size == 1 << bits
    assert stats.nonempty == len(sizes)
    assert stats.max_bucket == max(sizes, default=0)
    assert stats.words == sum(sizes) == len(words)
    # each word sits in the bucket of its mask modulo the table size
    for index, bucket in enumerate(table):
        for word in bucket or []:
            assert hashstats.letter_set_mask(word) % (1 << bits) == index


@settings(max_examples=30)
@given(lowercase_words)
def test_bigger_tables_never_have_bigger_buckets(words: list[str]) -> None:
    stats = hashstats.bucket_stats_range(words, range(0, 28))
    largest = [s.max_bucket for s in stats]
    assert largest == sorted(largest, reverse=True)
    # at 2**26 the modulo changes nothing: buckets are exactly the letter sets
    biggest_set = max(Counter(frozenset(w) for w in words).values(), default=0)
    assert stats[26].max_bucket == biggest_set
    assert stats[26].nonempty == len({frozenset(w) for w in words})


def test_letters_beyond_a_z_get_their_own_bits() -> None:
    from boggle.model.letters import letter_indices

    bits = letter_indices("éa")
    assert bits["a"] == 0 and bits["é"] == 26
    stats = hashstats.bucket_stats(["éa", "aé", "a"], 27)
    assert (stats.nonempty, stats.max_bucket) == (2, 2)


# --- trie as DOT -------------------------------------------------------------------


def _parse_dot(text: str) -> tuple[dict[str, str], list[tuple[str, str, str]]]:
    """Node labels and (parent, child, letter) edges of the DOT text trie_dot writes."""
    labels: dict[str, str] = {}
    edges = []
    for line in text.splitlines():
        line = line.strip()
        if "->" in line:
            left, _, rest = line.partition(" -> ")
            child, _, attributes = rest.partition(" ")
            edges.append((left, child, attributes.split('"')[1]))
        elif line.startswith("n") and "[label=" in line:
            name, _, attributes = line.partition(" ")
            labels[name] = attributes.split('"')[1]
    return labels, edges


@settings(max_examples=40)
@given(lowercase_words.filter(bool))
def test_dot_has_a_node_per_prefix_labelled_with_word_flag(words: list[str]) -> None:
    text = trie_dot.trie_dot(words)
    assert text.startswith("digraph trie {") and text.endswith("}")
    labels, edges = _parse_dot(text)
    prefixes = {w[:end] for w in words for end in range(1, len(w) + 1)}
    shown = {label.split("\\n")[0] for label in labels.values()}
    assert shown == {p.upper() for p in prefixes} | {"(root)"}
    for label in labels.values():
        prefix, flag = label.split("\\n")
        assert flag == ("T" if prefix.lower() in set(words) else "F")
    # a tree: every node but the root has one parent, reached by its last letter
    assert len(edges) == len(labels) - 1
    for parent, child, letter in edges:
        parent_prefix = labels[parent].split("\\n")[0]
        child_prefix = labels[child].split("\\n")[0]
        assert child_prefix == ("" if parent_prefix == "(root)" else parent_prefix) + letter.upper()


def test_dot_escapes_quotes() -> None:
    text = trie_dot.trie_dot(["a"], name="trie")
    assert '"(root)\\nF"' in text and '"A\\nT", peripheries=2' in text


def test_render_needs_graphviz(tmp_path: Path) -> None:
    if not trie_dot.graphviz_available():
        message = "GraphViz's dot is not installed (apt-get install graphviz); rendering untested"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    svg = trie_dot.render_dot(trie_dot.trie_dot(["aa", "aah", "ab"]), tmp_path / "trie.svg")
    text = svg.read_text()
    assert "<svg" in text and "AAH" in text
    png = trie_dot.render_dot(trie_dot.trie_dot(["ab"]), tmp_path / "trie.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_refuses_unknown_format(tmp_path: Path) -> None:
    with pytest.raises(trie_dot.GraphvizError, match="choose a"):
        trie_dot.render_dot("digraph x {}", tmp_path / "trie.gif")


def test_render_without_dot_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    with pytest.raises(trie_dot.GraphvizError, match="not installed"):
        trie_dot.render_dot("digraph x {}", tmp_path / "trie.svg")


# --- runtime -----------------------------------------------------------------------


def test_linear_fit_recovers_a_line() -> None:
    xs = [float(n * n) for n in range(3, 10)]
    fit = runtime.linear_fit(xs, [0.5 * x + 3 for x in xs])
    assert fit.slope == pytest.approx(0.5) and fit.intercept == pytest.approx(3)
    assert fit.r_squared == pytest.approx(1.0)
    with pytest.raises(ValueError):
        runtime.linear_fit([1.0, 1.0], [2.0, 3.0])


def test_measure_runtime_same_boards_for_every_engine() -> None:
    lexicon = Lexicon.from_words([*WORDS, "quote", "dote", "tote", "note"])
    chosen = engines()
    calls = []
    result = runtime.measure_runtime(
        chosen, [2, 3], 3, lexicon, CLASSIC, seed=5, on_step=lambda: calls.append(1)
    )
    assert len(calls) == len(chosen) * 2 * 3
    assert len(result.samples) == len(chosen) * 2 * 3 and not result.skipped_from
    by_board: dict[tuple[int, int], set[int]] = {}
    for sample in result.samples:
        assert sample.seconds >= 0
        by_board.setdefault((sample.size, sample.seed), set()).add(sample.words)
    assert len(by_board) == 6  # distinct boards per size and run
    assert all(len(counts) == 1 for counts in by_board.values())  # engines agree
    summaries = runtime.summarise(result.samples)
    assert [(s.engine, s.size) for s in summaries] == [(e.name, n) for e in chosen for n in (2, 3)]
    for s in summaries:
        times = [x.seconds for x in result.samples if (x.engine, x.size) == (s.engine, s.size)]
        assert s.runs == 3 and s.mean_seconds == pytest.approx(sum(times) / 3)
        assert min(times) <= s.mean_seconds <= max(times)


def test_time_limit_drops_slow_engines() -> None:
    lexicon = Lexicon.from_words(WORDS)
    result = runtime.measure_runtime(
        [get_engine("trie")], [2, 3, 4], 1, lexicon, CLASSIC, time_limit=1e-12
    )
    assert [s.size for s in result.samples] == [2]
    assert result.skipped_from == {"trie": 3}


def test_an_engine_refusing_a_size_is_dropped_from_it_and_the_others_go_on() -> None:
    """Newcomer 18: ``boggle bench runtime`` with its defaults (every engine, sizes 3-30)
    ended at 6x6 in letterhash's one-line refusal, every size measured lost."""
    lexicon = Lexicon.from_words(WORDS)
    chosen = [get_engine("letterhash"), get_engine("native")]
    result = runtime.measure_runtime(chosen, [2, 6, 7], 1, lexicon, CLASSIC)
    measured = sorted((s.engine, s.size) for s in result.samples)
    assert measured == [("letterhash", 2), ("native", 2), ("native", 6), ("native", 7)]
    size, reason = result.refused_from["letterhash"]
    assert size == 6 and "paths" in reason
    assert not result.skipped_from and not result.refused


def test_importing_the_analysis_does_not_import_matplotlib() -> None:
    code = (
        "import sys, boggle.study.runtime, boggle.study.hashstats, "
        "boggle.study.memory, boggle.cli.commands.bench, boggle.cli.main; "
        "boggle.cli.main.build_parser(); print('matplotlib' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


# --- memory ------------------------------------------------------------------------


@pytest.mark.usefixtures("frozen_heap")
def test_memory_rows_grow_with_the_structure() -> None:
    small = memory.measure_structure("small", lambda: list(range(1_000)))
    # large enough (about 72 MB of list and ints) that the free heap a forked child inherits
    # from a test worker cannot hold it all: the resident set must grow by more than the list
    large = memory.measure_structure("large", lambda: list(range(2_000_000)))
    assert small.python_bytes is not None and large.python_bytes is not None
    assert 1_000 * 8 <= small.python_bytes < large.python_bytes
    assert large.python_bytes >= 2_000_000 * 8
    if large.rss_bytes is not None:  # /proc present
        assert large.rss_bytes > 2_000_000 * 8


@pytest.mark.usefixtures("frozen_heap")
def test_structure_and_engine_rows_cover_every_registered_engine() -> None:
    lexicon = Lexicon.from_words(WORDS)
    structures = memory.structure_rows(lexicon, hash_bits=8)
    names = [row.name for row in structures]
    assert any("Python trie" in name for name in names)
    assert any("hash table (2^8" in name for name in names)
    file_row = next(row for row in structures if "sorted word file" in row.name)
    assert file_row.own_bytes == len("\n".join(lexicon.words)) + 1
    rows = memory.engine_rows(engines(), lexicon)
    assert [row.name.split()[1].rstrip(":") for row in rows] == engine_names()


def test_prefix_set() -> None:
    from boggle.engines.prefixes import word_prefixes

    assert word_prefixes(["cat", "car", "a"], proper=True) == {"c", "ca"}


# --- command line ------------------------------------------------------------------


def test_bench_runtime_writes_csv_and_plots(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, small_list: str
) -> None:
    out_dir = tmp_path / "runtime"
    status, out, err = run_cli(
        capsys, "bench", "runtime", "--sizes", "2-4", "--repeat", "2",
        "--engine", "trie", "--dict", small_list, "--out", str(out_dir),
    )  # fmt: skip
    assert status == 0, err
    assert "trie" in out and "R^2" in out
    with (out_dir / "runtime_raw.csv").open() as file:
        raw = list(csv.DictReader(file))
    assert len(raw) == 3 * 2 and {row["engine"] for row in raw} == {"trie"}
    with (out_dir / "runtime_summary.csv").open() as file:
        summary = list(csv.DictReader(file))
    assert [int(row["size"]) for row in summary] == [2, 3, 4]
    for row in summary:
        assert int(row["cells"]) == int(row["size"]) ** 2 and int(row["runs"]) == 2
    for stem in ("runtime_vs_n", "runtime_vs_n2"):
        assert (out_dir / f"{stem}.png").read_bytes()[:4] == b"\x89PNG"
        assert "<svg" in (out_dir / f"{stem}.svg").read_text()


def test_bench_runtime_defaults_to_every_engine(
    capsys: pytest.CaptureFixture[str], small_list: str
) -> None:
    status, out, _ = run_cli(
        capsys, "bench", "runtime", "--sizes", "2", "--repeat", "1", "--dict", small_list
    )
    assert status == 0
    table = out.splitlines()[3:]
    assert [line.split()[0] for line in table if line.split()[1:2] == ["2"]] == engine_names()


def test_bench_hash_table_and_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, small_list: str
) -> None:
    status, out, _ = run_cli(
        capsys, "bench", "hash", "--bits", "2-5", "--dict", small_list, "--out", str(tmp_path)
    )
    assert status == 0
    words = Lexicon.from_file(small_list).words
    lines = out.splitlines()
    for bits in range(2, 6):
        stats = hashstats.bucket_stats(words, bits)
        row = next(line.split() for line in lines if line.split()[:1] == [str(bits)])
        assert row[1:4] == [str(1 << bits), str(stats.max_bucket), str(stats.nonempty)]
    with (tmp_path / "hash_buckets.csv").open() as file:
        assert [int(row["bits"]) for row in csv.DictReader(file)] == [2, 3, 4, 5]
    for stem in ("hash_max_bucket", "hash_nonempty"):
        assert (tmp_path / f"{stem}.png").exists() and (tmp_path / f"{stem}.svg").exists()
    title = f"Largest bucket against table size ('{Path(small_list).name}')"
    assert title in (tmp_path / "hash_max_bucket.svg").read_text()  # named quoted, as in text


@pytest.mark.usefixtures("frozen_heap")
def test_bench_memory_table(capsys: pytest.CaptureFixture[str], small_list: str) -> None:
    status, out, _ = run_cli(
        capsys, "bench", "memory", "--hash-bits", "6", "--engine", "trie", "--dict",
        small_list,
    )  # fmt: skip
    assert status == 0
    assert "Python trie" in out and "engine trie" in out and "2^6 buckets" in out
    assert "engine native" not in out


@pytest.mark.usefixtures("frozen_heap")
def test_bench_memory_off_a_terminal_says_each_row_as_it_is_measured(
    capsys: pytest.CaptureFixture[str], small_list: str
) -> None:
    """Off a terminal (no bar) it ran a minute and more for a large list with no output."""
    status, out, err = run_cli(
        capsys, "bench", "memory", "--hash-bits", "6", "--engine", "trie", "--dict",
        small_list,
    )  # fmt: skip
    assert status == 0
    lines = err.splitlines()
    assert lines[0].startswith("boggle bench memory: measuring each data structure and 1 engine")
    table = out.splitlines()[2:]
    assert len(lines) == 1 + len(table)
    for number, (line, row) in enumerate(zip(lines[1:], table, strict=True), start=1):
        name = line.removeprefix(f"boggle bench memory: {number}: ")
        assert line != name and row.startswith(name), (line, row)


def test_solve_random_is_reproducible(capsys: pytest.CaptureFixture[str], small_list: str) -> None:
    argv = ["bench", "solve-random", "--size", "3", "--seed", "4", "--dict", small_list]
    status, first, _ = run_cli(capsys, *argv, "--engine", "trie")
    _, second, _ = run_cli(capsys, *argv)
    assert status == 0 and "seed 4" in first and "TOTAL SCORE:" in first
    # same board and words whatever the engine; only the engine line and timings differ
    assert first.split("\n\n", 1)[1] == second.split("\n\n", 1)[1]


def test_trie_command_dot_and_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, small_list: str
) -> None:
    status, out, _ = run_cli(capsys, "trie", "--dot", "--words", "3", "--dict", small_list)
    first_three = Lexicon.from_file(small_list).words[:3]
    assert status == 0 and out.strip() == trie_dot.trie_dot(first_three)
    dot_file = tmp_path / "t.dot"
    status, out, _ = run_cli(capsys, "trie", "--out", str(dot_file), "--dict", small_list)
    assert status == 0 and out == "" and dot_file.read_text().startswith("digraph trie")
    status, out, _ = run_cli(capsys, "trie", "--words", "2", "--dict", small_list)
    assert status == 0 and "nodes" in out


def test_trie_of_enable_starts_like_the_paper(enable: Lexicon) -> None:
    labels, _ = _parse_dot(trie_dot.trie_dot(enable.words[:30]))
    flags = dict(label.split("\\n") for label in labels.values())
    # ENABLE, like the paper's OSPD, has no one-letter words: the node A is not a word
    assert flags["A"] == "F" and flags["AA"] == "T" and flags["AARDVARK"] == "T"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bench", "runtime", "--sizes", "5-3"], "runs backwards"),
        (["bench", "runtime", "--sizes", "0-3"], "error: --sizes must be from 1 to 500"),
        (["bench", "runtime", "--sizes", "big"], "not a range"),
        (["bench", "runtime", "--repeat", "0", "--sizes", "2"], "--repeat"),
        (
            ["bench", "runtime", "--repeat", "1000000000000", "--sizes", "2"],
            "--repeat must be from 1 to 10,000, got 1,000,000,000,000",
        ),
        (["bench", "runtime", "--time-limit", "0", "--sizes", "2"], "--time-limit"),
        (["bench", "runtime", "--engine", "nope", "--sizes", "2"], "unknown engine"),
        (["bench", "hash", "--bits", "3-99"], "error: --bits must be from 0 to 40"),
        (["bench", "memory", "--hash-bits", "31"], "--hash-bits"),
        (["bench", "memory", "--hash-bits", "27"], "--hash-bits must be from 0 to 26, got 27"),
        (["bench", "solve-random", "--size", "0"], "--size"),
        (["bench", "solve-random", "--engine", "nope"], "unknown engine"),
        (["trie", "--words", "0"], "--words"),
        (["trie", "--out", "x.gif"], ".dot"),
        (["bench", "hash", "--dict", "/nonexistent/list.txt"], "does not exist"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_out_directory_that_is_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, small_list: str
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    status, _, err = run_cli(
        capsys, "bench", "hash", "--bits", "2", "--dict", small_list, "--out", str(blocker)
    )
    assert status == 2 and "is a file; give a directory" in err and str(blocker) in err
    assert blocker.read_text() == "x"  # the file left as it was


def test_bench_without_measurement_shows_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(capsys, "bench")
    assert status == 2 and "runtime" in err and "solve-random" in err


def test_plots_without_matplotlib_is_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    small_list: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    status, _, err = run_cli(
        capsys, "bench", "hash", "--bits", "2", "--dict", small_list, "--out", str(tmp_path)
    )
    assert status == 2 and "pip install 'boggle[analysis]'" in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "hash_buckets.csv").exists()  # matplotlib is checked before any work
    status, _, _ = run_cli(
        capsys, "bench", "hash", "--bits", "2", "--dict", small_list, "--out",
        str(tmp_path), "--no-plots",
    )  # fmt: skip
    assert status == 0


def _runtime(**changes: object) -> object:
    arguments: dict[str, object] = {"sizes": [2], "repeat": 1, "seed": 0, "time_limit": None}
    arguments.update(changes)
    return runtime.measure_runtime(
        [get_engine("trie")],
        arguments["sizes"],  # type: ignore[arg-type]
        arguments["repeat"],  # type: ignore[arg-type]
        Lexicon.from_words(WORDS),
        CLASSIC,
        seed=arguments["seed"],  # type: ignore[arg-type]
        time_limit=arguments["time_limit"],  # type: ignore[arg-type]
    )


STUDY_COUNTS = [
    ("size", lambda value: _runtime(sizes=[2, value])),
    ("repeat", lambda value: _runtime(repeat=value)),
    ("seed", lambda value: _runtime(seed=value)),
    ("bits", lambda value: hashstats.bucket_stats(WORDS, value)),
    ("bits", lambda value: hashstats.build_letter_hash_table(WORDS, value)),
    ("hash_bits", lambda value: memory.structure_rows(Lexicon.from_words(WORDS), value)),
    ("max_states", lambda value: path_table(2, max_states=value)),
]


@pytest.mark.parametrize(
    "name, make", STUDY_COUNTS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(STUDY_COUNTS)]
)
@given(value=st.one_of(st.booleans(), st.just(2.0), st.floats(), st.text(max_size=2)))
@settings(max_examples=25, deadline=None)
def test_the_studies_take_whole_numbers_only(name: str, make: Any, value: object) -> None:
    """A float size or repeat was a TypeError from inside ``range``, True a table of 2^1
    buckets or a cap of one state; each is refused by name, in one line, before any work."""
    with pytest.raises(BoggleError) as refused:
        make(value)
    assert refused.value.setting == name
    assert str(refused.value) == f"{name} must be a whole number, got {value!r}"


@given(value=st.one_of(st.integers(max_value=0), st.integers(min_value=runtime.MAX_REPEAT + 1)))
@settings(max_examples=25, deadline=None)
def test_the_runtime_repeat_is_capped_before_any_solve(value: int) -> None:
    """Every solve is kept, so ``repeat`` of 10**12 would fill the memory: refused first."""
    with pytest.raises(BoggleError) as refused:
        _runtime(repeat=value)
    assert str(refused.value) == f"repeat must be from 1 to {runtime.MAX_REPEAT:,}, got {value:,}"


@given(value=st.one_of(st.booleans(), st.sampled_from([math.nan, math.inf]), st.integers(-5, 0)))
@settings(max_examples=25, deadline=None)
def test_the_runtime_time_limit_is_a_finite_number_above_zero(value: object) -> None:
    with pytest.raises(BoggleError, match=r"^time_limit must be ") as refused:
        _runtime(time_limit=value)
    assert refused.value.setting == "time_limit"


def test_a_table_too_large_to_build_is_refused_before_it_is_made() -> None:
    """2^40 buckets was a list of 8 TiB asked for at once (``boggle bench memory`` allowed
    2^30, 8 GiB); counting larger tables without making them still works."""
    with pytest.raises(BoggleError, match=r"^hash_bits must be from 0 to 26, got 40$"):
        memory.structure_rows(Lexicon.from_words(WORDS), 40)
    with pytest.raises(BoggleError, match=r"^bits must be from 0 to 26, got 27$"):
        hashstats.build_letter_hash_table(WORDS, 27)
    assert hashstats.bucket_stats(WORDS, 40).words == len(WORDS)


class _CtrlCAfter:
    """An ``on_step`` (or a progress bar's ``update``) that is a Ctrl-C at its ``steps``-th
    call, as a terminal's mid-measurement."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def __call__(self, *_: object) -> None:
        self.left -= 1
        if self.left == 0:
            raise KeyboardInterrupt

    update = __call__

    def close(self) -> None:
        pass


def test_an_interrupted_runtime_keeps_what_it_measured() -> None:
    lexicon = Lexicon.from_words(WORDS)
    result = runtime.measure_runtime(
        [get_engine("trie")], [2, 3, 4], 2, lexicon, CLASSIC, on_step=_CtrlCAfter(3)
    )
    assert result.interrupted
    assert [(s.size, s.run) for s in result.samples] == [(2, 0), (2, 1), (3, 0)]


def test_bench_runtime_ctrl_c_prints_and_writes_the_sizes_measured(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, small_list: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """A Ctrl-C wrote nothing and printed nothing of the sizes already measured."""
    from boggle.cli.commands.bench import runtime as runtime_command

    monkeypatch.setattr(runtime_command, "progress_bar", lambda *_, **__: _CtrlCAfter(5))
    out_dir = tmp_path / "runtime"
    status, out, err = run_cli(
        capsys, "bench", "runtime", "--sizes", "2-9", "--repeat", "2",
        "--engine", "trie", "--dict", small_list, "--out", str(out_dir), "--no-plots",
    )  # fmt: skip
    assert status == 130, err
    assert "interrupted after 5 solves (N = 2, 3, 4)" in err and "Traceback" not in err
    rows = [line.split() for line in out.splitlines() if line.startswith("trie ")]
    assert [(row[1], row[3]) for row in rows] == [("2", "2"), ("3", "2"), ("4", "1")]
    with (out_dir / "runtime_raw.csv").open() as file:
        assert [row["size"] for row in csv.DictReader(file)] == ["2", "2", "3", "3", "4"]
    with (out_dir / "runtime_summary.csv").open() as file:
        assert [row["size"] for row in csv.DictReader(file)] == ["2", "3", "4"]


def test_the_memory_table_s_word_list_copy_keeps_a_language_s_rules(tmp_path: Path) -> None:
    # read again under the default rules, a Dutch file kept the abbreviation its rules drop
    path = tmp_path / "woorden.txt"
    path.write_text("boom\ndvd\nhuis\n", encoding="utf-8")
    lexicon = load_lexicon(str(path), language="nl")
    assert "dvd" not in lexicon
    assert memory._copy_of_words(lexicon).words == lexicon.words
