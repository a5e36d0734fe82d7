"""One rule for URI and FrozenURI: builders edit a URI in place and return a new FrozenURI."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import pytest

from urikit import URI, FrozenURI, NormalizeOptions

START: Final = "HTTP://u@h:1/a/./b?q=1&&b=2&q=1#f"

#: Every builder method, called with arguments that change the URI: a URI edits itself
#: and returns itself; a FrozenURI returns a new FrozenURI and stays as it was.
BUILDERS: Final[dict[str, Callable[[Any], Any]]] = {
    "set": lambda u: u.set(fragment="g"),
    "set_text": lambda u: u.set_text(path=["x y"]),
    "add_segments": lambda u: u.add_segments("c"),
    "add_segments_text": lambda u: u.add_segments_text("c d"),
    "add_path": lambda u: u.add_path("c/d/"),
    "add_path_text": lambda u: u.add_path_text("c d/e"),
    "prepend_path": lambda u: u.prepend_path("v1/"),
    "prepend_path_text": lambda u: u.prepend_path_text("v 1"),
    "add_param": lambda u: u.add_param("k", "v"),
    "set_param": lambda u: u.set_param("q", "2"),
    "discard_param": lambda u: u.discard_param("q"),
    "discard_params": lambda u: u.discard_params("q", "b"),
    "discard_param_pair": lambda u: u.discard_param_pair("q", "1"),
    "discard_param_value": lambda u: u.discard_param_value("1"),
    "discard_param_values": lambda u: u.discard_param_values("1", "2"),
    "filter_params": lambda u: u.filter_params(lambda k, v: k != "q"),
    "sort_params": lambda u: u.sort_params(),
    "discard_empty_params": lambda u: u.discard_empty_params(),
    "discard_duplicate_params": lambda u: u.discard_duplicate_params(),
    "normalize": lambda u: u.normalize(NormalizeOptions()),
}

#: Methods that derive a different URI from this one and another value: on both classes
#: a new object of the receiver's type, the receiver unchanged (``/`` as pathlib's).
DERIVED: Final[dict[str, Callable[[Any], Any]]] = {
    "resolve": lambda u: u.resolve("../g"),
    "relative_to": lambda u: u.relative_to("http://u@h:1/a/"),
    "relative": lambda u: u.relative(),
    "__truediv__": lambda u: u / "c/d",
    "with_name": lambda u: u.with_name("x y"),
    "with_stem": lambda u: u.with_stem("x"),
    "with_suffix": lambda u: u.with_suffix(".json"),
    "copy": lambda u: u.copy(),
}

#: Conversions between the two classes: a new object of the other class.
CONVERSIONS: Final = {"freeze": FrozenURI, "thaw": URI}

#: Methods that read the URI and return something else; they change nothing.
READERS: Final[dict[str, Callable[[Any], Any]]] = {
    "to_display": lambda u: u.to_display(),
    "equivalent": lambda u: u.equivalent("http://u@h:1/a/b?q=1&&b=2&q=1#f"),
    "in_domain": lambda u: u.in_domain("h"),
    "origin": lambda u: u.origin(),
    "to_redacted": lambda u: u.to_redacted(),
    "same_origin": lambda u: u.same_origin("http://h:1/"),
    "to_data": lambda u: u.to_data() if u.scheme == "data" else None,
    "to_iri": lambda u: u.to_iri(),
    "to_path": lambda u: u.to_path(),
    "to_split": lambda u: u.to_split(),
}

#: Class methods that make a new object of the class they are called on.
CONSTRUCTORS: Final[dict[str, Callable[[Any], Any]]] = {
    "parse": lambda cls: cls.parse("http://h/"),
    "parse_lenient": lambda cls: cls.parse_lenient(" http://h/ "),
    "from_data": lambda cls: cls.from_data(b"x"),
    "from_iri": lambda cls: cls.from_iri("http://h/\u00e9"),
    "from_path": lambda cls: cls.from_path("/tmp/", windows=False),
    "from_split": lambda cls: cls.from_split(("http", "h", "/", "", "")),
    "from_template": lambda cls: cls.from_template("http://h/{x}", x="y"),
    "build": lambda cls: cls.build(scheme="http", host="h", path=["a b"]),
}
#: The names kept one release as deprecated aliases (issue 45: one meaning per word),
#: each with the call under its new name.
DEPRECATED: Final[dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]]] = {
    "drop_empty_params": (lambda u: u.drop_empty_params(),
                          lambda u: u.discard_empty_params()),
    "drop_duplicate_params": (lambda u: u.drop_duplicate_params(form=True),
                              lambda u: u.discard_duplicate_params(form=True)),
    "display": (lambda u: u.display(), lambda u: u.to_display()),
    "redacted": (lambda u: u.redacted(secrets=["q"]), lambda u: u.to_redacted(secrets=["q"])),
    # Django's hook, now urikit.django.AbsoluteURLMixin's (a model's)
    "get_absolute_url": (lambda u: u.get_absolute_url(), str),
}

#: Uses of a current name kept one release as deprecated (issue 45: a name's number
#: agrees with what it takes), each with the call under the new name.
DEPRECATED_USES: Final[dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]]] = {
    "discard_param": (lambda u: u.discard_param("q", "b"), lambda u: u.discard_params("q", "b")),
    "discard_param_value": (lambda u: u.discard_param_value("1", "2", form=True),
                            lambda u: u.discard_param_values("1", "2", form=True)),
}

TABLES: Final = (BUILDERS, DERIVED, CONVERSIONS, READERS, CONSTRUCTORS, DEPRECATED)


def public_methods(cls: type[Any]) -> set[str]:
    """The public callables of ``cls``, found by introspection, and the operators that
    build (``/``)."""
    names = {name for name in dir(cls) if not name.startswith("_")
             and callable(getattr(cls, name))}
    return names | {name for name in ("__truediv__",) if hasattr(cls, name)}


@pytest.mark.parametrize("cls", [URI, FrozenURI])
def test_every_method_has_a_place_in_the_rule(cls: type[Any]) -> None:
    """Every public method of both classes is listed in exactly one table, so a new
    builder cannot be added without saying what it returns."""
    listed = [name for table in TABLES for name in table]
    assert len(listed) == len(set(listed))
    known = set(listed)
    missing = public_methods(cls) - known
    assert not missing, f"classify these methods in a table of this test: {missing}"


@pytest.mark.parametrize("cls", [URI, FrozenURI])
@pytest.mark.parametrize("name", sorted(DEPRECATED))
def test_a_deprecated_name_warns_and_does_what_its_new_name_does(cls: type[Any],
                                                                 name: str) -> None:
    """An old name still works for one release, with a DeprecationWarning that names
    the new one."""
    old, new = DEPRECATED[name]
    uri, twin = cls.parse(START), cls.parse(START)
    with pytest.warns(DeprecationWarning,
                      match=rf"^{name}\(\) is deprecated since urikit 0\.[67]: use "):
        result = old(uri)
    assert result == new(twin)
    if not isinstance(result, str):  # a builder: in place on a URI only
        assert (result is uri) == (cls is URI)


@pytest.mark.parametrize("cls", [URI, FrozenURI])
@pytest.mark.parametrize("name", sorted(DEPRECATED_USES))
def test_a_deprecated_use_warns_and_does_what_the_new_name_does(cls: type[Any],
                                                                name: str) -> None:
    """A singular name given several items still takes them for one release, with a
    DeprecationWarning that names the plural, and edits as the plural does."""
    old, new = DEPRECATED_USES[name]
    uri, twin = cls.parse(START), cls.parse(START)
    with pytest.warns(DeprecationWarning, match=rf"^{name}\(\) with several [a-z]+ is "
                      r"deprecated since urikit 0\.7: use [a-z_]+s\(\)$"):
        result = old(uri)
    assert result == new(twin)
    assert (result is uri) == (cls is URI)


@pytest.mark.parametrize("cls", [URI, FrozenURI])
def test_the_zone_id_fact_has_its_own_name(cls: type[Any]) -> None:
    """``has_zone_id`` is the fact; ``allow_zone_id``, a permission elsewhere, is its
    deprecated old name."""
    zoned = cls.parse("http://[fe80::1%25eth0]/", allow_zone_id=True)
    assert (zoned.has_zone_id, cls.parse(START).has_zone_id) == (True, False)
    with pytest.warns(DeprecationWarning, match="allow_zone_id is deprecated .*has_zone_id"):
        assert zoned.allow_zone_id is True


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_builder_on_uri_edits_in_place_and_returns_it(name: str) -> None:
    """A URI's builder method edits the URI and returns that same object."""
    uri = URI.parse(START)
    before = uri.copy()
    assert BUILDERS[name](uri) is uri
    assert uri != before


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_builder_on_frozen_returns_a_new_frozen_uri(name: str) -> None:
    """A FrozenURI's builder method returns a new FrozenURI with the edit a URI makes,
    and the original is unchanged."""
    frozen = FrozenURI.parse(START)
    result = BUILDERS[name](frozen)
    assert type(result) is FrozenURI
    assert result is not frozen
    assert str(frozen) == START
    assert result == BUILDERS[name](URI.parse(START))


@pytest.mark.parametrize("cls", [URI, FrozenURI])
@pytest.mark.parametrize("name", sorted(DERIVED))
def test_derived_is_a_new_object_of_the_same_type(cls: type[Any], name: str) -> None:
    """resolve, relative_to, ``/`` and copy return a new object of the receiver's type
    and leave the receiver as it was, on both classes."""
    if name == "copy" and cls is FrozenURI:
        assert not hasattr(cls, name)  # a FrozenURI needs no copy: it never changes
        return
    uri = cls.parse(START)
    result = DERIVED[name](uri)
    assert type(result) is cls
    assert result is not uri
    assert str(uri) == START
    assert result == DERIVED[name](URI.parse(START))


@pytest.mark.parametrize(("name", "target"), sorted(CONVERSIONS.items()))
def test_conversion_gives_the_other_class(name: str, target: type[Any]) -> None:
    """freeze and thaw give the other class with the same components."""
    source = FrozenURI if target is URI else URI
    uri = source.parse(START)
    result = getattr(uri, name)()
    assert type(result) is target
    assert result == uri


@pytest.mark.parametrize("cls", [URI, FrozenURI])
@pytest.mark.parametrize("name", sorted(READERS))
def test_reader_changes_nothing(cls: type[Any], name: str) -> None:
    """The reading methods leave the URI as it was."""
    uri = cls.parse("file:///tmp/x" if name == "to_path" else START)
    before = str(uri)
    READERS[name](uri)
    assert str(uri) == before


@pytest.mark.parametrize("cls", [URI, FrozenURI])
@pytest.mark.parametrize("name", sorted(CONSTRUCTORS))
def test_constructor_makes_its_own_class(cls: type[Any], name: str) -> None:
    """Each class method makes an object of the class it is called on."""
    assert type(CONSTRUCTORS[name](cls)) is cls


def test_division_on_a_uri_leaves_it_unchanged() -> None:
    """``/`` on a mutable URI is pathlib's: a new URI, the left operand unchanged;
    ``/=`` rebinds the name to it."""
    uri = URI.parse("https://h/v1/")
    original = uri
    uri /= "users"
    assert str(original) == "https://h/v1/"
    assert str(uri) == "https://h/v1/users"
    assert uri is not original
