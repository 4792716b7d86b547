"""A researcher's use of the library from Python (research 34): the boards a search, a proof
and the statistics give back are ``Board`` s on request, and ``search(jobs > 1)`` runs where
processes are spawned (macOS, Windows) as well as where they are forked."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import boggle
from boggle import CLASSIC, Board, Lexicon, SearchOptions
from boggle.dice.bulk import BoardSource, board_at
from boggle.search import FoundBoard, prove, search
from boggle.search import job as job_module
from boggle.search.job import SearchJob, run_parallel, start_method
from boggle.study.stats import TopBoard, score_stats

REPO = Path(__file__).resolve().parents[2]
WORDS = ["tea", "eat", "ate", "tear", "rate", "tare", "treat", "eater", "seat", "rest", "stare"]
SMALL = Lexicon.from_words(WORDS, name="small")


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 2), (1, 4)])
def test_a_found_board_gives_its_board_of_the_searched_shape(rows: int, cols: int) -> None:
    """``FoundBoard.board`` is text ('abet', 'las/pet'): a researcher wrote ``Board.parse``
    around it to solve or change the board.  ``to_board()`` gives it, of the searched shape
    (a 1x4 board is not read as 2x2), and the text stays what it was."""
    found = search(rows, cols, SMALL, CLASSIC, seed=1, top=3).best
    assert found
    for each in found:
        board = each.to_board()
        assert isinstance(board, Board) and (board.rows, board.cols) == (rows, cols)
        assert isinstance(each.board, str) and board == Board.parse(each.board)
    assert FoundBoard("abet", 4).to_board() == Board.parse("ab et")


def test_a_proofs_and_a_dice_searchs_boards_are_boards_too() -> None:
    proof = prove(2, 3, SMALL, CLASSIC, above=5)
    assert proof.boards and all(f.to_board().cols == 3 for f in proof.boards)
    dice = search(4, 4, SMALL, CLASSIC, seed=2, dice="new", top=1).best[0]
    assert dice.to_board().size == 16 and dice.cubes is not None
    faces = [place["face"] for place in dice.cubes]
    assert list(dice.to_board().faces) == faces


def test_a_top_board_of_the_statistics_is_the_board_of_its_number() -> None:
    stats = score_stats(300, "new", SMALL, seed=4, top=3)
    for top in stats.best:
        assert isinstance(top, TopBoard) and isinstance(top.board, str)
        assert top.to_board() == board_at(BoardSource.named("new"), 4, top.index)


def _best(result: Any) -> list[tuple[str, int]]:
    return [(found.board, found.score) for found in result.best]


def test_search_of_two_jobs_runs_with_spawned_processes() -> None:
    """``run_parallel`` asked for ``multiprocessing.get_context("fork")``: on Windows that
    is a ``ValueError`` and on macOS (spawn by default) an unsafe fork.  Spawned workers are
    sent the job and the word list's words (a compiled list does not pickle), and find the
    boards forked ones do, reporting their progress and stopping at the target alike."""
    job = SearchJob(3, 3, SMALL, CLASSIC, SearchOptions(seed=1, top=3))
    forked = run_parallel(job, 2, method="fork")
    heard: list[tuple[int, int, float]] = []
    spawned = run_parallel(job, 2, lambda *report: heard.append(report), method="spawn")
    assert _best(spawned) == _best(forked) and spawned.boards_scored == forked.boards_scored
    assert heard and heard[-1][:2] == (spawned.best[0].score, spawned.boards_scored)
    target = SearchJob(3, 3, SMALL, CLASSIC, SearchOptions(seed=1, target=1))
    reached = run_parallel(target, 2, method="spawn")
    assert reached.best[0].score >= 1


def test_search_spawns_where_the_platform_cannot_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    """As on Windows: no ``fork`` start method at all, and none chosen by the program."""
    real = multiprocessing.get_context

    def no_fork(method: str | None = None) -> Any:
        if method == "fork":
            raise ValueError("cannot find context for 'fork'")
        return real(method)

    monkeypatch.setattr(multiprocessing, "get_context", no_fork)
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    monkeypatch.setattr(multiprocessing, "get_start_method", lambda allow_none=False: None)
    assert start_method() == "spawn"
    result = search(3, 3, SMALL, CLASSIC, seed=1, jobs=2, top=3)
    assert [run["seed"] for run in result.extra["runs"]] == [1, 2]
    monkeypatch.undo()
    assert _best(result) == _best(search(3, 3, SMALL, CLASSIC, seed=1, jobs=2, top=3))


def test_a_script_that_chose_spawn_searches_under_its_main_guard(tmp_path: Path) -> None:
    """The documented way (docs/studies.md): a script that sets the spawn start method, as
    macOS and Windows have it, runs ``search(jobs=2)`` under ``if __name__ == "__main__":``;
    the workers are spawned, not forked behind the program's back."""
    script = tmp_path / "study.py"
    script.write_text(
        textwrap.dedent(
            """
            import multiprocessing

            from boggle import Lexicon
            from boggle.search import job, search

            if __name__ == "__main__":
                multiprocessing.set_start_method("spawn")
                words = Lexicon.from_words(["tea", "eat", "ate", "rate", "tear", "seat"])
                result = search(3, 3, words, seed=1, jobs=2, top=2)
                print(job.start_method(), len(result.extra["runs"]), result.best[0].score)
            """
        ),
        encoding="utf-8",
    )
    out = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        # the boggle this test imports (an installed one in CI: its src/ has no native build)
        env={**os.environ, "PYTHONPATH": str(Path(boggle.__file__).parents[1])},
    )
    assert out.returncode == 0, out.stderr
    method, runs, score = out.stdout.split()
    assert (method, runs) == ("spawn", "2") and int(score) > 0


def test_forked_runs_leave_no_job_behind() -> None:
    """The job (and its compiled list) was kept in the module after a forked run."""
    run_parallel(SearchJob(2, 2, SMALL, CLASSIC, SearchOptions(seed=1)), 2, method="fork")
    assert job_module._forked_job is None and job_module._forked_stop is None


def test_the_prove_name_is_what_the_api_reference_says() -> None:
    """``boggle.search.prove`` names the function on the package, hiding the module: no fix
    keeps ``from boggle.search import prove`` the function (both read the same attribute),
    so docs/api.md says how to reach the module.  This holds the page to the code."""
    import importlib

    import boggle.search.prove as dotted_import  # the form the page warns of

    dotted: object = dotted_import

    module = importlib.import_module("boggle.search.prove")
    assert dotted is prove and callable(dotted) and not callable(module)
    assert module.prove is prove and hasattr(module, "class_memory")
    reference = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    assert '`importlib.import_module("boggle.search.prove")` give the module' in reference
    assert "`import boggle.search.prove as p` gives the function" in reference
