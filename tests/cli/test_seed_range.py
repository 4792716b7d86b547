"""Every ``--seed`` takes one range, 0 to 2^64 - 1, and refuses a seed outside it in the same
line: ``solve --random`` took 10^30 while ``stats`` stopped at 2^64 - 1 (session 19)."""

from __future__ import annotations

import json

import pytest

from boggle.cli.main import main
from boggle.dice.cubes import MAX_SEED, SEED_RANGE, roll_board

# every command with a --seed, with what it needs beside it to run
SEEDED = [
    ["roll"],
    ["solve", "--random"],
    ["play"],
    ["compare", "--random"],
    ["stats", "--random", "1"],
    ["search", "--size", "2x2", "--seconds", "1"],
    ["prove", "--size", "2", "--above", "1", "--estimate"],
    ["bench", "runtime", "--sizes", "2"],
    ["bench", "solve-random", "--size", "2"],
]
IDS = [" ".join(argv[:2]) for argv in SEEDED]


def refusal(capsys: pytest.CaptureFixture[str], argv: list[str], seed: str) -> str:
    """The one line ``argv --seed seed`` is refused with (exit 2)."""
    status = main([*argv, "--seed", seed])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("argv", SEEDED, ids=IDS)
@pytest.mark.parametrize("seed", [-1, -1_000, MAX_SEED + 1, 10**30])
def test_every_seed_option_refuses_the_same_range_in_the_same_words(
    capsys: pytest.CaptureFixture[str], argv: list[str], seed: int
) -> None:
    """``roll --seed -1000`` said 'got -1000' where every other refusal groups the number."""
    err = refusal(capsys, argv, str(seed))
    assert f"argument --seed: a seed is {SEED_RANGE}, got {seed:,} (see" in err, err


@pytest.mark.parametrize("argv", SEEDED, ids=IDS)
def test_every_seed_option_says_its_range_in_its_help(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """... under one name: ``--seed N`` in roll, solve, play and compare, ``--seed S`` in
    stats, search, prove and bench."""
    assert main([*argv, "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())  # argparse wraps the help
    assert f"0 to {MAX_SEED:,}" in shown, shown
    assert "--seed SEED " in shown and "random seed, a whole number from 0" in shown, shown
    assert "--seed N" not in shown and "--seed S " not in shown


def test_the_largest_seed_rolls_as_the_library_rolls_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The top of the range is taken by roll and stats alike, and rolls the library's board."""
    assert main(["roll", "--seed", str(MAX_SEED)]) == 0
    assert capsys.readouterr().out.strip() == str(roll_board("new", MAX_SEED))
    assert main(["stats", "--random", "2", "--seed", str(MAX_SEED), "--json"]) == 0
    assert f'"seed": {MAX_SEED}' in capsys.readouterr().out


def test_boards_past_the_largest_seed_wrap_to_seed_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--count` past the largest seed goes on from seed 0, a seed --seed takes."""
    assert main(["roll", "--seed", str(MAX_SEED), "--count", "3"]) == 0
    boards = capsys.readouterr().out.split("\n")[:3]
    assert boards == [str(roll_board("new", seed)) for seed in (MAX_SEED, 0, 1)]
    assert main(["roll", "--seed", "0"]) == 0
    assert capsys.readouterr().out.strip() == boards[1]


def test_search_runs_past_the_largest_seed_wrap_to_seed_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each run of `search --jobs` reports a seed that `--seed` takes again."""
    argv = ["search", "--size", "2x2", "--target", "1", "--jobs", "2", "--json"]
    assert main([*argv, "--seed", str(MAX_SEED)]) == 0
    runs = json.loads(capsys.readouterr().out)["runs"]
    assert sorted(run["seed"] for run in runs) == [0, MAX_SEED]
