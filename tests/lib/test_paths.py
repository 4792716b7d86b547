"""Exact path counts: McDonnell's published figures, brute force, symmetry, the CLI."""

from __future__ import annotations

import argparse
import json
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle.cli.commands import paths as paths_command
from boggle.model.errors import BoardError
from boggle.study.paths import (
    cell_orbits,
    count_paths,
    orbit_representatives,
    path_table,
    paths_per_cell,
    symmetries,
)

# "At Play With J: Boggle": paths of k cells on an n x n grid, k = 1, 2, ...
ARTICLE_TABLE = {
    2: [4, 12, 24, 24],
    3: [9, 40, 160, 496, 1208, 2240, 2984, 2384, 784],
    4: [16, 84, 408, 1764, 6712, 22672, 68272, 183472, 436984],
    5: [25, 144, 768, 3768, 17280, 74072, 296360],
}

ARTICLE_PER_CELL = {
    (4, 4): [
        [75, 109, 109, 75],
        [109, 148, 148, 109],
        [109, 148, 148, 109],
        [75, 109, 109, 75],
    ],
    (4, 5): [
        [322, 435, 435, 322],
        [435, 486, 486, 435],
        [435, 486, 486, 435],
        [322, 435, 435, 322],
    ],
    (5, 6): [
        [1874, 2752, 2998, 2752, 1874],
        [2752, 3524, 3672, 3524, 2752],
        [2998, 3672, 3784, 3672, 2998],
        [2752, 3524, 3672, 3524, 2752],
        [1874, 2752, 2998, 2752, 1874],
    ],
}

FOUR_BY_FOUR = [
    16, 84, 408, 1764, 6712, 22672, 68272, 183472, 436984, 905776,
    1594648, 2310264, 2644520, 2250192, 1260672, 343184,
]  # fmt: skip


# --- independent references ---------------------------------------------------


def neighbours(rows: int, cols: int) -> list[list[int]]:
    return [
        [
            rr * cols + cc
            for rr in range(rows)
            for cc in range(cols)
            if (rr, cc) != (r, c) and abs(rr - r) <= 1 and abs(cc - c) <= 1
        ]
        for r in range(rows)
        for c in range(cols)
    ]


@cache
def brute_force(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """``result[k - 1][cell]``: paths of k cells starting at cell, by enumerating every path."""
    nbrs = neighbours(rows, cols)
    cells = rows * cols
    counts = [[0] * cells for _ in range(cells)]

    def walk(path: list[int], used: set[int]) -> None:
        counts[len(path) - 1][path[0]] += 1
        for cell in nbrs[path[-1]]:
            if cell not in used:
                path.append(cell)
                used.add(cell)
                walk(path, used)
                used.remove(cell)
                path.pop()

    for start in range(cells):
        walk([start], {start})
    return tuple(tuple(row) for row in counts)


def memo_counts(rows: int, cols: int) -> tuple[int, int]:
    """(all paths, Hamiltonian paths) by a memoised recursion with no symmetry."""
    nbrs = neighbours(rows, cols)
    full = (1 << rows * cols) - 1

    @cache
    def from_state(mask: int, end: int) -> tuple[int, int]:
        if mask == full:
            return 1, 1
        every, hamiltonian = 1, 0
        for cell in nbrs[end]:
            if not mask >> cell & 1:
                a, h = from_state(mask | 1 << cell, cell)
                every, hamiltonian = every + a, hamiltonian + h
        return every, hamiltonian

    results = [from_state(1 << cell, cell) for cell in range(rows * cols)]
    return sum(a for a, _ in results), sum(h for _, h in results)


def flat(grid: list[list[int]]) -> list[int]:
    return [value for row in grid for value in row]


# --- the article's figures ----------------------------------------------------


@pytest.mark.parametrize("n", sorted(ARTICLE_TABLE))
def test_article_table(n: int) -> None:
    expected = ARTICLE_TABLE[n]
    assert count_paths(n, max_length=len(expected)) == expected
    assert count_paths(n, n, len(expected)) == expected


def test_article_table_k8_k9_for_5x5() -> None:
    # Beyond the printed 5x5 column (its rows 8 and 9 are blank in the article).
    assert count_paths(5, max_length=9)[7:] == [1110000, 3908376]


@pytest.mark.parametrize(("n", "length"), sorted(ARTICLE_PER_CELL))
def test_article_per_cell(n: int, length: int) -> None:
    assert paths_per_cell(n, length=length) == ARTICLE_PER_CELL[n, length]


def test_article_inner_product() -> None:
    # 4 8 4 +/ . * 75 109 148  ->  1764
    table = path_table(4, max_length=4)
    assert [len(orbit) for orbit in table.orbits] == [4, 8, 4]
    assert table.by_orbit[3] == [75, 109, 148]
    assert table.totals[3] == 4 * 75 + 8 * 109 + 4 * 148 == 1764


def test_orbit_representatives_g() -> None:
    # McDonnell's g(n) for n = 1..8: 1 1 3 3 6 6 10 10
    assert [len(orbit_representatives(n)) for n in range(1, 9)] == [1, 1, 3, 3, 6, 6, 10, 10]
    assert orbit_representatives(4) == [(0, 0), (0, 1), (1, 1)]
    assert orbit_representatives(2, 3) == [(0, 0), (0, 1)]
    for rows, cols in [(3, 3), (4, 4), (2, 5), (3, 4), (1, 6)]:
        cells = sorted(cell for orbit in cell_orbits(rows, cols) for cell in orbit)
        assert cells == [(r, c) for r in range(rows) for c in range(cols)]


# --- whole tables -------------------------------------------------------------


def test_four_by_four_every_length() -> None:
    assert count_paths(4) == FOUR_BY_FOUR
    every, hamiltonian = memo_counts(4, 4)
    assert sum(FOUR_BY_FOUR) == every == 12029640
    assert FOUR_BY_FOUR[-1] == hamiltonian == 343184


def test_hamiltonian_paths_small() -> None:
    assert count_paths(3)[-1] == sum(brute_force(3, 3)[-1]) == 784
    assert count_paths(2)[-1] == 24
    assert count_paths(1) == [1]


def test_per_cell_sums_and_symmetry() -> None:
    for rows, cols in [(4, 4), (3, 5), (5, 5)]:
        table = path_table(rows, cols, 10)
        for length in range(1, 11):
            grid = table.per_cell(length)
            assert sum(flat(grid)) == table.totals[length - 1]
            assert paths_command.is_symmetric(grid)
            values = flat(grid)
            for perm in symmetries(rows, cols):
                assert [values[perm[i]] for i in range(len(values))] == values
            if rows == cols:
                assert [list(column) for column in zip(*grid, strict=True)] == grid


def test_python_and_numpy_agree() -> None:
    for rows, cols in [(4, 4), (3, 5), (2, 7), (1, 5)]:
        python = path_table(rows, cols, method="python")
        numpy = path_table(rows, cols, method="numpy")
        assert python.by_orbit == numpy.by_orbit


@settings(max_examples=30, deadline=None)
@given(rows=st.integers(1, 3), cols=st.integers(1, 4), data=st.data())
def test_rectangles_against_brute_force(rows: int, cols: int, data: st.DataObject) -> None:
    expected = brute_force(rows, cols)
    cells = rows * cols
    max_length = data.draw(st.integers(1, cells), label="max_length")
    assert count_paths(rows, cols, max_length) == [sum(row) for row in expected[:max_length]]
    length = data.draw(st.integers(1, cells), label="length")
    assert flat(paths_per_cell(rows, cols, length)) == list(expected[length - 1])
    # transposed grids have the same counts
    assert count_paths(cols, rows, max_length) == count_paths(rows, cols, max_length)


# Undirected Hamiltonian paths of king graphs from the OEIS, doubled for directed paths:
# A308129 (n x n), A339760 (2 x n), A339761 (3 x n).
@pytest.mark.parametrize(
    ("rows", "cols", "undirected"),
    [(4, 4, 171592), (2, 5, 768), (2, 8, 32000), (3, 4, 4678), (3, 5, 43676), (3, 6, 406396)],
)
def test_hamiltonian_paths_oeis(rows: int, cols: int, undirected: int) -> None:
    assert count_paths(rows, cols)[-1] == 2 * undirected


@pytest.mark.slow
def test_five_by_five_every_length() -> None:  # about 6 seconds
    counts = count_paths(5)
    assert counts[:7] == ARTICLE_TABLE[5]
    assert counts[-1] == 2 * 364618672  # A308129
    assert sum(counts) == 115066382913


@pytest.mark.slow
def test_four_by_four_against_brute_force() -> None:
    expected = brute_force(4, 4)  # about 12 million paths: a minute in Python
    assert count_paths(4) == [sum(row) for row in expected]


# --- bad input ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: count_paths(0), "rows must be from 1 to 1,000, got 0"),
        (lambda: count_paths(3, -1), "cols must be from 1 to 1,000, got -1"),
        (lambda: count_paths(8), "the limit is 58 cells"),
        (lambda: count_paths(4, max_length=17), "max_length must be from 1 to 16"),
        (lambda: count_paths(4, max_length=0), "max_length must be from 1 to 16"),
        (lambda: paths_per_cell(3, length=10), "length must be from 1 to 9 .* got 10"),
        (lambda: path_table(6, max_length=12, max_states=10_000), "over the budget"),
    ],
)
def test_bad_sizes(call: object, message: str) -> None:
    with pytest.raises(BoardError, match=message) as error:
        call()  # type: ignore[operator]
    assert "\n" not in str(error.value)


def test_a_length_over_the_budget_names_the_longest_that_fits() -> None:
    """Newcomer 19: `boggle paths --size 7` ran for minutes, then said only "choose a smaller
    length"; the error names the longest length the budget allows, and the command's option."""
    from boggle.cli.main import with_option

    with pytest.raises(BoardError, match=r"choose a length of at most \d+$") as error:
        path_table(6, max_length=12, max_states=10_000)
    longest = int(str(error.value).rsplit(" ", 1)[1])
    assert error.value.setting == "max_length"
    assert with_option(error.value).endswith(f"at most {longest} (--length)")
    assert path_table(6, max_length=longest, max_states=10_000).max_length == longest


# --- the command ----------------------------------------------------------------


def run_command(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="boggle")
    paths_command.register(parser.add_subparsers())
    args = parser.parse_args(["paths", *argv])
    status = args.run(args)
    return status, capsys.readouterr().out


def test_command_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_command(capsys, "--size", "4", "--length", "5", "--per-cell")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Paths on a 4x4 grid (distinct cells, 8 neighbours):"
    assert lines[1:8] == [
        "    k  paths",
        "    1     16",
        "    2     84",
        "    3    408",
        "    4  1,764",
        "    5  6,712",
        "total  8,984",
    ]
    assert lines[9] == "Paths of 5 cells starting at each cell:"
    assert lines[10:14] == [
        "322 435 435 322",
        "435 486 486 435",
        "435 486 486 435",
        "322 435 435 322",
    ]
    assert lines[14].startswith("symmetric: yes (3 distinct starting cells: (0,0) x4, (0,1) x8")


def test_command_several_lengths_and_stats(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_command(
        capsys, "--size", "3", "--cols", "2", "--length", "2,3", "--per-cell", "--stats"
    )
    assert status == 0
    assert "Paths on a 3x2 grid" in out
    assert out.count("starting at each cell") == 2
    assert "states" in out.splitlines()[1] and "seconds" in out.splitlines()[1]


def test_command_text_groups_thousands_as_every_command_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out = run_command(capsys, "--size", "4", "--length", "8", "--per-cell", "--stats")
    lines = out.splitlines()
    assert status == 0
    assert lines[9].split() == ["8", "183,472", "3,312", *lines[9].split()[3:]]
    assert lines[10].split() == ["total", "283,400"]
    assert lines[13].split() == ["10,918", "12,463", "12,463", "10,918"]


def test_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_command(capsys, "--size", "3", "--json", "--per-cell")
    data = json.loads(out)
    assert status == 0
    assert list(data) == ["rows", "cols", "max_length", "counts", "total", "orbits", "per_cell"]
    assert (data["rows"], data["cols"], data["max_length"]) == (3, 3, 9)
    assert [c["paths"] for c in data["counts"]] == ARTICLE_TABLE[3]
    assert data["counts"][0] == {"length": 1, "paths": 9}
    assert data["total"] == sum(ARTICLE_TABLE[3])
    assert [o["representative"] for o in data["orbits"]] == [[0, 0], [0, 1], [1, 1]]
    assert [o["size"] for o in data["orbits"]] == [4, 4, 1]
    assert data["per_cell"] == [
        {"length": 9, "grid": [[138, 50, 138], [50, 32, 50], [138, 50, 138]], "symmetric": True}
    ]
    assert flat(data["per_cell"][0]["grid"]) == list(brute_force(3, 3)[-1])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--size", "3", "--cols", "-2"], "--cols must be from 1 to 1,000, got -2"),
        (["--size", "3", "--length", "10"], "--length 10 is longer than the 9 cells of a 3x3 grid"),
        (["--size", "3", "--length", "0,2"], "--length must be at least 1, got 0"),
        # was a table up to the longest, the others taken without a word
        (["--size", "3", "--length", "2,5"], "--length 2,5: several lengths are for --per-cell"),
        (["--size", "9"], "the limit is 58 cells"),
    ],
)
def test_command_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(BoardError, match=message):
        run_command(capsys, *argv)


@pytest.mark.parametrize(
    ("size", "message"),
    [("four", "'four' is not a size: give ROWSxCOLS"), ("0", "'0' has no cells")],
)
def test_command_usage_error(capsys: pytest.CaptureFixture[str], size: str, message: str) -> None:
    with pytest.raises(SystemExit):
        run_command(capsys, "--size", size)
    assert message in capsys.readouterr().err
