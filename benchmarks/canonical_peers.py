"""How urikit's canonical forms differ from w3lib's ``canonicalize_url`` and courlan's
``normalize_url``, kind by kind, over a corpus of real links.

    python benchmarks/canonical_peers.py [--corpus FILE] [--limit N]

Each line is read as ``urikit canonicalize --lenient`` reads it (the peers accept any
text, so urikit reads it as browsers do) with the default steps, and given to each
peer. Where the two texts differ, the kinds of difference below are undone one after
the other on both texts (each step applied to both, cumulatively), and the line is
counted under the first kind after which they agree. Prints a Markdown table of the
counts with an example of each kind (the table in docs/cli.md comes from this); the
peers are in the bench extra, never runtime dependencies. About 30 s for the 48,010
lines of the shared corpus.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import posixpath
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from urikit._batch.engine import process_line
from urikit._batch.operations import Command, Operation

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "kasztp.txt"
TRACKING = re.compile(r"^(utm_[^=]*|gclid|fbclid|msclkid|mc_[ce]id|yclid|_ga|_gl)(=|$)")


def _query_pieces(text: str, edit: Callable[[list[str]], list[str]]) -> str:
    parts = urlsplit(text)
    if not parts.query:
        return text
    return urlunsplit(parts._replace(query="&".join(edit(parts.query.split("&")))))


def _no_fragment(text: str) -> str:
    return text.partition("#")[0]


def _form(text: str) -> str:
    return _query_pieces(text, lambda ps: [p.replace("%20", "+") for p in ps])


def _blank_values(text: str) -> str:
    return _query_pieces(text, lambda ps: [p if "=" in p else p + "=" for p in ps])


def _sorted_pairs(text: str) -> str:
    return _query_pieces(text, sorted)


def _dropped_params(text: str) -> str:
    text = _query_pieces(text, lambda ps: [p for p in ps if not p.endswith("=")
                                           and not TRACKING.match(p)])
    return text[:-1] if text.endswith("?") else text


def _default_port(text: str) -> str:
    return re.sub(r"^(http://[^/?#]*?):80(?=[/?#]|$)|^(https://[^/?#]*?):443(?=[/?#]|$)",
                  lambda m: m.group(1) or m.group(2), text)


def _dot_segments(text: str) -> str:
    parts = urlsplit(text)
    if "/." not in parts.path:
        return text
    path = posixpath.normpath(parts.path) + ("/" if parts.path.endswith("/") else "")
    return urlunsplit(parts._replace(path=path.replace("//", "/")))


def _empty_path(text: str) -> str:
    parts = urlsplit(text)
    return urlunsplit(parts._replace(path=parts.path or "/")) if parts.netloc else text


def _encoding(text: str) -> str:
    parts = urlsplit(unquote(text))
    host = parts.netloc
    if "xn--" in host:
        with contextlib.suppress(UnicodeError):
            host = host.encode("ascii").decode("idna")
    return urlunsplit(parts._replace(netloc=host.lower())).replace(" ", "+")


def _backslash(text: str) -> str:
    parts = urlsplit(text)
    return urlunsplit(parts._replace(path=re.sub(r"%5C|\\", "/", parts.path)))


def _trailing_slash(text: str) -> str:
    return text.rstrip("/")


def _case(text: str) -> str:
    return text.lower()


#: The kinds of difference, in the order they are undone, with what each means.
KINDS: list[tuple[str, str, Callable[[str], str]]] = [
    ("fragment", "the peer keeps the fragment; urikit drops it", _no_fragment),
    ("form encoding", "the peer writes a space in the query as '+' (urikit: only with "
     "--form-query)", _form),
    ("blank values", "the peer writes a key without '=' as 'key='", _blank_values),
    ("pair order", "the peer sorts by key and value; urikit by key, stably", _sorted_pairs),
    ("dropped parameters", "the peer drops blank parameters or tracking ones (urikit: "
     "only with --drop-tracking / --drop-param)", _dropped_params),
    ("default port", "the peer keeps ':80' or ':443'", _default_port),
    ("dot segments", "the peer keeps '.' and '..' segments", _dot_segments),
    ("empty path", "'http://h' against 'http://h/'", _empty_path),
    ("percent-encoding", "the texts differ only in what is percent-encoded (unreserved "
     "characters decoded, reserved ones encoded or not, non-ASCII, IDNA)", _encoding),
    ("backslash", "a '\\' in the path: urikit --lenient reads it as '/', as browsers "
     "do for http(s); the peer encodes it as '%5C'", _backslash),
    ("trailing slash", "the peer removes or adds a final '/'", _trailing_slash),
    ("case", "the peer changes the case of the path or query", _case),
]


def classify(mine: str, theirs: str) -> str:
    """The kind of difference between two canonical texts ("same" when equal)."""
    if mine == theirs:
        return "same"
    for name, _, undo in KINDS:
        mine, theirs = undo(mine), undo(theirs)
        if mine == theirs:
            return name
    # parameters that one side dropped by a rule of its own (courlan: "ref", ...)
    ours, peers_ = set(urlsplit(mine).query.split("&")), set(urlsplit(theirs).query.split("&"))
    both = ours & peers_
    if _query_pieces(mine, lambda ps: [p for p in ps if p in both]).rstrip("?") == \
            _query_pieces(theirs, lambda ps: [p for p in ps if p in both]).rstrip("?"):
        return "other parameters dropped"
    return "other"


def peers() -> dict[str, Callable[[str], str]]:
    """The peers that are installed."""
    found: dict[str, Callable[[str], str]] = {}
    # loaded by name, as benchmarks/tasks.py loads its competitors: the bench extra is
    # not installed where mypy checks the benchmarks
    for label, module, function in (("w3lib canonicalize_url", "w3lib.url", "canonicalize_url"),
                                    ("courlan normalize_url", "courlan", "normalize_url")):
        try:
            peer: Any = importlib.import_module(module)
        except ImportError:
            print(f"{module.split('.')[0]} is missing (the bench extra)", file=sys.stderr)
        else:
            found[label] = getattr(peer, function)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Count the kinds of difference and print the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args(argv)
    data = args.corpus.read_bytes().removeprefix(b"\xef\xbb\xbf")
    lines = data.decode("utf-8", "replace").splitlines()
    if args.limit:
        lines = lines[:args.limit]
    op = Operation(Command.CANONICALIZE, lenient=True, show_password=True)
    found = peers()
    counts: dict[str, Counter[str]] = {name: Counter() for name in found}
    examples: dict[str, dict[str, tuple[str, str, str]]] = {name: {} for name in found}
    for line in lines:
        record = process_line(op, "-", 2, line)
        for name, peer in found.items():
            try:
                theirs = peer(line)
            except Exception:  # a peer's failure is one more kind
                kind, theirs = "peer raises", "(raises)"
            else:
                if record.error is not None:
                    kind = "urikit refuses"
                else:
                    assert isinstance(record.output, str)
                    kind = classify(record.output, theirs)
            counts[name][kind] += 1
            mine = record.output if record.error is None else record.error.message
            examples[name].setdefault(kind, (line, str(mine), theirs))
    meaning = {name: text for name, text, _ in KINDS}
    meaning |= {"same": "identical text", "other": "none of the above undoes it",
                "other parameters dropped": "the peer drops parameters by rules of its "
                "own (courlan: 'ref', 'page', session ids ...)",
                "urikit refuses": "the lenient reader refuses the line (an error record)",
                "peer raises": "the peer raises an exception"}
    order = ["same", *[k for k, _, _ in KINDS], "other parameters dropped", "other",
             "urikit refuses", "peer raises"]
    names = list(found)
    print(f"{len(lines):,} lines of {args.corpus.name}; urikit canonicalize --lenient "
          "(default steps) against each peer with its defaults; each line counted under "
          "the first kind that, undone, makes the texts agree.\n")
    print("| kind | " + " | ".join(names) + " | what differs |")
    print("|---|" + "--:|" * len(names) + "---|")
    for kind in order:
        if not any(counts[name][kind] for name in names):
            continue
        cells = " | ".join(f"{counts[name][kind]:,}" for name in names)
        print(f"| {kind} | {cells} | {meaning[kind]} |")
    print("\nExamples (input → urikit → peer):\n")
    for name in names:
        for kind in order:
            if kind in examples[name] and kind != "same":
                line, mine, theirs = examples[name][kind]
                print(f"- {name}, {kind}: `{line}` → `{mine}` → `{theirs}`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
