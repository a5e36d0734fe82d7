"""The wheel's build hook (``hatch_build.py``) falls back to the pure-Python wheel
whenever it cannot compile, and is asked for none by ``URIKIT_NO_EXTENSIONS`` or an
editable install; the compiled wheel itself is built and tested whole by the
``compiled`` nox session."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("hatchling", reason="needs hatchling (the test extra)")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import hatch_build

sys.path.remove(str(ROOT))


def _hook(target: str = "wheel") -> hatch_build.MypycBuildHook:
    unused: Any = None  # the build configuration and metadata, which the hook never reads
    return hatch_build.MypycBuildHook(str(ROOT), {}, unused, unused, str(ROOT), target)


def _build_data() -> dict[str, Any]:
    return {"force_include": {}, "pure_python": True, "infer_tag": False}


def test_the_variable_asks_for_the_pure_wheel(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """With URIKIT_NO_EXTENSIONS=1 nothing is compiled, and mypy is not even installed
    for the build."""
    monkeypatch.setenv("URIKIT_NO_EXTENSIONS", "1")
    data = _build_data()
    hook = _hook()
    assert hook.dependencies() == []
    hook.initialize("standard", data)
    assert data == _build_data()
    assert "URIKIT_NO_EXTENSIONS is set" in capsys.readouterr().err


def test_no_compiler_gives_the_pure_wheel(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("URIKIT_NO_EXTENSIONS", raising=False)
    monkeypatch.setenv("CC", "/nonexistent/cc")
    data = _build_data()
    _hook().initialize("standard", data)
    assert data == _build_data()
    err = capsys.readouterr().err
    assert err == "urikit: no C compiler found: building the pure-Python wheel\n"


def test_a_failed_compile_gives_the_pure_wheel(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Whatever mypyc or the compiler does wrong, the build goes on, pure, saying why
    in one line."""
    monkeypatch.delenv("URIKIT_NO_EXTENSIONS", raising=False)
    monkeypatch.setattr(hatch_build, "_compiler", lambda: "/usr/bin/cc")

    def fail(argv: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        assert "src/urikit/_core/parse.py" in argv
        assert "src/urikit/_model/uri.py" in argv  # the URI classes are compiled
        assert "src/urikit/_core/errors.py" not in argv  # kept interpreted
        return subprocess.CompletedProcess(argv, 1, "", "error: cc exploded\n")

    monkeypatch.setattr(subprocess, "run", fail)
    hook = _hook()
    data = _build_data()
    hook.initialize("standard", data)
    hook.finalize("standard", data, "")
    assert data == _build_data()
    err = capsys.readouterr().err
    assert err == "urikit: mypyc failed (error: cc exploded): building the pure-Python wheel\n"


def test_editable_and_sdist_builds_compile_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("URIKIT_NO_EXTENSIONS", raising=False)

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled")

    monkeypatch.setattr(subprocess, "run", never)
    for target, version in (("wheel", "editable"), ("sdist", "standard")):
        data = _build_data()
        _hook(target).initialize(version, data)
        assert data == _build_data()


def test_every_interpreted_module_exists() -> None:
    """The list of what stays interpreted names real modules of the compiled layers."""
    package = ROOT / "src" / "urikit"
    for name in hatch_build.INTERPRETED:
        assert (package / name).is_file(), name
        assert name.split("/")[0] in hatch_build.COMPILED


def test_the_names_it_gives_exist() -> None:
    """Each ``urikit.NAME`` the hook's documentation gives the user is a public name of
    urikit (it named ``urikit.BUILD``, which is private: ``urikit.COMPILED`` says it)."""
    import urikit

    named = re.findall(r"``urikit\.(\w+)``", hatch_build.__doc__ or "")
    assert named
    for name in named:
        assert name in urikit.__all__, name


#: The parts of mypyc's C that the fast constructor's patch reads, shaped as mypyc 2.4
#: writes them (names shortened): the base class's tp_init and its tuple-and-dict
#: wrapper, its methods table, and the two classes' templates, setups and creation.
MYPYC_C = r'''
static int
uri____URIBase_init(PyObject *self, PyObject *args, PyObject *kwds)
{
    return CPyPy_uri____URIBase_____init__(self, args, kwds) != NULL ? 0 : -1;
}
static PyMethodDef uri____URIBase_methods[] = {
    {"__init__",
     (PyCFunction)CPyPy_uri____URIBase_____init__,
     METH_FASTCALL | METH_KEYWORDS, PyDoc_STR("__init__($self, *, host=None)\n--\n\n")},
    {NULL}  /* Sentinel */
};
static PyTypeObject CPyType_uri____URIBase_template_ = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_URIBase",
    .tp_init = uri____URIBase_init,
    .tp_methods = uri____URIBase_methods,
};
static PyTypeObject CPyType_uri___URI_template_ = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "URI",
    .tp_new = uri___URI_new,
};
static PyTypeObject CPyType_uri___FrozenURI_template_ = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "FrozenURI",
    .tp_new = uri___FrozenURI_new,
};
PyObject *CPyDef_uri_____mypyc__URI_setup(PyObject *cpy_r_type)
{
    return NULL;
}
PyObject *CPyDef_uri_____mypyc__FrozenURI_setup(PyObject *cpy_r_type)
{
    return NULL;
}
PyObject *CPyPy_uri____URIBase_____init__(PyObject *self, PyObject *args, PyObject *kw) {
    static const char * const kwlist[] = {"host", 0};
    PyObject *obj_host = NULL;
    if (!CPyArg_ParseTupleAndKeywords(args, kw, "|$O", "__init__", kwlist, &obj_host)) {
        return NULL;
    }
    CPy_TypeError("union[str, object, None]", "{braces in a string}");
    Py_RETURN_NONE;
}
int CPyGlobalsInit(void)
{
    CPyType_uri___URI = (PyTypeObject *)cpy_r_r677;
    CPyType_uri___FrozenURI = (PyTypeObject *)cpy_r_r700;
}
'''


def _script() -> dict[str, Any]:
    """The definitions of the hook's mypyc script (its main part not run)."""
    pytest.importorskip("mypyc.build", reason="needs mypy (the test extra)")
    namespace: dict[str, Any] = {"__name__": "hatch_build_script"}
    exec(compile(hatch_build._SCRIPT, "hatch_build._SCRIPT", "exec"), namespace)
    return namespace


def test_the_fast_constructor_patch_gives_the_classes_a_call_slot(tmp_path: Path) -> None:
    """The patch adds the twin of ``__init__``'s wrapper with mypyc's fast parser, puts
    it in the methods table (with the docstring's place), and sets both classes'
    vectorcall slot where each is created, guarded by the class and its slots."""
    script = _script()
    source = tmp_path / "__native_urikit.c"
    source.write_text(MYPYC_C)
    script["fast_constructor"](tmp_path)
    assert script["NOTICES"] == []
    text = source.read_text()
    assert ("static CPyArg_Parser urikit_fast_parser = {\"|$O:__init__\", kwlist, 0};"
            in text)
    assert "CPyArg_ParseStackAndKeywords(args, nargs, kwnames, &urikit_fast_parser, " in text
    assert re.search(r"\(PyCFunction\)urikit_fast_init,\s*METH_FASTCALL \| METH_KEYWORDS "
                     r"\| METH_COEXIST, PyDoc_STR", text)
    for cls in ("URI", "FrozenURI"):
        assert (f"CPyType_uri___{cls} = (PyTypeObject *)" in text)
        assert f"CPyType_uri___{cls}->tp_vectorcall = urikit_construct_{cls};" in text
        assert (f"type == CPyType_uri___{cls} && PyVectorcall_NARGS(nargsf) == 0\n"
                f"               && type->tp_init == uri____URIBase_init "
                f"&& type->tp_new == uri___{cls}_new" in text)
    # the declarations come before the table that names the twin
    assert text.index("static PyObject *urikit_fast_init(PyObject *, ") < text.index(
        "static PyMethodDef uri____URIBase_methods")
    assert text.count("urikit_slow_call(PyObject *callable") == 1


@pytest.mark.parametrize("missing", ["uri____URIBase_init(PyObject",
                                     "CPyArg_ParseTupleAndKeywords",
                                     '.tp_name = "FrozenURI"',
                                     "CPyType_uri___URI = ",
                                     '{"__init__",'])
def test_a_fast_constructor_patch_that_finds_nothing_leaves_the_c(tmp_path: Path,
                                                                  missing: str) -> None:
    """Where mypyc wrote its C otherwise, the C is left exactly as it was, and one line
    says so (the wheel stays compiled, with mypyc's constructor)."""
    script = _script()
    text = MYPYC_C.replace(missing, "changed_by_another_mypyc")
    source = tmp_path / "__native_urikit.c"
    source.write_text(text)
    script["fast_constructor"](tmp_path)
    assert source.read_text() == text
    (notice,) = script["NOTICES"]
    assert notice.startswith("the fast constructor was not added (")
    assert "\n" not in notice


#: The parts of mypyc's C that the fast factory's patch reads, shaped as mypyc 2.4 writes
#: them (names shortened): the two classes' templates, their tp_new (their setup alone),
#: and the one factory's ``cls.__new__(cls)``.
MYPYC_NEW_C = r"""#include "__native_urikit.h"
#include "__native_internal_urikit.h"

static PyTypeObject CPyType_uri____URIBase_template_ = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_URIBase",
};
PyObject *CPyDef_uri_____mypyc__URI_setup(PyObject *cpy_r_type);
static PyObject *
uri___URI_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    PyObject *self = CPyDef_uri_____mypyc__URI_setup((PyObject*)type);
    if (self == NULL)
        return NULL;
    return self;
}
static PyTypeObject CPyType_uri___URI_template_ = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "URI",
    .tp_new = uri___URI_new,
};
PyObject *CPyDef_uri_____mypyc__FrozenURI_setup(PyObject *cpy_r_type);
static PyObject *
uri___FrozenURI_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    PyObject *self = CPyDef_uri_____mypyc__FrozenURI_setup((PyObject*)type);
    if (self == NULL)
        return NULL;
    return self;
}
static PyTypeObject CPyType_uri___FrozenURI_template_ = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "FrozenURI",
    .tp_new = uri___FrozenURI_new,
};
PyObject *CPyDef_uri____wrap(PyObject *cpy_r_cls, PyObject *cpy_r_c, PyObject *cpy_r_text) {
    cpy_r_r0 = CPyStatics[922]; /* '__new__' */
    PyObject *cpy_r_r1[2] = {cpy_r_cls, cpy_r_cls};
    cpy_r_r2 = (PyObject **)&cpy_r_r1;
    cpy_r_r3 = PyObject_VectorcallMethod(cpy_r_r0, cpy_r_r2, 9223372036854775810ULL, 0);
    return cpy_r_r3;
}
"""


def test_the_fast_factory_patch_makes_the_classes_through_their_setup(tmp_path: Path
                                                                      ) -> None:
    """The patch replaces the factory's generic ``cls.__new__(cls)`` call by one to a
    helper that calls each class's setup when ``cls`` is exactly that class and its
    tp_new the compiled one, and makes the call as mypyc wrote it otherwise."""
    script = _script()
    source = tmp_path / "__native_urikit____model___uri.c"
    source.write_text(MYPYC_NEW_C)
    script["fast_factory"](tmp_path)
    assert script["NOTICES"] == []
    text = source.read_text()
    assert ("cpy_r_r3 = urikit_new(cpy_r_cls, cpy_r_r0, cpy_r_r2, 9223372036854775810ULL);"
            in text)
    assert "PyObject_VectorcallMethod(cpy_r_r0" not in text
    for cls in ("URI", "FrozenURI"):
        assert (f"if (cls == (PyObject *)CPyType_uri___{cls} && CPyType_uri___{cls}->tp_new"
                f" == uri___{cls}_new)\n        return CPyDef_uri_____mypyc__{cls}_setup(cls);"
                in text)
    assert "    return PyObject_VectorcallMethod(name, args, nargsf, NULL);" in text
    # declared after the includes, before its first use
    assert text.index("static PyObject *urikit_new(PyObject *") < text.index(
        "PyObject *CPyDef_uri____wrap")


@pytest.mark.parametrize("missing", ['.tp_name = "FrozenURI"',
                                     "    if (self == NULL)\n        return NULL;\n"
                                     "    return self;\n}\nstatic PyTypeObject "
                                     "CPyType_uri___URI_template_",
                                     "PyObject_VectorcallMethod",
                                     "__native_internal_"])
def test_a_fast_factory_patch_that_finds_nothing_leaves_the_c(tmp_path: Path,
                                                              missing: str) -> None:
    """Where mypyc wrote its C otherwise (another class shape, no ``__new__`` call, no
    header), the C is left exactly as it was, and one line says so (the wheel stays
    compiled, its objects made through ``cls.__new__``)."""
    script = _script()
    text = MYPYC_NEW_C.replace(missing, "changed_by_another_mypyc")
    source = tmp_path / "__native_urikit____model___uri.c"
    source.write_text(text)
    script["fast_factory"](tmp_path)
    assert source.read_text() == text
    (notice,) = script["NOTICES"]
    assert notice.startswith("the fast factory was not added (")
    assert "\n" not in notice


def test_every_name_in_the_hook_exists() -> None:
    """Each dotted ``urikit....`` name anywhere in the hook (its comments and its build
    script included) resolves, and each module file it names is in the package: the
    hook once named a ``urikit.BUILD`` that did not exist."""
    import importlib

    text = Path(hatch_build.__file__).read_text(encoding="utf-8")
    dotted = sorted(set(re.findall(r"\burikit(?:\.\w+)+", text)))
    assert "urikit._core.build.Checked" in dotted
    for name in dotted:
        # a package's __init__ is the package itself
        parts = name.replace(".__init__", "").split(".")
        obj: object = importlib.import_module(parts[0])
        for k, part in enumerate(parts[1:], 1):
            try:
                obj = getattr(obj, part)
            except AttributeError:
                obj = importlib.import_module(".".join(parts[:k + 1]))
        assert obj is not None, name
    package = ROOT / "src" / "urikit"
    files = set(re.findall(r"``([\w/]+\.py)``", text))
    assert "_web/proxy.py" in files
    # the script writes urikit/_core/docstrings.py into the wheel: not a source file
    found = {path.name for path in package.rglob("*.py")}
    for name in files:
        assert (package / name).is_file() or ("/" not in name and name in found), name
