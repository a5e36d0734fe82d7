"""Handing a urikit URI to other libraries as ``str(uri)``: they get the exact text.

These are the one-liners of docs/getting-started.rst (Interoperability); where a
library rewrites the text (httpx removes dot segments, yarl drops an empty query or
fragment) the test says so. No test uses the network: httpx runs on a MockTransport.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("httpx", reason="needs httpx (the test extra)")
pytest.importorskip("yarl", reason="needs yarl (the test extra)")
pytest.importorskip("django", reason="needs Django (the test extra)")
pytest.importorskip("starlette", reason="needs Starlette (the test extra)")

import httpx
import yarl
from django.shortcuts import redirect
from starlette.datastructures import URL
from starlette.responses import RedirectResponse

from urikit import URI, NormalizeOptions

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import django_app  # it configures Django, once a process

sys.path.pop(0)

URIS = [
    "https://api.example/users/Jos%C3%A9%2FAna/report%2050%25.pdf"
    "?ids%5B%5D=1&q=a%7Cb&x=%7e&flag&empty=&s=a+b",
    "https://user:pw@[2001:db8::1]:8443/a;p=1/b?q=/?#f",
    "http://xn--bcher-kva.example:8080/%E2%82%AC/?a=b+c&d=%2F#x%20y",
    "https://h.example/a/?#",
]


def _sent_by_httpx(text: str) -> httpx.Request:
    """The request httpx sends for ``text``, caught by a MockTransport."""
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200)

    with httpx.Client(transport=httpx.MockTransport(handler)) as client:
        client.get(text)
    return seen[0]


@pytest.mark.parametrize("text", URIS)
def test_httpx_sends_the_exact_text(text: str) -> None:
    """``httpx.URL(str(uri))``: the request line carries the path and query as
    written, and the URL reads back as the same text."""
    uri = URI.parse(text)
    request = _sent_by_httpx(str(uri))
    assert str(request.url) == str(uri)
    assert httpx.URL(str(uri)) == request.url
    target = uri.copy().set(scheme=None, userinfo=None, host=None, port=None, fragment=None)
    assert request.url.raw_path.decode("ascii") == str(target)


def test_httpx_removes_dot_segments() -> None:
    """httpx resolves "." and ".." in the path before sending, as RFC 3986 §5.2.4 does
    (urikit keeps them until asked: ``normalize()``)."""
    uri = URI.parse("https://h.example/a/./b/../c?q")
    request = _sent_by_httpx(str(uri))
    only_dots = uri.copy().normalize(
        NormalizeOptions(case=False, percent=False, scheme_based=False))
    assert str(request.url) == str(only_dots) == "https://h.example/a/c?q"


@pytest.mark.parametrize("text", URIS[:-1])
def test_yarl_round_trips(text: str) -> None:
    """``yarl.URL(str(uri), encoded=True)`` keeps the text byte for byte."""
    uri = URI.parse(text)
    assert str(yarl.URL(str(uri), encoded=True)) == str(uri)


def test_yarl_drops_an_empty_query_and_fragment() -> None:
    """yarl writes an empty query or fragment as absent: "?" and "#" are lost."""
    assert str(yarl.URL("https://h.example/a/?#", encoded=True)) == "https://h.example/a/"


@pytest.mark.parametrize("text", URIS)
def test_starlette_url_and_redirect_keep_the_text(text: str) -> None:
    """Starlette's ``URL(str(uri))`` and ``RedirectResponse(str(uri))`` keep the text."""
    uri = URI.parse(text)
    assert str(URL(str(uri))) == str(uri)
    assert RedirectResponse(str(uri)).headers["location"] == str(uri)


@pytest.mark.parametrize("text", URIS)
def test_django_redirect_location_is_the_text(text: str) -> None:
    """Django's ``redirect(str(uri))`` writes the text in the Location header."""
    from django.test import override_settings

    uri = URI.parse(text)
    # the example's settings, also where another test module configured Django first
    with override_settings(**django_app.SETTINGS):
        assert redirect(str(uri))["Location"] == str(uri)


def test_urllib_split_round_trips() -> None:
    """``to_split``/``from_split`` agree with urllib for a URI it reads the same way."""
    import urllib.parse

    text = URIS[0]
    assert URI.parse(text).to_split() == urllib.parse.urlsplit(text)
    assert str(URI.from_split(urllib.parse.urlsplit(text))) == text
