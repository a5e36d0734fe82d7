"""The lenient reader returns what a browser reads (issue 27): the browser's port and
host, errors only of urikit's own kinds."""

from __future__ import annotations

import pytest

from urikit import URI, ParseError, URIError, host_to_ascii, repair


@pytest.mark.parametrize("scheme", ["http", "sc"])
def test_a_zero_padded_port_past_python_int_limit_is_read_as_its_number(scheme: str) -> None:
    """A port of more than 4,300 zero-padded digits is its number, as browsers read it,
    with no integer-conversion ValueError from Python."""
    uri = URI.parse_lenient(f"{scheme}://h:{'0' * 5000}81/")
    assert uri.port == 81
    assert repair(f"{scheme}://h:{'0' * 5000}81/").text.endswith("81/")


def test_a_huge_zero_padded_port_past_65535_is_refused_for_a_special_scheme() -> None:
    """Past the zeros, a special scheme's port is still held to 65535."""
    with pytest.raises(ParseError, match="65535"):
        URI.parse_lenient(f"http://h:{'0' * 5000}65536/")


@pytest.mark.parametrize("text", ["[é", "[é]", "[::1", "[::1]x", "[\u0301"])
def test_host_to_ascii_refuses_a_bracket_before_anything_but_an_ip_literal(text: str) -> None:
    """Text that starts with "[" is an IP literal, kept as it is, or refused with a
    URIError: never returned unchanged."""
    with pytest.raises(URIError):
        host_to_ascii(text)


@pytest.mark.parametrize("text", ["[::1]", "[v7.x]", "[fe80::1%25eth0]"])
def test_host_to_ascii_keeps_an_ip_literal(text: str) -> None:
    """A valid IP literal (a zone identifier included) comes back as it is."""
    assert host_to_ascii(text) == text
