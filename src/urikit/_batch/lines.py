"""What a line or a cell is: lines cut from bytes, a line given as text, a cell of a table.

``\\n`` and ``\\r\\n`` end a line; a lone ``\\r`` stays inside it (an invalid character
in any URI, so the line gets an error record); text after the last line end is a last
line; a UTF-8 BOM is removed from line 1 of each input (anywhere else it is a character
of its line); undecodable bytes give an error record for their line, shown as ``\\xff``.
An empty input has no lines. The command line and the Dask functions both cut and
number lines with these functions; a table's cell (CSV, Parquet, a DataFrame column)
is a value: text, the bytes it was read from when they are not UTF-8, or ``None``.
"""

from __future__ import annotations

from typing import Final

BOM: Final = b"\xef\xbb\xbf"

#: A line as :func:`urikit._batch.engine.process_line` takes it: bytes read, text, a
#: pair of a table's two columns (resolve and relative without a base), or ``None`` (a
#: table's null). A table's value is text, or bytes when it is not UTF-8 (a CSV cell).
Line = bytes | str | tuple[bytes | str | None, bytes | str | None] | None


def split_lines(block: bytes) -> list[bytes]:
    """The lines of ``block`` without their line ends: ``\\n`` and ``\\r\\n`` end a
    line, a lone ``\\r`` stays in its line, and text after the last ``\\n`` is a last
    line. ``block`` is a whole input or a part of it that ends after a ``\\n``.

    >>> split_lines(b"a\\r\\nb\\rc\\n\\nd")
    [b'a', b'b\\rc', b'', b'd']
    >>> split_lines(b"")
    []
    """
    lines = block.split(b"\n")
    last = lines.pop()
    if b"\r\n" in block:
        lines = [line[:-1] if line.endswith(b"\r") else line for line in lines]
    if last:
        lines.append(last)
    return lines


def text_line(text: str) -> bytes | str:
    """A line given as ``str`` (an element of a Dask bag) as
    :func:`~urikit._batch.engine.process_line` takes it: without its line end (``\\n``
    or ``\\r\\n``), and as the bytes it was read from when it was read as UTF-8 with
    ``surrogateescape`` (an undecodable byte read as ``\\udcff`` is then reported as the
    command line reports it). A lone surrogate that no reading of bytes gives stays
    ``str``: its line gets an error record.

    >>> text_line("http://a/\\r\\n"), text_line("a\\udcff"), text_line("\\ud800")
    (b'http://a/', b'a\\xff', '\\ud800')
    """
    if text.endswith("\n"):
        text = text[:-2] if text.endswith("\r\n") else text[:-1]
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text


def decode_line(raw: bytes, line: int) -> tuple[str, int | None, str]:
    """The text of a line read as bytes (a BOM removed on line 1), with the
    character position of the first undecodable byte and why, or ``None``."""
    if line == 1 and raw.startswith(BOM):
        raw = raw[3:]
    try:
        return raw.decode("utf-8"), None, ""
    except UnicodeDecodeError as exc:
        position = len(raw[:exc.start].decode("utf-8"))
        return (raw.decode("utf-8", "backslashreplace"), position,
                f"undecodable byte 0x{raw[exc.start]:02x} (not UTF-8)")


def shown_text(value: bytes | str) -> str:
    """A value as records show it: bytes that are not UTF-8 written ``\\xff`` (no BOM
    removed: a table's cell, not the first line of an input)."""
    return value if isinstance(value, str) else decode_line(value, 0)[0]


def safe(text: str) -> str:
    """``text`` writable as UTF-8 (a file, a Parquet or Arrow string): a lone
    surrogate becomes ``\\udc80`` (which JSON reads back as the same character).

    >>> safe("a\\udc80")
    'a\\\\udc80'
    """
    if text.isascii():
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
