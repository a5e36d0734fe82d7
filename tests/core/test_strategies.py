"""The public strategies generate only text that matches their ABNF rule.

Each strategy is checked two ways: against a pattern written here from the ABNF of
RFC 3986 Appendix A (built from the character sets of ``urikit._core.grammar`` but not from its
composite patterns), and against the parser, which must accept the text in the place
the rule stands in a URI and read it back unchanged. Address literals are also checked
against the standard library's ``ipaddress``, an independent reading of the same RFCs.
"""

from __future__ import annotations

import ipaddress
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Final

import pytest
from hypothesis import example, find, given
from hypothesis import strategies as st

from urikit import (
    URI,
    HostKind,
    URIError,
    encode,
    host_kind,
    is_ambiguous_ipv4,
    strategies,
)
from urikit._core import grammar as g
from urikit._core.percent import pct_utf8

from ..model.host_text import host_read_back, host_refusal_expected, refusal

# Patterns transcribed here from Appendix A, one per rule.
PCT: Final = g.PCT_ENCODED
PCHAR: Final = f"(?:[{g.char_class(g.PCHAR)}]|{PCT})"
SEGMENT: Final = f"{PCHAR}*"
SEGMENT_NZ: Final = f"{PCHAR}+"
SEGMENT_NZ_NC: Final = f"(?:[{g.char_class(g.SEGMENT_NZ_NC)}]|{PCT})+"
PATH_ABEMPTY: Final = f"(?:/{SEGMENT})*"
PATH_ABSOLUTE: Final = f"/(?:{SEGMENT_NZ}(?:/{SEGMENT})*)?"
PATH_NOSCHEME: Final = f"{SEGMENT_NZ_NC}(?:/{SEGMENT})*"
PATH_ROOTLESS: Final = f"{SEGMENT_NZ}(?:/{SEGMENT})*"
SCHEME: Final = "[A-Za-z][A-Za-z0-9+\\-.]*"
USERINFO: Final = f"(?:[{g.char_class(g.USERINFO)}]|{PCT})*"
DEC_OCTET: Final = "(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])"
IPV4: Final = f"{DEC_OCTET}(?:\\.{DEC_OCTET}){{3}}"
IPVFUTURE: Final = f"[vV][0-9A-Fa-f]+\\.[{g.char_class(g.IPVFUTURE_TAIL)}]+"
REG_NAME: Final = f"(?:[{g.char_class(g.REG_NAME)}]|{PCT})*"
# The IPv6address alternatives are long; the grammar module's transcription is used
# here and the standard library checks the same text independently.
IP_LITERAL: Final = f"\\[(?:{g.IPV6ADDRESS}|{IPVFUTURE})\\]"
HOST: Final = f"(?:{IP_LITERAL}|{IPV4}|{REG_NAME})"
PORT: Final = "[0-9]*"
AUTHORITY: Final = f"(?:{USERINFO}@)?{HOST}(?::{PORT})?"
QUERY: Final = f"(?:{PCHAR}|[/?])*"
HIER_PART: Final = f"(?://{AUTHORITY}{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_ROOTLESS}|)"
RELATIVE_PART: Final = f"(?://{AUTHORITY}{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_NOSCHEME}|)"
ABSOLUTE_URI: Final = f"{SCHEME}:{HIER_PART}(?:\\?{QUERY})?"
URI_RULE: Final = f"{ABSOLUTE_URI}(?:#{QUERY})?"
RELATIVE_REF: Final = f"{RELATIVE_PART}(?:\\?{QUERY})?(?:#{QUERY})?"

# Appendix B: the regular expression that splits any well-formed reference.
APPENDIX_B: Final = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?")


def _whole(text: str, parsed: URI) -> None:
    """The parser reads ``text`` as Appendix B splits it and writes it back unchanged."""
    m = APPENDIX_B.match(text)
    assert m is not None
    assert parsed.scheme == m.group(2)
    assert parsed.authority == m.group(4)
    assert parsed.components.path == m.group(5)
    assert parsed.query == m.group(7)
    assert parsed.fragment == m.group(9)
    assert str(parsed) == text


Check = Callable[[str], object]

# strategy name -> (rule pattern, what the parser must say about an example)
RULES: Final[dict[str, tuple[str, Check]]] = {
    "pct_encoded": (PCT, lambda s: URI.parse(f"#{s}").fragment == s),
    "schemes": (SCHEME, lambda s: URI.parse(f"{s}:").scheme == s),
    "userinfos": (USERINFO, lambda s: URI.parse(f"//{s}@h").userinfo == s),
    "ipv4_addresses": (IPV4, lambda s: URI.parse(f"//{s}").host_kind is HostKind.IPV4),
    "ipv6_addresses": (g.IPV6ADDRESS,
                       lambda s: URI.parse(f"//[{s}]").host_kind is HostKind.IPV6),
    "ipvfutures": (IPVFUTURE,
                   lambda s: URI.parse(f"//[{s}]").host_kind is HostKind.IPVFUTURE),
    "ip_literals": (IP_LITERAL, lambda s: URI.parse(f"//{s}").host == s),
    "reg_names": (REG_NAME, lambda s: URI.parse(f"//{s}").host == s),
    "hosts": (HOST, lambda s: URI.parse(f"//{s}:1").host == s),
    "ports": (PORT, lambda s: URI.parse(f"//h:{s}").has_port),
    "authorities": (AUTHORITY, lambda s: URI.parse(f"//{s}").authority == s),
    "segments": (SEGMENT, lambda s: URI.parse(f"/a/{s}/").path == ["", "a", s, ""]),
    "segments_nz": (SEGMENT_NZ, lambda s: URI.parse(f"x:{s}").path == [s]),
    "segments_nz_nc": (SEGMENT_NZ_NC,
                       lambda s: URI.parse(s).path == [s] and URI.parse(s).scheme is None),
    "paths_abempty": (PATH_ABEMPTY, lambda s: URI.parse(f"//h{s}").components.path == s),
    "paths_absolute": (PATH_ABSOLUTE,
                       lambda s: URI.parse(s).components.path == s and URI.parse(s).host is None),
    "paths_noscheme": (PATH_NOSCHEME,
                       lambda s: URI.parse(s).components.path == s and URI.parse(s).scheme is None),
    "paths_rootless": (PATH_ROOTLESS, lambda s: URI.parse(f"x:{s}").components.path == s),
    "queries": (QUERY, lambda s: URI.parse(f"?{s}").query == s),
    "fragments": (QUERY, lambda s: URI.parse(f"#{s}").fragment == s),
    "absolute_uris": (ABSOLUTE_URI, lambda s: URI.parse(s).fragment is None),
    "uris": (URI_RULE, lambda s: URI.parse(s).scheme is not None),
    "relative_references": (RELATIVE_REF, lambda s: URI.parse(s).scheme is None),
    "uri_references": (f"(?:{URI_RULE}|{RELATIVE_REF})", lambda s: URI.parse(s)),
    "long_ports": (PORT, lambda s: len(s) >= 1000
                   and URI.parse(f"//h:{s}").components.port == s),
    "deceptive_reg_names": (REG_NAME, lambda s: URI.parse(f"//{s}").host_kind
                            is HostKind.REG_NAME),
}

# Strategies of plain text (no ABNF rule): checked by the tests below.
TEXT_STRATEGIES: Final = {"plain_texts", "unencodable_texts"}


def test_every_strategy_is_checked() -> None:
    """Each public strategy has a rule here, and each rule a strategy."""
    assert set(RULES) | TEXT_STRATEGIES == set(strategies.__all__)


@pytest.mark.hypothesis  # an inner @given: conftest's random search selects it
@pytest.mark.parametrize("name", sorted(RULES))
def test_examples_match_their_rule(name: str) -> None:
    """Every example matches the ABNF rule and is read as that rule by the parser."""
    pattern = re.compile(RULES[name][0])
    check = RULES[name][1]

    @given(getattr(strategies, name)())
    def run(text: str) -> None:
        assert pattern.fullmatch(text), text
        assert not g.BAD_PERCENT_RE.search(text), text
        assert check(text), text

    run()


@pytest.mark.hypothesis  # an inner @given: conftest's random search selects it
@pytest.mark.parametrize("name", ["uris", "absolute_uris", "relative_references",
                                  "uri_references"])
def test_references_split_as_appendix_b_says(name: str) -> None:
    """The parser splits generated references as the Appendix B expression does and
    writes them back unchanged."""

    @given(getattr(strategies, name)())
    def run(text: str) -> None:
        _whole(text, URI.parse(text))

    run()


@given(strategies.ipv4_addresses())
def test_ipv4_addresses_agree_with_ipaddress(text: str) -> None:
    """The standard library (strict since Python 3.9.5) reads each as an address."""
    assert str(ipaddress.IPv4Address(text)) == text


@given(strategies.ipv6_addresses())
def test_ipv6_addresses_agree_with_ipaddress(text: str) -> None:
    """The standard library reads each generated IPv6 address."""
    ipaddress.IPv6Address(text)


def _pieces(text: str) -> int:
    """The number of 16-bit pieces written in an IPv6 address text part."""
    if not text:
        return 0
    parts = text.split(":")
    return len(parts) + (1 if "." in parts[-1] else 0)


def ipv6_form(address: str) -> int:
    """The index (0-8, in the RFC's order) of the IPv6address alternative that reads
    ``address``, told by the number of pieces after "::"."""
    if "::" not in address:
        return 0
    head, _, tail = address.partition("::")
    if not head and _pieces(tail) == 7:
        return 1
    return 2 + (6 - _pieces(tail))


@pytest.mark.parametrize("form", range(9))
def test_every_ipv6_form_is_generated(form: int) -> None:
    """Each of the nine IPv6address alternatives is generated, with and without a
    head before "::" where the form has one."""
    find(strategies.ipv6_addresses(), lambda a: ipv6_form(a) == form)
    if form >= 3:
        find(strategies.ipv6_addresses(), lambda a: ipv6_form(a) == form and
             not a.startswith("::"))


def test_embedded_ipv4_is_generated() -> None:
    """``ls32`` appears in its IPv4address form (``::ffff:192.0.2.1``)."""
    find(strategies.ipv6_addresses(), lambda a: "." in a)


VARIETY: Final[list[tuple[str, str, Callable[[str], bool]]]] = [
    ("segments", "empty", lambda s: s == ""),
    ("segments", "dot", lambda s: s == "."),
    ("segments", "dot-dot", lambda s: s == ".."),
    ("segments", "encoded dot-dot", lambda s: s.lower() == "%2e%2e"),
    ("segments", "colon", lambda s: ":" in s),
    ("segments", "mixed-case hex", lambda s: bool(re.search("%[0-9A-F]?[a-f]", s))
     and bool(re.search("%[0-9a-f]?[A-F]", s))),
    ("segments", "encoded UTF-8", lambda s: bool(re.search("%[C-Fc-f][0-9A-Fa-f]", s))),
    ("segments_nz", "colon", lambda s: ":" in s),
    ("paths_abempty", "empty", lambda s: s == ""),
    ("paths_abempty", "double slash", lambda s: "//" in s),
    ("paths_noscheme", "dot segment first", lambda s: s.split("/")[0] in (".", "..")),
    ("paths_rootless", "colon in the first segment", lambda s: ":" in s.split("/")[0]),
    ("ports", "empty", lambda s: s == ""),
    ("ports", "leading zero", lambda s: len(s) > 1 and s[0] == "0"),
    ("userinfos", "password", lambda s: ":" in s),
    ("reg_names", "empty", lambda s: s == ""),
    ("reg_names", "ambiguous IPv4", lambda s: s.startswith(("0x", "0X"))),
    ("reg_names", "all digits", lambda s: s.isdigit()),
    ("hosts", "IP literal", lambda s: s.startswith("[")),
    ("hosts", "IPv4", lambda s: host_kind(s) is HostKind.IPV4),
    ("ipvfutures", "capital V", lambda s: s.startswith("V")),
    ("schemes", "mixed case", lambda s: s.lower() != s and s.upper() != s),
    ("queries", "empty", lambda s: s == ""),
    ("queries", "slash and question mark", lambda s: "/" in s and "?" in s),
    ("authorities", "userinfo and port", lambda s: "@" in s and bool(re.search(":[0-9]*$", s))),
    ("uri_references", "empty", lambda s: s == ""),
    ("uri_references", "network-path", lambda s: s.startswith("//")),
    ("uri_references", "fragment only", lambda s: s.startswith("#")),
    ("uris", "authority", lambda s: "://" in s),
    ("uris", "no authority", lambda s: "://" not in s and "?" not in s and "#" not in s),
    ("long_ports", "past int()'s digit limit", lambda s: len(s) > 4300),
    ("deceptive_reg_names", "ambiguous IPv4", is_ambiguous_ipv4),
    ("deceptive_reg_names", "soft hyphen", lambda s: "%C2%AD" in s),
    ("deceptive_reg_names", "longer than idna's input limit", lambda s: len(s) > 6000),
    ("deceptive_reg_names", "zero-width space", lambda s: "%E2%80%8B" in s),
    ("deceptive_reg_names", "combining grapheme joiner", lambda s: "%CD%8F" in s),
    ("deceptive_reg_names", "variation selector", lambda s: "%EF%B8%80" in s),
    ("deceptive_reg_names", "full-width digit", lambda s: "%EF%BC%9" in s),
    ("deceptive_reg_names", "ideographic full stop", lambda s: "%E3%80%82" in s),
]


@pytest.mark.parametrize(("name", "what", "predicate"),
                         [pytest.param(*row, id=f"{row[0]}-{row[1]}") for row in VARIETY])
def test_strategies_reach_the_cases_that_matter(name: str, what: str,
                                                predicate: Callable[[str], bool]) -> None:
    """Each strategy generates the edge cases its rule admits (here: ``what``)."""
    find(getattr(strategies, name)(), predicate)


def test_importing_urikit_does_not_import_hypothesis() -> None:
    """Hypothesis is a test dependency: ``import urikit`` must not load it."""
    code = "import sys, urikit; assert 'hypothesis' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)



TEXT_VIEWS: Final = ["userinfo", "user", "password", "host", "query", "fragment"]


@pytest.mark.hypothesis  # an inner @given: conftest's random search selects it
@pytest.mark.parametrize("view", TEXT_VIEWS)
def test_plain_texts_read_back_through_every_text_view(view: str) -> None:
    """Every plain text, surrogate escapes of invalid UTF-8 included, is taken by the
    text views and reads back unchanged, also after a round trip through the text."""

    @given(strategies.plain_texts())
    @example("::")  # a plain-text IPv6 address: it reads back as "[::]"
    @example("xn--a")  # no A-label: UTS 46 refuses it
    def run(text: str) -> None:
        uri = URI.parse("http://u:p@h/")
        expected = text
        if view == "host":
            # the host's own readings: an IPv6 address becomes its IP literal, a name
            # outside ASCII its A-labels, and UTS 46 may refuse one (host_text.py)
            error = refusal(lambda: setattr(uri.text, "host", text))
            if error is not None:
                assert host_refusal_expected(text, error), error
                return
            expected = host_read_back(text)
        else:
            setattr(uri.text, view, text)
        assert getattr(uri.text, view) == expected
        assert getattr(URI.parse(str(uri)).text, view) == expected

    run()


def test_plain_texts_reach_invalid_utf8() -> None:
    """Escapes of octets that are not UTF-8 are generated, next to real characters."""
    find(strategies.plain_texts(),
         lambda t: any(0xDC80 <= ord(c) <= 0xDCFF for c in t) and any(ord(c) > 0x7F and
                                                                     not 0xD800 <= ord(c)
                                                                     <= 0xDFFF for c in t))


@pytest.mark.hypothesis  # an inner @given: conftest's random search selects it
@pytest.mark.parametrize("view", [*TEXT_VIEWS, "path", "segment", "param"])
def test_unencodable_texts_are_refused_by_every_text_view(view: str) -> None:
    """Every unencodable text is refused with a URIError, and the URI is unchanged."""

    @given(strategies.unencodable_texts())
    def run(text: str) -> None:
        uri = URI.parse("http://u:p@h/a?k=v#f")
        before = str(uri)
        writes: dict[str, Callable[[], object]] = {
            "segment": lambda: uri.text.path.append(text),
            "param": lambda: uri.params.add("k", text),
        }
        write = writes.get(view, lambda: setattr(uri.text, view, text))
        with pytest.raises(URIError):
            write()
        assert str(uri) == before
        with pytest.raises(URIError):
            encode(text, "fragment")

    run()


@given(strategies.long_ports())
def test_long_ports_read_and_write_back(port: str) -> None:
    """A port of thousands of digits parses, reads as its number and writes back."""
    uri = URI.parse(f"http://h:{port}/")
    assert str(uri) == f"http://h:{port}/"
    assert uri.port is not None
    assert uri.port >= 0
    assert URI(host="h", port=uri.port).port == uri.port


@given(st.text(st.characters(codec="utf-8")))
def test_strategies_utf8_encoder_agrees_with_urikit(text: str) -> None:
    """The strategies keep their own UTF-8 percent-encoder, apart from the code they
    test; it gives what urikit's (``pct_utf8``, the IRI mapping's) gives on any
    text."""
    assert strategies._pct_utf8(text) == pct_utf8(text)
