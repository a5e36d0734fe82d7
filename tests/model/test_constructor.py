"""The keyword constructor answers alike however it is reached: the compiled build's
fast call slot (``hatch_build.py``) for ``URI(...)`` and ``FrozenURI(...)``, and the
ordinary call for a subclass, a patched ``__init__``, ``super().__init__`` and
positional arguments; in the pure build every row holds as well."""

from __future__ import annotations

import inspect
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from urikit import URI, FrozenURI, ParseError

CLASSES = [URI, FrozenURI]


@pytest.mark.parametrize("cls", CLASSES)
def test_keywords_build_the_uri(cls: type[URI] | type[FrozenURI]) -> None:
    uri = cls(scheme="https", userinfo="u", host="h.example", port=8443, path="/a%20b",
              query="q=1", fragment="f")
    assert type(uri) is cls
    assert str(uri) == "https://u@h.example:8443/a%20b?q=1#f"
    assert str(cls()) == ""
    assert str(cls(host="h", path=["", "a", "b"])) == "//h/a/b"
    assert str(cls(host="fe80::1%25eth0".join("[]"), allow_zone_id=True)) == \
        "//[fe80::1%25eth0]"


@pytest.mark.parametrize("cls", CLASSES)
def test_errors_are_the_constructors(cls: type[URI] | type[FrozenURI]) -> None:
    """An invalid component, a wrong type, a positional argument and an unknown
    keyword raise as ``__init__`` raises them, with its words."""
    with pytest.raises(ParseError):
        cls(host="a b")
    with pytest.raises(TypeError, match=r"^scheme must be str, not int$"):
        cls(scheme=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"positional argument"):
        cls("http://h/")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"'nope'"):
        cls(nope=1)  # type: ignore[call-arg]


@pytest.fixture
def patched_init() -> Iterator[list[dict[str, Any]]]:
    """URI.__init__ replaced by a wrapper that records its keywords, and put back."""
    calls: list[dict[str, Any]] = []
    original = URI.__dict__.get("__init__")
    init = URI.__init__

    def recording(self: URI, **kwargs: Any) -> None:
        calls.append(kwargs)
        init(self, **kwargs)

    URI.__init__ = recording  # type: ignore[method-assign,assignment]
    try:
        yield calls
    finally:
        if original is None:
            del URI.__init__
        else:  # pragma: no cover - URI inherits its __init__
            URI.__init__ = original  # type: ignore[method-assign]


def test_a_patched_init_is_honoured(patched_init: list[dict[str, Any]]) -> None:
    """The fast slot steps aside for an ``__init__`` that is not the compiled one."""
    assert str(URI(host="h", path="/a")) == "//h/a"
    assert patched_init == [{"host": "h", "path": "/a"}]
    assert str(FrozenURI(host="h")) == "//h"  # FrozenURI's own is untouched
    assert len(patched_init) == 1


def test_the_init_is_the_original_again_after_the_patch() -> None:
    assert str(URI(host="h")) == "//h"
    assert "__init__" not in URI.__dict__


class _Own(URI):
    """A subclass with an __init__ of its own, which calls the base's."""

    def __init__(self, name: str) -> None:
        super().__init__(scheme="https", host=name)
        self.label = name


class _Plain(FrozenURI):
    """A subclass without an __init__ of its own."""


def test_a_subclass_init_is_honoured() -> None:
    uri = _Own("h.example")
    assert type(uri) is _Own
    assert uri.label == "h.example"
    assert str(uri) == "https://h.example"
    plain = _Plain(host="h", path="/x")
    assert type(plain) is _Plain
    assert str(plain) == "//h/x"
    with pytest.raises(TypeError, match=r"^host must be str, not int$"):
        _Plain(host=1)  # type: ignore[arg-type]


def test_init_called_on_an_existing_object_rebuilds_it() -> None:
    uri = URI.parse("http://a/b")
    URI.__init__(uri, host="h")
    assert str(uri) == "//h"


def test_init_keeps_its_docstring_and_signature() -> None:
    """``help(URI)`` shows the constructor's docstring in both builds (the compiled
    build's fast twin takes the slot wrapper's place in the class)."""
    doc = URI.__init__.__doc__ or ""
    assert doc.startswith("Build from wire-form components"), doc
    assert FrozenURI.__init__.__doc__ == URI.__init__.__doc__
    parameters = inspect.signature(URI).parameters
    assert list(parameters) == ["scheme", "userinfo", "host", "port", "has_port", "path",
                                "query", "fragment", "allow_zone_id"]


# --- the one factory: parse, resolve, normalize and copies make their objects --------


class _Tagged(URI):
    """A subclass whose objects hold an attribute the factory's ``__new__`` gives."""

    def __new__(cls, *args: Any, **kwargs: Any) -> _Tagged:
        uri = super().__new__(cls)
        uri.made = True  # type: ignore[attr-defined]
        return uri


@pytest.mark.parametrize("cls", [*CLASSES, _Tagged, _Plain])
def test_the_factory_makes_the_class_it_is_asked_for(cls: type[URI] | type[FrozenURI]
                                                     ) -> None:
    """``parse``, ``resolve``, ``normalize`` and a copy give an object of the class
    they are called on (compiled, URI and FrozenURI themselves are made by their
    setup directly, and every other class through its own ``__new__``)."""
    base = cls.parse("HTTP://h/a/b?q#f")
    made = [base, base.resolve("../c"), base.resolve("x").normalize(),
            cls.parse("http://h/%7e").normalize(), base.with_name("z")]
    for uri in made:
        assert type(uri) is cls
        if cls is _Tagged:
            assert getattr(uri, "made", None) is True
    assert [str(uri) for uri in made] == ["HTTP://h/a/b?q#f", "HTTP://h/c", "http://h/a/x",
                                          "http://h/~", "HTTP://h/a/z?q#f"]


def test_a_patched_new_is_honoured() -> None:
    """The factory steps aside for a ``__new__`` that is not the compiled one: a patched
    ``URI.__new__`` is what ``parse`` and ``resolve`` call (run in a fresh interpreter:
    a compiled class's own ``__new__`` cannot be called from the patch, nor put back)."""
    code = (
        "import urikit\n"
        "base = urikit.URI.parse('http://h/a')\n"
        "def patched(cls, *args, **kwargs):\n"
        "    raise LookupError(cls.__name__)\n"
        "urikit.URI.__new__ = staticmethod(patched)\n"
        "for make in (lambda: urikit.URI.parse('http://h/a'), lambda: base.resolve('b')):\n"
        "    try:\n"
        "        make()\n"
        "    except LookupError as error:\n"
        "        print('patched', error)\n"
        "print(urikit.FrozenURI.parse('http://h/a').resolve('b'))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.splitlines() == ["patched URI", "patched URI", "http://h/b"]
