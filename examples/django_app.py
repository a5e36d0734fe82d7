"""Links in a single-file Django app, built with urikit from what Django hands the view.

* ``/share``: an absolute link from the app's base URL
  (``request.path`` less ``request.path_info``, so a ``SCRIPT_NAME`` or
  ``FORCE_SCRIPT_NAME`` prefix is kept) with path segments and a query parameter from
  user data, the same link from a URI template, and the link relative to this page;
* ``/items``: pagination links that change only ``page`` in the current URL
  (``request.build_absolute_uri()``), every other byte of the query kept;
* ``/login``: a redirect to the ``next`` parameter, followed only when it stays on
  this origin (:func:`urikit.safe_redirect`), else to the account page.

Run it to see the links it gives through Django's test client; no server starts.
"""

from __future__ import annotations

from typing import ClassVar

import django
from django.conf import settings
from django.http import HttpRequest, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect
from django.urls import URLPattern, path

from urikit import URI, safe_redirect


def here(request: HttpRequest) -> URI:
    """The URL of the current request as Django gives it, read leniently (Django
    leaves ``[]`` in the query as the client sent them)."""
    return URI.parse_lenient(request.build_absolute_uri())


def root(request: HttpRequest) -> URI:
    """The app's base URL, script prefix included, ending in "/": ``request.path`` is
    the script name (``FORCE_SCRIPT_NAME`` or ``SCRIPT_NAME``) then ``path_info``.
    (``get_script_prefix()`` says the same under a WSGI server, but Django's test
    client does not set it.)"""
    prefix = request.path.removesuffix(request.path_info)
    return URI.parse_lenient(request.build_absolute_uri(prefix + "/"))


def share(request: HttpRequest) -> JsonResponse:
    """Links to the file ``name`` of ``owner``, both taken from the query as data."""
    owner, name = request.GET["owner"], request.GET["name"]
    link = root(request).add_segments_text("files", owner, name).set_param("download", 1)
    from_template = URI.from_template("{+root}files/{owner}/{name}{?download}",
                                      root=root(request), owner=owner, name=name, download=1)
    return JsonResponse({"file": str(link), "template": str(from_template),
                         "relative": str(link.relative_to(here(request)))})


def items(request: HttpRequest) -> JsonResponse:
    """This page's pagination links: only ``page`` changes."""
    current = here(request)
    page = int(request.GET.get("page", "1"))
    links = {"self": str(current)}
    nxt = current.copy().set_param("page", page + 1)
    links["next"] = str(nxt)
    links["next_relative"] = str(nxt.relative_to(current))
    if page > 1:
        links["prev"] = str(current.copy().set_param("page", page - 1))
    return JsonResponse(links)


def login(request: HttpRequest) -> HttpResponseRedirect:
    """After logging in, go where ``next`` says if it is on this origin."""
    target = safe_redirect(request.GET.get("next"), here(request))
    return redirect(str(target or root(request) / "account"))


class URLConf:
    """The URL configuration (``ROOT_URLCONF`` may be any object with urlpatterns)."""

    urlpatterns: ClassVar[list[URLPattern]] = [
        path("share", share), path("items", items), path("login", login)]


if not settings.configured:  # the tests and ``python django_app.py`` share one process
    settings.configure(
        DEBUG=False, SECRET_KEY="example only", ROOT_URLCONF=URLConf,
        ALLOWED_HOSTS=["shop.example"], INSTALLED_APPS=[], MIDDLEWARE=[],
    )
    django.setup()


def main() -> None:
    """Print the links the app gives, behind the prefix ``/app``."""
    from django.test import Client

    client = Client(HTTP_HOST="shop.example", SCRIPT_NAME="/app")
    share_page = str(URI.parse("/share").add_param("owner", "José/Ana")
                     .add_param("name", "report 50%.pdf"))
    for key, link in client.get(share_page, secure=True).json().items():
        print(f"{key}: {link}")
    for key, link in client.get("/items?ids[]=1&q=a|b&page=2", secure=True).json().items():
        print(f"{key}: {link}")
    for target in ("/app/cart", "//evil.example"):
        login_page = str(URI.parse("/login").add_param("next", target))
        print(f"next={target}: {client.get(login_page, secure=True)['Location']}")


if __name__ == "__main__":
    main()
