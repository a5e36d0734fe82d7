"""What the tests expect of each build: the words of a ``TypeError`` for an argument of
the wrong type.

The public builders and setters mark their parameters ``Checked``
(``urikit._core.build``), so mypyc leaves the type check to urikit and both builds give
urikit's words ("has_port must be bool, not str"): their tests match those words alone.
Elsewhere a compiled method's signature may still be checked by mypyc first, in its own
words ("bool object expected; got str"); a test of such a method matches
``wrong_type(words)``. The exception is a ``TypeError`` in both, as the build-parity
test checks at every entry point.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import urikit

#: This checkout's source, and the name its pure copy is imported under.
SOURCE = Path(__file__).resolve().parents[1] / "src" / "urikit"
PURE_NAME = "urikit_pure_copy"

#: mypyc's message for an argument its signature check refuses.
MYPYC_WORDS = r"object expected; got "


def wrong_type(words: str) -> str:
    """The pattern a wrongly typed argument's ``TypeError`` matches in this build:
    ``words`` (a regex of urikit's message), or mypyc's message in the compiled build."""
    return f"{words}|{re.escape(MYPYC_WORDS)}" if urikit.COMPILED else words


def load_pure() -> ModuleType:
    """The checkout's source imported as its own package, pure Python (urikit's own
    imports are relative, so the copy imports only itself): the pure build beside the
    installed one, whichever that is."""
    module = sys.modules.get(PURE_NAME)
    if module is not None:
        return module
    spec = importlib.util.spec_from_file_location(
        PURE_NAME, SOURCE / "__init__.py", submodule_search_locations=[str(SOURCE)])
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[PURE_NAME] = module
    spec.loader.exec_module(module)
    return module


#: A URI for the flags' calls: a query to edit, a path to resolve against.
_SAMPLE = "http://h/a/b?k=v&k=&e"


def _flags(cls: str) -> dict[str, Callable[[ModuleType, object], object]]:
    """The flags of URI or FrozenURI, each a call of a build with the flag's value."""
    def on(name: str, *args: object, flag: str) -> Callable[[ModuleType, object], object]:
        return lambda b, v: getattr(getattr(b, cls).parse(_SAMPLE), name)(*args, **{flag: v})
    return {
        f"{cls}.__init__(allow_zone_id)":
            lambda b, v: getattr(b, cls)(host="h", allow_zone_id=v),
        f"{cls}.parse(allow_zone_id)":
            lambda b, v: getattr(b, cls).parse("http://h/", allow_zone_id=v),
        f"{cls}.from_iri(allow_zone_id)":
            lambda b, v: getattr(b, cls).from_iri("http://h/", allow_zone_id=v),
        f"{cls}.build(form)": lambda b, v: getattr(b, cls).build(host="h", form=v),
        f"{cls}.build(allow_zone_id)":
            lambda b, v: getattr(b, cls).build(host="h", allow_zone_id=v),
        f"{cls}.set(allow_zone_id)": on("set", flag="allow_zone_id"),
        f"{cls}.set_text(allow_zone_id)": on("set_text", flag="allow_zone_id"),
        f"{cls}.add_param(form)": on("add_param", "k", "v", flag="form"),
        f"{cls}.set_param(form)": on("set_param", "k", "v", flag="form"),
        f"{cls}.discard_param(form)": on("discard_param", "k", flag="form"),
        f"{cls}.discard_params(form)": on("discard_params", "k", flag="form"),
        f"{cls}.discard_param_pair(form)": on("discard_param_pair", "k", "v", flag="form"),
        f"{cls}.discard_param_value(form)": on("discard_param_value", "v", flag="form"),
        f"{cls}.discard_param_values(form)": on("discard_param_values", "v", flag="form"),
        f"{cls}.filter_params(form)":
            on("filter_params", lambda k, v: True, flag="form"),
        f"{cls}.sort_params(form)": on("sort_params", flag="form"),
        f"{cls}.discard_empty_params(form)": on("discard_empty_params", flag="form"),
        f"{cls}.discard_duplicate_params(form)":
            on("discard_duplicate_params", flag="form"),
        f"{cls}.drop_duplicate_params(form)": on("drop_duplicate_params", flag="form"),
        f"{cls}.resolve(strict)": on("resolve", "g", flag="strict"),
        f"{cls}.from_path(windows)":
            lambda b, v: getattr(b, cls).from_path("/a", windows=v),
        f"{cls}.to_path(windows)":
            lambda b, v: getattr(b, cls).parse("file:///a").to_path(windows=v),
        f"{cls}.from_data(base64)": lambda b, v: getattr(b, cls).from_data(b"a", base64=v),
    }


#: Every public flag (a keyword-only parameter declared ``bool``, or ``bool | None``:
#: :data:`NONE_FLAGS`), as a call of a build
#: (the ``urikit`` module, or the build parity test's pure copy) with the flag's value:
#: a value that is no bool (``1``, ``None``, ``"yes"``) is refused with ``TypeError``,
#: "<flag> must be bool, not int", in both builds (issue #45: compiled, mypyc refused it
#: in its own words, and pure accepted ``1``). ``tests/test_flags.py`` checks that the
#: table names every flag the public signatures declare.
FLAG_CALLS: dict[str, Callable[[ModuleType, object], object]] = {
    **_flags("URI"),
    **_flags("FrozenURI"),
    "canonicalize(allow_zone_id)":
        lambda b, v: b.canonicalize("http://h/", allow_zone_id=v),
    "encode_query(form)": lambda b, v: b.encode_query({"a": "b c"}, form=v),
    "iri_to_uri(allow_zone_id)": lambda b, v: b.iri_to_uri("http://h/", allow_zone_id=v),
    "uri_to_iri(allow_zone_id)": lambda b, v: b.uri_to_iri("http://h/", allow_zone_id=v),
    "is_valid(allow_zone_id)": lambda b, v: b.is_valid("http://h/", allow_zone_id=v),
    "normalize(allow_zone_id)": lambda b, v: b.normalize("http://h/", allow_zone_id=v),
    "parse_links(lenient)": lambda b, v: b.parse_links('<http://h/>; rel="x"', lenient=v),
    "resolve(strict)": lambda b, v: b.resolve("http://h/a", "g", strict=v),
    "safe_redirect(require_https)":
        lambda b, v: b.safe_redirect("/a", "http://h/", require_https=v),
    "same_site(schemeful)":
        lambda b, v: b.same_site("http://127.0.0.1/", "http://127.0.0.1/", schemeful=v),
    "Query.__init__(form)": lambda b, v: b.Query("a=1", form=v),
    "URLPattern.__init__(ignore_case)":
        lambda b, v: b.URLPattern({"pathname": "/a"}, ignore_case=v),
    "URITemplate.__init__(match)": lambda b, v: b.URITemplate("/a", match=v),
    "URITemplate.__init__(strict)": lambda b, v: b.URITemplate("/a", strict=v),
    "URIOptions.__init__(lenient)": lambda b, v: b.URIOptions(lenient=v),
    "URIOptions.__init__(absolute)": lambda b, v: b.URIOptions(absolute=v),
    "URIOptions.__init__(http)": lambda b, v: b.URIOptions(http=v),
}

#: The flags declared ``bool | None``, for which ``None`` is a value (the default).
NONE_FLAGS: frozenset[str] = frozenset(
    f"{cls}.{flag}" for cls in ("URI", "FrozenURI")
    for flag in ("from_path(windows)", "to_path(windows)", "from_data(base64)"))

#: The records whose flags attrs checks (``attrs.validators.instance_of(bool)``, in
#: attrs' words, alike in both builds: the records are attrs classes in both).
ATTRS_RECORDS: frozenset[str] = frozenset({"NormalizeOptions", "CanonicalOptions"})
