"""Letter cubes and rolling boards.

Four sets of cubes, each a fact about a published edition of the game:

* ``classic`` — the 16 cubes of the original 1976 Boggle;
* ``new`` — the 16 cubes of Boggle from 1987 on (the 4x4 table of "At Play With J: Boggle",
  read by columns);
* ``big`` — the 25 cubes of Big Boggle (the article's 5x5 table, read by columns);
* ``superbig`` — the 36 cubes of Super Big Boggle (6x6, 2011), with multi-letter cubes.

:func:`roll` does what shaking the tray does: it shuffles the cubes into the
cells and turns a random face of each one up.  :func:`uniform_board` draws
every cell uniformly from ``a``-``z`` instead (``q`` is the ``Qu`` cube).  With
a ``seed`` both are reproducible: the same seed gives the same board.

>>> len(DICE_SETS["new"].cubes), DICE_SETS["new"].cubes[14]
(16, ('h', 'i', 'm', 'n', 'qu', 'u'))
>>> str(roll("new", seed=1)) == str(roll("new", seed=1))
True
>>> roll("big", seed=7).rows
5
>>> str(roll_board("uniform", seed=3, rows=2, cols=3)) == str(uniform_board(2, 3, seed=3))
True
"""

from __future__ import annotations

from collections.abc import Iterable

from boggle.model.board import Board, check_faces, check_size, parse_faces
from boggle.model.checks import whole_number
from boggle.model.errors import DiceError
from boggle.model.letters import LATIN
from boggle.model.wording import a_size, grouped, shown_number

TYPE_CHECKING = False  # the checkers read the standard decorator; at run time it costs 12 ms
if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from boggle.model.records import dataclass


@dataclass(frozen=True)
class DiceSet:
    """A set of cubes for a ``rows`` x ``cols`` tray; each cube is its faces.

    Faces are lowercase, as :class:`boggle.model.board.Board` holds them: ``"a"``,
    ``"qu"``, ``"th"``, ``"in"``, ``"er"``, ``"he"``, ``"an"``.

    >>> tiny = DiceSet("tiny", 1, 2, (("a", "b"), ("qu", "c")), source="an example")
    >>> tiny.cubes[1]
    ('qu', 'c')
    """

    name: str
    rows: int
    cols: int
    cubes: tuple[tuple[str, ...], ...]
    source: str
    notes: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise DiceError(f"a dice set's name must be text, got {self.name!r}")
        for side in ("rows", "cols"):
            whole_number(side, getattr(self, side), at_least=1, error=DiceError)
        wanted = "a dice set's cubes are a list of cubes, each a list of faces like ('a', 'qu')"
        if isinstance(self.cubes, str) or not isinstance(self.cubes, Iterable):
            raise DiceError(f"{wanted}, not {type(self.cubes).__name__}")
        for cube in self.cubes:
            if isinstance(cube, str) or not isinstance(cube, Iterable):
                raise DiceError(f"{wanted}; a cube was {cube!r}")
        # lists are kept as tuples: the set is hashed, and equal to the same set of tuples
        object.__setattr__(self, "cubes", tuple(tuple(cube) for cube in self.cubes))
        if len(self.cubes) != self.rows * self.cols:
            raise DiceError(
                f"dice set {self.name!r} has {grouped(len(self.cubes))} cubes for a "
                f"{self.rows}x{self.cols} tray of {grouped(self.rows * self.cols)} cells"
            )
        check_faces(face for cube in self.cubes for face in cube)  # as a board checks them

    @property
    def faces(self) -> frozenset[str]:
        """Every face that appears on some cube."""
        return frozenset(face for cube in self.cubes for face in cube)

    def to_json(self) -> dict[str, object]:
        """The set as a JSON-ready dict (cubes as lists of faces).

        >>> DiceSet("tiny", 1, 2, (("a", "b"), ("qu", "c")), source="an example").to_json()
        {'name': 'tiny', 'rows': 1, 'cols': 2, 'cubes': [['a', 'b'], ['qu', 'c']], \
'source': 'an example', 'notes': ''}
        """
        return {
            "name": self.name,
            "rows": self.rows,
            "cols": self.cols,
            "cubes": [list(cube) for cube in self.cubes],
            "source": self.source,
            "notes": self.notes,
        }


def _cubes(text: str) -> tuple[tuple[str, ...], ...]:
    """Cubes written one per word, each word read as a board's row is.

    >>> _cubes("aacfoi himn[qu]u")
    (('a', 'a', 'c', 'f', 'o', 'i'), ('h', 'i', 'm', 'n', 'qu', 'u'))
    """
    return tuple(tuple(parse_faces(word)) for word in text.split())


def _columns(table: str) -> tuple[tuple[str, ...], ...]:
    """The cubes of a table whose columns are cubes and rows are faces (the article's layout).

    ``q`` in the table is the ``Qu`` face.
    """
    rows = table.split()
    return tuple(
        tuple("qu" if row[i] == "q" else row[i] for row in rows) for i in range(len(rows[0]))
    )


CLASSIC_DICE = DiceSet(
    name="classic",
    rows=4,
    cols=4,
    cubes=_cubes(
        "aaciot abilty abjmo[qu] acdemp acelrs adenvz ahmors biforx "
        "denosw dknotu eefhiy egkluy egintv ehinps elpstu gilruw"
    ),
    source="Boggle, Parker Brothers 1976: the commonly published letters of the original "
    "16 cubes (e.g. the BoardGameGeek 'letter distribution' thread on Boggle).",
)
"""The 16 cubes of the original (1976) Boggle."""

NEW_DICE = DiceSet(
    name="new",
    rows=4,
    cols=4,
    cubes=_columns(
        """
        aaaaacdddeeeeehh
        abcfoieeieehilil
        ebhfomilsgirormn
        ejoktolrthntstnn
        goppttrvtnsvstqr
        nosswuxyywuwtyuz
        """
    ),
    source="Boggle from 1987 on: Eugene McDonnell, 'At Play With J: Boggle' "
    "(Vector), the 4x4 table; each column is a cube.",
)
"""The 16 cubes of Boggle from 1987 on: "At Play With J"'s 4x4 table, read by columns."""

BIG_DICE = DiceSet(
    name="big",
    rows=5,
    cols=5,
    cubes=_columns(
        """
        aaaaaaaabccccddddeeefgino
        fdeaeaeajceeehhdhnmiiopoo
        ieeageefkeiiillhhsoiprroo
        rnefmegiqnlipnnnlstirrrtt
        snernemrxsplsoooosttsvrut
        ynmsneuszttttrrtruttywywu
        """
    ),
    source="Big Boggle (5x5): Eugene McDonnell, 'At Play With J: Boggle' "
    "(Vector), the 5x5 table; each column is a cube.",
)
"""The 25 cubes of Big Boggle: "At Play With J"'s 5x5 table, read by columns."""

SUPERBIG_DICE = DiceSet(
    name="superbig",
    rows=6,
    cols=6,
    cubes=_cubes(
        "aaafrs aaeeee aaeeoo aafirs abdeio adennn aeeeem aeegmu aegmnn aeilmn aeinou afirsy "
        "[an][er][he][in][qu][th] bbjkxz ccenst cddlnn ceiitt ceipst cfgnuy ddhnot dhhlor "
        "dhhnow dhlnor ehilrs eiilst eilpst eioeio emttto ensssu gorrvw hirstv hoprst "
        "iprsyy jk[qu]wxz nootuw ooottu"
    ),
    source="Super Big Boggle, Hasbro 2011 (6x6): the commonly published letters of its "
    "36 cubes, including the cube of six two-letter faces An Er He In Qu Th.",
    notes="The real 'EIO' cube has three blank faces (a blank blocks words). A board has no "
    "blank cell, so the blanks are replaced by E, I and O again: the cube turns up E, I or "
    "O with equal chance, exactly as re-rolling a blank would.",
)
"""The 36 cubes of Super Big Boggle, blanks replaced (see ``SUPERBIG_DICE.notes``)."""

DICE_SETS: dict[str, DiceSet] = {
    d.name: d for d in (CLASSIC_DICE, NEW_DICE, BIG_DICE, SUPERBIG_DICE)
}
"""The cube sets by name: ``classic``, ``new``, ``big``, ``superbig``."""

GENERATORS: tuple[str, ...] = (*DICE_SETS, "uniform")
"""Every name :func:`roll_board` accepts."""

UNIFORM_LETTERS = LATIN
"""The letters :func:`uniform_board` draws from (``q`` becomes the ``Qu`` face)."""


def dice_set(name: str) -> DiceSet:
    """The dice set called ``name`` (case ignored).

    >>> dice_set("Big").rows
    5
    """
    if not isinstance(name, str):
        raise DiceError(
            f"a dice set is named by text ({', '.join(DICE_SETS)}), not {type(name).__name__}"
        )
    try:
        return DICE_SETS[name.lower()]
    except KeyError:
        raise DiceError(
            f"unknown dice set {name!r}; choose one of: {', '.join(DICE_SETS)}"
        ) from None


def generator_name(name: str) -> str:
    """``name`` in lower case when it is one of :data:`GENERATORS`, else a :class:`DiceError`
    that lists them.

    >>> generator_name("Uniform")
    'uniform'
    """
    if not isinstance(name, str):
        raise DiceError(
            f"dice are named by text ({', '.join(GENERATORS)}) or are a DiceSet, "
            f"not {type(name).__name__}"
        )
    if name.lower() not in GENERATORS:
        raise DiceError(f"unknown dice {name!r}; choose one of: {', '.join(GENERATORS)}")
    return name.lower()


def roll(dice: str | DiceSet = "new", seed: int | None = None) -> Board:
    """Shake the cubes into the tray: shuffle them into the cells, turn a random face up.

    ``dice`` is a :class:`DiceSet` or any name of :data:`GENERATORS` (``uniform``: a 4x4
    board of uniform letters, see :func:`roll_board` for other sizes).

    A seed gives the board ``boggle roll --seed`` and the daily boards give, from Python's
    generator: the numbered boards of the studies (:func:`boggle.dice.bulk.board_at`,
    ``score_stats``) come from another stream, so ``roll(dice, seed=s)`` is not
    ``board_at(source, s, 0)``.  Both stay as they are: the seeds given out name their boards.

    >>> board = roll("classic", seed=42)
    >>> board.rows, board.cols
    (4, 4)
    >>> roll("uniform", seed=1).size
    16
    >>> roll("new", seed=1.5)
    Traceback (most recent call last):
      ...
    boggle.model.errors.DiceError: seed must be a whole number, got 1.5
    """
    check_seed(seed)
    if not isinstance(dice, DiceSet):
        return roll_board(dice, seed)  # a name, or one clear line for a value of another type
    import random  # here: only rolling needs it, and it costs every start a millisecond

    cubes = dice
    rng = random.Random(seed)
    order = list(cubes.cubes)
    rng.shuffle(order)
    return Board(tuple(rng.choice(cube) for cube in order), cubes.rows, cubes.cols)


MAX_SEED = 2**64 - 1
"""The largest seed a person may give (``--seed``, ``/api/roll``'s ``seed``, the runs of
stats, search and the studies): the bulk boards' generator is keyed by 64 bits
(:mod:`~boggle.dice.bulk`), so every command takes the same range."""

SEED_RANGE = f"a whole number from 0 to {grouped(MAX_SEED)}"
"""The seeds taken, as every help text and refusal words them."""


def seed_after(seed: int, steps: int) -> int:
    """The seed ``steps`` after ``seed``, going on from 0 past :data:`MAX_SEED` (board ``i`` of
    ``roll --count`` and run ``k`` of a search), so every seed used can be given again.

    >>> seed_after(7, 2), seed_after(MAX_SEED, 1)
    (9, 0)
    """
    return (seed + steps) % (MAX_SEED + 1)


def seed_in_range(seed: object, name: str = "seed") -> int:
    """``seed`` when it is a whole number from 0 to :data:`MAX_SEED`; else a
    :class:`DiceError` in one line, the same from the command line and the web API.

    >>> seed_in_range(2**64 - 1) == MAX_SEED
    True
    >>> seed_in_range(2**64)
    Traceback (most recent call last):
      ...
    boggle.model.errors.DiceError: a seed is a whole number from 0 to 18,...,615, got 18...16
    """
    whole_number(name, seed, error=DiceError)  # a bool, 2.0 or "7": not a whole number
    assert isinstance(seed, int)
    if not 0 <= seed <= MAX_SEED:
        raise DiceError(f"a seed is {SEED_RANGE}, got {shown_number(seed)}", setting=name)
    return seed


def check_seed(seed: int | None) -> None:
    """A :class:`DiceError` unless ``seed`` is ``None`` or a whole number of at least 0 (the
    seed of :func:`roll`: a bool, a float even ``2.0``, or a negative number is refused).

    >>> check_seed(-1)
    Traceback (most recent call last):
      ...
    boggle.model.errors.DiceError: seed must be at least 0, got -1
    """
    if seed is not None:
        whole_number("seed", seed, at_least=0, error=DiceError)


def uniform_board(rows: int, cols: int, seed: int | None = None) -> Board:
    """A board whose every cell is a letter drawn uniformly from a-z (``q`` is ``Qu``).

    >>> uniform_board(3, 5, seed=0).cols
    5
    """
    whole_number("rows", rows, error=DiceError)
    whole_number("cols", cols, error=DiceError)
    check_seed(seed)
    if rows < 1 or cols < 1:
        raise DiceError(f"a board needs at least one row and one column, got {rows}x{cols}")
    check_size(rows, cols)  # before drawing a letter for every cell
    import random  # here: only rolling needs it, and it costs every start a millisecond

    rng = random.Random(seed)
    faces = []
    for _ in range(rows * cols):
        letter = rng.choice(UNIFORM_LETTERS)
        faces.append("qu" if letter == "q" else letter)
    return Board(tuple(faces), rows, cols)


def roll_board(
    name: str, seed: int | None, rows: int | None = None, cols: int | None = None
) -> Board:
    """A board from a named generator: a dice set (``classic``, ``new``, ``big``,
    ``superbig``) or ``uniform`` (4x4 unless ``rows``/``cols`` say otherwise; ``cols``
    defaults to ``rows``).

    A dice set fills its own tray only, so ``rows``/``cols`` must match it when given.

    >>> roll_board("big", seed=7).rows, str(roll_board("uniform", seed=1, rows=2, cols=3))
    (5, 'esz yci')
    """
    if generator_name(name) == "uniform":
        rows = 4 if rows is None else rows
        return uniform_board(rows, rows if cols is None else cols, seed)
    cubes = dice_set(name)
    if (rows is not None and rows != cubes.rows) or (cols is not None and cols != cubes.cols):
        raise DiceError(
            f"the {cubes.name} dice fill {a_size(cubes.rows, cubes.cols)} tray only",
            remedy="uniform_dice",
        )
    return roll(cubes, seed)
