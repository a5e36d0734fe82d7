"""The operations of 0.6 in the one table: query parameters, the site's parts, decoded
components, segments and labels, each against an outside reading (urllib's, the
Python API's), with the charset of a query's octets (issue 44)."""

from __future__ import annotations

import random
import typing
import urllib.parse
from typing import Final

import pytest

from urikit import URI, URIError, public_suffix, registrable_domain
from urikit._batch import columns
from urikit._batch.engine import apply, cell
from urikit._batch.operations import Command, Operation

SEED: Final = 44
COUNT: Final = 2000


def _op(command: Command, argument: str = "", charset: str = "utf-8") -> Operation:
    return Operation(command, show_password=True, argument=argument, charset=charset)


def _queries() -> list[str]:
    """:data:`COUNT` queries built with a fixed seed from keys and values with
    percent-encoded UTF-8, reserved characters, empty values and keys without "="
    ("+" left out: urllib reads it as a space, as a form does, and RFC 3986 does not)."""
    rng = random.Random(SEED)
    atoms = ["a", "utm_source", "%20", "%C3%A9", "%26", "%3D", "x", "", "%2B", "%E2%82%AC",
             "=", "b%2Fc"]
    queries: list[str] = []
    for _ in range(COUNT):
        pairs = []
        for _ in range(rng.randrange(0, 5)):
            key = "".join(rng.choice(atoms[:7]) for _ in range(rng.randrange(1, 3)))
            if rng.random() < 0.2:
                pairs.append(key)
            else:
                value = "".join(rng.choice(atoms) for _ in range(rng.randrange(0, 4)))
                pairs.append(f"{key}={value}")
        queries.append("&".join(pairs))
    return queries


def test_query_operations_agree_with_urllib() -> None:
    """On 2,000 generated queries, query_pairs, query_values and query_param give the
    pairs urllib.parse.parse_qsl gives (blank values kept; a key without "=" has the
    value ``None`` here, ``""`` there), decoded once, in order."""
    for query in _queries():
        url = f"http://h/p?{query}"
        pairs = typing.cast("list[dict[str, str | None]]", apply(_op(Command.QUERY_PAIRS), url))
        theirs = urllib.parse.parse_qsl(query, keep_blank_values=True,
                                        errors="strict")
        mine = [(p["key"], p["value"]) for p in pairs if p["key"] or p["value"] is not None]
        assert [(k, v or "") for k, v in mine] == theirs, query
        for key in {k for k, _ in theirs}:
            values = [v for k, v in mine if k == key]
            assert apply(_op(Command.QUERY_VALUES, key), url) == values
            assert apply(_op(Command.QUERY_PARAM, key), url) == values[0]
        assert apply(_op(Command.QUERY_PARAM, "absent"), url) is None
        assert apply(_op(Command.QUERY_VALUES, "absent"), url) == []


def test_undefined_and_empty_queries() -> None:
    """No query gives no pairs (null); an empty query an empty list."""
    assert apply(_op(Command.QUERY_PAIRS), "http://h/") is None
    assert apply(_op(Command.QUERY_PAIRS), "http://h/?") == []


@pytest.mark.parametrize("charset", ["windows-1251", "shift_jis", "gbk", "latin-1"])
def test_a_named_charset_decodes_the_octets_exactly(charset: str) -> None:
    """A query written in another charset reads back as urllib decodes it with that
    charset, strictly; UTF-8 refuses the same octets as an error at the first run it
    cannot decode, never with a replacement character."""
    word = {"windows-1251": "привет", "shift_jis": "日本語", "gbk": "中文",
            "latin-1": "café"}[charset]
    escaped = urllib.parse.quote(word, encoding=charset)
    url = f"http://h/?q={escaped}&q=x"
    assert apply(_op(Command.QUERY_PARAM, "q", charset), url) == word
    assert apply(_op(Command.QUERY_VALUES, "q", charset), url) == [word, "x"]
    decoded = typing.cast("dict[str, str]", apply(_op(Command.DECODED, charset=charset), url))
    assert decoded["query"] == f"q={word}&q=x"
    error = cell(Operation(Command.QUERY_PARAM, argument="q"), url).error
    assert error is not None
    assert (error.kind, error.position) == ("invalid-query", url.index("%"))
    assert "not utf-8" in error.message
    with pytest.raises(URIError):
        apply(_op(Command.QUERY_PAIRS), url)
    for command in (Command.QUERY_PAIRS, Command.DECODED, Command.SEGMENTS):
        record = cell(_op(command), url.replace("?", "/x?") + escaped)
        assert "\ufffd" not in str(record.output)


def test_octets_a_charset_refuses_are_an_error() -> None:
    """Shift_JIS refuses "%FF%FF": an error at its position, not a replacement."""
    error = cell(Operation(Command.QUERY_VALUES, argument="q", charset="shift_jis"),
                 "http://h/?q=%82%A0&q=%FF%FF").error
    assert error is not None
    assert (error.kind, error.position) == ("invalid-query", 21)
    with pytest.raises(ValueError, match="unknown charset"):
        Operation(Command.QUERY_PARAM, argument="q", charset="no-such-charset")


def test_decoded_components_and_segments_are_the_text_views() -> None:
    """decoded, segments and host_labels give what ``uri.text`` gives (``%2F`` in a
    segment decoded in the list, a "/" in the whole path's text)."""
    text = "http://J%C3%B6e@WWW.Example.com:80/a%2Fb/c%20d?q=%C3%A9#f%20"
    uri = URI.parse(text)
    decoded = apply(_op(Command.DECODED), text)
    assert decoded == {"scheme": "http", "userinfo": uri.text.userinfo, "host": uri.text.host,
                       "port": "80", "path": str(uri.text.path), "query": uri.text.query,
                       "fragment": uri.text.fragment}
    assert apply(_op(Command.SEGMENTS), text) == list(uri.text.path) == ["", "a/b", "c d"]
    assert apply(_op(Command.HOST_LABELS), text) == ["WWW", "Example", "com"]
    assert apply(_op(Command.HOST_LABELS), "http://[::1]/") is None


@pytest.mark.parametrize("host", ["www.example.co.uk", "a.b.alice.github.io", "co.uk",
                                  "192.0.2.1", "Bücher.example", "example.com"])
def test_site_parts_are_the_python_functions(host: str) -> None:
    """registrable_domain and public_suffix are urikit's functions on the host (the
    Public Suffix List); the subdomain is what stands before the registrable domain."""
    pytest.importorskip("publicsuffixlist")
    url = f"http://{URI.from_iri('http://' + host).host}/"
    domain = registrable_domain(host)
    assert apply(_op(Command.REGISTRABLE_DOMAIN), url) == domain
    assert apply(_op(Command.PUBLIC_SUFFIX), url) == public_suffix(host)
    sub = apply(_op(Command.SUBDOMAIN), url)
    if domain is None:
        assert sub is None
    else:
        assert isinstance(sub, str)
        assert ".".join(filter(None, (sub, domain))) == str(URI.parse(url).host).lower()


def test_in_domain_is_the_uri_method() -> None:
    """in_domain asks :meth:`URI.in_domain`'s rule, label by label."""
    for url in ("http://a.Example.com/", "http://example.com.evil/", "http://xexample.com/",
                "mailto:a@b"):
        assert apply(_op(Command.IN_DOMAIN, "example.com"), url) == URI.parse(url).in_domain(
            "example.com")


def test_the_method_list_is_the_table() -> None:
    """The names a type checker sees (``columns.Method``) are the table's methods, in
    its order, and every method that fails has a ``try_`` twin."""
    assert list(typing.get_args(columns.Method)) == list(columns.METHODS)
    assert set(columns.FAILING) == set(columns.METHODS) - {"is_valid"}
    assert Command.EXPLAIN not in columns.METHODS.values()


def test_a_default_scheme_is_a_lenient_reading_of_values_alone() -> None:
    """A default scheme reads leniently (it sets ``lenient``), gives the repairs at
    their places in the value as read, and is refused for the pairs of resolve and
    relative and when it is no scheme."""
    op = Operation(Command.NORMALIZE, default_scheme="https", show_password=True)
    assert op.lenient
    record = cell(op, " www.Site.com/a b")
    assert record.output == "https://www.site.com/a%20b"
    assert [(c.position, c.original) for c in record.repairs] == [(15, " ")]
    error = cell(op, "a b.example/").error
    assert error is not None
    assert error.position is None  # in the repaired text, which has the scheme
    assert apply(op, "/p") == "/p"
    for command in (Command.RESOLVE, Command.RELATIVE):
        with pytest.raises(ValueError, match="no default_scheme"):
            Operation(command, default_scheme="https")
    with pytest.raises(ValueError, match="must be a scheme"):
        Operation(Command.NORMALIZE, default_scheme="h s")


def test_every_front_end_has_every_operation() -> None:
    """Each method of the table is a method of the Polars namespace and of the pandas
    accessor, with its ``try_`` twin where it fails, a DuckDB function, and a command
    of the command line: none is left out of a front end."""
    polars = pytest.importorskip("urikit.polars")
    pandas = pytest.importorskip("urikit.pandas")
    duckdb = pytest.importorskip("duckdb")
    from urikit._cli.command import _parser
    from urikit.duckdb import register

    names = set(register(duckdb.connect()))
    commands = set(typing.cast("typing.Any", _parser()._subparsers)._group_actions[0].choices)
    for method, command in columns.METHODS.items():
        twins = [method, f"try_{method}"] if method in columns.FAILING else [method]
        for name in twins:
            assert callable(getattr(polars.URIExpr, name)), name
            assert callable(getattr(pandas.URIAccessor, name)), name
        assert {f"urikit_{method}", *(f"try_urikit_{method}" for _ in twins[1:])} <= names
        if command not in (Command.RESOLVE, Command.RELATIVE, Command.VALIDATE):
            assert command.value.replace("_", "-") in commands, command


def test_components_reads_the_text_before_masking_it() -> None:
    """A password with a space in it is no URI-reference: components refuses it when
    it masks secrets too (it read the masked text, valid, and gave a result), so that
    the command line's table, which reads a row again masked on error, has its error."""
    text = "http://joe:S3 CRET@h/"
    for show in (False, True):
        error = cell(Operation(Command.COMPONENTS, show_password=show), text).error
        assert error is not None
        assert error.kind == "invalid-userinfo"
    shown = apply(Operation(Command.COMPONENTS), "http://joe:S3CRET@h/?token=T")
    assert shown == {"scheme": "http", "userinfo": "joe:***", "host": "h", "port": None,
                     "path": "/", "query": "token=***", "fragment": None}
