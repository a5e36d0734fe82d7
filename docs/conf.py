"""Sphinx configuration of the urikit API reference.

Sphinx, because the docstrings are already reStructuredText with Google-style
sections: autodoc reads them as they are and napoleon turns ``Args:``, ``Returns:``
and ``Raises:`` into fields, so nothing is converted or written twice. Build it
with ``python -m sphinx -W -n -b html docs docs/_build`` (tests/test_docs.py does,
so a broken cross-reference fails the tests).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from docutils import nodes

# the package from this checkout, installed or not
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

# the REST framework reads Django's settings as it is imported (its renderers): an
# empty configuration, for autodoc of urikit.django.serializers
from django.conf import settings as django_settings

import urikit

if not django_settings.configured:
    django_settings.configure()

project = "urikit"
author = "urikit developers"
copyright = "urikit developers"
release = urikit.__version__
version = release

# the guide and the reference are reStructuredText; the pages that began as sections of
# the README (the tour, the command line, security ...) are Markdown, read by MyST, so
# that they read the same on GitHub and stay close to the README's text
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
# "page.md#a-heading" links, as GitHub writes them
myst_heading_anchors = 3
root_doc = "index"

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
# "Attributes:" sections as fields of their class, not as entries of their own (which
# would describe a NamedTuple's fields twice)
napoleon_use_ivar = True
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
# the public alias, not its expansion into a Literal of ten names
autodoc_type_aliases = {"Component": "urikit.Component"}
autodoc_default_options = {"members": True, "show-inheritance": False}
add_module_names = False
python_use_unqualified_type_names = True

# No network while building (and no intersphinx): names of the standard library and
# of other packages that signatures mention cannot be linked. They are listed here,
# and only they; a urikit name that does not resolve still fails the build.
nitpicky = True
nitpick_ignore_regex = [
    ("py:class", r"(str|int|bool|bytes|object|type|tuple|list|dict|set|frozenset|None)"),
    ("py:class", r"(os|pathlib|typing|collections\.abc|urllib\.parse|enum|re)\..*"),
    ("py:class", r"(PurePath|PathLike|Iterable|Iterator|Mapping|Sequence|Callable|Self|T)"),
    ("py:class", r"(SplitResult|Enum|NamedTuple|Any|TypeAlias)"),
    ("py:(exc|class)", r"(ValueError|TypeError|KeyError|OSError)"),
    ("py:class", r"(pydantic|pydantic_core|hypothesis)\..*"),
    # the frameworks' own names in the adapters' signatures and docstrings (each
    # adapter's reference page: api-flask, api-starlette, api-django)
    ("py:.*", r"(flask|werkzeug|starlette|django|rest_framework|jinja2|asgiref)\..*"),
    ("py:class", r"(Request|Response|Flask|HttpRequest|HTTPConnection|ASGIApp|JSONResponse"
                 r"|RedirectResponse|Jinja2Templates|QueryInput|HttpResponse\w*)"),
    ("py:meth", r"list\..*"),
    ("py:func", r"urllib\.parse\..*"),
    # helpers and type aliases of the private modules, named in docstrings and
    # signatures but not part of the API (AnyURI, T, Owner, _Unset, uts46_map ...)
    ("py:.*", r"urikit\._\w+\..*"),
    # (unresolved where a signature returns Self, which exists for type checkers only)
    ("py:class", r"(AnyURI|T|PathInput|Values?|LinkValue|Params|Checked|URLPatternInput"
                 r"|TemplateValue)"),
    ("py:func", r"uts46_map"),
]

# Furo (as attrs, pip and urllib3 use): a maintained theme that reads on a phone, with
# a light and a dark scheme and Sphinx's own search (search.html, the index built with
# the pages, no service); long signatures one parameter a line
html_theme = "furo"
python_maximum_signature_line_length = 90


def _plain_first_line(app: object, what: str, name: str, obj: object, options: object,
                      lines: list[str]) -> None:
    """Keep napoleon from reading a property's first line as ``type: description``.

    The docstrings of properties are sentences ("The userinfo, decoded: ..."); their
    type comes from the annotation. Napoleon reads the part before a colon on the
    first line as a type, so an empty rST comment is put before it.
    """
    if what in ("property", "attribute") and lines and ":" in lines[0]:
        lines[:0] = ["..", ""]


def _public_bases(app: object, name: str, obj: object, options: object,
                  bases: list[type]) -> None:
    """Show public bases only: a private base (``_URIBase``) gives way to its own
    bases, and ``object`` is left out (the empty line is removed below)."""
    public: list[type] = []
    todo = list(bases)
    while todo:
        base = todo.pop(0)
        if base.__name__.startswith("_"):
            todo[:0] = base.__bases__
        elif base is not object and base not in public:
            public.append(base)
    bases[:] = public


def _drop_empty_bases(app: object, doctree: nodes.document) -> None:
    """Remove the "Bases:" line of a class whose bases were all left out."""
    for paragraph in list(doctree.findall(nodes.paragraph)):
        if paragraph.astext().strip() == "Bases:":
            paragraph.parent.remove(paragraph)


_UNSET_TYPE = re.compile(r"\s*\|\s*~?(?:[\w.]*\.)?_?Unset\b")
# the mark that leaves a type check to urikit's code (``str | Checked``, which Sphinx
# evaluates to ``str | NoReturn``): the type checkers read ``T | Checked`` as ``T``
_CHECKED_MARK = re.compile(r"\s*\|\s*~?(?:[\w.]*\.)?(?:Checked|NoReturn)\b")
# an alias of autodoc_type_aliases inside a union, which Sphinx writes as its
# placeholder's repr: ``TypeAliasForwardRef('urikit.Component') | None``
_ALIAS_REPR = re.compile(r"~?(?:[\w.]*\.)?TypeAliasForwardRef\('(?:[\w.]*\.)?(\w+)'\)")


def _signature_as_checkers_read_it(app: object, what: str, name: str, obj: object,
                                   options: object, signature: str | None,
                                   return_annotation: str | None,
                                   ) -> tuple[str | None, str | None]:
    """Write ``host: str | None = UNSET``, not ``host: str | None | _Unset = UNSET``:
    :data:`~urikit.UNSET`, the documented default, says what the private type adds.
    Likewise ``text: str``, not ``text: str | Checked``, as the type checkers read it,
    and an alias by its name."""
    if signature is not None:
        signature = _UNSET_TYPE.sub("", signature)
        signature = _ALIAS_REPR.sub(r"\1", _CHECKED_MARK.sub("", signature))
    return signature, return_annotation


def _fields_as_checkers_read_them(app: object, what: str, name: str, obj: object,
                                  options: object, lines: list[str]) -> None:
    """A field's type as the type checkers read it (``int``, not ``int | Checked``),
    in the fields napoleon writes from the annotations."""
    lines[:] = [_CHECKED_MARK.sub("", line) if line.lstrip().startswith(":vartype") else line
                for line in lines]


def _shared_with_uri(app: object, what: str, name: str, obj: object, options: object,
                     lines: list[str]) -> None:
    """FrozenURI documents what differs from URI and links to the members they share,
    rather than repeating URI's entries word for word."""
    if name != "urikit.FrozenURI":
        return
    shared = sorted(attr for attr in dir(urikit.FrozenURI)
                    if not attr.startswith("_") and hasattr(urikit.URI, attr)
                    and attr not in vars(urikit.FrozenURI))
    links = ", ".join(f":obj:`~urikit.URI.{attr}`" for attr in shared)
    lines += ["", f"Shared with :class:`URI`, as documented there: {links}.",
              "The builder methods among them return a new :class:`FrozenURI`.", ""]


def _frozen_to_uri(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve ``FrozenURI.member``, for a member FrozenURI shares with URI, to the
    URI entry that documents it."""
    target = node.get("reftarget", "")
    for prefix in ("urikit.FrozenURI.", "FrozenURI."):
        if target.startswith(prefix) and node.get("refdomain") == "py":
            attr = target.removeprefix(prefix)
            if hasattr(urikit.URI, attr):
                return env.get_domain("py").resolve_xref(
                    env, node["refdoc"], app.builder, node["reftype"],
                    f"urikit.URI.{attr}", node, contnode)
    if node.get("py:class") == "FrozenURI" and node.get("refdomain") == "py" \
            and "." not in target and hasattr(urikit.URI, target):
        return env.get_domain("py").resolve_xref(
            env, node["refdoc"], app.builder, node["reftype"], f"urikit.URI.{target}",
            node, contnode)
    return None


def _alias_to_data(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve a signature's reference to the type alias ``urikit.Component`` (written
    as a class reference) to its ``autodata`` entry: Sphinx 9 finds it by itself, the
    Sphinx 8.1 that Python 3.10 gets does not."""
    if node.get("refdomain") == "py" and node.get("reftype") == "class" \
            and node.get("reftarget") in ("urikit.Component", "Component"):
        return env.get_domain("py").resolve_xref(
            env, node["refdoc"], app.builder, "data", "urikit.Component", node, contnode)
    return None


def setup(app: Any) -> None:
    """Run the hook above before napoleon (priority 500), and the others."""
    app.connect("autodoc-process-docstring", _plain_first_line, priority=400)
    app.connect("autodoc-process-docstring", _shared_with_uri)
    app.connect("autodoc-process-bases", _public_bases)
    app.connect("autodoc-process-signature", _signature_as_checkers_read_it)
    app.connect("autodoc-process-docstring", _fields_as_checkers_read_them, priority=600)
    app.connect("doctree-read", _drop_empty_bases)
    app.connect("missing-reference", _frozen_to_uri)
    app.connect("missing-reference", _alias_to_data)


html_title = f"urikit {release}"
