"""A mypy plugin that types the namespaces registered at run time: ``pl.col("url").uri``.

Polars adds a namespace to its classes when a module decorates a class with
``pl.api.register_expr_namespace("uri")`` (``import urikit.polars`` does), and
pandas an accessor with ``register_series_accessor``: at run time, which a type
checker never sees, so to mypy and pyright ``pl.col("url").uri`` is no attribute
and a misspelt method (``.uri.try_normalise()``) passes. With this plugin in mypy's
configuration::

    [tool.mypy]
    plugins = ["urikit.mypy"]

mypy reads each class that Polars' ``register_expr_namespace``,
``register_series_namespace``, ``register_dataframe_namespace`` or
``register_lazyframe_namespace`` decorates (urikit's ``URIExpr``, and any of your
own) and gives ``Expr``, ``Series``, ``DataFrame`` or ``LazyFrame`` an attribute of
that name and class: ``pl.col("url").uri`` is a :class:`urikit.polars.URIExpr`, each
method checked. Where pandas has types (the ``pandas-stubs`` package),
``series.uri`` is a :class:`urikit.pandas.URIAccessor` in the same way; without them
a Series is ``Any`` to every checker.

pyright takes no plugins: there, and in any checker, write the namespace as the
class it is, ``URIExpr(pl.col("url"))`` and ``URIAccessor(series)``, which the
checker sees whole.

.. versionadded:: 0.7
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy.nodes import CallExpr, MypyFile, StrExpr, TypeInfo
from mypy.plugin import (
    AttributeContext,
    ClassDefContext,
    Plugin,
    SemanticAnalyzerPluginInterface,
)
from mypy.plugins.common import add_attribute_to_class
from mypy.types import Instance, Type

__all__ = ["URIKitPlugin", "plugin"]

#: Polars' decorators, and the class each one adds a namespace to.
_POLARS: Final = {
    "polars.api.register_expr_namespace": "polars.expr.expr.Expr",
    "polars.api.register_series_namespace": "polars.series.series.Series",
    "polars.api.register_dataframe_namespace": "polars.dataframe.frame.DataFrame",
    "polars.api.register_lazyframe_namespace": "polars.lazyframe.frame.LazyFrame",
}
#: pandas' accessors that urikit registers (through an untyped pandas, so no decorator
#: to hook): the attribute, as pandas-stubs' ``Series.__getattr__`` looks it up, and
#: the accessor's class.
_PANDAS: Final = {"pandas.core.series.Series.uri": "urikit.pandas.URIAccessor"}
#: The modules whose classes get namespaces, and the module that registers them: mypy
#: reads the two together (one cache), so that a cached run keeps the attribute.
_DEPENDENCIES: Final = {"polars.expr.expr": "urikit.polars"}


def _add(api: SemanticAnalyzerPluginInterface, target: str, name: str,
         namespace: TypeInfo) -> None:
    """Give the class ``target`` (if it has types) the attribute ``name``, an instance
    of ``namespace``, read-only."""
    found = api.lookup_fully_qualified_or_none(target)
    if found is None or not isinstance(found.node, TypeInfo):
        return  # that package is not read, or has no types
    info = found.node
    existing = info.names.get(name)
    if existing is not None and existing.plugin_generated:
        return  # done on an earlier pass
    var = add_attribute_to_class(api, info.defn, name, Instance(namespace, []))
    var.is_property = True  # read-only, as the namespace is


def _polars_namespace(target: str) -> Callable[[ClassDefContext], bool]:
    def hook(ctx: ClassDefContext) -> bool:
        reason = ctx.reason
        if (isinstance(reason, CallExpr) and reason.args
                and isinstance(reason.args[0], StrExpr)):
            _add(ctx.api, target, reason.args[0].value, ctx.cls.info)
        return True
    return hook


def _pandas_accessor(accessor: str) -> Callable[[AttributeContext], Type]:
    def hook(ctx: AttributeContext) -> Type:
        # the accessor's type where its module is read (the program imports it: that
        # registers it), else what pandas-stubs says (Series.__getattr__'s type)
        modules: dict[str, MypyFile] = getattr(ctx.api, "modules", {})
        module, _, name = accessor.rpartition(".")
        found = modules[module].names.get(name) if module in modules else None
        if found is not None and isinstance(found.node, TypeInfo):
            return Instance(found.node, [])
        return ctx.default_attr_type
    return hook


class URIKitPlugin(Plugin):
    """The plugin: see :mod:`urikit.mypy`.

    .. versionadded:: 0.7
    """

    def get_class_decorator_hook_2(
            self, fullname: str) -> Callable[[ClassDefContext], bool] | None:
        """The hook of Polars' namespace decorators."""
        target = _POLARS.get(fullname)
        return None if target is None else _polars_namespace(target)

    def get_attribute_hook(self, fullname: str) -> Callable[[AttributeContext], Type] | None:
        """The hook of urikit's pandas accessor."""
        found = _PANDAS.get(fullname)
        return None if found is None else _pandas_accessor(found)

    def get_additional_deps(self, file: object) -> list[tuple[int, str, int]]:
        """The module that registers a namespace, read with the class it extends."""
        module = _DEPENDENCIES.get(getattr(file, "fullname", ""))
        return [] if module is None else [(10, module, -1)]


def plugin(version: str) -> type[Plugin]:
    """mypy's entry point: the plugin's class, for any mypy version."""
    return URIKitPlugin
