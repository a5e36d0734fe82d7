"""The error tree says what broke: the rule a BuildError or ResolveError enforces, and a
class of its own for each kind of failure, with the facts in attributes."""

from __future__ import annotations

import ast
import copy
import pickle
import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath, PureWindowsPath

import pytest

from urikit import (
    URI,
    BuildError,
    Components,
    EncodingError,
    FilePathError,
    FrozenURI,
    IDNAError,
    ParseError,
    ResolveError,
    Rule,
    URIError,
    encode,
    encode_query,
    iri_to_uri,
    repair,
)
from urikit._core.percent import pct_utf8
from urikit._interop.file import components_to_path, path_to_components

SRC = Path(__file__).resolve().parents[2] / "src" / "urikit"

Edit = Callable[[], object]


def _userinfo_on_no_host() -> object:
    return URI.parse("/a").set(userinfo="u")


def _userinfo_text_on_no_host() -> object:
    return URI.parse("/a").set_text(userinfo="u")


def _userinfo_in_constructor() -> object:
    return URI(userinfo="u", path="/a")


def _remove_host_under_userinfo() -> object:
    return URI.parse("http://u@h/").set(host=None)


def _remove_host_under_userinfo_and_port() -> object:
    return URI.parse("http://u@h:1/").set(host=None)


def _remove_host_text_under_userinfo() -> object:
    uri = URI.parse("//u@h")
    uri.text.host = None
    return uri


def _port_on_no_host() -> object:
    return URI.parse("/a").set(port=1)


def _empty_port_on_no_host() -> object:
    return URI.parse("a:b").set(has_port=True)


def _port_in_frozen_constructor() -> object:
    return FrozenURI(port=80)


def _remove_host_under_port() -> object:
    return URI.parse("http://h:1/").set(host=None)


def _remove_host_under_empty_port() -> object:
    uri = URI.parse("//h:")
    uri.host = None
    return uri


def _port_without_colon() -> object:
    return URI.parse("http://h/").set(port=80, has_port=False)


def _port_without_colon_in_constructor() -> object:
    return URI(host="h", port=80, has_port=False)


def _insert_before_root() -> object:
    uri = URI.parse("http://h/a")
    uri.path.insert(0, "v2")
    return uri


def _pop_root() -> object:
    return URI.parse("http://h/a").path.pop(0)


def _reverse_path() -> object:
    uri = URI.parse("http://h/a/b")
    uri.path.reverse()
    return uri


def _text_path_replace_root() -> object:
    uri = URI.parse("http://h/a")
    uri.text.path[0] = "x y"
    return uri


def _root_marker_alone() -> object:
    return URI.parse("/a").set(path=[""])


def _root_marker_alone_text() -> object:
    return URI.parse("http://h/a").set_text(path=[""])


def _delete_to_root_marker() -> object:
    uri = URI.parse("/a")
    del uri.path[1:]
    return uri


def _empty_key_param() -> object:
    return URI.parse("http://h/").add_param("", None)


def _empty_key_params_view() -> object:
    uri = URI.parse("http://h/?a=1")
    uri.params.add("", None)
    return uri


def _empty_key_encode_query() -> object:
    return encode_query({"": None})


def _dot_segment_from_text() -> object:
    return URI.parse("http://h/a").add_segments_text("..")


def _absolute_path_string() -> object:
    return URI.parse("http://h/a") / "/etc"


def _suffix_without_dot() -> object:
    return URI.parse("http://h/a.txt").with_suffix("json")


def _authority_from_value() -> object:
    return URI.from_template("/{lang}/{slug}", slug="evil.example")


def _value_writes_syntax() -> object:
    from urikit import Routes

    return Routes().add("s", "/static/{+rest}").link("s", rest="a?b")


def _resolve_against_relative() -> object:
    return URI.parse("a/b").resolve("g")


def _resolve_against_network_path() -> object:
    return URI.parse("//h/a").resolve("g")


def _relative_to_relative() -> object:
    return URI.parse("http://h/a").relative_to("/a")


def _frozen_relative_to_relative() -> object:
    return FrozenURI.parse("http://h/a").relative_to(URI.parse("?q"))


# Every rule, and each kind of edit that breaks it.
def _generate_without_value() -> None:
    from urikit._match.pattern import Options, compile_component, generate

    generate(compile_component("/:id", str, Options("/", "/")), {}, str)


def _empty_authority_from_value() -> None:
    from urikit._web.request import route_link

    route_link(FrozenURI.parse("https://h.example/"), "//evil.example/x", "files")


RULES: list[object] = [
    pytest.param(_userinfo_on_no_host, Rule.USERINFO_NEEDS_HOST, id="set userinfo"),
    pytest.param(_userinfo_text_on_no_host, Rule.USERINFO_NEEDS_HOST, id="set_text userinfo"),
    pytest.param(_userinfo_in_constructor, Rule.USERINFO_NEEDS_HOST, id="URI(userinfo)"),
    pytest.param(_remove_host_under_userinfo, Rule.USERINFO_NEEDS_HOST,
                 id="remove host under userinfo"),
    # both are in the way: the first, userinfo, is named
    pytest.param(_remove_host_under_userinfo_and_port, Rule.USERINFO_NEEDS_HOST,
                 id="remove host under userinfo and port"),
    pytest.param(_remove_host_text_under_userinfo, Rule.USERINFO_NEEDS_HOST,
                 id="text.host = None under userinfo"),
    pytest.param(_port_on_no_host, Rule.PORT_NEEDS_HOST, id="set port"),
    pytest.param(_empty_port_on_no_host, Rule.PORT_NEEDS_HOST, id="set has_port"),
    pytest.param(_port_in_frozen_constructor, Rule.PORT_NEEDS_HOST, id="FrozenURI(port)"),
    pytest.param(_remove_host_under_port, Rule.PORT_NEEDS_HOST, id="remove host under port"),
    pytest.param(_remove_host_under_empty_port, Rule.PORT_NEEDS_HOST,
                 id="remove host under empty port"),
    pytest.param(_port_without_colon, Rule.PORT_NEEDS_COLON, id="set port has_port=False"),
    pytest.param(_port_without_colon_in_constructor, Rule.PORT_NEEDS_COLON,
                 id="URI(port, has_port=False)"),
    pytest.param(_insert_before_root, Rule.PATH_NEEDS_ROOT, id="path.insert(0)"),
    pytest.param(_pop_root, Rule.PATH_NEEDS_ROOT, id="path.pop(0)"),
    pytest.param(_reverse_path, Rule.PATH_NEEDS_ROOT, id="path.reverse()"),
    pytest.param(_text_path_replace_root, Rule.PATH_NEEDS_ROOT, id="text.path[0] ="),
    pytest.param(_root_marker_alone, Rule.ROOT_MARKER_ALONE, id="set path ['']"),
    pytest.param(_root_marker_alone_text, Rule.ROOT_MARKER_ALONE, id="set_text path ['']"),
    pytest.param(_delete_to_root_marker, Rule.ROOT_MARKER_ALONE, id="del path[1:]"),
    pytest.param(_empty_key_param, Rule.EMPTY_KEY_NEEDS_VALUE, id="add_param('', None)"),
    pytest.param(_empty_key_params_view, Rule.EMPTY_KEY_NEEDS_VALUE,
                 id="params.add('', None)"),
    pytest.param(_empty_key_encode_query, Rule.EMPTY_KEY_NEEDS_VALUE,
                 id="encode_query({'': None})"),
    pytest.param(_dot_segment_from_text, Rule.DOT_SEGMENT_FROM_TEXT,
                 id="add_segments_text('..')"),
    pytest.param(_absolute_path_string, Rule.PATH_STRING_IS_RELATIVE, id="uri / '/etc'"),
    pytest.param(_suffix_without_dot, Rule.PATHLIB_NAME, id="with_suffix('json')"),
    pytest.param(_generate_without_value, Rule.GENERATE_FROM_GROUPS, id="generate, no value"),
    pytest.param(_authority_from_value, Rule.AUTHORITY_FROM_VALUE, id="from_template, '//'"),
    pytest.param(_value_writes_syntax, Rule.VALUE_IS_DATA, id="link, '?' from a value"),
    pytest.param(_empty_authority_from_value, Rule.AUTHORITY_FROM_VALUE,
                 id="route link starting with //"),
    pytest.param(_resolve_against_relative, Rule.BASE_NEEDS_SCHEME, id="resolve, path base"),
    pytest.param(_resolve_against_network_path, Rule.BASE_NEEDS_SCHEME,
                 id="resolve, network-path base"),
    pytest.param(_relative_to_relative, Rule.BASE_NEEDS_SCHEME, id="relative_to"),
    pytest.param(_frozen_relative_to_relative, Rule.BASE_NEEDS_SCHEME,
                 id="FrozenURI.relative_to"),
]

RESOLVE_RULES = {Rule.BASE_NEEDS_SCHEME}


@pytest.mark.parametrize(("edit", "rule"), RULES)
def test_error_carries_its_rule(edit: Edit, rule: Rule) -> None:
    """Each edit that breaks a rule raises the error of its operation (ResolveError
    for a base, BuildError for the rest) carrying that rule, and the message names the
    rule and where it is written."""
    with pytest.raises(URIError) as info:
        edit()
    error = info.value
    assert type(error) is (ResolveError if rule in RESOLVE_RULES else BuildError)
    assert isinstance(error, (BuildError, ResolveError))
    assert error.rule is rule
    message = str(error)
    said = f"{rule.statement} ({rule.section})"
    assert message.startswith(said) or message.endswith(f"as a base: {said}")


def test_every_rule_has_a_case() -> None:
    """The table above covers every member of Rule, so a new rule needs a case."""
    covered = {param.values[1] for param in RULES}  # type: ignore[attr-defined]
    assert covered == set(Rule)


def test_rule_values_are_stable_names() -> None:
    """A rule's value is a lower-case name that looks the member up again, distinct
    for each member."""
    for rule in Rule:
        assert re.fullmatch("[a-z]+(-[a-z]+)*", rule.value)
        assert rule.value == rule.name.lower().replace("_", "-")
        assert Rule(rule.value) is rule
    assert len({rule.value for rule in Rule}) == len(Rule)


def test_rule_words_are_a_message_fragment() -> None:
    """Each statement is lower-case with no trailing period, and each section names
    the document and the section sign."""
    for rule in Rule:
        assert rule.statement[0].islower()
        assert not rule.statement.endswith(".")
        assert re.fullmatch(r"(RFC 3986|WHATWG URL) §\d+(\.\d+)*|WHATWG URLPattern generate\(\)",
                            rule.section)


def test_build_error_message_is_built_from_its_attributes() -> None:
    """The message is the rule's statement, its section and the detail: nothing in it
    that the attributes do not hold."""
    for rule in Rule:
        for detail in ("", "do this instead"):
            error = BuildError(rule, detail)
            assert (error.rule, error.detail) == (rule, detail)
            said = f"{rule.statement} ({rule.section})"
            assert str(error) == (f"{said}: {detail}" if detail else said)


def test_resolve_error_shows_the_base_masked() -> None:
    """A base with a password is shown masked, in the attribute and the message."""
    with pytest.raises(ResolveError) as info:
        URI.parse("//joe:secret@h/a").resolve("g")
    assert info.value.base == "//joe:***@h/a"
    assert "'//joe:***@h/a'" in str(info.value)
    with pytest.raises(ResolveError) as info:
        URI.parse("http://h/").relative_to("//joe:secret@h/a")
    assert info.value.base == "//joe:***@h/a"


@pytest.mark.parametrize(("edit", "rule"), [
    pytest.param(lambda u: u.set(userinfo="joe:secret"), Rule.USERINFO_NEEDS_HOST,
                 id="set userinfo"),
    pytest.param(lambda u: u.set_text(userinfo="joe:secret"), Rule.USERINFO_NEEDS_HOST,
                 id="set_text userinfo"),
])
def test_build_error_holds_no_password(edit: Callable[[URI], object], rule: Rule) -> None:
    """Userinfo that is refused is not in the error."""
    with pytest.raises(BuildError) as info:
        edit(URI.parse("/a"))
    assert info.value.rule is rule
    assert "secret" not in str(info.value)
    assert "secret" not in repr(info.value)


def test_build_error_removing_host_holds_no_password() -> None:
    """Removing the host under a password does not show the password."""
    with pytest.raises(BuildError) as info:
        URI.parse("http://joe:secret@h:1/").set(host=None)
    assert "secret" not in str(info.value)
    assert "secret" not in repr(info.value)
    assert "secret" not in info.value.detail


# --- the kinds of failure that had no class of their own ---------------------------

_WIN = True
_POSIX = False


class _DigitDrive(PureWindowsPath):
    """A Windows path on the drive "1:", which Python 3.12's pathlib reads from
    ``1:\\x`` and Python 3.11's does not: the same path on every version."""

    @property
    def drive(self) -> str:
        return "1:"

    def is_absolute(self) -> bool:
        return True


def _to_path(text: str, windows: bool) -> Edit:
    return lambda: URI.parse(text).to_path(windows=windows)


# Each raise site in file.py, with the component it names and the text it shows.
FILE_PATH_FAILURES = [
    pytest.param(lambda: path_to_components(_DigitDrive("x")), "drive", "1:",
                 id="drive neither letter nor UNC"),
    pytest.param(_to_path("file:///a%2Fb", _POSIX), "segment", "a%2Fb", id="%2F"),
    pytest.param(_to_path("file:///a%00b", _POSIX), "segment", "a%00b", id="%00"),
    pytest.param(_to_path("file:///C:/a%5Cb", _WIN), "segment", "a%5Cb", id="%5C windows"),
    pytest.param(_to_path("file:///C:/a%FF", _WIN), "segment", "a%FF", id="not UTF-8 windows"),
    pytest.param(_to_path("https://h/x", _POSIX), "scheme", "https", id="scheme"),
    pytest.param(_to_path("file:///x?q", _POSIX), "query", None, id="query"),
    pytest.param(_to_path("file:///x#f", _WIN), "fragment", None, id="fragment"),
    pytest.param(_to_path("file://u@h/x", _WIN), "userinfo", None, id="userinfo"),
    pytest.param(_to_path("file://h:1/x", _WIN), "port", None, id="port"),
    pytest.param(_to_path("//server/share", _WIN), "host", "server", id="network-path"),
    pytest.param(_to_path("/etc/hosts", _POSIX), "path", "/etc/hosts",
                 id="relative reads as absolute"),
    pytest.param(_to_path("file://server/share", _POSIX), "host", "server",
                 id="host not this machine"),
    pytest.param(_to_path("file://%2F/share", _WIN), "host", "%2F", id="host not UNC"),
    pytest.param(lambda: components_to_path(Components("file", None, "", None, "/C|/x",
                                                       None, None), windows=False),
                 "path", "/C|/x", id="legacy bar drive"),
    pytest.param(_to_path("file:a/b", _POSIX), "path", "a/b", id="no absolute path"),
]


@pytest.mark.parametrize(("convert", "component", "text"), FILE_PATH_FAILURES)
def test_file_path_failure_is_a_file_path_error(convert: Edit, component: str,
                                                 text: str | None) -> None:
    """A URI that names no path, or a path no URI names, raises FilePathError (a
    URIError and a ValueError) naming the component in the way and its text."""
    with pytest.raises(FilePathError) as info:
        convert()
    error = info.value
    assert isinstance(error, URIError)
    assert isinstance(error, ValueError)
    assert (error.component, error.text) == (component, text)
    shown = component if text is None else f"{component} {text!r}"
    assert str(error) == f"{shown} {error.reason}"


def test_file_path_error_holds_no_password() -> None:
    """Userinfo in a file URI is refused without showing it."""
    with pytest.raises(FilePathError) as info:
        URI.parse("file://joe:secret@h/x").to_path(windows=False)
    assert info.value.text is None
    assert "secret" not in str(info.value)
    assert "secret" not in repr(info.value)


def _text_path() -> object:
    uri = URI.parse("http://h/")
    uri.text.path = "/a\ud800"
    return uri


def _text_segment() -> object:
    return URI.parse("http://h/").add_segments_text("ab\udfff")


# Each way text reaches a raise site of an unencodable character, with the characters
# and position the error names.
ENCODING_FAILURES = [
    pytest.param(lambda: encode("ab\ud800", "segment"), "\ud800", 2, id="encode"),
    pytest.param(lambda: encode("x\udcc3\udca9", "query"), "\udcc3\udca9", 1,
                 id="encode, escapes that form UTF-8"),
    pytest.param(_text_path, "\ud800", 2, id="text.path"),
    pytest.param(_text_segment, "\udfff", 2, id="add_segments_text"),
    pytest.param(lambda: URI.parse("/").set_text(fragment="\udbff"), "\udbff", 0,
                 id="set_text fragment"),
    pytest.param(lambda: pct_utf8("é\ud800"), "\ud800", 1, id="pct_utf8"),
    pytest.param(lambda: iri_to_uri("http://h/é\udc80"), "\udc80", 2, id="iri_to_uri"),
    pytest.param(lambda: URI.from_iri("/é?\ud801"), "\ud801", 0, id="URI.from_iri"),
    pytest.param(lambda: repair("/a/\udc80"), "\udc80", 3, id="repair"),
    pytest.param(lambda: URI.parse_lenient("http://h/\ud800 "), "\ud800", 9,
                 id="URI.parse_lenient"),
    pytest.param(lambda: path_to_components(PureWindowsPath("C:/a\udc80b")), "\udc80", 1,
                 id="windows file name"),
    pytest.param(lambda: URI.from_path(PurePosixPath("/a/b\ud800")), "\ud800", 1,
                 id="posix file name"),
]


@pytest.mark.parametrize(("convert", "text", "position"), ENCODING_FAILURES)
def test_unencodable_text_is_an_encoding_error(convert: Edit, text: str,
                                               position: int) -> None:
    """Text with no UTF-8 octets raises EncodingError (a URIError and a ValueError)
    naming the characters and their position, never the whole text."""
    with pytest.raises(EncodingError) as info:
        convert()
    error = info.value
    assert isinstance(error, URIError)
    assert isinstance(error, ValueError)
    assert (error.text, error.position) == (text, position)
    assert str(error) == f"cannot encode {text!r} at position {position}: {error.reason}"


@pytest.mark.parametrize("convert", [
    pytest.param(lambda: URI.parse("http://h/").set_text(userinfo="joe:secret\ud800"),
                 id="set_text userinfo"),
    pytest.param(lambda: encode("joe:secret\ud800", "userinfo"), id="encode"),
    pytest.param(lambda: repair("http://joe:secret@h\ud800/"), id="repair"),
    pytest.param(lambda: URI.parse_lenient("http://joe:secret@h/\udc80"),
                 id="parse_lenient"),
    pytest.param(lambda: iri_to_uri("http://joe:secret\ud800@é/"), id="iri_to_uri"),
])
def test_encoding_error_holds_no_password(convert: Edit) -> None:
    """The error names the offending characters only, so a password near them stays
    out of the message, the repr and the attributes."""
    with pytest.raises(EncodingError) as info:
        convert()
    error = info.value
    assert "secret" not in str(error)
    assert "secret" not in repr(error)
    assert "secret" not in error.text


def test_unknown_component_is_still_a_uri_error() -> None:
    """A component name outside :data:`urikit.Component` stays a plain URIError: a
    caller's slip the type checker catches, not a kind of bad text."""
    with pytest.raises(URIError, match="unknown component 'bogus'") as info:
        encode("x", "bogus")  # type: ignore[arg-type]
    assert type(info.value) is URIError


# --- the error classes themselves ---------------------------------------------------

ERRORS = [
    pytest.param(BuildError(Rule.PATH_NEEDS_ROOT, "edit from index 1"), id="BuildError"),
    pytest.param(BuildError(Rule.ROOT_MARKER_ALONE), id="BuildError without detail"),
    pytest.param(ResolveError(Rule.BASE_NEEDS_SCHEME, "//joe:***@h/"), id="ResolveError"),
    pytest.param(FilePathError("host", "h", "is not this machine"), id="FilePathError"),
    pytest.param(FilePathError("query", None, "would be lost"), id="FilePathError no text"),
    pytest.param(EncodingError("\ud800", 3, "a lone surrogate"), id="EncodingError"),
    pytest.param(ParseError("a b", 1, "path", "invalid character ' '"), id="ParseError"),
    pytest.param(IDNAError("a..b", "", "empty label"), id="IDNAError"),
]


@pytest.mark.parametrize("error", ERRORS)
@pytest.mark.parametrize("clone", [
    pytest.param(lambda e: pickle.loads(pickle.dumps(e)), id="pickle"),
    pytest.param(copy.copy, id="copy"),
    pytest.param(copy.deepcopy, id="deepcopy"),
])
def test_errors_survive_pickling_and_copying(error: URIError,
                                             clone: Callable[[URIError], URIError]) -> None:
    """An error comes back from pickle and copy with the same class, attributes and
    message (so it crosses process boundaries, as in urikit.distributed)."""
    back = clone(error)
    assert type(back) is type(error)
    assert vars(back) == vars(error)
    assert str(back) == str(error)
    assert back.args == error.args


@pytest.mark.parametrize("kind", [BuildError, ResolveError, FilePathError, EncodingError])
def test_new_errors_are_uri_errors(kind: type[URIError]) -> None:
    """Each class is a URIError, so ``except URIError`` and ``except ValueError`` keep
    catching everything urikit raises for bad input."""
    assert issubclass(kind, URIError)
    assert issubclass(kind, ValueError)


def _uri_error_calls() -> list[tuple[str, str]]:
    """Every call of the bare ``URIError(...)`` in src, as (module, function)."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id == "URIError"):
                    found.append((path.relative_to(SRC).as_posix(), function.name))
    return found


def test_no_failure_raises_the_bare_uri_error() -> None:
    """Every failure of bad input raises a specific class; the bare URIErrors left are
    the unknown component name of encode and decode (a caller's slip) and the DataFrame
    columns' error (one for pairs, one for single values, one for a URL built from
    parts), which names the method, the
    row's masked values and the engine's error in its message alone: Polars rebuilds an
    exception raised in a column function from its message, and a specific class
    (whose constructor takes its facts) would come back as a ``TypeError``; and a line
    of the command line's ``build`` that is no JSON object of parts (or whose part has
    the wrong JSON type, or whose built URL a rule refuses, said with the part's name
    instead of a position in the line): no rule of RFC 3986 names a JSON slip, and the
    error record gives its kind and message only."""
    assert _uri_error_calls() == [("_batch/columns.py", "results"),
                                  ("_batch/columns.py", "results"),
                                  ("_batch/columns.py", "built"),
                                  *[("_batch/operations.py", "parts_of")] * 4,
                                  *[("_batch/operations.py", "_build")] * 2,
                                  ("_core/percent.py", "_unknown")]
