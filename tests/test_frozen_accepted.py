"""Every public signature that takes a URI takes a FrozenURI too: no parameter of a
public function or method (nor of the CLI's URI helpers) is annotated with ``URI``
without ``FrozenURI``, so a type checker accepts a FrozenURI wherever the code does;
and the functions whose signature says so do take a FrozenURI at run time."""

from __future__ import annotations

import inspect
import re
import types
from collections.abc import Callable, Iterator

import pytest

import urikit
from urikit import URI, FrozenURI, canonicalize, safe_redirect
from urikit._batch import operations
from urikit._cli import command
from urikit._model import uri as uri_module

WORD_RE = re.compile(r"\b(?:Frozen)?URI\b")


def _expanded(annotation: str) -> str:
    """The annotation with the module's alias for either class written out."""
    return re.sub(r"\bAnyURI\b", f"({uri_module.AnyURI})", annotation)


def _callables() -> Iterator[tuple[str, Callable[..., object]]]:
    """Each public function and method, by its dotted name."""
    for name in urikit.__all__:
        obj = getattr(urikit, name)
        if isinstance(obj, type):
            for member_name in dir(obj):  # inherited members too
                if member_name.startswith("_") and member_name not in {
                        "__init__", "__truediv__", "__eq__"}:
                    continue
                member = inspect.getattr_static(obj, member_name)
                function = member.__func__ if isinstance(member, classmethod | staticmethod) \
                    else member
                if isinstance(function, property):
                    if function.fset is not None:
                        yield f"{name}.{member_name}.setter", function.fset
                elif isinstance(function, types.FunctionType):
                    yield f"{name}.{member_name}", function
        elif isinstance(obj, types.FunctionType):
            yield name, obj
    for module in (command, operations):  # (urikit.distributed takes Bags of lines, no URI)
        for name, obj in vars(module).items():
            if isinstance(obj, types.FunctionType) and obj.__module__ == module.__name__ \
                    and not name.startswith("_"):
                yield f"{module.__name__}.{name}", obj


CALLABLES = dict(_callables())


def test_the_audit_sees_the_entry_points() -> None:
    """The walk finds the functions and methods that take a URI."""
    for name in ("canonicalize", "safe_redirect", "URI.resolve", "FrozenURI.equivalent",
                 "URI.parse_lenient", "urikit._cli.command.diagram",
                 "urikit._batch.operations.element_model"):
        assert name in CALLABLES, name


@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_a_parameter_that_takes_a_uri_takes_a_frozen_uri(name: str) -> None:
    """No parameter names URI without FrozenURI."""
    signature = inspect.signature(CALLABLES[name], eval_str=False)
    for parameter in signature.parameters.values():
        annotation = parameter.annotation
        if not isinstance(annotation, str):
            continue
        classes = set(WORD_RE.findall(_expanded(annotation)))
        if "URI" in classes:
            assert "FrozenURI" in classes, f"{name}({parameter.name}: {annotation})"


def test_the_functions_take_a_frozen_uri_at_run_time() -> None:
    """canonicalize, safe_redirect and the CLI's explain helpers give the same answer
    for a FrozenURI as for the URI with the same components."""
    text = "HTTP://u:p@Example.COM:80/a/./b?b=2&a=1#top"
    uri, frozen = URI.parse(text), FrozenURI.parse(text)
    assert canonicalize(frozen) == canonicalize(uri) == "http://u:p@example.com/a/b?a=1&b=2"
    assert safe_redirect("/x", frozen) == safe_redirect("/x", uri)
    assert command.diagram(frozen) == command.diagram(uri)
    assert command.spans(frozen) == command.spans(uri)
    assert operations.element_model(frozen) == operations.element_model(uri)
