"""URI templates are an extra: urikit imports without uritemplate and says what to
install when a template is expanded."""

from __future__ import annotations

import builtins
import sys
from typing import Any

import pytest


def test_missing_uritemplate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without uritemplate, expand says which extra to install; importing the module
    does not need it."""
    real_import = builtins.__import__

    def no_uritemplate(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "uritemplate" or name.startswith("uritemplate."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uritemplate)
    monkeypatch.delitem(sys.modules, "urikit._interop.template")
    import urikit._interop.template as fresh

    with pytest.raises(ImportError, match=r"urikit\[templates\]"):
        fresh.expand("{v}", {"v": "x"})
