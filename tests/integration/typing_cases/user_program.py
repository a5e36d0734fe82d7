"""A user's program, as an editor checks it: the types every checker gives the classes,
their views, the builders and the public functions (``assert_type``, the checked form
of ``reveal_type``: a line whose type differs is an error), then ordinary mistakes, each
reported on its own line by both mypy and pyright (after ``# E:``, mypy's error codes,
then after ``|`` pyright's rules; tests/integration/test_typing.py runs both)."""

from __future__ import annotations

import urllib.parse
from pathlib import PurePath

from typing_extensions import assert_type

import urikit
from urikit import (
    URI,
    CanonicalOptions,
    Components,
    FrozenURI,
    HostKind,
    NormalizeOptions,
    Origin,
    PathSegments,
    QueryParams,
    ReadOnlyParams,
    ReadOnlyPath,
    ReadOnlyText,
    Repaired,
    TextView,
)


def classes() -> None:
    uri = URI.parse("http://u:p@h:8080/a/b?x=1#f")
    frozen = FrozenURI.parse("http://h/a")
    assert_type(uri, URI)
    assert_type(frozen, FrozenURI)
    assert_type(URI(scheme="http", host="h", path="/a"), URI)
    assert_type(URI.parse_lenient(" http://h/ "), URI)
    assert_type(FrozenURI.parse_lenient("http://h/", base=frozen), FrozenURI)
    assert_type(URI.from_iri("http://h/\u00e9"), URI)
    assert_type(FrozenURI.from_path("/srv/www/"), FrozenURI)
    assert_type(URI.from_template("http://h/{x}", {"x": "1"}), URI)
    assert_type(FrozenURI.from_split(("http", "h", "/", "", "")), FrozenURI)
    assert_type(uri.freeze(), FrozenURI)
    assert_type(frozen.thaw(), URI)
    assert_type(uri.copy(), URI)


def components(uri: URI, frozen: FrozenURI) -> None:
    for u in (uri, frozen):
        assert_type(u.scheme, str | None)
        assert_type(u.userinfo, str | None)
        assert_type(u.host, str | None)
        assert_type(u.port, int | None)
        assert_type(u.has_port, bool)
        assert_type(u.query, str | None)
        assert_type(u.fragment, str | None)
        assert_type(u.is_relative, bool)
        assert_type(u.authority, str | None)
        assert_type(u.components, Components)
        assert_type(u.to_iri(), str)
        assert_type(u.to_path(), PurePath)
        assert_type(u.to_split(), urllib.parse.SplitResult)
        assert_type(u.to_redacted(), str)
        assert_type(u.to_display(), str)
        assert_type(u.origin(), Origin | None)
        assert_type(u.host_kind, HostKind | None)
        assert_type(u.equivalent("http://h/"), bool)
        assert_type(u.same_origin(frozen), bool)
        assert_type(str(u), str)


def views(uri: URI, frozen: FrozenURI) -> None:
    assert_type(uri.path, PathSegments)
    assert_type(uri.params, QueryParams)
    assert_type(uri.text, TextView)
    assert_type(uri.text.path, PathSegments)
    assert_type(uri.params.form, QueryParams)
    assert_type(frozen.path, ReadOnlyPath)
    assert_type(frozen.params, ReadOnlyParams)
    assert_type(frozen.text, ReadOnlyText)
    assert_type(frozen.text.path, ReadOnlyPath)
    assert_type(frozen.params.form, ReadOnlyParams)
    read_path: ReadOnlyPath = uri.path  # a URI's views are read-only views too
    read_params: ReadOnlyParams = uri.params
    read_text: ReadOnlyText = uri.text
    assert_type(read_path[0], str)
    assert_type(read_params.get("x"), str | None)
    assert_type(read_params.get("x", ""), str)
    assert_type(read_params.get_all("x"), list[str | None])
    assert_type(read_text.password, str | None)
    assert_type(uri.params.pop("x"), str | None)


def builders(uri: URI, frozen: FrozenURI) -> None:
    """A URI's builders edit it and return it; the FrozenURI builders whose type holds
    today are here, the rest are in frozen_builders.py."""
    assert_type(uri.set(scheme="https", port=None), URI)
    assert_type(uri.set_text(fragment="a b"), URI)
    assert_type(uri.add_segments("a", "b"), URI)
    assert_type(uri.add_segments_text("a b"), URI)
    assert_type(uri.add_param("a", 1), URI)
    assert_type(uri.set_param("a", None), URI)
    assert_type(uri.discard_param("a"), URI)
    assert_type(uri / "a", URI)
    assert_type(uri.normalize(NormalizeOptions(ipv6_canonical=True)), URI)
    assert_type(uri.resolve("../x"), URI)
    assert_type(uri.relative_to(frozen), URI)
    assert_type(frozen.normalize(), FrozenURI)
    assert_type(frozen.resolve(uri), FrozenURI)
    assert_type(frozen.relative_to("http://h/"), FrozenURI)


def functions(uri: URI, frozen: FrozenURI) -> None:
    assert_type(urikit.is_valid("http://h/"), bool)
    assert_type(urikit.normalize("HTTP://h/"), str)
    assert_type(urikit.resolve("http://h/a", "b"), str)
    assert_type(urikit.remove_dot_segments("/a/../b"), str)
    assert_type(urikit.encode("a b", "path"), str)
    assert_type(urikit.decode("a%20b", "path"), str)
    assert_type(urikit.encode_query({"a": "1"}), str | None)
    assert_type(urikit.repair(" http://h/ "), Repaired)
    assert_type(urikit.canonicalize(frozen, CanonicalOptions(drop_tracking=True)), str)
    assert_type(urikit.canonicalize(uri), str)
    assert_type(urikit.safe_redirect("/next", frozen), URI | None)
    assert_type(urikit.iri_to_uri("http://h/\u00e9"), str)
    assert_type(urikit.uri_to_iri("http://h/%C3%A9"), str)
    assert_type(urikit.host_to_ascii("b\u00fccher.example"), str)
    assert_type(urikit.host_to_unicode("xn--bcher-kva.example"), str)
    assert_type(urikit.host_kind("127.0.0.1"), HostKind)
    assert_type(urikit.is_ambiguous_ipv4("0x7f.1"), bool)
    assert_type(urikit.PublicSite("https://shop.example/app").root, FrozenURI | None)
    assert_type(urikit.PublicSite(frozen).proxies, urikit.TrustedProxies)


def mistakes(uri: URI, frozen: FrozenURI) -> None:
    """Ordinary mistakes: each is reported by both checkers, on its own line."""
    frozen.scheme = "https"  # E: misc | reportAttributeAccessIssue
    frozen.path.append("x")  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    uri.port = "80"  # E: assignment | reportAttributeAccessIssue
    URI.parse(1)  # E: arg-type | reportArgumentType
    uri.fragment.upper()  # E: union-attr | reportOptionalMemberAccess
    uri.add_segment("x")  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.params["a"] = "1"  # E: index | reportIndexIssue
    frozen.text.fragment = "g"  # E: misc | reportAttributeAccessIssue


def more_mistakes(uri: URI, frozen: FrozenURI) -> None:
    fragment: str = uri.fragment  # E: assignment | reportAssignmentType
    len(uri.query)  # E: arg-type | reportArgumentType
    uri.set(port="80")  # E: arg-type | reportArgumentType
    URI.parse("http://h/", allow_zone=True)  # E: call-arg | reportCallIssue
    uri.normalize(case=False)  # E: call-arg | reportCallIssue
    uri.resolve(1)  # E: arg-type | reportArgumentType
    urikit.normalize(uri)  # E: arg-type | reportArgumentType
    urikit.encode("a b", "paths")  # E: arg-type | reportArgumentType
    uri.path = 3  # E: assignment | reportAttributeAccessIssue
    uri.params["a"] = object()  # E: assignment | reportArgumentType
    frozen.path[1] = "x"  # E: index | reportIndexIssue
    frozen.params.form.add("a", "1")  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    uri.freeze().thaw().freeze().port = 1  # E: misc | reportAttributeAccessIssue
    URI.parse("http://h/").thaw()  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    urikit.PublicSite(proxies=1)  # E: arg-type | reportArgumentType
    print(fragment)
