"""The frozen records of boggle.model.records behave as dataclasses(frozen=True) do."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest

from boggle import CLASSIC, Board, RulesChoice, get_engine
from boggle.model.records import FrozenInstanceError, dataclass, field, replace
from boggle.model.rules import Rules


@dataclass(frozen=True)
class Sample:
    name: str
    size: int = 3
    hidden: object = field(default=None, repr=False)


@dataclasses.dataclass(frozen=True)
class Standard:
    name: str
    size: int = 3
    hidden: object = dataclasses.field(default=None, repr=False)


def test_a_record_matches_a_standard_frozen_dataclass() -> None:
    ours, theirs = Sample("a", hidden=1), Standard("a", hidden=1)
    assert repr(ours).replace("Sample", "Standard") == repr(theirs)
    assert hash(ours) == hash(Sample("a", 3, 1))
    assert ours == Sample("a", 3, 1) and ours != Sample("a", 4, 1) and ours != ("a", 3, 1)
    assert replace(ours, size=5) == Sample("a", 5, 1)
    assert Sample.__match_args__ == Standard.__match_args__
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'size'"):
        ours.size = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del ours.name  # type: ignore[misc]
    with pytest.raises(TypeError):
        Sample()  # type: ignore[call-arg]


def test_a_repr_the_class_writes_is_kept_as_dataclasses_keep_it() -> None:
    @dataclass(frozen=True)
    class Named:
        name: str

        def __repr__(self) -> str:
            return f"<{self.name}>"

    @dataclasses.dataclass(frozen=True)
    class StandardNamed:
        name: str

        def __repr__(self) -> str:
            return f"<{self.name}>"

    assert repr(Named("a")) == repr(StandardNamed("a")) == "<a>"
    assert Named("a") == Named("a") and hash(Named("a")) == hash(Named("a"))
    assert repr(Board.parse("ab cd")) == "Board.parse('ab cd')"


def test_an_eq_or_a_hash_the_class_writes_is_kept_as_dataclasses_keep_it() -> None:
    def made_by(decorate: Any) -> tuple[Any, Any]:
        class OwnEq:  # __eq__ only: equal by size, hashed by the record's fields
            name: str
            size: int

            def __eq__(self, other: object) -> bool:
                return isinstance(other, OwnEq) and self.size == other.size

        class Unhashable:  # __hash__ = None written: no hash
            name: str
            __hash__ = None  # type: ignore[assignment]

        return decorate(frozen=True)(OwnEq), decorate(frozen=True)(Unhashable)

    for own_eq, unhashable in (made_by(dataclass), made_by(dataclasses.dataclass)):
        assert own_eq("a", 1) == own_eq("b", 1) and own_eq("a", 1) != own_eq("a", 2)
        assert hash(own_eq("a", 1)) == hash(own_eq("a", 1))
        with pytest.raises(TypeError):
            hash(unhashable("a"))


def test_post_init_checks_run_on_every_construction() -> None:
    with pytest.raises(ValueError):
        Board(("a", "b"), 2, 2)
    with pytest.raises(ValueError):
        Rules("bad", 0)


@pytest.mark.parametrize(
    "value", [Board.parse("fxie amlo ewbx astu"), CLASSIC, RulesChoice("big", min_length=3)]
)
def test_records_pickle_and_copy(value: object) -> None:
    assert pickle.loads(pickle.dumps(value)) == value
    assert hash(pickle.loads(pickle.dumps(value))) == hash(value)


def test_fields_hidden_from_repr_stay_hidden() -> None:
    assert "load" not in repr(get_engine("trie"))


def test_a_records_signature_shows_its_fields_types() -> None:
    """Newcomer 29: ``help(Rules)`` and ``inspect.signature(Board)`` showed the fields with no
    types (``Rules(name, min_length, scoring=...)``), where a standard dataclass shows them."""
    import inspect

    from boggle import DiceSet

    assert str(inspect.signature(Rules)).startswith("(name: 'str', min_length: 'int', scoring:")
    assert str(inspect.signature(Board)) == (
        "(faces: 'tuple[str, ...]', rows: 'int', cols: 'int') -> None"
    )
    assert all(
        parameter.annotation is not inspect.Parameter.empty
        for parameter in inspect.signature(DiceSet).parameters.values()
    )
