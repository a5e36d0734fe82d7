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


@pytest.mark.parametrize("text", [
    "http://0x7f.1/", "http://2130706433/", "http://127.1/", "http://0177.0.0.1/",
    "http://127.0.0.1./", "https://0x7F.0.0.1/", "http://%30x7f.1/", "http://127.0.1/",
])
def test_every_ipv4_form_a_browser_reads_is_written_in_dotted_decimal(text: str) -> None:
    """The lenient reader returns the host a browser connects to, recorded as a
    repair of the host."""
    assert URI.parse_lenient(text).host == "127.0.0.1"
    changes = repair(text).changes
    assert [(c.component, c.replacement) for c in changes] == [("host", "127.0.0.1")]
    assert changes[0].position == text.index("//") + 2


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("sc://ñ/x", "sc://%C3%B1/x", id="opaque-host-percent-encoded"),
    pytest.param("sc://Bücher.example/", "sc://B%C3%BCcher.example/", id="no-idna"),
    pytest.param("sc://0x7f.1/", "sc://0x7f.1/", id="no-ipv4-reading"),
])
def test_a_non_special_host_is_opaque(text: str, expected: str) -> None:
    """A host of a scheme that is not special is percent-encoded as browsers do, not
    converted by IDNA or read as an IPv4 address."""
    assert str(URI.parse_lenient(text)) == expected


@pytest.mark.parametrize(("text", "position", "component"), [
    pytest.param("sc://h:65536/", 7, "port", id="port-past-65535"),
    pytest.param("sc://u@/x", 7, "host", id="empty-host-after-userinfo"),
    pytest.param("sc://:1/x", 5, "host", id="empty-host-before-port"),
    pytest.param("sc://u:p@:1/x", 9, "host", id="empty-host-between"),
])
def test_a_non_special_authority_browsers_refuse_is_refused(
        text: str, position: int, component: str) -> None:
    """Ports past 65535 and an empty host after userinfo or before a port are refused,
    as browsers refuse them, for every scheme."""
    with pytest.raises(ParseError) as info:
        URI.parse_lenient(text)
    assert (info.value.position, info.value.component) == (position, component)


@pytest.mark.parametrize(("text", "base", "expected"), [
    pytest.param("a/.%2e/../../admin", "https://h.example/public/", "https://h.example/admin",
                 id="encoded-dot-dot"),
    pytest.param("%2E%2e/x", "https://h/a/b/c", "https://h/a/x", id="upper-and-lower"),
    pytest.param("./%2e/y", "https://h/a/b", "https://h/a/y", id="encoded-dot"),
    pytest.param("a%2ex/../b", "https://h/a/", "https://h/a/b", id="not-a-dot-segment"),
    pytest.param("/x", "file:///C:/dir/f", "file:///C:/x", id="drive-kept-absolute"),
    pytest.param("../../../y", "file:///C:/dir/f", "file:///C:/y", id="drive-kept-dots"),
    pytest.param("z", "file:///C:/dir/f", "file:///C:/dir/z", id="drive-relative"),
    pytest.param("/D:/z", "file:///C:/dir/f", "file:///D:/z", id="other-drive"),
    pytest.param("?q", "file:///C:/dir/f", "file:///C:/dir/f?q", id="query-only"),
])
def test_base_resolution_reads_dot_segments_and_drives_as_browsers(
        text: str, base: str, expected: str) -> None:
    """With ``base=``, ``%2e`` is a dot segment and a file base's drive letter is kept,
    as browsers resolve them."""
    assert str(URI.parse_lenient(text, base=base)) == expected


@pytest.mark.parametrize(("text", "position", "component"), [
    pytest.param("http://f:b/c", 9, "port", id="port-letter"),
    pytest.param("  http://f:b/c", 11, "port", id="after-removed-spaces"),
    pytest.param("http:\\\\f:b/c", 9, "port", id="after-backslashes"),
    pytest.param("http:/f:b/c", 8, "port", id="after-one-slash"),
    pytest.param("http://f:65536/", 9, "port", id="port-too-big"),
    pytest.param("http://u:p@a b/", 12, "host", id="host-after-userinfo"),  # the space
    pytest.param("file://u@h/x", 7, "userinfo", id="file-userinfo"),
    pytest.param("file://h:1/x", 8, "port", id="file-port"),
])
def test_a_refused_authority_error_points_at_the_fault(
        text: str, position: int, component: str) -> None:
    """The error's position is that of the fault in the given text, not 0."""
    with pytest.raises(ParseError) as info:
        URI.parse_lenient(text)
    assert (info.value.position, info.value.component) == (position, component)
    assert f"at position {position} in {component}" in str(info.value)
    assert "p@" not in str(info.value)
