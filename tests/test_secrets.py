"""No secret reaches a person: every entry point and error path, fed every shape a browser
reads a password from, shows no password and no secret query value.

The one masking rule (``urikit._whatwg.masking``) is asked by the errors (the function
and the method alike), ``repr`` of the public types, ``redacted()``, the pydantic
types' messages and context, and the command line (``tests/cli/test_faults.py`` runs
the same shapes through it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from tests.budget import examples
from tests.cli.test_faults import SHAPES
from urikit import URI, FrozenURI

SECRET: Final = "S3CRET"
BASE: Final = "https://h.example/a/b"

#: every shape with a password, as it is, made invalid (" x"), and with secret query
#: values (the secret written in the value of a default name and of an added one)
TEXTS: Final = [*SHAPES, *(f"{s} x" for s in SHAPES),
                *(f"{s}?q=1&token={SECRET}&Sig={SECRET}" for s in SHAPES),
                f"https://h/?access_token={SECRET}", f"//h/p?api_key={SECRET}#f",
                f"https://h/ x?password={SECRET}",
                # issue 42: a user name standing for a token, bracketed and encoded keys,
                # the fragment of OAuth's implicit flow (and of a route with a query)
                f"https://{SECRET}@h/", f"wss://{SECRET}:@h/x y", f"http:\\{SECRET}@h/",
                f"https://h/?token%5B%5D={SECRET}", f"https://h/?api%5Fkey={SECRET}",
                f"https://h/?token[]={SECRET}", f"https://h/?user[password]={SECRET}",
                f"https://h/cb#access_token={SECRET}&state=s",
                f"https://h/#/cb?id_token={SECRET}", f"https://h/ x#token={SECRET}"]


def _entry_points() -> dict[str, Callable[[str], object]]:
    return {
        "URI.parse": URI.parse,
        "FrozenURI.parse": FrozenURI.parse,
        "URI.parse_lenient": URI.parse_lenient,
        "FrozenURI.parse_lenient": FrozenURI.parse_lenient,
        "URI.parse_lenient as base": lambda t: URI.parse_lenient("x", base=t),
        "URI.from_iri": URI.from_iri,
        "resolve as base": lambda t: urikit.resolve(t, "x"),
        "resolve as reference": lambda t: urikit.resolve(BASE, t),
        "URI.resolve as base": lambda t: URI.parse(t).resolve("x"),
        "URI.resolve as reference": lambda t: URI.parse(BASE).resolve(t),
        "FrozenURI.resolve as base": lambda t: FrozenURI.parse(t).resolve("x"),
        "URI.relative_to": lambda t: URI.parse(BASE).relative_to(t),
        "normalize": urikit.normalize,
        "URI.normalize": lambda t: URI.parse(t).normalize(),
        "repair": urikit.repair,
        "Change": lambda t: tuple(urikit.repair(t).changes),
        "canonicalize": urikit.canonicalize,
        "iri_to_uri": urikit.iri_to_uri,
        "uri_to_iri": urikit.uri_to_iri,
        "safe_redirect as base": lambda t: urikit.safe_redirect("/x", t),
        "same_origin": lambda t: URI.parse(BASE).same_origin(t),
    }


def _shown(value: object) -> list[str]:
    """What a person may see of ``value``: its repr, and for a URI its redacted text,
    its display and the repr of its views; nothing of a ``str``, the text the caller
    asked for (nor of ``components``, the wire-form data)."""
    if isinstance(value, str):
        return []
    shown = [repr(value)]
    if isinstance(value, (URI, FrozenURI)):
        shown += [value.to_redacted(), value.to_display(), repr(value.path), repr(value.params),
                  repr(value.text), repr(value.text.path)]
    return shown


@pytest.mark.parametrize("name", list(_entry_points()))
def test_no_entry_point_shows_a_secret(name: str) -> None:
    """Each entry point, on every text: its result's repr (a URI's redacted text and
    display too) and its error's message, repr and attributes (``text`` aside: the
    text rejected, a fact for the caller) hold no secret."""
    call = _entry_points()[name]
    for text in TEXTS:
        try:
            result = call(text)
        except urikit.URIError as exc:
            shown = [str(exc), repr(exc), *(v for k, v in vars(exc).items() if k != "text")]
        else:
            shown = _shown(result)
        assert not any(SECRET in str(s) for s in shown), (name, text, shown)


_FIELDS: Final = ("AbsoluteURI", "AbsoluteFrozenURI", "HttpURI", "HttpFrozenURI",
                  "LenientURI", "LenientFrozenURI", "LenientHttpURI", "LenientHttpFrozenURI")


@pytest.mark.parametrize("field", _FIELDS)
def test_no_pydantic_error_shows_a_secret(field: str) -> None:
    """Each pydantic type, on every text: the message and the context of each error
    hold no secret (pydantic's own ``input`` aside: docs/pydantic.md), nor does the
    repr of a value it accepts."""
    pydantic = pytest.importorskip("pydantic")
    adapter = pydantic.TypeAdapter(getattr(urikit, field))
    errors = 0
    for text in TEXTS:
        try:
            value = adapter.validate_python(text)
        except pydantic.ValidationError as exc:
            errors += 1
            for error in exc.errors(include_url=False, include_input=False):
                assert SECRET not in f"{error['msg']} {error.get('ctx')}", (field, text, error)
        else:
            assert SECRET not in repr(value), (field, text)
    assert errors > 0 or field in ("LenientURI", "LenientFrozenURI")  # they take any text


def test_the_hunts_examples_are_masked() -> None:
    """Issue 37's examples: the function and the method alike, pydantic, Repaired."""
    with pytest.raises(urikit.ResolveError) as info:
        urikit.resolve("///joe:S3CRET@h/", "x")
    assert str(info.value) == ("cannot use '///joe:***@h/' as a base: a base URI must have "
                               "a scheme (RFC 3986 §5.1)")
    assert info.value.base == "///joe:***@h/"
    assert repr(urikit.repair("http://joe:S3CRET@h/ x")) == (
        "Repaired(text='http://joe:***@h/%20x', changes=(Change(position=20, "
        "component='path', original=' ', replacement='%20'),))")
    pydantic = pytest.importorskip("pydantic")
    for field in ("HttpURI", "HttpFrozenURI"):
        with pytest.raises(pydantic.ValidationError) as caught:
            pydantic.TypeAdapter(getattr(urikit, field)).validate_python("http:///joe:S3CRET@h/")
        (error,) = caught.value.errors(include_url=False)
        assert error["ctx"] == {"text": "http:///joe:***@h/"}


def test_a_change_in_the_userinfo_is_not_shown() -> None:
    """A change the repair made in the userinfo may be a character of a password: its
    repr shows where, not what."""
    (change,) = urikit.repair("http://joe:S3 CRET@h/").changes
    assert repr(change) == ("Change(position=13, component='userinfo', original='***', "
                            "replacement='***')")
    assert change.original == " "  # the fields keep the facts


# --- redacted(): secret query parameters ------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("https://h/?token=abc&sig=xyz", "https://h/?token=***&sig=***", id="issue 33"),
    pytest.param("https://h/?q=a&Access_Token=t#f", "https://h/?q=a&Access_Token=***#f",
                 id="any case, fragment kept"),
    pytest.param("https://h/?%74oken=t", "https://h/?%74oken=***", id="encoded key"),
    pytest.param("https://h/?token=&token&tokens=t", "https://h/?token=&token&tokens=t",
                 id="empty, absent, other name"),
    pytest.param("https://h/?a=1;password=p;b=2", "https://h/?a=1;password=***;b=2",
                 id="semicolon pairs"),
    pytest.param("https://joe:pw@h/?api_key=k=v", "https://joe:***@h/?api_key=***",
                 id="password and query"),
    pytest.param("https://h/token=t?x=token=t", "https://h/token=t?x=token=t",
                 id="path and value untouched"),
])
def test_redacted_masks_secret_query_values(text: str, expected: str) -> None:
    """The value of each secret parameter becomes ``***``, its key kept, so the text
    keeps its shape; everything else is left as written."""
    uri = URI.parse(text)
    assert uri.to_redacted() == expected
    assert repr(uri) == f"URI({expected!r})"
    assert repr(FrozenURI.parse(text)) == f"FrozenURI({expected!r})"


def test_redacted_takes_more_names() -> None:
    """``secrets`` adds names to the defaults, case-insensitively; the defaults stay."""
    uri = URI.parse("https://h/?ticket=t&Session_Key=s&token=x&q=1")
    assert uri.to_redacted(secrets=["TICKET", "session_key"]) == \
        "https://h/?ticket=***&Session_Key=***&token=***&q=1"
    assert uri.to_redacted() == "https://h/?ticket=t&Session_Key=s&token=***&q=1"
    assert "token" in urikit.SECRET_QUERY_PARAMETERS
    assert {"sig", "signature", "password", "secret", "api_key", "access_token"} <= \
        urikit.SECRET_QUERY_PARAMETERS


def test_an_added_name_with_brackets_is_a_secret_by_its_whole_name() -> None:
    """A name given with brackets (``user[pin]``) is a secret's, whole or as a part,
    one name at a time and among more than eight distinct keys (read at once)."""
    names = ["user[pin]"]
    few = URI.parse("https://h/?User%5Bpin%5D=1&user%5Bx%5D=2&pin=3")
    assert few.to_redacted(secrets=names) == \
        "https://h/?User%5Bpin%5D=***&user%5Bx%5D=2&pin=3"
    many = URI.parse("https://h/?" + "&".join(f"k{i}=v" for i in range(9))
                     + "&User%5Bpin%5D=1&a%5Btoken%5D=2&b%5Bc=3")
    assert many.to_redacted(secrets=names).endswith(
        "&User%5Bpin%5D=***&a%5Btoken%5D=***&b%5Bc=3")


@pytest.mark.parametrize("secrets", ["token", [1], [None]])
def test_redacted_refuses_names_of_another_type(secrets: object) -> None:
    """A name that is not a ``str`` (or a ``str`` given for the list) is a TypeError."""
    with pytest.raises(TypeError):
        URI.parse("https://h/?token=t").to_redacted(secrets=secrets)  # type: ignore[arg-type]


def test_the_views_mask_their_secrets() -> None:
    """The reprs of the path, query and text views mask a password a browser reads
    in the path and the values of secret parameters, keeping their keys."""
    uri = FrozenURI.parse("http:joe:S3CRET@h/a?q=1&token=S3CRET")
    assert repr(uri.path) == "PathSegments(['joe:***@h', 'a'])"
    assert repr(uri.params) == "QueryParams([('q', '1'), ('token', '***')])"
    assert repr(uri.text) == ("TextView(user=None, host=None, path=['joe:***@h', 'a'], "
                              "query='q=1&token=***', fragment=None)")
    assert list(uri.path) == ["joe:S3CRET@h", "a"]  # the values keep the facts


def test_an_error_masks_secret_query_values() -> None:
    """An error that shows a URI shows it redacted: the query's secrets too."""
    with pytest.raises(urikit.ResolveError) as info:
        URI.parse("//h/?token=abc").resolve("x")
    assert info.value.base == "//h/?token=***"


def _reference_spans(text: str) -> list[tuple[int, int]]:
    """The secret values of ``text``'s query and fragment, as the docstring says: from
    the first "?" or "#", a key after each "?", "#", "&" and ";" up to "=", its value
    up to "&", ";" or "#"; overlapping spans made one."""
    from urllib.parse import unquote

    starts = [k for k in (text.find("?"), text.find("#")) if k >= 0]
    if not starts:
        return []
    spans: list[tuple[int, int]] = []
    for k in range(min(starts), len(text)):
        if text[k] not in "?#&;":
            continue
        key, equals, _ = re.split(r"([?#&;=])", text[k + 1:] + "&", maxsplit=1)
        if equals != "=":
            continue
        value = k + 1 + len(key) + 1
        end = value
        while end < len(text) and text[end] not in "&;#":
            end += 1
        name = unquote(key, errors="surrogateescape").lower()
        secret = name in urikit.SECRET_QUERY_PARAMETERS or any(
            part in urikit.SECRET_QUERY_PARAMETERS for part in re.split(r"[\[\]]", name))
        if secret and end > value:
            if spans and value <= spans[-1][1]:
                spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
            else:
                spans.append((value, end))
    return spans


@given(st.lists(st.sampled_from(["?", "&", ";", "=", "#", "token", "Sig", "%74oken", "q",
                                 "x", "%", "@", "/", "pass", "word", "İ", "[", "]", "%5B",
                                 "user"]), max_size=12)
       .map("".join))
def test_the_query_reading_is_the_pairs(tail: str) -> None:
    """The spans of secret values (the keys first tested in C, then pair by pair) are
    those of reading the query and the fragment pair by pair."""
    from urikit._whatwg.masking import query_secret_spans

    text = f"https://h/p{tail}"
    assert query_secret_spans(text) == _reference_spans(text)


@given(st.lists(st.sampled_from(["?", "&", ";", "=", "#", "token", "Sig", "%74oken", "q",
                                 "x", "@", "/", ":", "pw", "[", "]", "user", "id_token"]),
                max_size=14).map("".join),
       st.sampled_from(["https://", "ftp://joe:", "//", "http:\\\\", ""]))
def test_both_ways_of_masking_agree(tail: str, head: str) -> None:
    """The text masked by one pattern in C (few secret names: redacted(), repr()) is
    the text masked span by span (what the batch engine's positions use)."""
    from urikit._whatwg.masking import (
        SECRET_QUERY_PARAMETERS,
        _masked_by_pattern,
        _with_masks,
        secret_spans,
    )

    text = head + tail
    fast = _masked_by_pattern(text, SECRET_QUERY_PARAMETERS)
    if fast is not None:
        assert fast == _with_masks(text, secret_spans(text))


@given(st.lists(st.sampled_from(["?", "&", "=", "#", "token", "x", "@", "/", ":", "pw",
                                 " "]), max_size=14).map("".join),
       st.sampled_from(["https://joe:", "ftp://u:", "//", ""]))
def test_positions_move_at_once_as_one_by_one(tail: str, head: str) -> None:
    """The positions of a line's changes, moved at once against its spans (the batch
    engine's repairs), are where mask_secrets moves each one."""
    from urikit._whatwg.masking import mask_secrets, moved_positions, secret_spans

    text = head + tail
    positions = list(range(len(text) + 1))
    assert moved_positions(positions, secret_spans(text)) == [
        mask_secrets(text, p)[1] for p in positions]


# --- issue 42: one rule for every secret --------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("https://h/?token%5B%5D=t&a=1", "https://h/?token%5B%5D=***&a=1",
                 id="encoded brackets"),
    pytest.param("https://h/?api%5Fkey=k", "https://h/?api%5Fkey=***", id="encoded _"),
    pytest.param("https://h/?user%5Bpassword%5D=p&user%5Bname%5D=n",
                 "https://h/?user%5Bpassword%5D=***&user%5Bname%5D=n", id="bracketed name"),
    pytest.param("https://h/cb#access_token=T0K&token_type=bearer&state=s",
                 "https://h/cb#access_token=***&token_type=bearer&state=s",
                 id="implicit flow fragment"),
    pytest.param("https://h/#/cb?id_token=T0K", "https://h/#/cb?id_token=***",
                 id="route in the fragment"),
    pytest.param("https://h/?a=x?token=T0K", "https://h/?a=x?token=***",
                 id="a query inside a value"),
    pytest.param("https://h/?token=a?token=b&q", "https://h/?token=***&q",
                 id="a secret inside a secret"),
    pytest.param("https://T0KEN@github.com/o/r.git", "https://***@github.com/o/r.git",
                 id="user name alone, https"),
    pytest.param("wss://T0KEN:@h/", "wss://***:@h/", id="empty password, wss"),
    pytest.param("HTTP://T0KEN@h/", "HTTP://***@h/", id="scheme in capitals"),
    pytest.param("https://joe:pw@h/", "https://joe:***@h/", id="user kept with a password"),
    pytest.param("ftp://anonymous@h/", "ftp://anonymous@h/", id="ftp user name kept"),
    pytest.param("ssh://git@h/r", "ssh://git@h/r", id="ssh user name kept"),
    pytest.param("https://h/#tokens=x&%74oken", "https://h/#tokens=x&%74oken",
                 id="other names, no value"),
])
def test_one_rule_for_keys_fragments_and_user_names(text: str, expected: str) -> None:
    """redacted() and repr() mask encoded and bracketed secret names, secret values in
    the fragment, and a lone user name of an http(s) or ws(s) URL."""
    uri = URI.parse(text)
    assert uri.to_redacted() == expected
    assert repr(uri) == f"URI({expected!r})"
    assert repr(FrozenURI.parse(text)) == f"FrozenURI({expected!r})"


def test_every_view_asks_the_one_rule() -> None:
    """The reprs of Query, the params and the text view mask what redacted() masks, and
    so do the batch engine's masking and display()."""
    from urikit._batch.masking import masked

    assert repr(urikit.Query("token=T0KEN&a=1")) == "Query('token=***&a=1')"
    assert repr(urikit.Query("token%5B%5D=T0KEN")) == "Query('token%5B%5D=***')"
    assert repr(urikit.Query({"token[]": "T0KEN"})) == "Query('token%5B%5D=***')"
    uri = FrozenURI.parse("https://T0KEN@h/p?token%5B%5D=T0KEN#access_token=T0KEN&s=1")
    assert repr(uri.params) == "QueryParams([('token[]', '***')])"
    assert repr(uri.text) == ("TextView(user='***', host='h', path=['', 'p'], "
                              "query='token[]=***', fragment='access_token=***&s=1')")
    assert "T0KEN" not in uri.to_display()
    text = "https://T0KEN@h/#access_token=T0KEN"
    assert masked(text) == "https://***@h/#access_token=***"


@pytest.mark.parametrize("lenient", [False, True], ids=["strict", "lenient"])
def test_no_batch_error_shows_a_secret(lenient: bool) -> None:
    """The batch engine's error as data (kind, position, message: the columns every
    front end writes, and the message with the position), its record's input and its
    JSON record hold no secret, for every operation, the text alone or in a pair."""
    from urikit._batch.engine import cell
    from urikit._batch.operations import Command, Operation
    from urikit._batch.render import record_object

    errors = 0
    for command in Command:
        op = Operation(command, lenient=lenient)
        for text in TEXTS:
            records = [cell(op, BASE if command.pairs else text, text)]
            if command.pairs:
                records.append(cell(op, text, "x"))
            for record in records:
                shown = [record.input, repr(record.output), repr(record.repairs),
                         repr(record_object(record, True, True))]
                if record.error is not None:
                    errors += 1
                    error = record.error
                    shown += [error.kind, error.message, str(error), repr(error)]
                assert not any(SECRET in s for s in shown), (command, text, shown)
    assert errors > 0


def test_no_error_column_of_a_front_end_shows_a_secret(tmp_path: Path) -> None:
    """The error columns of the command line's Parquet output, of DuckDB's
    ``urikit_error_info`` and ``urikit_error``, and of Dask's ``errors`` hold no
    secret, on every text (the input and result columns are data: kept as read)."""
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    duckdb = pytest.importorskip("duckdb")
    dd = pytest.importorskip("dask.dataframe")
    pd = pytest.importorskip("pandas")
    from urikit import distributed
    from urikit._cli.command import main
    from urikit.duckdb import register

    source, target = tmp_path / "in.parquet", tmp_path / "out.parquet"
    pq.write_table(pa.table({"url": pa.array(TEXTS, pa.string())}), source)
    assert main(["normalize", "-q", "-i", str(source), "-o", str(target)]) == 1
    table = pq.read_table(target)
    assert table.column("urikit_error_kind").null_count < len(TEXTS)
    columns = ("urikit_error_kind", "urikit_error_position", "urikit_error_message")
    assert SECRET not in str([table.column(name).to_pylist() for name in columns])
    assert table.column("url").to_pylist() == TEXTS
    con = duckdb.connect()
    register(con)
    rows = con.execute("SELECT urikit_error_info(url), urikit_error(url) "
                       f"FROM '{source}'").fetchall()
    assert any(info is not None for info, _ in rows)
    assert SECRET not in str(rows)
    errors: Any = distributed.errors(dd.from_pandas(pd.Series(TEXTS), npartitions=2))
    frame = errors.compute()
    assert frame["error_kind"].notna().any()
    assert SECRET not in frame.to_string()


# --- issue 42, point 4: many secret keys masked at once ------------------------------------

_MANY_KEYS = st.lists(
    st.tuples(st.sampled_from(["token", "Sig", "%74oken", "token%5B", "%5D", "x", "user",
                               "%5Bpassword%5D", "%26", "%", "%zz", "\\", "İ", "[", "é"]),
              st.integers(0, 30),
              st.sampled_from(["=v", "=", "", "=a=b", "=?token=t", "=%2F"]),
              st.sampled_from(["&", ";", "#", "&&"])),
    min_size=9, max_size=40)


@given(_MANY_KEYS, st.sampled_from(["https://h/?", "https://joe:pw@h/#", "?", "//h/p?"]))
@settings(max_examples=examples(300))
def test_many_secret_keys_masked_at_once_as_span_by_span(
        pairs: list[tuple[str, int, str, str]], head: str) -> None:
    """With more secret keys than the lookbehind pattern takes, the keys decoded at
    once (Python's escape decoder, or "&"-joined, or one by one where a key holds
    "%26") and the pairs cut at once where no "?" follows (else span by span) mask
    what reading the pairs one by one masks."""
    from urikit._whatwg.masking import (
        SECRET_QUERY_PARAMETERS,
        _masked_by_pattern,
        _with_masks,
        secret_spans,
    )

    text = head + "".join(f"{key}{i}{value}{sep}" for key, i, value, sep in pairs)
    by_spans = _with_masks(text, secret_spans(text))
    assert _masked_by_pattern(text, SECRET_QUERY_PARAMETERS) in (by_spans, None)
    assert secret_spans(text) == _merged_reference(text)
    # every key a secret, distinct (the hunt's shape), with and without a "?" after
    many = "&".join(f"{key}%5B{i}%5D=v" for i, (key, _, _, _) in enumerate(pairs))
    # ("?" in a value: a key starts after it too, inside the pair, also a secret
    # key inside a secret value, masked with it)
    for query in (many, many + "&x=?", many + "#f&sig=s", "a?sig=s&" + many,
                  many + "&x=a?sig=s?q=1;y=?token=t", "sig=a?token=b&" + many + "#?sig=?"):
        text = head + query
        assert _masked_by_pattern(text, SECRET_QUERY_PARAMETERS) == _with_masks(
            text, secret_spans(text))


def _merged_reference(text: str) -> list[tuple[int, int]]:
    """:func:`_reference_spans` and the passwords, in order, overlaps made one (as
    ``secret_spans`` gives them)."""
    from urikit._whatwg.masking import _merged, password_spans

    spans = sorted(password_spans(text) + _reference_spans(text))
    return _merged(spans) if spans else []


def test_a_key_of_an_encoded_ampersand_among_many_keys() -> None:
    """Among more than eight distinct keys, one holding "%26" (decoded, "&": the
    keys' joined text then had one key more) is read as its own key: ``repr`` and
    ``to_redacted`` raised ValueError in both builds."""
    text = "http://h/?a%26b=1&" + "&".join(f"k{i}=1" for i in range(9)) + "&token%26=2"
    uri = URI.parse(text)
    assert repr(uri) == f"URI({text!r})"
    assert uri.to_redacted(secrets=["a&b", "token&"]) == text.replace("b=1", "b=***").replace(
        "%26=2", "%26=***")


@given(st.lists(st.text(alphabet="tokenSIG[]_x", max_size=10), max_size=12),
       st.sampled_from([frozenset({"token", "sig"}), frozenset({"a[b]", "x"})]))
def test_many_names_are_secrets_as_each_alone(names: list[str], secrets: frozenset[str]) -> None:
    """The names tested at once (many distinct keys) are those tested one by one."""
    from urikit._whatwg.masking import is_secret_name, secret_names_among

    assert secret_names_among(names, secrets) == {
        name for name in names if is_secret_name(name, secrets)}
