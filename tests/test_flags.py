"""Every public flag is a bool: a keyword-only parameter declared ``bool`` refuses any
other value (``1``, ``None``, ``"yes"``) with ``TypeError`` in urikit's words,
"<flag> must be bool, not int", and takes ``True`` and ``False`` (issue #45). The
build parity test checks that the compiled build answers alike.
"""

from __future__ import annotations

import inspect
import warnings
from types import ModuleType

import pytest

import urikit

from .builds import ATTRS_RECORDS, FLAG_CALLS, NONE_FLAGS, load_pure


def _flags_of(owner: str, name: str, function: object) -> set[str]:
    try:
        parameters = inspect.signature(function).parameters.values()  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return set()
    # has_port is a component, checked with the builders' other keywords (in
    # tests/test_build_parity.py and tests/model/test_uri.py)
    return {f"{owner}{name}({p.name})" for p in parameters
            if p.kind is p.KEYWORD_ONLY and p.name != "has_port" and isinstance(p.annotation, str)
            and p.annotation.replace(" | Checked", "") in ("bool", "bool | None")}


def _declared(build: ModuleType) -> set[str]:
    """The flags the public signatures declare: the functions of ``__all__``, and the
    constructors, class methods and methods of its classes (the records that attrs
    checks, :data:`ATTRS_RECORDS`, aside)."""
    found: set[str] = set()
    for name in build.__all__:
        obj = getattr(build, name)
        if inspect.isclass(obj):
            if name in ATTRS_RECORDS:
                continue
            found |= _flags_of(f"{name}.", "__init__", obj)
            for member, value in inspect.getmembers(obj):
                if not member.startswith("_") and callable(value):
                    found |= _flags_of(f"{name}.", member, value)
        elif callable(obj):
            found |= _flags_of("", name, obj)
    return found


def test_the_table_names_every_flag() -> None:
    """``FLAG_CALLS`` calls every flag of the public signatures, and no other (read
    from the source's annotations, which the pure build keeps)."""
    declared = _declared(load_pure())
    assert set(FLAG_CALLS) == declared
    assert {"URI.parse(allow_zone_id)", "resolve(strict)", "URI.add_param(form)",
            "URLPattern.__init__(ignore_case)"} <= declared


def _call(flag: str, value: object) -> object:
    with warnings.catch_warnings():  # a deprecated alias warns; its flag is checked
        warnings.simplefilter("ignore", DeprecationWarning)
        return FLAG_CALLS[flag](urikit, value)


@pytest.mark.parametrize("value", [1, 0, None, "yes", 1.0], ids=repr)
@pytest.mark.parametrize("flag", sorted(FLAG_CALLS))
def test_a_flag_is_a_bool(flag: str, value: object) -> None:
    """A value that is no bool is refused in urikit's words; ``None`` only by the
    flags that do not take it."""
    if value is None and flag in NONE_FLAGS:
        _call(flag, value)  # the default, written out
        return
    name = flag[flag.index("(") + 1:-1]
    also = " or None" if flag in NONE_FLAGS else ""
    with pytest.raises(TypeError, match=rf"^{name} must be bool{also}, not "
                                        rf"{type(value).__name__}$"):
        _call(flag, value)


@pytest.mark.parametrize("value", [True, False], ids=repr)
@pytest.mark.parametrize("flag", sorted(FLAG_CALLS))
def test_a_flag_takes_a_bool(flag: str, value: bool) -> None:
    """``True`` and ``False`` are both read (no TypeError)."""
    try:
        _call(flag, value)
    except urikit.URIError:  # to_path(windows=True) of a POSIX path: read, refused
        assert flag.endswith("to_path(windows)")
