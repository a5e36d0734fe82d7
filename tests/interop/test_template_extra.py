"""URI templates need no extra: urikit expands them itself (uritemplate, the package
the templates extra installed, is only the tests' reference)."""

from __future__ import annotations

import builtins
import sys
from typing import Any

import pytest


def test_expansion_without_uritemplate(monkeypatch: pytest.MonkeyPatch) -> None:
    """With uritemplate unimportable, templates expand all the same."""
    real_import = builtins.__import__

    def no_uritemplate(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "uritemplate" or name.startswith("uritemplate."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uritemplate)
    monkeypatch.delitem(sys.modules, "urikit._interop.template")
    import urikit._interop.template as fresh

    assert fresh.expand("{/v*}{?q}", {"v": ["a b", "c"], "q": "x&y"}) == "/a%20b/c?q=x%26y"
