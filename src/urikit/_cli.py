"""The ``urikit`` command line: explain, resolve, relativize and normalize URIs."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TextIO

from ._errors import ParseError, URIError
from ._uri import URI

Span = tuple[str, int, int]  # label, start, end (end exclusive)


def spans(uri: URI) -> list[Span]:
    """The place of each defined top-level component in ``str(uri)``.

    >>> for span in spans(URI.parse("foo://example.com:8042/over/there?name=ferret#nose")):
    ...     print(*span)
    scheme 0 3
    authority 6 22
    path 22 33
    query 34 45
    fragment 46 50
    """
    text = str(uri)
    result: list[Span] = []
    i = 0
    if uri.scheme is not None:
        result.append(("scheme", 0, len(uri.scheme)))
        i = len(uri.scheme) + 1
    authority = uri.authority
    if authority is not None:
        i += 2
        result.append(("authority", i, i + len(authority)))
        i += len(authority)
    end = len(text)
    if uri.fragment is not None:
        end -= len(uri.fragment) + 1
    if uri.query is not None:
        end -= len(uri.query) + 1
    result.append(("path", i, end))
    i = end
    if uri.query is not None:
        result.append(("query", i + 1, i + 1 + len(uri.query)))
        i += 1 + len(uri.query)
    if uri.fragment is not None:
        result.append(("fragment", i + 1, i + 1 + len(uri.fragment)))
    return result


def _underline(start: int, end: int) -> str:
    width = end - start
    if width <= 1:
        return "|"
    return "\\" + "_" * (width - 2) + "/"


def _bars(cols: list[int]) -> str:
    line = [" "] * (max(cols, default=-1) + 1)
    for col in cols:
        line[col] = "|"
    return "".join(line)


def diagram(uri: URI, indent: int = 2) -> str:
    """Draw the components under the URI text, as RFC 3986 §3 does.

    Empty components (``?`` alone) are marked with ``|`` where they stand; when the
    labels do not fit on one line, they go down a staircase, the rightmost first.

    >>> print(diagram(URI.parse("foo://example.com:8042/over/there?name=ferret#nose")))
      foo://example.com:8042/over/there?name=ferret#nose
      \\_/   \\______________/\\_________/ \\_________/ \\__/
       |            |            |           |        |
    scheme      authority      path        query  fragment
    """
    text = str(uri)
    marks = [s for s in spans(uri) if s[2] > s[1] or s[0] != "path"]
    under = [" "] * (len(text) + indent + 2)
    centres: list[tuple[str, int]] = []
    for label, start, end in marks:
        line = _underline(start, end)
        for k, ch in enumerate(line):
            under[indent + start + k] = ch
        centres.append((label, indent + start + max(end - start - 1, 0) // 2 + (
            1 if end - start >= 3 and (end - start) % 2 == 0 else 0)))
    lines = [" " * indent + text, "".join(under).rstrip()]
    cols = [col for _, col in centres]
    placed = [(max(col - len(label) // 2, 0), label) for label, col in centres]
    fits = all(left + len(label) < next_left
               for (left, label), (next_left, _) in pairwise(placed))
    fits = fits and not any(left <= other < left + len(label) and other != col
                            for (left, label), col in zip(placed, cols, strict=True)
                            for other in cols)
    if fits:
        # One line of labels, each centred under its bar (RFC 3986 §3 style).
        lines.append(_bars(cols))
        row = [" "] * (max(left + len(label) for left, label in placed) + 1)
        for left, label in placed:
            row[left:left + len(label)] = label
        lines.append("".join(row).rstrip())
    else:
        # A staircase: the rightmost label on the first line, each label starting at
        # its own bar, so no label ever covers a bar still running down.
        lines.append(_bars(cols))
        for k in range(len(centres) - 1, -1, -1):
            label, col = centres[k]
            lines.append((_bars(cols[:k]).ljust(col) + label).rstrip())
    return "\n".join(lines)


def element_model(uri: URI) -> dict[str, object]:
    """The element model of ``uri`` as plain data (``None`` for undefined)."""
    return {
        "scheme": uri.scheme,
        "userinfo": uri.userinfo,
        "host": uri.host,
        "port": uri.port,
        "has_port": uri.has_port,
        "path": list(uri.path),
        "query": uri.query,
        "fragment": uri.fragment,
        "is_relative": uri.is_relative,
    }


def _show(value: object) -> str:
    if value is None:
        return "(undefined)"
    return repr(value)


def table(uri: URI) -> str:
    """The element model as a two-column table; undefined shows as ``(undefined)``,
    empty as ``''``."""
    model = element_model(uri)
    width = max(len(k) for k in model)
    return "\n".join(f"{k:<{width}}  {_show(v)}" for k, v in model.items())


def caret(error: ParseError) -> str:
    """The rejected text with a caret under the offending position."""
    return f"  {error.text}\n  {' ' * error.position}^"


def _explain(args: argparse.Namespace, out: TextIO) -> None:
    uri = URI.parse(args.uri, allow_zone_id=args.allow_zone_id)
    if args.json:
        json.dump(element_model(uri), out, ensure_ascii=False)
        out.write("\n")
        return
    out.write(diagram(uri) + "\n\n" + table(uri) + "\n")


def _print_uris(uris: list[URI], args: argparse.Namespace, out: TextIO) -> None:
    if args.json:
        json.dump([str(u) for u in uris], out, ensure_ascii=False)
        out.write("\n")
        return
    for u in uris:
        out.write(f"{u}\n")


def _resolve(args: argparse.Namespace, out: TextIO) -> None:
    base = URI.parse(args.base)
    _print_uris([base.resolve(ref, strict=not args.non_strict) for ref in args.refs],
                args, out)


def _relative(args: argparse.Namespace, out: TextIO) -> None:
    _print_uris([URI.parse(args.target).relative_to(URI.parse(args.base))], args, out)


def _normalize(args: argparse.Namespace, out: TextIO) -> None:
    _print_uris([URI.parse(u).normalize() for u in args.uris], args, out)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="urikit", description="Strict RFC 3986 URIs: explain, resolve, relativize, "
        "normalize. Invalid input exits with status 2 and a caret under the error.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("explain", help="show the components of a URI-reference")
    p.add_argument("uri")
    p.add_argument("--json", action="store_true", help="print the element model as JSON")
    p.add_argument("--allow-zone-id", action="store_true",
                   help="accept IPv6 zone identifiers (RFC 6874)")
    p.set_defaults(func=_explain)
    p = sub.add_parser("resolve", help="resolve references against a base (RFC 3986 §5)")
    p.add_argument("base")
    p.add_argument("refs", nargs="+", metavar="REF")
    p.add_argument("--non-strict", action="store_true",
                   help="read a reference with the base's scheme as relative (§5.2.2)")
    p.add_argument("--json", action="store_true", help="print a JSON list")
    p.set_defaults(func=_resolve)
    p = sub.add_parser("relative", help="the shortest reference from BASE to TARGET")
    p.add_argument("base")
    p.add_argument("target")
    p.add_argument("--json", action="store_true", help="print a JSON list")
    p.set_defaults(func=_relative)
    p = sub.add_parser("normalize", help="normalize URIs (RFC 3986 §6.2)")
    p.add_argument("uris", nargs="+", metavar="URI")
    p.add_argument("--json", action="store_true", help="print a JSON list")
    p.set_defaults(func=_normalize)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0, or 2 for invalid input)."""
    args = _parser().parse_args(argv)
    func: Callable[[argparse.Namespace, TextIO], None] = args.func
    try:
        func(args, sys.stdout)
    except ParseError as exc:
        print(f"urikit: {exc}\n{caret(exc)}", file=sys.stderr)
        return 2
    except URIError as exc:
        print(f"urikit: {exc}", file=sys.stderr)
        return 2
    return 0
