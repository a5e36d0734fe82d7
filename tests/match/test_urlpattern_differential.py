"""urikit.URLPattern against the urlpattern package (a Rust implementation): a second opinion.

A few thousand pattern and URL pairs, generated with a fixed seed, matched by both; each
answer that differs is explained by a named difference (docs/urlpattern.md) or fails.
The same pairs check urikit's one-expression fast path against its component-by-component
matching (the standard's algorithm as written).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from urikit import ParseError, URLPattern, URLPatternResult

# the test extra installs urlpattern (wheels for CPython 3.10 to 3.13); without it, the
# second opinion is skipped, as every test of an optional package is
urlpattern: Any = pytest.importorskip("urlpattern", reason="needs urlpattern (the test extra)")

SEED = 35
PROTOCOLS = ["https", "https", "http{s}?", "http{s}?", "*", "*", "*", "ws{s}?", ":proto"]
HOSTNAMES = ["example.com", "example.com", "*", "*", "*.example.com", "*.example.com",
             ":sub.example.com", "*", "{:sub.}?example.com",
             "xn--caf-dma.com", "café.com", "127.0.0.1", "[\\:\\:1]", "EXAMPLE.org"]
PATHNAMES = ["/", "/users/:id", "/users/:id", "/*", "/:a/:b", "/users/:id/posts/:post",
             "/files/*", "/:a?", "/:a+",
             "/:a*", "/(\\d+)", "/:id(\\d+)/edit", "*", "/a{/:b}?", "/books/:id.:ext",
             "/:x-:y", "/a b", "/é", "{/:seg}+", "/static/*.js"]
SEARCHES = ["*", "", "q=:q", "a=1&b=*"]
HASHES = ["*", "", "top", ":frag"]

SCHEMES = ["https", "https", "https", "http", "http", "wss", "ftp", "HTTPS", "sc", "file"]
HOSTS = ["example.com", "example.com", "api.example.com", "a.b.example.com", "EXAMPLE.com",
         "xn--caf-dma.com", "café.com", "127.0.0.1", "0x7f.1", "[::1]", "example.org",
         "sub.example.com."]
PATHS = ["", "{}", "users/{}", "users/{}/posts/{}", "files/{}/{}", "{}/edit", "books/{}.{}",
         "static/{}.js", "a/{}", "{}/{}/{}", "a b", "é"]
SEGMENTS = ["users", "42", "7", "posts", "hello-world", "edit", "x", "a b", "é", "%41", ".",
            "..", "%2e",
            "x.y", "files", "a|b", "c;d", "~u", "static", "app", "b", "1-2"]
QUERIES = [None, None, None, "", "q=1", "a=1&b=2", "q=a b", "x='y'", "k=%zz"]
FRAGMENTS = [None, None, None, "", "top", "a b", "x/y"]
PORTS = [None] * 9 + ["443", "80", "8080", "0080"]

# The differences the urlpattern package and urikit are known to have, each a kind the
# docs name: urikit's browser reading writes RFC 3986 text (it percent-encodes "|" in a
# path, "'" kept in a query ...), where the URL standard keeps a character as it is.
ENCODED_BY_URIKIT = ("|", "'", "%zz")


def _pattern(rng: random.Random) -> dict[str, str]:
    init = {"protocol": rng.choice(PROTOCOLS), "hostname": rng.choice(HOSTNAMES),
            "pathname": rng.choice(PATHNAMES)}
    if rng.random() < 0.3:
        init["search"] = rng.choice(SEARCHES)
    if rng.random() < 0.2:
        init["hash"] = rng.choice(HASHES)
    return init


def _url(rng: random.Random) -> str:
    # six in ten of the URLs plain (of the fast path's shape), the others anything
    plain = rng.random() < 0.6
    path = rng.choice(PATHS[:10])
    path = path.format(*(rng.choice(SEGMENTS[:7] if plain else SEGMENTS)
                         for _ in range(path.count("{}"))))
    port = None if plain else rng.choice(PORTS)
    query = rng.choice(QUERIES[:6] if plain else QUERIES)
    fragment = rng.choice(FRAGMENTS[:5] if plain else FRAGMENTS)
    scheme = rng.choice(SCHEMES[:5] if plain else SCHEMES)
    host = rng.choice(HOSTS[:4] if plain else HOSTS)
    return (f"{scheme}://{host}{':' + port if port else ''}/{path}"
            f"{'' if query is None else '?' + query}{'' if fragment is None else '#' + fragment}")


def _as_dict(result: URLPatternResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {name: {"input": getattr(result, name).input,
                   "groups": dict(getattr(result, name).groups)}
            for name in ("protocol", "username", "password", "hostname", "port", "pathname",
                         "search", "hash")}


def _pairs() -> list[tuple[dict[str, str], str]]:
    rng = random.Random(SEED)
    patterns = [_pattern(rng) for _ in range(80)]
    urls = [_url(rng) for _ in range(50)]
    return [(p, u) for p in patterns for u in urls]


def test_against_the_urlpattern_package() -> None:
    """Both implementations agree on every generated pair, but for the named kinds."""
    kinds: Counter[str] = Counter()
    unexplained: list[tuple[dict[str, str], str, object, object]] = []
    compiled: dict[str, tuple[URLPattern | None, Any]] = {}
    for init, url in _pairs():
        key = repr(init)
        if key not in compiled:
            try:
                mine: URLPattern | None = URLPattern(init)
            except ParseError:
                mine = None
            try:
                theirs = urlpattern.URLPattern(init)
            except ValueError:
                theirs = None
            assert (mine is None) == (theirs is None), init
            compiled[key] = (mine, theirs)
        mine, theirs = compiled[key]
        if mine is None:
            kinds["pattern refused by both"] += 1
            continue
        got = _as_dict(mine.exec(url))
        expected = theirs.exec(url)
        if expected is not None:
            expected = {k: v for k, v in expected.items() if k != "inputs"}
        if got == expected:
            kinds["same"] += 1
        elif any(mark in url for mark in ENCODED_BY_URIKIT):
            kinds["urikit's reading percent-encodes a character the URL standard keeps"] += 1
        else:
            unexplained.append((init, url, got, expected))
    assert not unexplained, unexplained[:3]
    # the counts docs/urlpattern.md gives (the seed fixes them); 182 pairs match, 85 of
    # them through urikit's one-expression fast path
    assert kinds == Counter({
        "same": 3992,
        "urikit's reading percent-encodes a character the URL standard keeps": 8}), kinds


def test_fast_path_answers_as_the_components() -> None:
    """exec of a URL string through the one expression gives what matching component by
    component gives, on every generated pair."""
    for init, url in _pairs():
        try:
            fast = URLPattern(init)
        except ParseError:
            continue
        slow = URLPattern(init)
        object.__setattr__(slow, "_whole", None)
        assert _as_dict(fast.exec(url)) == _as_dict(slow.exec(url)), (init, url)
        assert fast.test(url) == slow.test(url), (init, url)
