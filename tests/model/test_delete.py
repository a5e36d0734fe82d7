"""Deleting an attribute of a URI, a view or another public object raises
``AttributeError`` in both builds, as a property without a deleter does in Python: it
never crashes the interpreter (the compiled property setters once dereferenced the
value a ``del`` passes, which is none) and never succeeds silently.

Each deletion runs in a child interpreter, so that a crash fails the test instead of
ending the run; the child imports the same urikit as this process (the pure build, or
the compiled wheel in the ``compiled`` session).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Final

#: The child: every public attribute of every object, deleted one at a time on a fresh
#: object; each outcome is printed (and flushed) before the next, so a crash shows
#: which deletion it was.
CHILD: Final = r"""
import json, sys
import urikit

SAMPLE = "http://joe@h.example:8/a/b?q=1&r#f"


def objects():
    uri = urikit.URI.parse(SAMPLE)
    frozen = urikit.FrozenURI.parse(SAMPLE)
    yield "URI", uri
    yield "FrozenURI", frozen
    for owner, made in (("URI", lambda: urikit.URI.parse(SAMPLE)),
                        ("FrozenURI", lambda: urikit.FrozenURI.parse(SAMPLE))):
        for name in ("text", "path", "params", "components"):
            yield f"{owner}.{name}", getattr(made(), name)
    yield "Origin", urikit.URI.parse(SAMPLE).origin()
    yield "Repaired", urikit.repair("http://h/a b")
    yield "NormalizeOptions", urikit.NormalizeOptions()
    yield "URIOptions", urikit.URIOptions()
    yield "CanonicalOptions", urikit.CanonicalOptions()


def fresh(label):
    return dict(objects())[label]


for label, sample in list(objects()):
    for name in sorted(n for n in dir(sample) if not n.startswith("_")):
        target = fresh(label)
        before = repr(target)
        try:
            delattr(target, name)
        except AttributeError:
            outcome = "AttributeError"
        except Exception as error:
            outcome = type(error).__name__
        else:
            outcome = "deleted"
        if outcome == "AttributeError" and repr(target) != before:
            outcome = "changed"
        print(json.dumps([type(target).__name__, label, name, outcome]), flush=True)
"""


def test_deleting_any_public_attribute_raises_attribute_error() -> None:
    """``del`` of each public attribute (properties, methods, view attributes) of the
    URI classes, their views and the other public objects raises ``AttributeError``
    and leaves the object as it was; the child interpreter ends normally."""
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                          check=False, env=os.environ.copy(), timeout=120)
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    last = rows[-1][1:3] if rows else None
    assert done.returncode == 0, (done.returncode, "after", last, done.stderr[-2000:])
    wrong = [row for row in rows if row[3] != "AttributeError"]
    assert wrong == []
    kinds = {row[0] for row in rows}
    # the frozen views are the same classes (ReadOnlyText and its kin are protocols)
    assert {"URI", "FrozenURI", "TextView", "PathSegments", "QueryParams",
            "Components", "Origin", "Repaired"} <= kinds
    assert {("URI", "has_port"), ("URI.text", "host"), ("URI", "scheme")} <= {
        (row[1], row[2]) for row in rows}
