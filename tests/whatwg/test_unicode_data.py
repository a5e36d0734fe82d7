"""Which Unicode data the IDNA rules use: only ``URIError`` escapes for any code point.

The idna package's tables are newer than the interpreter's ``unicodedata`` (Python 3.10
has Unicode 13.0, 3.13 has 15.1); a code point the interpreter does not know is refused
before idna maps it, so no rule checks a code point by one version and maps it by
another. Run on every supported Python (each has its own boundary).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Final
from urllib.parse import unquote

import idna
import pytest

from urikit import URI, URIError, host_to_ascii, repair, safe_redirect

# A joiner after a control, an unassigned code point or a noncharacter: idna's own
# CONTEXTJ check asks unicodedata.name() of the code point before it, which raises
# ValueError("no such name") for each of these.
JOINER_AFTER_UNNAMED: Final = [
    pytest.param("a%01%E2%80%8Db", id="ZWJ-after-U+0001"),
    pytest.param("a%01%E2%80%8Cb", id="ZWNJ-after-U+0001"),
    pytest.param("a%1F%E2%80%8Db", id="ZWJ-after-U+001F"),
    pytest.param("a%7F%E2%80%8Cb", id="ZWNJ-after-U+007F"),
    pytest.param("a%CD%B8%E2%80%8Db", id="ZWJ-after-unassigned-U+0378"),
    pytest.param("a%EF%B7%90%E2%80%8Db", id="ZWJ-after-noncharacter-U+FDD0"),
]

ENTRY_POINTS: Final[dict[str, Callable[[str], object]]] = {
    "host_to_ascii": host_to_ascii,
    "parse_lenient": lambda host: URI.parse_lenient(f"http://{host}/"),
    "parse_lenient-no-scheme": lambda host: URI.parse_lenient(f"//{host}/",
                                                              base="https://shop.example/"),
    "repair": lambda host: repair(f"http://{host}/"),
    "from_iri": lambda host: URI.from_iri(f"http://{host}/"),
    "safe_redirect": lambda host: safe_redirect(f"//{host}/", "https://shop.example/login"),
}


@pytest.mark.parametrize("host", JOINER_AFTER_UNNAMED)
@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_a_joiner_after_an_unnamed_code_point_raises_only_uri_error(entry: str,
                                                                    host: str) -> None:
    """Every entry point refuses the host with a URIError (safe_redirect by refusing
    the target), never a bare ValueError."""
    call = ENTRY_POINTS[entry]
    if entry == "from_iri":  # an IRI holds the characters themselves
        host = unquote(host)
    try:
        result = call(host)
    except URIError:
        return
    assert entry == "safe_redirect"
    assert result is None


@pytest.mark.parametrize("host", JOINER_AFTER_UNNAMED)
def test_the_refusal_names_the_rule(host: str) -> None:
    """The error says which rule the label breaks: the joiner's context, or the code
    point the interpreter does not know."""
    with pytest.raises(URIError, match=r"joiner|not assigned in Unicode|disallowed"):
        host_to_ascii(host)


# (code point, the Unicode version that assigned it): letters, left-to-right, that UTS 46
# keeps as they are.
ASSIGNED_IN: Final = [
    pytest.param(0xA7C8, (13, 0), id="U+A7C8-Latin-13.0"),
    pytest.param(0xA7D1, (14, 0), id="U+A7D1-Latin-14.0"),
    pytest.param(0x1E290, (14, 0), id="U+1E290-Toto-14.0"),
    pytest.param(0x11F04, (15, 0), id="U+11F04-Kawi-15.0"),
    pytest.param(0x1E4D0, (15, 0), id="U+1E4D0-Nag-Mundari-15.0"),
    pytest.param(0x2EBF0, (15, 1), id="U+2EBF0-Han-15.1"),
    pytest.param(0x1E5D0, (16, 0), id="U+1E5D0-Ol-Onal-16.0"),
]


def _version(text: str) -> tuple[int, int]:
    major, minor = text.split(".")[:2]
    return int(major), int(minor)


@pytest.mark.parametrize(("cp", "version"), ASSIGNED_IN)
def test_a_code_point_is_read_only_where_this_python_knows_it(
        cp: int, version: tuple[int, int]) -> None:
    """A letter newer than the interpreter's Unicode data is refused (its category,
    combining class and bidirectional class would be read as those of an unassigned
    code point); one the interpreter and idna both know is converted. The boundary
    moves with the Python that runs the test."""
    horizon = min(_version(unicodedata.unidata_version), _version(idna.idnadata.__version__))
    host = f"a{chr(cp)}.example"
    if version <= horizon:
        assert host_to_ascii(host).startswith("xn--")
        assert URI.parse_lenient(f"http://{host}/").host == host_to_ascii(host)
    else:
        with pytest.raises(URIError, match="not assigned in Unicode"):
            host_to_ascii(host)
        with pytest.raises(URIError):
            URI.parse_lenient(f"http://{host}/")
        with pytest.raises(URIError):
            URI.from_iri(f"http://{host}/")
        assert safe_redirect(f"//{host}/", "https://shop.example/") is None


def test_an_a_label_of_a_code_point_this_python_does_not_know_is_refused() -> None:
    """The A-label of a letter the interpreter does not know is no valid A-label here;
    one it knows is."""
    alabel = "xn--" + "a\U0001e5d0".encode("punycode").decode("ascii")
    known = _version(unicodedata.unidata_version) >= (16, 0)
    if known:
        assert host_to_ascii(alabel) == alabel
    else:
        with pytest.raises(URIError, match="not assigned in Unicode"):
            host_to_ascii(alabel)
