"""The scheme table: one notion of a scheme's kind, as browsers read it."""

from __future__ import annotations

import pytest

from urikit._core.schemes import DEFAULT_PORTS, SPECIAL_SCHEMES, SchemeKind, scheme_kind


@pytest.mark.parametrize(("scheme", "kind"), [
    pytest.param("http", SchemeKind.SPECIAL, id="http"),
    pytest.param("HtTpS", SchemeKind.SPECIAL, id="case"),
    pytest.param("ws", SchemeKind.SPECIAL, id="ws"),
    pytest.param("wss", SchemeKind.SPECIAL, id="wss"),
    pytest.param("ftp", SchemeKind.SPECIAL, id="ftp"),
    pytest.param("FILE", SchemeKind.FILE, id="file"),
    pytest.param("sc", SchemeKind.NOT_SPECIAL, id="sc"),
    pytest.param("gopher", SchemeKind.NOT_SPECIAL, id="gopher"),
    pytest.param("https+x", SchemeKind.NOT_SPECIAL, id="prefix"),
])
def test_scheme_kind(scheme: str, kind: SchemeKind) -> None:
    """Each special scheme is SPECIAL, file is FILE, any other NOT_SPECIAL."""
    assert scheme_kind(scheme) is kind


def test_special_schemes_are_the_kinds_and_have_default_ports() -> None:
    """SPECIAL_SCHEMES is derived from the kinds, and every special scheme but file
    has a default port in the one table."""
    kinds = {s for s in (*DEFAULT_PORTS, "file") if scheme_kind(s) is not SchemeKind.NOT_SPECIAL}
    assert kinds == SPECIAL_SCHEMES
    assert {s for s in SPECIAL_SCHEMES if scheme_kind(s) is SchemeKind.SPECIAL} \
        == set(DEFAULT_PORTS)
