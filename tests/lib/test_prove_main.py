"""prove_main (issue 29): the prover's C from the command line, without Python, gives the
boards and the bound count of the module (``boggle._native.core.ClassBound``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from boggle import Lexicon
from boggle._native.core import BYTES_PER_RECORD
from boggle.model.rules import CLASSIC
from boggle.search.branch_and_bound import Prover
from boggle.search.classes import ClassTask, Layout, top_level_classes
from boggle.search.faces import board_text, canonical
from boggle.search.job import letter_alphabet
from boggle.search.prove import prove

ROOT = Path(__file__).resolve().parents[2]
WORDS = [
    "tea", "eat", "ate", "tee", "east", "seat", "teas", "sate", "tease", "ease", "stat",
    "rate", "tear", "star", "rats", "arts", "tsar", "ears", "sear", "rest", "tree", "trees",
    "steer", "reset", "treat", "state", "taste", "tester", "street", "setter", "eater",
    "quest", "quiet", "quite", "suite",
]  # fmt: skip

pytestmark = pytest.mark.skipif(
    shutil.which("cc") is None, reason="needs a C compiler (cc) to build prove_main"
)


@pytest.fixture(scope="module")
def prove_main(tmp_path_factory: pytest.TempPathFactory) -> Path:
    output = tmp_path_factory.mktemp("prove_main") / "prove_main"
    subprocess.run(
        [str(ROOT / "scripts" / "build-prove-main"), str(output)],
        check=True,
        capture_output=True,
        env={"PATH": "/usr/bin:/bin", "CFLAGS": "-O1"},
    )
    return output


@pytest.fixture(scope="module")
def word_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("words") / "words.txt"
    path.write_text("\n".join(sorted(WORDS)) + "\n")
    return path


def _run(prove_main: Path, *argv: str, stdin: str = "") -> tuple[dict[str, int], list[str]]:
    """The boards (canonical, 3x3) and the class lines of a run."""
    done = subprocess.run(
        [str(prove_main), *argv], input=stdin, capture_output=True, text=True, check=True
    )
    boards: dict[str, int] = {}
    for line in done.stdout.splitlines():
        text, score = line.split()
        faces = tuple("qu" if c == "q" else c for c in text)
        boards[board_text(canonical(faces, 3, 3), 3, 3)] = int(score)
    return boards, done.stderr.splitlines()


def test_one_3x3_class_gives_the_module_s_boards_and_bounds(
    prove_main: Path, word_file: Path
) -> None:
    lexicon = Lexicon.from_file(str(word_file))
    prover = Prover(lexicon, CLASSIC)
    cells = ("aeirst", "aest", "aeqrstu", "est", "aeirst", "ert", "aest", "aeirstu", "aerst")
    order = Prover.order(3, 3, cells)
    boards, lines = _run(
        prove_main,
        "--order", ",".join(map(str, order)),
        str(word_file), "3x3", "40", *cells,
    )  # fmt: skip
    result = prover.run(ClassTask(0, 3, 3, cells, 40))
    assert result.boards and boards == dict(result.boards)
    assert f", {result.bounds} bounds," in lines[-1]
    masks = prover.masks(cells)
    assert f"root bound {prover.bound.tree_bound(masks, 3, 3, order)}," in lines[-1]


def test_a_whole_3x3_proof_from_its_classes_on_stdin(prove_main: Path, word_file: Path) -> None:
    lexicon = Lexicon.from_file(str(word_file))
    letters = ["q" if face == "qu" else face for face in letter_alphabet(lexicon)]
    tasks = list(top_level_classes(3, 3, Layout.of(letters, 3, 3, 3), 40))
    stdin = "".join(" ".join(task.cells) + "\n" for task in tasks)
    boards, lines = _run(prove_main, str(word_file), "3x3", "40", stdin=stdin)
    expected = prove(3, 3, lexicon, CLASSIC, 40)
    assert expected.boards
    assert boards == {found.board: found.score for found in expected.boards}
    assert len(lines) == len(tasks)
    assert sum(int(line.split(", ")[1].split()[0]) for line in lines) == expected.classes


def test_a_class_past_max_bytes_is_proved_in_parts_with_the_same_boards(
    prove_main: Path, word_file: Path
) -> None:
    cells = ("aeirst", "aest", "aeqrstu", "est", "aeirst", "ert", "aest", "aeirstu", "aerst")
    walk = ("--walk-cells", "4")  # 3x3 classes are walked whole (never split) from 9 cells
    whole, whole_lines = _run(
        prove_main, *walk, "--max-bytes", "0", str(word_file), "3x3", "40", *cells
    )
    cap = str(20 * BYTES_PER_RECORD)  # 20 records
    split, split_lines = _run(
        prove_main, *walk, "--max-bytes", cap, str(word_file), "3x3", "40", *cells
    )
    assert whole and split == whole
    assert ", 1 part, 0 records counted" in whole_lines[-1]
    parts = int(split_lines[-1].split(" parts, ")[0].rsplit(" ", 1)[1])
    assert parts > 2, split_lines


def test_a_class_is_split_and_counted_only_past_its_cap(prove_main: Path, word_file: Path) -> None:
    """Its records are listed as its tree is built, not counted first: at a cap of exactly
    its records the class is one part and nothing is counted; one record less and it is
    counted once, then proved in two parts with the same boards."""
    prover = Prover(Lexicon.from_file(str(word_file)), CLASSIC)
    cells = ("aeirst", "aest", "aeqrstu", "est", "aeirst", "ert", "aest", "aeirstu", "aerst")
    records = prover.bound.class_records(prover.masks(cells), 3, 3)

    def run(cap: int) -> tuple[dict[str, int], list[str]]:
        walk = ("--walk-cells", "4")  # 3x3 classes are walked whole (never split) from 9 cells
        cap_bytes = str(cap * BYTES_PER_RECORD)
        return _run(
            prove_main, *walk, "--max-bytes", cap_bytes, str(word_file), "3x3", "40", *cells
        )

    whole, whole_lines = run(records)
    assert whole and ", 1 part, 0 records counted, " in whole_lines[-1]
    split, split_lines = run(records - 1)
    assert split == whole
    assert f", 2 parts, {records} records counted, " in split_lines[-1], split_lines


FRENCH = ["été", "étés", "tête", "têtes", "bête", "bêtes", "fête", "fêtes", "sève", "rêve",
          "rêves", "crème", "ères", "être", "êtes", "tés", "sûr", "sûre", "çà", "reçu"]  # fmt: skip


def test_a_utf8_word_list_gives_the_module_s_boards(prove_main: Path, tmp_path: Path) -> None:
    path = tmp_path / "french.txt"
    path.write_text("\n".join([*FRENCH, "Été", "x-y"]) + "\n", encoding="utf-8")  # skipped
    prover = Prover(Lexicon.from_words(FRENCH), CLASSIC)
    cells = ("êé", "te", "stê", "rè", "ête", "sv", "eè", "tbf", "ese")
    boards, lines = _run(prove_main, str(path), "3x3", "3", *cells)
    result = prover.run(ClassTask(0, 3, 3, cells, 3))
    assert result.boards and boards == dict(result.boards)
    assert f", {result.bounds} bounds," in lines[-1]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["3x3"], "give WORDS ROWSxCOLS ABOVE"),
        (["WORDS", "9x9", "5"], "a board of 1 to 64 cells"),
        (["WORDS", "2x2", "-1"], "ABOVE: a whole number"),
        (["WORDS", "2x2", "5", "a", "b"], "one CELL per cell"),
        (["--order", "0,1", "WORDS", "2x2", "5"], "--order names every cell once"),
        (["--order", "0,0,1,2", "WORDS", "2x2", "5", "a", "e", "t", "s"], "every cell once"),
        (["WORDS", "2x2", "5", "a", "e", "t", "z"], "letter 'z' is not in the word list"),
        (["--max-bytes", "-1", "WORDS", "2x2", "5"], "unknown option or bad value"),
        (["WORDS", "2x2", "5", "a", "e", "t", "ß"], "letter 'ß' is not in the word list"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(
    prove_main: Path, word_file: Path, argv: list[str], says: str
) -> None:
    argv = [str(word_file) if arg == "WORDS" else arg for arg in argv]
    done = subprocess.run([str(prove_main), *argv], capture_output=True, text=True)
    assert done.returncode == 2 and says in done.stderr, done.stderr
    assert done.stdout == ""


def test_a_class_of_many_boards_solves_leaves_with_two_cells_open(
    prove_main: Path, word_file: Path
) -> None:
    """The class line counts the searches with two cells open (tree.c found_pairs), the
    module's boards all the same."""
    cells = ("rst", "aeiu", "rst", "aeiu", "aeiqrstu", "aeiu", "rst", "aeiu", "rst")
    boards, lines = _run(prove_main, str(word_file), "3x3", "8", *cells)
    prover = Prover(Lexicon.from_file(str(word_file)), CLASSIC)
    result = prover.run(ClassTask(0, 3, 3, cells, 8))
    assert boards and boards == dict(result.boards)
    assert int(lines[-1].rsplit(", ", 1)[1].removesuffix(" pair searches")) > 0, lines


def _sanitize_fallback(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """.ci/sanitize's own word list (where the shared data is absent) and its thresholds."""
    script = (ROOT / ".ci" / "sanitize").read_text()
    listed = script.split("printf '%s\\n' ", 1)[1].split(' > "$words"')[0]
    words = tmp_path / "words.txt"
    words.write_text("\n".join(listed.replace("\\\n", " ").split()) + "\n")
    fallback = script.split(' > "$words"\n', 1)[1].splitlines()[0].split()
    return words, dict(setting.split("=") for setting in fallback)


def test_the_sanitizer_s_fallback_list_reaches_the_pairs_leaves(
    prove_main: Path, tmp_path: Path
) -> None:
    """Without the shared data .ci/sanitize took a list without l, m, n or o, on which its
    classes (lnrst, aeiou, lnm) were refused, and whose pairs class, at the threshold of
    ENABLE2K, found no board: its list holds every letter and its threshold leaves thousands
    of boards, some of their leaves solved with two cells open."""
    words, above = _sanitize_fallback(tmp_path)
    cells = ("lnrst", "aeiou", "lnrst", "aeiou", "*", "aeiou", "lnrst", "aeiou", "lnrst")
    boards, lines = _run(prove_main, str(words), "3x3", above["above_pairs"], *cells)
    assert len(boards) > 100  # up to symmetry
    # (846 pair searches: the class is its own image under all 8 turns and mirrors, and only
    # the least of a board's images is searched; 6,736 with --symmetric 0)
    assert int(lines[-1].rsplit(", ", 1)[1].removesuffix(" pair searches")) > 500, lines
    for letters in ("rst", "lnm", "qust", "qlrs"):
        _run(prove_main, str(words), "3x3", above["above_all"], *[letters] * 9)  # check=True
