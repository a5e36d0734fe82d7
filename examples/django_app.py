"""Links in a single-file Django app, built with urikit's Django adapter.

* ``/share``: an absolute link from the app's root (:func:`urikit.django.root_uri`:
  scheme, host and the ``SCRIPT_NAME`` or ``FORCE_SCRIPT_NAME`` prefix) with path
  segments and a query parameter from user data, the same link from a URI template,
  the link relative to this page, and the link of Django's route
  ``files/<path:name>`` (:func:`urikit.django.reverse`: the name a path); a value that
  would be a dot segment (``..``) is refused with 400;
* ``/items``: pagination links that change only ``page`` in the current URL
  (:func:`urikit.django.request_uri`, a FrozenURI: each edit is a new link), every
  other byte of the query kept;
* ``/login``: a redirect to the ``next`` parameter, followed only when it stays on
  this origin (:func:`urikit.django.redirect`), else to the account page.

Run it to see the links it gives through Django's test client; no server starts.
"""

from __future__ import annotations

from typing import Any, ClassVar

import django
from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.urls import URLPattern, path

from urikit import URI, BuildError, FrozenURI
from urikit.django import redirect, request_uri, reverse, root_uri


def share(request: HttpRequest) -> HttpResponse:
    """Links to the file ``name`` of ``owner``, both taken from the query as data."""
    owner, name = request.GET["owner"], request.GET["name"]
    try:
        return _share_links(request, owner, name)
    except BuildError as error:  # "..": plain data never climbs a level
        return HttpResponseBadRequest(str(error))


def _share_links(request: HttpRequest, owner: str, name: str) -> JsonResponse:
    root = root_uri(request)
    link = root.add_segments_text("files", owner, name).set_param("download", 1)
    from_template = FrozenURI.from_template("{+root}files/{owner}/{name}{?download}",
                                            root=root, owner=owner, name=name, download=1)
    route = reverse("file", kwargs={"name": f"reports/{name}"}, query={"download": 1},
                    request=request)
    return JsonResponse({"file": str(link), "template": str(from_template),
                         "relative": str(link.relative_to(request_uri(request))),
                         "route": str(route)})


def file(request: HttpRequest, name: str) -> JsonResponse:
    """The file ``name`` (a path)."""
    return JsonResponse({"name": name})


def items(request: HttpRequest) -> JsonResponse:
    """This page's pagination links: only ``page`` changes."""
    current = request_uri(request)
    page = int(request.GET.get("page", "1"))
    nxt = current.set_param("page", page + 1)
    links = {"self": str(current), "next": str(nxt),
             "next_relative": str(nxt.relative_to(current))}
    if page > 1:
        links["prev"] = str(current.set_param("page", page - 1))
    return JsonResponse(links)


def login(request: HttpRequest) -> HttpResponse:
    """After logging in, go where ``next`` says if it is on this origin."""
    return redirect(request, request.GET.get("next"), fallback="account")


class URLConf:
    """The URL configuration (``ROOT_URLCONF`` may be any object with urlpatterns)."""

    urlpatterns: ClassVar[list[URLPattern]] = [
        path("share", share), path("items", items), path("login", login),
        path("files/<path:name>", file, name="file")]


#: the app's settings (its tests apply them with ``override_settings``, as other apps
#: may have configured Django first in the same process)
SETTINGS: dict[str, Any] = {"ROOT_URLCONF": URLConf, "ALLOWED_HOSTS": ["shop.example"],
                            "INSTALLED_APPS": ["urikit.django"], "MIDDLEWARE": []}

if not settings.configured:  # the tests and ``python django_app.py`` share one process
    settings.configure(DEBUG=False, SECRET_KEY="example only", **SETTINGS)
    django.setup()


def main() -> None:
    """Print the links the app gives, behind the prefix ``/app``."""
    from django.test import Client, override_settings

    client = Client(HTTP_HOST="shop.example", SCRIPT_NAME="/app")
    share_page = str(URI.parse("/share").add_param("owner", "José/Ana")
                     .add_param("name", "report 50%.pdf"))
    # the app's settings, also where another app configured Django first
    with override_settings(**SETTINGS):
        for key, link in client.get(share_page, secure=True).json().items():
            print(f"{key}: {link}")
        items = client.get("/items?ids[]=1&q=a|b&page=2", secure=True)
        for key, link in items.json().items():
            print(f"{key}: {link}")
        for target in ("/app/cart", "//evil.example"):
            login_page = str(URI.parse("/login").add_param("next", target))
            print(f"next={target}: {client.get(login_page, secure=True)['Location']}")


if __name__ == "__main__":
    main()
