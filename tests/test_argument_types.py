"""Wrong argument types are TypeError at every public entry point: the functions of
``urikit.__all__``, and the class methods and methods of URI and FrozenURI, given
``None``, an int, a float or bytes where they take text (or a URI, or an options
record), raise ``TypeError``, never ``AttributeError`` or a ``URIError`` that would
read as bad text.

Lookups in the views (``"k" in uri.params``, ``uri.params[1]``) follow the container
conventions instead (``False``, ``KeyError``): see docs/tour.md, "Which exceptions
escape".
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Final, cast

import pytest

import urikit
from urikit import URI, FrozenURI

BAD: Final = [None, 1, 1.5, b"http://h/"]
SAMPLE: Final = "http://u:p@h/a/b?x=1#f"


Call = Callable[[object], object]


def _first(f: Callable[..., object]) -> Call:
    return lambda value: f(value)


def _second(f: Callable[..., object]) -> Call:
    return lambda value: f("x", value)


def _on_instance(cls: type[URI | FrozenURI], name: str) -> Call:
    return lambda value: getattr(cls.parse(SAMPLE), name)(value)


def _functions() -> list[tuple[str, Call]]:
    """Each public function, called with the bad value as its first argument (and as
    its second, for those whose second argument is text too)."""
    found: list[tuple[str, Call]] = []
    for name in urikit.__all__:
        obj = getattr(urikit, name)
        # a function compiled by mypyc is a builtin function
        if not (inspect.isfunction(obj) or inspect.isbuiltin(obj)):
            continue
        found.append((name, _first(obj)))
        if name in ("encode", "decode"):
            found.append((f"{name}(component)", _second(obj)))
    return found


def _methods() -> list[tuple[str, Call]]:
    """Each public class method and method of URI and FrozenURI that takes a positional
    argument, called with the bad value as it (on a fresh URI, for methods)."""
    found: list[tuple[str, Call]] = []
    for cls in (URI, FrozenURI):
        for name in dir(cls):
            if name.startswith("_"):
                continue
            raw = inspect.getattr_static(cls, name)
            # compiled by mypyc, a class method is a classmethod_descriptor and a method
            # a method_descriptor (whose signature mypyc writes as text), both builtins
            if (isinstance(raw, (classmethod, staticmethod))
                    or type(raw).__name__ == "classmethod_descriptor"):
                found.append((f"{cls.__name__}.{name}", _first(getattr(cls, name))))
            elif inspect.isfunction(raw) or inspect.ismethoddescriptor(raw):
                try:
                    signature = inspect.signature(raw)
                except ValueError:  # compiled, keyword-only defaults have no text form
                    continue
                params = list(signature.parameters.values())[1:]
                if any(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD,
                                  p.VAR_POSITIONAL) for p in params):
                    found.append((f"{cls.__name__}.{name}", _on_instance(cls, name)))
    return found


ENTRY_POINTS: Final = _functions() + _methods()


def test_the_walk_finds_the_entry_points() -> None:
    """The walk is not empty: the issue's examples are among what it calls."""
    names = {name for name, _ in ENTRY_POINTS}
    assert {"canonicalize", "host_to_ascii", "host_to_unicode", "URI.from_iri",
            "URI.from_template", "URI.parse", "URI.discard_param", "FrozenURI.resolve",
            "encode(component)"} <= names
    assert len(names) > 40


#: Methods whose first argument is a query value, for which None and an int are right.
TAKE_VALUES: Final = {f"{cls}.{method}" for cls in ("URI", "FrozenURI")
                      for method in ("discard_param_value", "discard_param_values")}
#: Methods whose first argument is a plain-text segment, for which an int is right
#: (written with ``str()``, as a query value is).
TAKE_INT_SEGMENTS: Final = {f"{cls}.{method}" for cls in ("URI", "FrozenURI")
                            for method in ("add_segments_text", "with_name")}
#: Methods whose options default to ``None``, the default steps.
TAKE_NONE_OPTIONS: Final = {"URI.normalize", "FrozenURI.normalize"}


@pytest.mark.parametrize("value", BAD, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize(("name", "call"), ENTRY_POINTS, ids=[n for n, _ in ENTRY_POINTS])
def test_wrong_type_is_type_error(name: str, call: Call, value: object) -> None:
    if name in TAKE_VALUES and (value is None or type(value) is int):
        call(value)  # a value, not a wrong type: it removes the pairs that have it
        return
    if name in TAKE_INT_SEGMENTS and type(value) is int:
        # a segment, as set_param writes it
        assert str(cast("URI", call(value)).path).endswith(f"/{value}")
        return
    if name in TAKE_NONE_OPTIONS and value is None:
        # the default steps, as normalize() without an argument
        assert str(cast("URI", call(value))) == SAMPLE
        return
    if name.endswith(".from_data") and isinstance(value, bytes):
        assert isinstance(call(value), (URI, FrozenURI))  # a payload is bytes: its type
        return
    with pytest.raises(TypeError):
        call(value)


@pytest.mark.parametrize("value", [["x"], ("x",), {"x": 1}], ids=["list", "tuple", "dict"])
def test_containers_for_text(value: object) -> None:
    """A container where text is expected is a TypeError too."""
    calls: list[Callable[..., object]] = [
        URI.parse, URI.from_iri, URI.from_template, urikit.canonicalize,
        urikit.host_to_ascii, urikit.host_to_unicode]
    for call in calls:
        with pytest.raises(TypeError):
            call(value)
