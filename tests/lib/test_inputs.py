"""Reading board files a block at a time gives the lines reading them one by one gives."""

from __future__ import annotations

import io
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from boggle.files.inputs import _read_lines


def lines_one_by_one(data: bytes, max_line: int) -> Iterator[str]:
    """The plain reading: readline, a line over ``max_line`` bytes cut to ``max_line + 1``
    (its rest skipped), ``\\r`` and ``\\n`` stripped from its end, UTF-8 else Latin-1."""
    stream = io.BytesIO(data)
    while line := stream.readline(max_line + 1):
        if len(line) > max_line and not line.endswith(b"\n"):
            while (rest := stream.readline(7)) and not rest.endswith(b"\n"):
                pass
        text = line.rstrip(b"\r\n")
        try:
            yield text.decode("utf-8")
        except UnicodeDecodeError:
            yield text.decode("latin-1")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([b"a", b"b", b" ", b"\n", b"\r", b"\xc3\xa9", b"\xe9", b"\xc3"])).map(
        b"".join
    ),
    st.integers(1, 12),
    st.integers(1, 9),
)
def test_block_reading_equals_line_reading(data: bytes, max_line: int, block_size: int) -> None:
    blocks = list(_read_lines(io.BytesIO(data), max_line, block_size))
    assert blocks == list(lines_one_by_one(data, max_line))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from([b"a", b"\n", b"\xc3\xa9", b"\xe9", b"\xc3", b"\xa9", b"\xef\xbf\xbd"])
    ).map(b"".join)
)
def test_a_file_is_refused_for_a_byte_not_utf_8_only_when_it_has_utf_8_text(data: bytes) -> None:
    """UTF-8, else Latin-1, unless the bytes hold a UTF-8 character past ASCII too: then
    the line of the first byte that is not UTF-8 is named (fast paths held to the rule)."""
    from boggle.files.inputs import decoded_text
    from boggle.model.errors import BoggleError

    escaped = data.decode("utf-8", "surrogateescape")
    utf_8_text = any(ord(c) > 0x7F and not 0xDC80 <= ord(c) <= 0xDCFF for c in escaped)
    try:
        text = decoded_text(data, "f")
    except BoggleError as refused:
        assert utf_8_text
        first = next(i for i, c in enumerate(escaped) if 0xDC80 <= ord(c) <= 0xDCFF)
        line = escaped[:first].count("\n") + 1
        assert f"is not UTF-8 on line {line:,} " in str(refused)
        return
    try:
        assert text == data.decode("utf-8")
    except UnicodeDecodeError:
        assert not utf_8_text and text == data.decode("latin-1")


def test_the_control_bytes_are_one_set_for_every_check() -> None:
    """The bytes a word list, a round file and a board file are refused for are the one set
    `CONTROL_CODES` (a tab, a line end, a vertical tab, a form feed and an escape are text):
    looked for in bytes a block at a time, in a file read whole, and in its first bytes."""
    import pytest

    from boggle.files.inputs import CONTROL_CODES, plain_text, refuse_control_bytes, text_file
    from boggle.model.errors import BoggleError

    assert set(range(0x09, 0x0E)) | {0x1B} == set(range(0x20)) - CONTROL_CODES
    for code in range(0x80):
        data = b"ab" + bytes([code]) + b"c\n"
        refused = code in CONTROL_CODES
        for check in (refuse_control_bytes, plain_text, text_file):
            if refused:
                with pytest.raises(BoggleError, match=f"byte 0x{code:02x} on line 1"):
                    check(data, "f")
            else:
                check(data, "f")
