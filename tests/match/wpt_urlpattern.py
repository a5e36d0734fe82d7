"""The WPT harness of the URLPattern data (urlpattern/resources/urlpattern-test.js), in Python."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from urikit import URIError, URLPattern, URLPatternResult
from urikit._match.urlpattern import COMPONENTS, _url_components

DATA = Path(__file__).parent.parent / "data" / "wpt"

# the components before each one: a pattern dict that gives one of them makes the
# component "*" when not given (the harness's EARLIER_COMPONENTS)
EARLIER: dict[str, tuple[str, ...]] = {
    "protocol": (), "hostname": ("protocol",), "port": ("protocol", "hostname"),
    "username": (), "password": (), "pathname": ("protocol", "hostname", "port"),
    "search": ("protocol", "hostname", "port", "pathname"),
    "hash": ("protocol", "hostname", "port", "pathname", "search"),
}


def load(name: str) -> list[Any]:
    """The entries of a WPT data file."""
    with (DATA / name).open(encoding="utf-8") as f:
        data: list[Any] = json.load(f)
    return data


def construct(args: list[Any]) -> URLPattern:
    """``new URLPattern(...args)`` in Python's words."""
    options: dict[str, Any] = {}
    if args and isinstance(args[-1], dict) and len(args) >= 2 and (
            "ignoreCase" in args[-1] or not args[-1]) and (
            isinstance(args[0], str) or (len(args) == 2 and isinstance(args[0], dict)
            and not isinstance(args[1], str))):
        options = args[-1]
        args = args[:-1]
    return URLPattern(*args, ignore_case=bool(options.get("ignoreCase", False)))


def _base_value(base: str, component: str) -> str:
    # the component as the URL API gives it (new URL(base)[component]), without ":",
    # "?" or "#": read with urikit's browser reading
    values = _url_components(base, None)
    assert values is not None
    return values[COMPONENTS.index(component)]


def expected_pattern(entry: dict[str, Any], component: str) -> str:
    """The harness's expected pattern string of a component."""
    expected_obj: dict[str, str] = entry.get("expected_obj") or {}
    expected = expected_obj.get(component)
    if expected is not None:  # the harness: expected_obj[component] !== undefined
        return expected
    pattern = entry["pattern"]
    first = pattern[0] if pattern else None
    base: str | None = None
    if isinstance(first, dict) and first.get("baseURL"):
        base = first["baseURL"]
    elif len(pattern) > 1 and isinstance(pattern[1], str):
        base = pattern[1]
    if component in entry.get("exactly_empty_components", ()):
        return ""
    if isinstance(first, dict) and first.get(component):
        return str(first[component])
    # given at all, even empty (the harness: EARLIER_COMPONENTS[c].some(e => e in init))
    if isinstance(first, dict) and any(c in first for c in EARLIER[component]):
        return "*"
    if base is not None and component not in ("username", "password"):
        return _base_value(base, component)
    return "*"


def call(pattern: URLPattern, method: str, inputs: list[Any]) -> Any:
    """``pattern.test(...inputs)`` or ``pattern.exec(...inputs)``."""
    function = pattern.test if method == "test" else pattern.exec
    return function(*inputs)


def check(entry: dict[str, Any]) -> None:
    """Runs one entry as the harness does; AssertionError names the first difference."""
    if entry.get("expected_obj") == "error":
        try:
            construct(entry["pattern"])
        except (URIError, TypeError):
            return
        raise AssertionError("the constructor accepts the pattern")
    pattern = construct(entry["pattern"])
    for component in COMPONENTS:
        expected = expected_pattern(entry, component)
        got = getattr(pattern, component)
        assert got == expected, f"pattern.{component} is {got!r}, expected {expected!r}"
    inputs: list[Any] = entry.get("inputs", [])
    expected_match = entry.get("expected_match")
    if expected_match == "error":
        for method in ("test", "exec"):
            try:
                call(pattern, method, inputs)
            except TypeError:
                continue
            raise AssertionError(f"{method} does not raise TypeError")
        return
    if "inputs" not in entry:
        return
    matched = call(pattern, "test", inputs)
    assert matched == (expected_match is not None), f"test() is {matched}"
    result = call(pattern, "exec", inputs)
    if expected_match is None:
        assert result is None, f"exec() is {result!r}"
        return
    assert isinstance(result, URLPatternResult), "exec() is None"
    expected_inputs = expected_match.get("inputs", inputs)
    assert list(result.inputs) == expected_inputs, f"inputs {result.inputs!r}"
    empty = entry.get("exactly_empty_components", ())
    for component in COMPONENTS:
        want: Mapping[str, Any] | None = expected_match.get(component)
        if not want:
            want = {"input": "", "groups": {} if component in empty else {"0": ""}}
        got = getattr(result, component)
        assert got.input == want["input"], f"{component} input {got.input!r}"
        assert dict(got.groups) == want["groups"], f"{component} groups {dict(got.groups)!r}"


def check_generate(entry: dict[str, Any]) -> None:
    """One entry of urlpattern-generate-test-data.json: the text, or an error where
    ``expected`` is null."""
    pattern = construct([entry["pattern"]])
    expected = entry["expected"]
    try:
        got: str | None = pattern.generate(entry["component"], entry["groups"])
    except (URIError, TypeError):
        got = None
    assert got == expected, f"generate gives {got!r}"


def check_compare(entry: dict[str, Any]) -> None:
    """One entry of urlpattern-compare-test-data.json, both ways and each with itself."""
    left = construct([entry["left"]])
    right = construct([entry["right"]])
    component = entry["component"]
    expected = entry["expected"]
    assert URLPattern.compare_component(component, left, right) == expected
    assert URLPattern.compare_component(component, right, left) == -expected
    assert URLPattern.compare_component(component, left, left) == 0
    assert URLPattern.compare_component(component, right, right) == 0
