"""urikit.flask.url_for on the build cases of Werkzeug's and Flask's own tests.

``tests/data/frameworks/flask_url_for.json`` holds 101 cases, each an assertion of
Werkzeug's ``tests/test_routing.py`` (``MapAdapter.build``) or of Flask's ``url_for``
tests, with its rules; each runs through :func:`urikit.flask.url_for` in a request
(or an app context) and gives the link or the error the framework's test expects.
No case differs; the named differences of ``docs/flask.md`` (a "/" in a one-segment
value, a dot segment, a "%" in ``_anchor``) have their own tests in
``test_adapter_flask.py``, as no framework test builds such a value.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("flask", reason="needs Flask (the test extra)")

from flask import Flask
from werkzeug.routing import BuildError

import urikit.flask

DATA: dict[str, Any] = json.loads(
    (Path(__file__).parent.parent / "data" / "frameworks" / "flask_url_for.json")
    .read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = DATA["cases"]
ERRORS: dict[str, type[Exception]] = {"BuildError": BuildError, "ValueError": ValueError,
                                      "TypeError": TypeError, "RuntimeError": RuntimeError}


def _app(rules: list[list[Any]]) -> Flask:
    """A Flask app with the case's rules, each with a view that answers nothing."""
    app = Flask(__name__)
    urikit.flask.init_app(app)
    views: dict[str, Any] = {}
    for rule in rules:
        options: dict[str, Any] = rule[2] if len(rule) > 2 else {}
        view = views.setdefault(rule[1], lambda **_: "")
        # as Werkzeug's Map: no OPTIONS method added to each rule
        app.add_url_rule(rule[0], rule[1], view, provide_automatic_options=False, **options)
    return app


def _build(case: dict[str, Any]) -> str:
    app = _app(DATA["maps"][case["map"]])
    app.config.update(case.get("config", {}))
    values: dict[str, Any] = dict(case["values"])
    if "method" in case:  # MapAdapter.build's method is url_for's _method
        values["_method"] = case["method"]
    if case.get("context") == "app":
        with app.app_context():
            return str(urikit.flask.url_for(case["endpoint"], **values))
    with app.test_request_context("/", base_url=case.get("base", "http://example.org/")):
        return str(urikit.flask.url_for(case["endpoint"], **values))


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['source'].rpartition('::')[2]}"
                                             for i, c in enumerate(CASES)])
def test_url_for_gives_what_the_frameworks_test_expects(case: dict[str, Any]) -> None:
    """The link, or the error, the framework's own test asserts."""
    expect: str | dict[str, str] = case["expect"]
    if isinstance(expect, str):
        assert _build(case) == expect
    else:
        match = expect.get("match")
        pattern = None if match is None else re.escape(match)
        with pytest.raises(ERRORS[expect["error"]], match=pattern):
            _build(case)


def test_the_cases_are_all_there() -> None:
    """The data holds every case the docstring counts, from both projects."""
    sources = {case["source"].split()[0] for case in CASES}
    assert (len(CASES), sources) == (101, {"werkzeug", "flask"})
