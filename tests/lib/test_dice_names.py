"""Every name a dice error lists is one that the function refusing it accepts."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from boggle import DiceError, roll, roll_board
from boggle.dice.bulk import BoardSource
from boggle.dice.cubes import DICE_SETS, GENERATORS, dice_set

TAKERS: dict[str, Callable[[str], Any]] = {
    "roll": lambda name: roll(name, seed=1),
    "roll_board": lambda name: roll_board(name, seed=1),
    "BoardSource.named": BoardSource.named,
    "dice_set": dice_set,
}


def _listed(call: Callable[[str], Any]) -> list[str]:
    with pytest.raises(DiceError) as error:
        call("no-such-dice")
    found = re.search(r"choose one of: (.*)$", str(error.value))
    assert found, str(error.value)
    return found.group(1).split(", ")


@pytest.mark.parametrize("taker", TAKERS)
def test_every_listed_name_is_accepted(taker: str) -> None:
    call = TAKERS[taker]
    listed = _listed(call)
    assert listed
    for name in listed:
        call(name)
        call(name.upper())


def test_the_lists_are_the_generators_or_the_dice_sets() -> None:
    assert _listed(TAKERS["roll"]) == list(GENERATORS)
    assert _listed(TAKERS["BoardSource.named"]) == list(GENERATORS)
    assert _listed(TAKERS["dice_set"]) == list(DICE_SETS)
    assert "uniform" in GENERATORS and "uniform" not in DICE_SETS


def test_roll_uniform_is_a_4x4_board_of_letters() -> None:
    board = roll("uniform", seed=7)
    assert (board.rows, board.cols) == (4, 4)
    assert board == roll_board("uniform", seed=7)
    assert roll("uniform", seed=7) == roll("UNIFORM", seed=7)
    assert roll("uniform", seed=7) != roll("uniform", seed=8)
