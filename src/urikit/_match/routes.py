"""A route table: named URI templates and URLPatterns that find a URI's route and build its link."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sized
from typing import TYPE_CHECKING, Any, Final, Generic, TypeAlias, TypeVar, cast, overload

import attrs

from .._core.errors import BuildError, ParseError, Rule
from .._core.schemes import SPECIAL_SCHEMES
from .._interop.template import Expression, parse
from .._model.uri import URI, FrozenURI, as_frozen
from .._whatwg.browser import plain_dot_segments
from .template import URITemplate, misread_reason, reference_text
from .urlpattern import COMPONENTS, URLPattern

if TYPE_CHECKING:
    from typing_extensions import Self

T = TypeVar("T")

# the part of a URI a route reads: whether it is a URLPattern's input (every component);
# else, for a template, whether it starts at the path, whether it reads the query,
# whether it reads the fragment
_Reading: TypeAlias = "tuple[bool, bool, bool, bool, bool]"
#: A template whose text starts as a relative path: a segment without ":" (RFC 3986
#: §4.2), then "/", an expression or the end.
_RELATIVE_RE: Final = re.compile(r"[^/:?#{]+(?:[/{]|$)")
_PATTERN_READING: Final[_Reading] = (True, False, True, True, False)
# how a route reads a URI: what matches (its template, the template without the query
# parameters read by name, or its URLPattern), the part it matches, and a reader per
# query parameter read by name
_Reader: TypeAlias = "tuple[URITemplate | URLPattern, _Reading, dict[str, URITemplate]]"

#: What a route is written as: a template, a pattern, or text read as a template.
RouteSpec: TypeAlias = "URITemplate | URLPattern | str"

# a component written "*" alone matches any value (URLPattern's default): the route
# says nothing about it, so its group "0" is no value of the route and a link leaves
# the component out
_ANY: Final = "*"


@attrs.frozen(slots=False)  # no slots: a slot has no docstring
class Route(Generic[T]):
    """One route of a :class:`Routes` table: its name, what it matches and its payload.

    Attributes:
        name: the route's name, unique in its table; links are built by name.
        pattern: a :class:`~urikit.URITemplate` or a :class:`~urikit.URLPattern`.
        payload: what the application keeps with the route (a handler, a view), or
            ``None``.

    .. versionadded:: 0.5
    """

    name: str
    pattern: URITemplate | URLPattern
    payload: T


@attrs.frozen(slots=False)
class RouteMatch(Generic[T]):
    """The route a URI matched, and the values read from it.

    Attributes:
        route: the :class:`Route` that matched (the first in the table's order).
        values: the route's values. A template's are its variables, decoded as its
            expansion encoded them (:meth:`urikit.URITemplate.match`); a URLPattern's
            are the groups of each component the pattern names (every component but
            a lone ``*``), as the standard gives them: canonical, percent-encoded text,
            ``None`` for an optional group that matched nothing.
        uri: the URI the route read: the one given, or under a root the same URI
            with the path after the root's (``https://shop.example/users/42`` for
            ``https://shop.example/app/users/42`` under ``https://shop.example/app/``).

    >>> routes = Routes().add("user", "/users/{id}")
    >>> match = routes.find("/users/42")
    >>> match.name, match.values
    ('user', {'id': '42'})

    .. versionadded:: 0.5
    """

    route: Route[T]
    values: Mapping[str, object]
    uri: FrozenURI

    @property
    def name(self) -> str:
        """The route's name."""
        return self.route.name

    @property
    def payload(self) -> T:
        """The route's payload."""
        return self.route.payload


class Routes(Generic[T]):
    """A table of named routes, each a URI template (RFC 6570) or a URLPattern (WHATWG),
    with an optional payload: it finds the route of a URI and builds a route's link.

    :meth:`add` puts a route at the end of the table; :meth:`find` tries them in that
    order and the first that matches wins, as Starlette and Django try theirs: the
    order is the one the application wrote, and a template has no specificity to sort
    by. To order URLPatterns most specific first, sort them with
    :meth:`urikit.URLPattern.compare_component` before adding them. :meth:`link`
    builds a route's link from values, and a link found again gives the same route
    and values when no route before it matches that link too.

    The table reads like a mapping of names to :class:`Route`: ``len(routes)``,
    ``"user" in routes``, ``routes["user"]`` and iteration in order.

    >>> routes = Routes[str]()
    >>> routes.add("user", "/users/{id}", "show_user").add("file", "/files{/path*}", "send")
    Routes(['user', 'file'])
    >>> match = routes.find("https://shop.example/files/a%20b/c.txt?download")
    >>> match.name, match.values, match.payload
    ('file', {'path': ['a b', 'c.txt']}, 'send')
    >>> str(routes.link("user", id="José/Ana"))
    '/users/Jos%C3%A9%2FAna'

    .. versionadded:: 0.5
    """

    def __init__(self) -> None:
        self._routes: dict[str, Route[T]] = {}
        # each route with how it reads a URI (_reader), in the table's order
        self._entries: list[tuple[Route[T], _Reader]] = []
        self._readers: dict[str, _Reader] = {}

    @overload
    def add(self: Routes[None], name: str, pattern: RouteSpec, /) -> Routes[None]: ...

    @overload
    def add(self, name: str, pattern: RouteSpec, payload: T, /) -> Self: ...

    def add(self, name: str, pattern: RouteSpec, payload: Any = None, /) -> Any:
        """Add a route at the end of the table; the table is returned (edited in place).

        Args:
            name: the route's name, not yet in the table.
            pattern: a :class:`~urikit.URITemplate`, a :class:`~urikit.URLPattern`,
                or text, read as a URI template (``/users/{id}``; a URLPattern's text
                is given as ``URLPattern({"pathname": "/users/:id"})``, so that
                ``{id}``, a URLPattern group without a name, is never read in the
                other syntax).
            payload: what to keep with the route; ``None`` by default.

        Returns:
            The table.

        Raises:
            ParseError: ``pattern`` is text that is not a URI template.
            ValueError: a route called ``name`` is already in the table.
            TypeError: ``name`` is not a ``str`` or ``pattern`` not a template, a
                pattern or text.
        """
        given_name = cast("object", name)  # checked: callers without a type checker
        if not isinstance(given_name, str):
            raise TypeError(f"a route's name must be a str, not {type(given_name).__name__}")
        given = cast("object", pattern)
        if isinstance(given, str):
            read: URITemplate | URLPattern = URITemplate(given)
        elif isinstance(given, URITemplate | URLPattern):
            read = given
        else:
            raise TypeError("a route must be a URITemplate, a URLPattern or a str, "
                            f"not {type(given).__name__}")
        if given_name in self._routes:
            raise ValueError(f"a route called {given_name!r} is already in the table")
        route = Route(given_name, read, payload)
        self._routes[given_name] = route
        reader = _reader(read)
        self._readers[given_name] = reader
        self._entries.append((route, reader))
        return self

    def __len__(self) -> int:
        return len(self._routes)

    def __iter__(self) -> Iterator[Route[T]]:
        return iter(self._routes.values())

    def __contains__(self, name: object) -> bool:
        return name in self._routes

    def __getitem__(self, name: str) -> Route[T]:
        return self._routes[name]

    def __repr__(self) -> str:
        return f"Routes({list(self._routes)!r})"

    def find(self, uri: URI | FrozenURI | str, /, *,
             root: URI | FrozenURI | str | None = None) -> RouteMatch[T] | None:
        """The first route, in the table's order, that matches ``uri``, with its
        values; ``None`` when none does.

        A template is matched against the part of the URI it writes: from its path
        when it starts with "/" (the scheme and authority of ``uri`` are any; the
        path's own text, so ``/{+rest}`` finds ``rest="/admin"`` in
        ``https://shop.example//admin``), the
        whole URI otherwise; the query and the fragment only when the template writes
        them (``/users/{id}`` matches ``/users/42?page=2``, as a framework's route
        does). A template that starts as a relative path (``items/{id}``) is matched,
        under ``root``, against the path after the root's, as :meth:`link_under`
        resolves its link; without ``root``, against the reference. Its form-style
        query expressions at the end (``{?q,page}``,
        ``{&sort}``, without explode) read their parameters by name, in any order,
        among others, each as ``{?name}`` reads it; a parameter given twice matches
        nothing.
        A URLPattern is matched by :meth:`urikit.URLPattern.exec`: a component it
        does not name is any value.

        Args:
            uri: the URI to route (text is read with :meth:`urikit.FrozenURI.parse`).
            root: the application's root (its scheme, authority and path prefix, as
                the adapters' ``root_uri`` gives it): ``uri`` is routed by its path
                after the root's path, and a URI outside the root matches nothing.

        Returns:
            The :class:`RouteMatch`, or ``None``.

        Raises:
            ParseError: ``uri`` or ``root`` is text that is not a URI reference.

        >>> routes = Routes().add("user", "/users/{id}")
        >>> routes.find("https://shop.example/app/users/42", root="https://shop.example/app/")
        RouteMatch(route=Route(name='user', ...), values={'id': '42'}, uri=FrozenURI('https://shop.example/users/42'))
        >>> routes.find("https://shop.example/users/42", root="https://shop.example/app/") is None
        True
        """
        target = as_frozen(uri, "uri")
        if root is not None:
            below = _below(target, as_frozen(root, "root"))
            if below is None:
                return None
            target = below
        subjects: dict[_Reading, str | dict[str, str]] = {}
        for route, (matcher, reading, params) in self._entries:
            subject = subjects.get(reading)
            if subject is None:
                subject = subjects[reading] = _subject(reading, target, root is not None)
            values = _values(matcher, params, subject, target)
            if values is not None:
                return RouteMatch(route, values, target)
        return None

    def link(self, name: str, /, **values: object) -> FrozenURI:
        """The link of the route ``name``, built from ``values``.

        A template is expanded (:meth:`urikit.URITemplate.expand`: each value encoded
        once, as its expression says). A URLPattern builds each component it names
        with :meth:`urikit.URLPattern.generate` from the groups of that component and
        leaves out each component written ``*`` alone (a link of
        ``URLPattern({"pathname": "/users/:id"})`` is the path ``/users/42``; the
        scheme is written with a host, or for a scheme that needs none); the link
        must then match the pattern with the same groups, or it is refused.

        Args:
            name: the route's name.
            values: the route's values: its template's variables, or its pattern's
                named groups (text as the standard's groups are, canonical).

        Returns:
            The link, a :class:`~urikit.FrozenURI` (a template can hand it around
            without editing it): a reference as the route writes it, a path for a
            route that starts with "/" (:meth:`link_under` puts it under a root).

        Raises:
            KeyError: no route is called ``name``.
            BuildError: a link whose path would hold a segment a browser reads as a
                dot segment (a value ``..``: it would climb a level); a template link
                whose values would write its scheme or authority
                (``Rule.AUTHORITY_FROM_VALUE``: ``/{lang}/{slug}`` without ``lang``
                would start with "//", read as a host), or that its route would find
                again with other values (``Rule.VALUE_IS_DATA``: ``a?b`` in
                ``/static/{+rest}`` would write a query); a URLPattern
                whose groups cannot be built (a wildcard, a regular expression, a
                modifier), a value it does not take, or a link that would not read
                back as the route with the same values.
            URIError: a value that a template cannot expand.

        >>> routes = Routes().add("user", "/users/{id}{?tab}")
        >>> str(routes.link("user", id=42, tab="a b"))
        '/users/42?tab=a%20b'

        .. versionchanged:: 0.6
           A template link whose values would write its scheme or authority, or
           that would not read back as its route with the same values, is refused.
        """
        route = self._routes[name]
        if isinstance(route.pattern, URITemplate):
            return _template_link(name, route.pattern, self._readers[name], values)
        return _pattern_link(route.name, route.pattern, values)

    def link_under(self, root: URI | FrozenURI | str, name: str, /,
                   **values: object) -> FrozenURI:
        """The link of the route ``name`` (:meth:`link`) under ``root``, the
        application's root: a path after the root's path prefix, on the root's
        scheme and authority; a link with a scheme is returned as it is.

        This is the inverse of :meth:`find` with ``root``: an application mounted at
        ``/app`` links ``/users/{id}`` as ``/app/users/42``. A link of a route whose
        text starts with "/" is always on the root's origin: a value never writes a
        scheme or an authority (:meth:`link`).

        Raises:
            KeyError, BuildError, URIError: as :meth:`link`.
            ParseError: ``root`` is text that is not a URI reference.

        >>> routes = Routes().add("user", "/users/{id}")
        >>> str(routes.link_under("https://shop.example/app/", "user", id=42))
        'https://shop.example/app/users/42'
        """
        base = as_frozen(root, "root")
        link = self.link(name, **values)
        if link.scheme is not None:
            return link
        if link.host is not None:
            return link.set(scheme=base.scheme)
        prefix = list(base.path)[:-1] if base.path else [""]
        path = list(link.path)
        if path[:1] != [""]:  # a relative path is resolved against the root
            return base.resolve(link)
        return base.set(path=[*prefix, *path[1:]], query=link.query, fragment=link.fragment)


def _template_link(name: str, template: URITemplate, reader: _Reader,
                   values: Mapping[str, object]) -> FrozenURI:
    """The link of the route ``name``, a template, from ``values``: refused unless it
    reads back as that route with values that expand to the same link (a reserved
    expansion, ``{+a}`` or ``{#a}``, writes reserved characters as they are: the link
    is read back to see that none of them was syntax)."""
    # expand()'s URI, frozen at once: the checked text then one parse
    text = reference_text(template, values)
    link = _without_dot_segments(name, FrozenURI.parse(text))
    if link.scheme is not None or link.host is not None:
        _check_origin(name, template, link)
    shown = str(template)
    if "{+" not in shown and "{#" not in shown and not template.ambiguous \
            and all(_defined(values.get(n)) for n in template.variable_names):
        # no reserved expansion: every value is written in unreserved characters and
        # %XX (RFC 6570 §3.2.2), so none writes syntax ("/", "?", "#"); and a template
        # that is not ambiguous reads each defined variable back as it was written
        return link
    matcher, reading, params = reader
    read = _values(matcher, params, _subject(reading, link), link)
    if template.misread(values, read) is not None:
        variable, reason = misread_reason(template, values, read, text)
        if read is not None and variable:
            why = f"{variable!r} would read as another value: {template} {reason}"
        elif variable:
            why = f"{variable!r} would read as no value: {template} {reason}"
        else:
            why = "its link does not match its route"
        raise BuildError(Rule.VALUE_IS_DATA,
                         f"a value of route {name!r} would not read back: {why}")
    return link


def _defined(value: object) -> bool:
    """Whether a template value is defined: not ``None``, an empty list or mapping
    (RFC 6570 §2.3)."""
    if value is None:
        return False
    if isinstance(value, (list, tuple, Mapping)):
        return len(cast("Sized", value)) > 0
    return True


def _check_origin(name: str, template: URITemplate, link: FrozenURI) -> None:
    """Refuse ``link``, built from ``template``, when its scheme or its authority is
    not written by the template's literal text before its first expression: a value
    would name the link's scheme or host (``{+base}`` given ``//evil.example``)."""
    text = str(template)
    literal = text.partition("{")[0]
    start = 0
    if link.scheme is not None:
        start = len(link.scheme) + 1
        if literal[:start].lower() != link.scheme.lower() + ":":
            raise _origin_error(name, template, "scheme")
    if link.host is not None and literal[start:start + 2] != "//":
        raise _origin_error(name, template, "authority")


def _origin_error(name: str, template: URITemplate, part: str) -> BuildError:
    variable = template.variable_names[0]  # in the first expression: the literal is before
    return BuildError(Rule.AUTHORITY_FROM_VALUE, f"the link of route {name!r} would take "
                      f"its {part} from variable {variable!r}")


def _values(matcher: URITemplate | URLPattern, params: Mapping[str, URITemplate],
            subject: str | dict[str, str], target: FrozenURI) -> dict[str, object] | None:
    """The values a route that reads with ``matcher`` and ``params`` finds in
    ``subject``, the part of ``target`` it reads; ``None`` when it does not match."""
    if not isinstance(matcher, URITemplate):
        return _exec(matcher, subject)
    values = cast("dict[str, object] | None", matcher.match(cast("str", subject)))
    if values is not None and params:
        read = _params(target.query, params)
        if read is None:
            return None
        values.update(read)
    return values


def _without_dot_segments(name: str, link: FrozenURI) -> FrozenURI:
    """``link``, unless its path holds a segment a browser reads as a dot segment
    (``..``, ``%2e%2e``...): it would remove it, and a value would climb a level."""
    segments = plain_dot_segments("/".join(link.path)).split("/")
    if "." in segments or ".." in segments:
        raise BuildError(Rule.DOT_SEGMENT_FROM_TEXT,
                         f"the link of route {name!r} would hold one")
    return link


def _below(uri: FrozenURI, root: FrozenURI) -> FrozenURI | None:
    """``uri`` with the path it has after ``root``'s path (``/app/users/42`` under
    ``/app/`` is ``/users/42``), or ``None`` when it is not under ``root``: another
    origin (when the root has one) or another path prefix, compared segment by
    segment."""
    if root.scheme is not None and not uri.same_origin(root):
        return None
    prefix = list(root.path)[:-1] if root.path else []
    path = list(uri.path)
    if path[:len(prefix)] != prefix:
        return None
    if len(prefix) <= 1:
        return uri
    rest = path[len(prefix):]
    return uri.set(path=["", *rest] if rest else ["", ""])


def _reader(pattern: URITemplate | URLPattern) -> _Reader:
    """How a route reads a URI (see :meth:`Routes.find`): what matches, the part of the
    URI it matches, and the query parameters read by name.

    A URLPattern reads every component. A template reads from the path when it starts
    with "/" or ``{/``, else the whole URI; the query and fragment only when it writes
    them. Its form-style query expressions at the end (``{?a,b}{&c}``, no explode or
    prefix) are read by name, each parameter as ``{?name}`` reads it, so that their
    order and other parameters do not matter: the rest of the template matches the
    URI without its query.
    """
    if isinstance(pattern, URLPattern):
        return pattern, _PATTERN_READING, {}
    parsed = parse(str(pattern))
    pieces = parsed.pieces
    first = len(pieces)
    while first and _is_form_query(pieces[first - 1]):
        first -= 1
    before = pieces[:first]
    query = any("?" in piece if isinstance(piece, str) else piece[0] in ("?", "&")
                for piece in before)
    fragment = any("#" in piece if isinstance(piece, str) else piece[0] == "#"
                   for piece in before)
    from_path = parsed.text.startswith(("/", "{/")) and not parsed.text.startswith("//")
    # a relative path ("items/{id}"): under a root, read on the path after the root's
    relative = _RELATIVE_RE.match(parsed.text) is not None
    head = pieces[first] if first < len(pieces) else None
    # a second "{?...}" writes its "?" inside the query ("?a=1?b=2"), which no reading
    # by name splits: then the template reads the query
    again = any(not isinstance(piece, str) and piece[0] == "?" for piece in pieces[first + 1:])
    if query or head is None or isinstance(head, str) or head[0] != "?" or again:
        return pattern, (False, from_path, query or head is not None, fragment,
                         relative), {}
    # an expression is (operator, varspecs, start, end); a varspec (name, prefix,
    # explode, position)
    names = [spec[0] for piece in pieces[first:] if not isinstance(piece, str)
             for spec in piece[1]]
    return (URITemplate(parsed.text[:head[2]]),
            (False, from_path, False, fragment, relative),
            {name: URITemplate(f"{{?{name}}}") for name in names})


def _is_form_query(piece: str | Expression) -> bool:
    """Whether ``piece`` is a form-style query expression whose parameters read by
    name: ``{?a,b}`` or ``{&c}``, without explode or prefix, names without ``%``."""
    return not isinstance(piece, str) and piece[0] in ("?", "&") and all(
        not explode and prefix is None and "%" not in name
        for name, prefix, explode, _ in piece[1])


def _params(query: str | None, readers: Mapping[str, URITemplate]) -> dict[str, object] | None:
    """The values of the query parameters ``readers`` read, each as its ``{?name}``
    reads it; ``None`` when one is given twice or is no expansion (``?tab`` alone).
    An empty query is read as the template reads a lone "?" (its first parameter
    empty): the first reader is asked, so the rule has one home."""
    if query == "":
        first = next(iter(readers))
        return cast("dict[str, object] | None", readers[first].match("?"))
    found: dict[str, object] = {}
    for pair in query.split("&") if query else ():
        name = pair.partition("=")[0]
        reader = readers.get(name)
        if reader is None:
            continue
        value = reader.match("?" + pair)
        if name in found or value is None or name not in value:
            return None
        found[name] = value[name]
    return {name: found[name] for name in readers if name in found}  # the template's order


def _subject(reading: _Reading, uri: FrozenURI, rooted: bool = False
             ) -> str | dict[str, str]:
    """What a route of ``reading`` is matched against: the text of the part of ``uri``
    a template reads, or URLPattern's input; ``rooted``: ``uri`` is the URI under an
    application's root (its path after the root's), where a relative template reads
    that path without its "/"."""
    is_pattern, from_path, query, fragment, relative = reading
    if is_pattern:
        return _pattern_input(uri)
    if from_path or (rooted and relative):
        # the path's own text: a URI of the path alone would write "//a" as "/.//a"
        # (RFC 3986 §3.3), a segment the request does not hold
        text = "/".join(uri.path)
        if not from_path:
            text = text[1:] if text.startswith("/") else text
        if query and uri.query is not None:
            text += "?" + uri.query
        if fragment and uri.fragment is not None:
            text += "#" + uri.fragment
        return text
    subject = uri
    if not query and uri.query is not None:
        subject = subject.set(query=None)
    if not fragment and uri.fragment is not None:
        subject = subject.set(fragment=None)
    return str(subject)


def _exec(pattern: URLPattern, given: str | Mapping[str, str]) -> dict[str, object] | None:
    """The groups of each component ``pattern`` names, read from ``given``, or
    ``None``."""
    result = pattern.exec(given)
    if result is None:
        return None
    values: dict[str, object] = {}
    for component in COMPONENTS:
        if getattr(pattern, component) != _ANY:
            values.update(getattr(result, component).groups)
    return values


def _pattern_input(uri: FrozenURI) -> str | dict[str, str]:
    """``uri`` as URLPattern's input: its text when it is absolute, else the
    components it has (the others match only a pattern's ``*``)."""
    if uri.scheme is not None:
        return str(uri)
    given: dict[str, str] = {"pathname": "/".join(uri.path)}
    if uri.host is not None:
        given["hostname"] = uri.host
    if uri.port is not None:
        given["port"] = str(uri.port)
    if uri.query is not None:
        given["search"] = uri.query
    if uri.fragment is not None:
        given["hash"] = uri.fragment
    return given


def _pattern_link(name: str, pattern: URLPattern, values: Mapping[str, object]) -> FrozenURI:
    """The link of the route ``name``, a URLPattern, from its groups ``values``."""
    groups: dict[str, str] = {}
    for key, value in values.items():
        if not isinstance(value, str):
            raise TypeError(f"the value of group {key!r} of route {name!r} must be a str, "
                            f"not {type(value).__name__}")
        groups[key] = value
    # generate() takes the groups of its component and ignores the others
    built: dict[str, str] = {component: pattern.generate(component, groups)
                             for component in COMPONENTS
                             if getattr(pattern, component) != _ANY}
    link = _without_dot_segments(name, _assemble(name, built))
    # what the standard generated must match the pattern with the same groups, and
    # every value given must be one of them
    read = _exec(pattern, built)
    unknown = sorted(set(groups) - set(read or ()))
    if unknown:
        raise BuildError(Rule.GENERATE_FROM_GROUPS,
                         f"route {name!r} has no group {unknown[0]!r}")
    if read != groups:
        raise BuildError(Rule.GENERATE_FROM_GROUPS, f"the link of route {name!r} does not "
                         "read back as that route with the same groups")
    return link


def _assemble(name: str, built: Mapping[str, str]) -> FrozenURI:
    """A link from URLPattern components (the standard's canonical text of each),
    which must read back as those components: a value is never syntax."""
    scheme = built.get("protocol")
    host = built.get("hostname")
    if scheme is not None and host is None and scheme in SPECIAL_SCHEMES:
        scheme = None  # "https:/users/42" would be no link: without a host, the path
    userinfo = None
    if "username" in built or "password" in built:
        userinfo = built.get("username", "")
        if "password" in built:
            userinfo += ":" + built["password"]
    port = built.get("port") or None
    if host is None and userinfo is not None:
        raise BuildError(Rule.USERINFO_NEEDS_HOST, f"route {name!r} names no host")
    if host is None and port is not None:
        raise BuildError(Rule.PORT_NEEDS_HOST, f"route {name!r} names no host")
    path = built.get("pathname", "")
    query = built.get("search")
    fragment = built.get("hash")
    text = "" if scheme is None else scheme + ":"
    if host is not None:
        text += "//" + ("" if userinfo is None else userinfo + "@") + host + (
            "" if port is None else ":" + port)
    text += path + ("" if query is None else "?" + query) + (
        "" if fragment is None else "#" + fragment)
    try:
        link = FrozenURI.parse(text)
    except ParseError as error:
        raise BuildError(Rule.GENERATE_FROM_GROUPS, f"the link of route {name!r} is no "
                         f"URI: {error.reason} in {error.component}") from None
    read = (link.scheme, link.userinfo, link.host,
            None if link.port is None else str(link.port), "/".join(link.path),
            link.query, link.fragment)
    if read != (scheme, userinfo, host, port, path, query, fragment):
        raise BuildError(Rule.GENERATE_FROM_GROUPS,
                         f"a value of route {name!r} would be syntax in its link")
    return link
