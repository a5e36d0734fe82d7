"""The route table: finding a URI's route in order, building a route's link, and the
link found again as the same route with the same values."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import (
    BuildError,
    FrozenURI,
    ParseError,
    Route,
    RouteMatch,
    Routes,
    Rule,
    URIError,
    URITemplate,
    URLPattern,
)


def _table() -> Routes[str]:
    """A table of both kinds of route, each with a payload."""
    return (Routes[str]()
            .add("tenant", URLPattern({"hostname": "{:tenant}.shop.example",
                                       "pathname": "/"}), "tenant")
            .add("home", "/", "index")
            .add("new", "/users/new", "new_user")
            .add("user", "/users/{id}{?tab}", "show_user")
            .add("file", "/files{/path*}", "send_file")
            .add("api", "https://api.example/v1/{resource}", "api")
            .add("asset", URLPattern({"pathname": "/assets/:name.:ext"}), "static"))


# (uri, route name, values): what each route reads, and what it leaves to others
FIND = [
    pytest.param("/", "home", {}, id="root"),
    pytest.param("https://shop.example/?page=2", "home", {},
                 id="a-path-template-ignores-scheme-authority-and-a-query-it-does-not-write"),
    pytest.param("/users/new", "new", {}, id="first-added-wins"),
    pytest.param("/users/42", "user", {"id": "42"}, id="variable"),
    pytest.param("/users/a%2Fb?tab=x%20y", "user", {"id": "a/b", "tab": "x y"},
                 id="values-decoded-once-slash-kept-in-its-segment"),
    pytest.param("http://shop.example/users/42#top", "user", {"id": "42"},
                 id="a-fragment-the-template-does-not-write-is-ignored"),
    pytest.param("/files/a%20b/c.txt", "file", {"path": ["a b", "c.txt"]}, id="explode"),
    pytest.param("https://api.example/v1/items", "api", {"resource": "items"},
                 id="absolute-template"),
    pytest.param("/assets/logo.svg", "asset", {"name": "logo", "ext": "svg"},
                 id="urlpattern-relative-uri"),
    pytest.param("https://cdn.example/assets/a%20b.css", "asset",
                 {"name": "a%20b", "ext": "css"}, id="urlpattern-groups-stay-encoded"),
    pytest.param("https://acme.shop.example/", "tenant", {"tenant": "acme"},
                 id="urlpattern-hostname"),
]

# (template, uri, values or None): a template's query parameters at its end are read by
# name, each as "{?name}" reads it; any other query is part of the template's match
QUERY = [
    pytest.param("/s{?q,page}", "/s?page=2&q=a%20b", {"q": "a b", "page": "2"},
                 id="in-any-order"),
    pytest.param("/s{?q}{&page}", "/s?utm=x&q=a&flag", {"q": "a"},
                 id="other-parameters-ignored-a-missing-one-undefined"),
    pytest.param("/s{?q}", "/s", {}, id="no-query"),
    pytest.param("/s{?q}", "/s?q=", {"q": ""}, id="empty-value"),
    pytest.param("/s{?q}", "/s?q=a&q=b", None, id="given-twice-is-ambiguous"),
    pytest.param("/s{?q}", "/s?q", None, id="a-key-alone-is-no-expansion"),
    pytest.param("/s{?q}", "/s?q=a+b", None, id="read-as-the-expansion-encodes"),
    pytest.param("/s?x=1{&q}", "/s?x=1&q=a", {"q": "a"}, id="after-a-literal-query"),
    pytest.param("/s?x=1{&q}", "/s?q=a&x=1", None, id="after-a-literal-query-in-order"),
    pytest.param("/s{?tags*}", "/s?tags=a&tags=b", {"tags": ["a", "b"]}, id="explode"),
    pytest.param("/s{?tags*}", "/s?tags=a&x=1", {"tags": {"tags": "a", "x": "1"}},
                 id="explode-reads-every-parameter"),
]


@pytest.mark.parametrize(("template", "uri", "values"), QUERY)
def test_find_reads_query_parameters(template: str, uri: str,
                                     values: dict[str, object] | None) -> None:
    """Form-style query expressions at a template's end (without explode) read their
    parameters by name, in any order, among others; any other query is matched by the
    template as it is written."""
    match = Routes().add("r", template).find(uri)
    assert (None if match is None else dict(match.values)) == values


NOT_FOUND = [
    pytest.param("/users/42/orders", id="more-segments"),
    pytest.param("http://api.example/v1/items", id="absolute-template-other-scheme"),
    pytest.param("/assets/logo", id="urlpattern-no-match"),
    pytest.param("//acme.shop.example/x", id="urlpattern-host-other-path"),
]


@pytest.mark.parametrize(("uri", "name", "values"), FIND)
def test_find(uri: str, name: str, values: dict[str, object]) -> None:
    """A URI finds the first route that matches it, with the values read from it."""
    match = _table().find(uri)
    assert match is not None
    assert (match.name, dict(match.values)) == (name, values)
    assert match.payload == _table()[name].payload


@pytest.mark.parametrize("uri", NOT_FOUND)
def test_find_nothing(uri: str) -> None:
    """A URI that no route matches finds ``None``."""
    assert _table().find(uri) is None


def test_find_reads_a_uri_object_and_keeps_it() -> None:
    """A URI or FrozenURI is routed as it is; the match keeps what the route read."""
    routes = Routes().add("user", "/users/{id}")
    for uri in (FrozenURI.parse("/users/7"), FrozenURI.parse("/users/7").thaw()):
        match = routes.find(uri)
        assert match == RouteMatch(routes["user"], {"id": "7"}, FrozenURI.parse("/users/7"))


# (uri, root, path the routes read, or None when the URI is not under the root)
UNDER_ROOT = [
    pytest.param("https://shop.example/app/users/42", "https://shop.example/app/",
                 "/users/42", id="prefix"),
    pytest.param("https://shop.example/app", "https://shop.example/app/", "/",
                 id="the-prefix-alone-is-the-root"),
    pytest.param("https://SHOP.example:443/app/users/42", "https://shop.example/app/",
                 "/users/42", id="same-origin-compared-normalized"),
    pytest.param("https://shop.example/users/42", "https://shop.example/", "/users/42",
                 id="no-prefix"),
    pytest.param("https://shop.example/apple/users/42", "https://shop.example/app/", None,
                 id="prefix-compared-by-segment"),
    pytest.param("https://evil.example/app/users/42", "https://shop.example/app/", None,
                 id="other-origin"),
    pytest.param("http://shop.example/app/users/42", "https://shop.example/app/", None,
                 id="other-scheme"),
    pytest.param("/app/users/42", "/app/", "/users/42", id="relative-root"),
]


@pytest.mark.parametrize(("uri", "root", "path"), UNDER_ROOT)
def test_find_under_a_root(uri: str, root: str, path: str | None) -> None:
    """Under a root, a URI is routed by its path after the root's path prefix, and a
    URI outside the root matches nothing."""
    routes = Routes().add("user", "/users/{id}").add("home", "/")
    match = routes.find(uri, root=root)
    if path is None:
        assert match is None
    else:
        assert match is not None
        assert "/".join(match.uri.path) == path


# (route name, values, link)
LINKS = [
    pytest.param("home", {}, "/", id="fixed"),
    pytest.param("user", {"id": "José/Ana"}, "/users/Jos%C3%A9%2FAna", id="one-segment"),
    pytest.param("user", {"id": 42, "tab": "a b"}, "/users/42?tab=a%20b", id="query"),
    pytest.param("file", {"path": ["a/b", "c.txt"]}, "/files/a%2Fb/c.txt", id="explode"),
    pytest.param("api", {"resource": "items"}, "https://api.example/v1/items", id="absolute"),
    pytest.param("asset", {"name": "logo", "ext": "svg"}, "/assets/logo.svg",
                 id="urlpattern-pathname"),
    pytest.param("tenant", {"tenant": "acme"}, "//acme.shop.example/",
                 id="urlpattern-host-without-scheme"),
]


@pytest.mark.parametrize(("name", "values", "link"), LINKS)
def test_link(name: str, values: dict[str, object], link: str) -> None:
    """A route's link is built from its values, each encoded once, and is frozen."""
    built = _table().link(name, **values)
    assert isinstance(built, FrozenURI)
    assert str(built) == link


def test_link_of_an_absolute_urlpattern() -> None:
    """A pattern that names its scheme and host builds an absolute link; one that names
    a special scheme without a host builds the path alone."""
    routes = (Routes()
              .add("abs", URLPattern({"protocol": "https", "hostname": "shop.example",
                                      "pathname": "/users/:id"}))
              .add("scheme-only", URLPattern({"protocol": "https", "pathname": "/u/:id"})))
    assert str(routes.link("abs", id="42")) == "https://shop.example/users/42"
    assert str(routes.link("scheme-only", id="42")) == "/u/42"


# (pattern, values, why): URLPatterns whose link is refused
REFUSED = [
    pytest.param({"pathname": "/files/*"}, {}, id="wildcard"),
    pytest.param({"pathname": "/files/:name+"}, {"name": "a"}, id="modifier"),
    pytest.param({"pathname": "/files/(\\d+)"}, {}, id="regexp"),
    pytest.param({"pathname": "/users/:id"}, {}, id="missing-group"),
    pytest.param({"pathname": "/users/:id"}, {"id": "1", "tab": "x"}, id="unknown-group"),
    pytest.param({"pathname": "/users/:id"}, {"id": ".."}, id="dot-segment"),
    pytest.param({"pathname": "/users/:id"}, {"id": "%2e%2E"}, id="encoded-dot-segment"),
    pytest.param({"pathname": "/users/:id"}, {"id": "a/b"}, id="separator-in-a-group"),
    pytest.param({"username": ":user", "pathname": "/"}, {"user": "joe"},
                 id="userinfo-without-host"),
]


@pytest.mark.parametrize(("pattern", "values"), REFUSED)
def test_link_refused(pattern: dict[str, str], values: dict[str, str]) -> None:
    """A URLPattern that cannot be built, or values that would not read back as its
    route, are refused with BuildError."""
    routes = Routes().add("r", URLPattern(pattern))
    with pytest.raises(BuildError):
        routes.link("r", **values)


@pytest.mark.parametrize("value", [".", ".."])
def test_a_template_link_holds_no_dot_segment(value: str) -> None:
    """A value that a template expands to a dot segment is refused: a browser would
    remove it, and a ".." would climb a level."""
    routes = Routes().add("r", "/users/{id}").add("s", "/files{/path*}")
    with pytest.raises(BuildError) as info:
        routes.link("r", id=value)
    assert info.value.rule is Rule.DOT_SEGMENT_FROM_TEXT
    with pytest.raises(BuildError):
        routes.link("s", path=["a", value])


def test_link_under_a_root() -> None:
    """A link under a root is on the root's origin, after its path prefix; an absolute
    link stays as it is; a network-path link takes the root's scheme."""
    routes = _table()
    root = FrozenURI.parse("https://shop.example/app/?x=1")
    assert str(routes.link_under(root, "user", id="a/b")) == \
        "https://shop.example/app/users/a%2Fb"
    assert str(routes.link_under(root, "home")) == "https://shop.example/app/"
    assert str(routes.link_under(root, "api", resource="x")) == "https://api.example/v1/x"
    assert str(routes.link_under(root, "tenant", tenant="acme")) == \
        "https://acme.shop.example/"
    assert str(routes.link_under("https://shop.example", "user", id="1")) == \
        "https://shop.example/users/1"
    relative = Routes().add("r", "users/{id}")
    assert str(relative.link_under(root.thaw(), "r", id="1")) == \
        "https://shop.example/app/users/1"


def test_a_value_may_be_called_name_or_root() -> None:
    """A route's value may have the name of link's or link_under's own parameters,
    which are positional-only."""
    routes = Routes().add("f", "/files/{name}/{root}")
    assert str(routes.link("f", name="a", root="b")) == "/files/a/b"
    assert str(routes.link_under("https://h/app/", "f", name="a", root="b")) == \
        "https://h/app/files/a/b"


def test_the_table_reads_like_a_mapping() -> None:
    """The table has its routes by name, in the order they were added."""
    routes = _table()
    assert len(routes) == 7
    assert [route.name for route in routes] == ["tenant", "home", "new", "user", "file",
                                                "api", "asset"]
    assert "user" in routes
    assert "nobody" not in routes
    assert routes["user"] == Route("user", URITemplate("/users/{id}{?tab}"), "show_user")
    assert repr(Routes().add("a", "/a")) == "Routes(['a'])"


def test_payload_defaults_to_none() -> None:
    """A route added without a payload keeps ``None``."""
    match = Routes().add("a", "/a").find("/a")
    assert match is not None
    assert match.payload is None


def test_errors() -> None:
    """A name twice, text that is no template, a wrong type and an unknown name are
    refused clearly."""
    routes = Routes().add("a", "/a")
    with pytest.raises(ValueError, match="a route called 'a' is already in the table"):
        routes.add("a", "/b")
    with pytest.raises(ParseError):
        routes.add("b", "/{a")
    with pytest.raises(TypeError, match="must be a URITemplate, a URLPattern or a str"):
        routes.add("c", 42)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="name must be a str"):
        routes.add(1, "/c")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="uri must be a URI, FrozenURI or str"):
        routes.find(b"/a")  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        routes.find("/a b")
    with pytest.raises(KeyError):
        routes.link("nobody")
    assert len(routes) == 1


# -- the round trip: a link found again is its route with its values --------------------

_NAME = st.text("abcdefghij", min_size=1, max_size=6)
_LITERAL = st.sampled_from(["users", "files", "a", "b", "new", "v1", "x-y"])
# plain text a template encodes, "/" "?" "%" and non-ASCII included
_TEXT = st.text(st.characters(codec="utf-8"), min_size=1,
                max_size=8).filter(lambda v: v not in (".", ".."))
# a URLPattern group's value as the standard gives it back: canonical text, no "/"
_GROUP = st.text("abcxyz0129-_~", min_size=1, max_size=6).filter(lambda v: v not in (".", ".."))


@st.composite
def _template_route(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    """A path template of literal segments, variables and an optional query, and
    values for its variables."""
    pieces: list[str] = []
    values: dict[str, object] = {}
    for index in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            pieces.append("/" + draw(_LITERAL))
        else:
            name = f"v{index}"
            pieces.append(f"/{{{name}}}")
            values[name] = draw(_TEXT)
    if draw(st.booleans()):
        pieces.append("{/rest*}")
        values["rest"] = draw(st.lists(_TEXT, min_size=1, max_size=3))
    if draw(st.booleans()):
        pieces.append("{?q,page}")
        values["q"] = draw(_TEXT)
        values["page"] = str(draw(st.integers(0, 99)))
    return "".join(pieces), values


@st.composite
def _pattern_route(draw: st.DrawFn) -> tuple[URLPattern, dict[str, object]]:
    """A URLPattern of literal segments and named groups, and values for its groups."""
    pieces: list[str] = []
    values: dict[str, object] = {}
    for index in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            pieces.append("/" + draw(_LITERAL))
        else:
            pieces.append(f"/:g{index}")
            values[f"g{index}"] = draw(_GROUP)
    return URLPattern({"pathname": "".join(pieces)}), values


@given(st.lists(st.one_of(_template_route(), _pattern_route()), min_size=1, max_size=5))
def test_a_link_found_again_is_its_route_with_its_values(
        drawn: list[tuple[str | URLPattern, dict[str, object]]]) -> None:
    """For every route of a table and values it takes, its link finds that route with
    those values, unless a route before it in the table matches the link too (the
    first added wins): then that route is found, and the route alone reads its link
    back."""
    routes = Routes[int]()
    for index, (pattern, _) in enumerate(drawn):
        routes.add(f"r{index}", pattern, index)
    order = [route.name for route in routes]
    for index, (pattern, values) in enumerate(drawn):
        name = f"r{index}"
        link = routes.link(name, **values)
        match = routes.find(link)
        assert match is not None
        alone = Routes().add(name, pattern).find(link)
        assert alone is not None
        assert dict(alone.values) == values
        if match.name != name:
            assert order.index(match.name) < index
        else:
            assert dict(match.values) == values
            assert match.payload == index


# -- a value is data: a link names its route's origin and reads back ------------------

# (template, values, variable named): a "//" that values would put at the start of a
# path-only link would be read as an authority, the next segment as the host
TWO_SLASHES = [
    pytest.param("/{lang}/{slug}", {"slug": "evil.example"}, "lang",
                 id="undefined-first-variable"),
    pytest.param("/{lang}/{slug}", {"lang": "", "slug": "evil.example"}, "lang",
                 id="empty-first-variable"),
    pytest.param("/{+path}", {"path": "/evil.example"}, "path", id="reserved-slash"),
    pytest.param("{/a}{/b}", {"a": "", "b": "evil.example"}, "a", id="path-expressions"),
    pytest.param("{+path}", {"path": "//evil.example/x"}, "path", id="reserved-authority"),
    pytest.param("{+path}", {"path": "https://evil.example/x"}, "path",
                 id="reserved-scheme"),
]


@pytest.mark.parametrize(("template", "values", "variable"), TWO_SLASHES)
def test_a_value_never_names_the_links_host(template: str, values: dict[str, object],
                                            variable: str) -> None:
    """A link whose scheme or authority a value would write is refused, by link and by
    link_under, with the rule and the variable named: under a root it would leave the
    root's origin."""
    routes = Routes().add("p", template)
    builds: list[Callable[[], object]] = [
        lambda: routes.link("p", **values),
        lambda: routes.link_under("https://shop.example/app/", "p", **values)]
    for build in builds:
        with pytest.raises(BuildError) as info:
            build()
        assert info.value.rule is Rule.AUTHORITY_FROM_VALUE
        assert f"{variable!r}" in info.value.detail


def test_a_route_may_write_its_host() -> None:
    """A route whose own text writes the scheme and authority takes its host from a
    value: the template says where the host is."""
    routes = Routes().add("t", "https://{tenant}{/page}")
    link = routes.link_under("https://shop.example/app/", "t", tenant="a.example", page="b")
    assert str(link) == "https://a.example/b"


# (template, uri, values): the values a route finds are the text the request holds
FOUND_AS_HELD = [
    pytest.param("/{+rest}", "https://shop.example//admin", {"rest": "/admin"},
                 id="an-empty-first-segment-is-no-dot-segment"),
    pytest.param("{/a*}", "https://shop.example//x", {"a": ["", "x"]},
                 id="an-empty-first-item"),
]


@pytest.mark.parametrize(("template", "uri", "values"), FOUND_AS_HELD)
def test_find_reads_only_what_the_request_holds(template: str, uri: str,
                                                values: dict[str, object]) -> None:
    """A path route reads the path's own text: an empty first segment is not written
    as "/.//" first, which would invent a "." segment."""
    match = Routes().add("r", template).find(uri)
    assert match is not None
    assert dict(match.values) == values
    under = Routes().add("r", template).find(uri, root="https://shop.example/")
    assert under is not None
    assert dict(under.values) == values


@pytest.mark.parametrize("value", ["a?b", "a#b", "?", "a/b?c#d"])
def test_a_value_that_writes_syntax_is_refused(value: str) -> None:
    """Reserved expansion writes "?" and "#" as they are: a link whose value would so
    start a query or a fragment its route does not read is refused, since the route
    would find it again with another value."""
    routes = Routes().add("s", "/static/{+rest}")
    with pytest.raises(BuildError) as info:
        routes.link("s", rest=value)
    assert info.value.rule is Rule.VALUE_IS_DATA


@pytest.mark.parametrize(("value", "found"), [
    pytest.param("a/b", "a/b", id="slash"),
    pytest.param("a%2Fb", "a%2Fb", id="kept-triplet"),
    pytest.param("a,b;c=d", "a,b;c=d", id="sub-delims"),
    pytest.param("é", "é", id="encoded-once"),
    pytest.param("a%c3%a9", "aé", id="lower-case-triplets-of-an-encoded-character"),
])
def test_a_reserved_value_that_reads_back_is_linked(value: str, found: str) -> None:
    """A reserved value whose link the route reads back is linked, and found again
    with the value the link holds (the same, up to triplets it decodes)."""
    routes = Routes().add("s", "/static/{+rest}")
    link = routes.link("s", rest=value)
    match = routes.find(link)
    assert match is not None
    assert dict(match.values) == {"rest": found}


# a value: undefined, empty, or text of the characters that are syntax somewhere
_SYNTAX_TEXT = st.text(st.sampled_from(list("a/?#.%,:@=&é +~")), max_size=6)
_VALUE = st.one_of(st.none(), _SYNTAX_TEXT)
_ROOTS = ["https://shop.example/app/", "https://shop.example", "http://shop.example:8080/a/b/"]


@st.composite
def _path_route(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    """A path template that a route reads back: literal segments, "/{v}" and "{/v}"
    variables, an optional "/{+rest}" or "{/rest*}" at its end, an optional query
    after the latter;
    each value undefined, empty or syntax-laden text."""
    pieces: list[str] = []
    values: dict[str, object] = {}
    for index in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["literal", "segment", "path"]))
        name = f"v{index}"
        if kind == "literal":
            pieces.append("/" + draw(_LITERAL))
            continue
        pieces.append(f"/{{{name}}}" if kind == "segment" else f"{{/{name}}}")
        values[name] = draw(_VALUE)
    end = draw(st.sampled_from(["", "/{+rest}", "{/rest*}"]))
    pieces.append(end)
    if end == "/{+rest}":
        values["rest"] = draw(_VALUE)
    elif end:
        values["rest"] = draw(st.lists(_SYNTAX_TEXT, max_size=3))
    if end != "/{+rest}" and draw(st.booleans()):  # a reserved value may hold "?"
        pieces.append("{?q}")
        values["q"] = draw(_VALUE)
    return "".join(pieces), values


@given(_path_route(), st.sampled_from(_ROOTS))
def test_a_link_under_a_root_keeps_its_origin_and_reads_back(
        drawn: tuple[str, dict[str, object]], root: str) -> None:
    """Any link that link_under builds for a path route has the root's origin, and
    the route finds it again under that root with values that link to it again (the
    same values when each is defined text without "%"); a link refused is refused
    with a URIError (BuildError, or ParseError for a reserved value that is no URI
    text)."""
    template, values = drawn
    routes = Routes().add("r", template)
    try:
        link = routes.link_under(root, "r", **values)
    except URIError:
        return
    base = FrozenURI.parse(root)
    assert (link.scheme, link.userinfo, link.host, link.port) == \
        (base.scheme, base.userinfo, base.host, base.port)
    match = routes.find(link, root=root)
    assert match is not None
    assert routes.link_under(root, "r", **match.values) == link
    if all(isinstance(v, str) and v and "%" not in v for v in values.values()):
        assert dict(match.values) == values


# --- the refusal is at the values (issue 43) -----------------------------------------

_AMBIGUOUS: tuple[str, ...] = (
    "/files/{name}.{ext}", "/{slug}-{id}", "{+base}/items", "/order/{c}/{c}/{c}",
    "/p{/a}{/b}", "/t/{name:3}-{rest}", "/q{?hash*,first}", "/d{.who,who}",
)
_TEXTS = st.text(alphabet="ab.-/,=&?é", max_size=6)
_ANY_VALUE = st.none() | _TEXTS | st.lists(_TEXTS, max_size=2) | st.dictionaries(
    st.text(alphabet="ab.-", min_size=1, max_size=3), _TEXTS, max_size=2)


@given(template=st.sampled_from(_AMBIGUOUS), data=st.data())
def test_link_reads_back_or_is_refused(template: str, data: st.DataObject) -> None:
    """Any values that ``link`` accepts are found again as the same route with the
    same values (as their expressions write them); any it refuses for
    ``Rule.VALUE_IS_DATA`` would not be."""
    compiled = URITemplate(template)
    values = {name: data.draw(_ANY_VALUE, label=name) for name in compiled.variable_names}
    routes = Routes().add("r", template)
    try:
        text = compiled.expand_text(values)
    except URIError:
        return  # values no expansion takes (a prefix of a list)
    try:
        link = routes.link("r", **values)
    except BuildError as refused:
        if refused.rule is not Rule.VALUE_IS_DATA:
            return  # a dot segment or an authority: #42's refusals
        # (the template may read the text back where the route, which reads a URI's
        # components, does not: "?" in {+base}/items writes a query)
        found = routes.find(text) if not text.startswith("//") else None
        assert found is None or compiled.misread(values, found.values) is not None
        return
    assert str(link) == text
    found = routes.find(link)
    assert found is not None
    assert found.route.name == "r"
    assert compiled.misread(values, found.values) is None
    assert compiled.reads_back(values)


def test_link_refuses_the_values_not_the_template() -> None:
    """``/files/{name}.{ext}`` is a route; ``name="a", ext="tar.gz"`` is refused,
    naming the variable that would read otherwise, and ``report.pdf`` is built."""
    routes = Routes().add("file", "/files/{name}.{ext}")
    assert str(routes.link("file", name="report", ext="pdf")) == "/files/report.pdf"
    with pytest.raises(BuildError, match="'name' would read as another value") as info:
        routes.link("file", name="a", ext="tar.gz")
    assert info.value.rule is Rule.VALUE_IS_DATA
    with pytest.raises(BuildError, match="'a' would read as another value"):
        Routes().add("p", "/p{/a}{/b}").link("p", b="x")
    template = URITemplate("/files/{name}.{ext}")
    assert str(template.expand_exact(name="a", ext="pdf")) == "/files/a.pdf"
    with pytest.raises(BuildError, match="the value of 'name' would not read back"):
        template.expand_exact({"name": "a"}, ext="tar.gz")


@pytest.mark.parametrize("template", ["/search{?q}", "/search{?q,lang}",
                                      "/search{?q}{&r}", "/s/{id}{?q,lang}{&r,t}"])
@pytest.mark.parametrize("query", ["?", "?q=", "", "?q=a&lang=b", "?lang=b",
                                   "?q=a&r=1&t=", "?r="])
def test_find_reads_a_query_as_the_template_matches_it(template: str, query: str) -> None:
    """``Routes.find`` reads a route's form-style query as ``URITemplate.match`` reads
    it (one rule: a lone "?" is the first parameter empty, ``{'q': ''}``), wherever
    the template matches the text."""
    text = template.partition("{?")[0].replace("{id}", "7") + query
    expected = URITemplate(template).match(text)
    found = Routes().add("r", template).find(text)
    if expected is None:
        return
    assert found is not None
    assert dict(found.values) == expected


@pytest.mark.parametrize(("template", "values"), [
    pytest.param("{?a}{?b}", {"a": "", "b": ""}, id="two-query-expressions-empty"),
    pytest.param("/s{?a}{?b}", {"a": "1", "b": "2"}, id="two-query-expressions"),
    pytest.param("/s{?a}{&c}{?b}", {"a": "1", "b": "2", "c": "3"}, id="a-second-question-mark"),
])
def test_a_second_query_expression_is_read_by_the_template(template: str,
                                                           values: dict[str, str]) -> None:
    """A template whose second ``{?...}`` writes "?" inside the query (``?a=1?b=2``)
    reads the query as the template does, not parameter by parameter: its links are
    found again with their values (found by the Hypothesis property of
    test_template_match.py on the compiled build)."""
    routes = Routes().add("r", template)
    link = routes.link("r", **values)
    found = routes.find(link)
    assert found is not None
    assert dict(found.values) == values


def test_find_reads_a_lone_question_mark_as_the_first_parameter_empty() -> None:
    """``/search{?q}`` against ``/search?``: ``{'q': ''}`` from the route as from
    the template (0.6's route read ``{}``)."""
    found = Routes().add("s", "/search{?q}").find("/search?")
    assert found is not None
    assert found.values == {"q": ""}
    assert URITemplate("/search{?q}").match("/search?") == {"q": ""}


# (template, values, the variable, the reason): values refused, each naming the
# variable that would not read back and why
REFUSED_WITH_A_REASON = [
    pytest.param("/files/{name}.{ext}", {"name": "a", "ext": "tar.gz"}, "name",
                 "reads another text as its value", id="a-longer-text"),
    pytest.param("{?a*,b}", {"b": "x"}, "a", "would read the text of another variable",
                 id="an-exploded-variable-before-another"),
    pytest.param("{/a*,b}", {"a": ["x"], "b": "y"}, "a", "reads another text",
                 id="an-exploded-list-takes-the-next-item"),
    pytest.param("{;a*,b}", {"b": "x"}, "a", "would read the text of another variable",
                 id="a-named-exploded-variable-before-another"),
    pytest.param("{?a*,b*,c}", {"a": ["1", "2"], "b": ["3", "4"]}, "a",
                 "would repeat a name among its name=value pairs", id="no-mapping"),
    pytest.param("{;a,b*,c*}{d}", {"c": ["", "0"]}, "b",
                 "would mix list items and name=value pairs", id="mixed-items"),
]


@pytest.mark.parametrize(("template", "values", "variable", "reason"),
                         REFUSED_WITH_A_REASON)
def test_a_refusal_names_the_variable_and_why(template: str, values: dict[str, object],
                                              variable: str, reason: str) -> None:
    """A link whose values would not read back is refused naming the variable and
    why (the text it would read is another variable's, a longer one, or no value of
    it), as ``expand_exact`` refuses the expansion; no value is shown."""
    with pytest.raises(BuildError) as info:
        Routes().add("r", template).link("r", **values)
    assert info.value.rule is Rule.VALUE_IS_DATA
    assert f"{variable!r} would read as" in str(info.value)
    assert reason in str(info.value)
    with pytest.raises(BuildError) as exact:
        URITemplate(template).expand_exact(values)
    assert f"the value of {variable!r} would not read back: {template} " in str(exact.value)
    assert reason in str(exact.value)


@pytest.mark.parametrize("root", ["https://shop.example/app/", "https://shop.example/",
                                  "https://shop.example/app/v1/"])
def test_relative_templates_are_found_as_link_under_builds_them(root: str) -> None:
    """A relative route (``items/{id}``) is found under a root on the path after the
    root's, as ``link_under`` resolves it against the root."""
    routes = Routes().add("item", "items/{id}{?tab}").add("user", "/users/{id}")
    for name, values in (("item", {"id": "3", "tab": "a b"}), ("user", {"id": "4"})):
        link = routes.link_under(root, name, **values)
        found = routes.find(link, root=root)
        assert found is not None
        assert (found.route.name, found.values) == (name, values)
    found = routes.find("items/5")  # no root: the reference
    assert found is not None
    assert found.values == {"id": "5"}
