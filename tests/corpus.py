"""A generated URL corpus for the batch tests, so that no test reads a file outside the repo.

:func:`generate` makes a deterministic mix (one seed, no clock) of the lines a crawl or
a link export holds: https and http URLs over a few thousand hosts (names, subdomains,
ports, IPv4 and IPv6 literals), paths with and without queries and fragments,
percent-encodings, lines a normalization rewrites (upper-case schemes and hosts,
default ports, dot segments, ``%7e``), tracking parameters, exact duplicates and
equivalent spellings of earlier lines, and lines that are not URIs at all (a space, a
backslash, a double quote, braces, a bar, a caret, a stray bracket, a bad
percent-encoding, a letter in the port, a non-ASCII host). The invalid lines are
invalid by construction, so :attr:`Corpus.invalid` is known without asking urikit.

:func:`write` stores it as such files come: a UTF-8 BOM first, and the last line,
``https://``, with no line end.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Final

#: The seed of every corpus the tests use: the same lines on every machine and Python.
SEED: Final = 29

_SYLLABLES: Final = ("ka", "lo", "mi", "net", "web", "data", "shop", "news", "tor", "ex",
                     "ple", "cloud", "arc", "zen", "bit", "pro", "info", "ly", "ra", "sun")
_TLDS: Final = ("com", "org", "net", "de", "co.uk", "io", "edu", "gov", "fr", "jp")
_WORDS: Final = ("index", "about", "docs", "en", "blog", "2023", "products", "item",
                 "search", "a-b_c", "~user", "static", "img", "v1", "api", "page.html",
                 "report.pdf", "x.php", "content", "home.aspx")
_KEYS: Final = ("id", "q", "page", "lang", "sort", "ref", "s", "format", "p")
_TRACKING: Final = ("utm_source=news", "utm_medium=email", "fbclid=IwAR0x", "gclid=abc1")
#: What makes a line invalid, each a fault RFC 3986 allows nowhere in its place.
_FAULTS: Final = (" ", "\\", '"', "{", "}", "|", "^", "<", "`")


@dataclass(frozen=True)
class Corpus:
    """Generated lines and how many of them are invalid by construction."""

    lines: list[str]
    invalid: int


def _host(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.03:
        return ".".join(str(rng.randrange(1, 255)) for _ in range(4))
    if kind < 0.04:
        return f"[2001:db8::{rng.randrange(1, 0xffff):x}]"
    name = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(1, 3)))
    if rng.random() < 0.2:
        name += str(rng.randrange(100))
    sub = rng.choice(("www.", "www.", "", "", "blog.", "m.", "docs.", "shop."))
    return f"{sub}{name}.{rng.choice(_TLDS)}"


def _valid(rng: random.Random, hosts: list[str]) -> str:
    scheme = "https" if rng.random() < 0.8 else "http"
    host = rng.choice(hosts)
    port = f":{rng.choice((8080, 8443, 3000))}" if rng.random() < 0.03 else ""
    segments = [rng.choice(_WORDS) for _ in range(rng.randint(0, 4))]
    if segments and rng.random() < 0.05:
        segments[-1] += "%20" + rng.choice(_WORDS)
    path = "/" + "/".join(segments)
    if segments and rng.random() < 0.3:
        path += "/"
    query = ""
    if rng.random() < 0.12:
        pairs = [f"{rng.choice(_KEYS)}={rng.randrange(1000)}" for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.3:
            pairs.append(rng.choice(_TRACKING))
        query = "?" + "&".join(pairs)
    fragment = f"#{rng.choice(_WORDS)}" if rng.random() < 0.04 else ""
    return f"{scheme}://{host}{port}{path}{query}{fragment}"


def _needs_normalizing(rng: random.Random, line: str) -> str:
    """An equivalent spelling of a valid line: what normalization rewrites."""
    scheme, _, rest = line.partition("://")
    host, slash, path = rest.partition("/")
    choice = rng.randrange(4)
    if choice == 0:
        return f"{scheme.upper()}://{host.upper()}{slash}{path}"
    if choice == 1 and ":" not in host and "[" not in host:
        return f"{scheme}://{host}:{443 if scheme == 'https' else 80}{slash}{path}"
    if choice == 2:
        return f"{scheme}://{host}/a/./b/../{path}"
    return f"{scheme}://{host}/%7euser/{path}"


def _invalid(rng: random.Random, line: str) -> str:
    """A line made invalid: a fault put into its path, or a broken host or port."""
    choice = rng.random()
    scheme, _, rest = line.partition("://")
    host, _, path = rest.partition("/")
    if choice < 0.1:
        return f"{scheme}://{host}:8o80/{path}"
    if choice < 0.2:
        return f"{scheme}://{host}/{path}%zz"
    if choice < 0.25:
        return f"{scheme}://bücher-{rng.randrange(100)}.example/{path}"
    if choice < 0.3:
        return f"{scheme}://{host}]/{path}"
    cut = rng.randint(0, len(path))
    return f"{scheme}://{host}/{path[:cut]}{rng.choice(_FAULTS)}{path[cut:]}"


def generate(count: int, seed: int = SEED) -> Corpus:
    """``count`` lines (``count - 1`` generated and ``https://`` last): about 93 %
    valid as written, 5 % spellings a normalization rewrites, 1 % exact duplicates and
    0.7 % invalid."""
    rng = random.Random(seed)
    hosts = sorted({_host(rng) for _ in range(max(count // 8, 1))})
    lines: list[str] = []
    faulty: set[str] = set()
    for _ in range(count - 1):
        draw = rng.random()
        if lines and draw < 0.01:
            lines.append(rng.choice(lines))
            continue
        line = _valid(rng, hosts)
        if draw < 0.017:
            line = _invalid(rng, line)
            faulty.add(line)
        elif draw < 0.067:
            line = _needs_normalizing(rng, line)
        lines.append(line)
    lines.append("https://")
    return Corpus(lines, sum(line in faulty for line in lines))


def write(path: Path, count: int, seed: int = SEED) -> Corpus:
    """Write a generated corpus to ``path`` as an exported list comes: a UTF-8 BOM, one
    line each ending in a newline but the last. Returns what was written."""
    corpus = generate(count, seed)
    path.write_bytes(b"\xef\xbb\xbf" + "\n".join(corpus.lines).encode())
    return corpus
