"""The wheel's build hook: compile urikit with mypyc where a C compiler is at hand.

hatchling builds the wheel as usual (the ``.py`` files, always); this hook adds the
extension modules mypyc makes of the same source, so an install imports them instead.
Where compiling is not possible (no C compiler, no mypy, any failure of mypyc or of
the compiler) it prints one line saying so and the wheel stays pure Python: an install
never fails for want of a compiler. ``URIKIT_NO_EXTENSIONS=1`` asks for the pure wheel
(as ``YARL_NO_EXTENSIONS`` does for yarl), and so does an editable install (``pip
install -e``): a checkout under edit runs its ``.py`` files. ``urikit.COMPILED`` and
``urikit --version`` say which build is running.

mypyc runs in a child process, so that nothing it or the compiler does can take the
build down with it; it type-checks the source with the project's mypy configuration
(``[tool.mypy]`` in pyproject.toml).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: Set to a true value (``1``), it forces the pure-Python wheel.
NO_EXTENSIONS = "URIKIT_NO_EXTENSIONS"

#: What mypyc compiles: the layers that every URI operation runs through, and the
#: batch engine that runs them once a line or a cell for every front end.
COMPILED = ("_core", "_whatwg", "_interop", "_model", "_match", "_web", "_batch")

#: What stays interpreted, and why (everything else of the compiled layers is compiled,
#: the URI classes and their views included: a method's signature is then checked by
#: mypyc before its body runs, in mypyc's words, "bool object expected; got str"; the
#: public builders and setters mark their parameters ``Checked``, which mypyc does not
#: check, so that urikit's own check answers in both builds, "has_port must be bool,
#: not str"; see ``urikit._core.build.Checked``):
#: - ``__init__.py``, ``__main__.py`` and the packages' ``__init__.py``: re-exports, run
#:   once; urikit's resolves its names lazily through a module ``__getattr__``.
#: - ``_core/build.py``: the run-time stand-in for mypyc's class marker lives there, in
#:   a branch that a compiled module would leave out.
#: - ``_core/errors.py``: the exceptions, raised on the error paths only (compiling
#:   them gains nothing).
#: - ``_interop/template.py`` and ``_model/pydantic.py``: the bridges to optional
#:   packages (uritemplate, pydantic), which the build environment does not have.
#: - ``_web/proxy.py``: TrustedProxies, an attrs record checked in
#:   ``__attrs_post_init__``; compiled, ``TrustedProxies(x_host=True)`` was accepted (the
#:   compiled session found it). It is built once per application, not per request.
#: - ``_web/site.py``: the bridge to the Public Suffix List (publicsuffixlist, an
#:   optional package the build environment does not have).
#: - ``_web/adapters.py``: what the Flask and Starlette adapters share, run once per
#:   request (its time goes into the compiled URI methods it calls); its template
#:   filters take whatever a template passes, and answer it with urikit's own messages.
#: - ``_web/request.py``: the adapters' one request home, run once per request like
#:   ``adapters.py`` (its time goes into the compiled URI methods it calls); PublicSite
#:   is an attrs record whose converters check what an application passes, as
#:   TrustedProxies is, with urikit's own messages.
#: - ``_match/routes.py``: the route table. ``link(name, /, **values)`` and
#:   ``link_under(root, name, /, **values)`` take a route's values as keywords, and a
#:   value may be called ``name`` or ``root`` (``/files/{name}``); compiled, mypyc binds
#:   that keyword to the positional-only parameter ("argument for link_under() given
#:   by name ('name') and position (2)"). Its time goes into the compiled template and
#:   URLPattern matching it asks.
#: - ``_web/canonical.py``: CanonicalOptions declares its attrs fields as the values
#:   they stand for (``normalization: NormalizeOptions = attrs.field(...)``), which
#:   the stubs allow and a compiled class body would check; canonicalize's work is in
#:   the compiled normalize and query code.
#: - ``_batch/records.py``: BatchRecord and BatchError, public NamedTuples (classes
#:   mypyc leaves non-native anyway, so compiling gains nothing): compiled, the
#:   class statement failed at import (``KeyError: 'object'``, mypyc looking the
#:   field type ``object`` up in the module's names); interpreted, they keep their
#:   docstrings for ``help()``.
#: - ``_whatwg/uts39data.py``: the IDN display policy's Unicode tables, tuples of
#:   constants and nothing else. Compiled, they were the largest C file of the build
#:   (2.3 MB that builds each tuple item by item, its longest single compile) for no
#:   gain: an interpreted module loads them from its ``.pyc`` whole, on first use.
#: - ``_cli``, ``strategies.py``, ``distributed.py``, ``duckdb.py``, ``polars.py``,
#:   ``pandas.py``: the command line (argument parsing, files, chunks and worker
#:   processes: its time goes into the compiled batch engine, ``_batch``, and to I/O),
#:   the Hypothesis strategies and the Dask, DuckDB, Polars and pandas bridges
#:   (optional packages; Polars registers its namespace class by decorating it, and
#:   pandas its accessor, at import).
INTERPRETED = (
    "_core/build.py",
    "_core/errors.py",
    "_interop/template.py",
    "_model/pydantic.py",
    "_web/adapters.py",
    "_web/canonical.py",
    "_web/proxy.py",
    "_web/request.py",
    "_match/routes.py",
    "_web/site.py",
    "_whatwg/uts39data.py",
    "_batch/records.py",
)

#: The build's settings (issue #45: the compiled install on a 2-core machine), each
#: changeable for one build by its environment variable:
#: - one C file per module (mypyc's ``multi_file``; ``URIKIT_MYPYC_MULTI_FILE=0`` for
#:   one file): a compiler process per file, so the files compile side by side and no
#:   process holds the whole program (mypyc's one 33 MB file took 1.1 GB);
#: - on every core (``URIKIT_BUILD_JOBS``, the CPU count by default): setuptools runs
#:   the extensions side by side, and the script the files of one extension;
#: - no debug information (``MYPYC_DEBUG_LEVEL``, 0; mypyc's default is 1); the
#:   optimization level stays 3 (``MYPYC_OPT_LEVEL``), which the speed targets need.
BUILD_SETTINGS = ("URIKIT_MYPYC_MULTI_FILE", "URIKIT_BUILD_JOBS", "MYPYC_DEBUG_LEVEL",
                  "MYPYC_OPT_LEVEL")

#: mypy's options beside pyproject's. The optional packages that the modules left
#: interpreted import may be missing from the build environment, or present (mypy also
#: reads the installing Python's packages): mypy reads those modules for their types but
#: reports nothing of them, so that the build does not depend on what is installed.
MYPY_OPTIONS = ("--ignore-missing-imports", "--follow-imports=silent",
                "--no-warn-unused-ignores")

_SCRIPT = textwrap.dedent(r"""
    import ast
    import os
    import pprint
    import re
    import sys
    import textwrap
    from pathlib import Path

    from mypyc.build import mypycify
    from mypyc.namegen import exported_name
    from setuptools import Distribution

    # mypyc's setter of a property passes the NULL value of a ``del`` on to the
    # property's setter, which reads it: a segfault (the setter of a native attribute
    # refuses it). Each property setter in the generated C first refuses a ``del``
    # with CPython's own AttributeError for a property without a deleter.
    GETSET = re.compile(r'\{"(\w+)",\s*\(getter\)\w+,\s*\(setter\)(\w+),')
    SETTER = re.compile(
        r"^[ \t]*(\w+)\(\w+ \*self, PyObject \*value, void \*closure\)\n[ \t]*\{\n"
        r"(?![ \t]*if \(value == NULL\))", re.M)
    DELETE = ('    if (value == NULL) {{\n'
              '        PyErr_Format(PyExc_AttributeError, "property \'{name}\' of '
              '\'%.100s\' object has no deleter", Py_TYPE(self)->tp_name);\n'
              '        return -1;\n    }}\n')

    def refuse_delete(target):
        for source in target.rglob("*.c"):
            text = source.read_text()
            names = {setter: name for name, setter in GETSET.findall(text)}

            def guard(match):
                name = names.get(match.group(1))
                if name is None:
                    return match.group(0)
                return match.group(0) + DELETE.format(name=name)

            source.write_text(SETTER.sub(guard, text))

    # mypyc 2.x gives a native class's __init__ no fast-call wrapper: calling URI(...)
    # goes through type.__call__, which packs the keywords into a dict, and mypyc's
    # tuple-and-dict parser then makes and hashes a new string for each keyword name.
    # The fast constructor: a twin of __init__'s wrapper that reads the arguments
    # where the caller left them (mypyc's own fast parser, CPyArg_ParseStackAndKeywords,
    # with the same format and name, so its errors read as before), and a vectorcall
    # slot on URI and FrozenURI that allocates the object as their __new__ does and runs
    # the twin. The slot takes the fast way only when the class is exactly URI or
    # FrozenURI, keywords only, and its __init__ and __new__ are still the compiled ones
    # (pointer compares: a patched URI.__init__ or a subclass's own goes through
    # type.__call__ as before). The twin is also the __init__ in _URIBase's dict
    # (METH_COEXIST, in place of the slot wrapper), which so carries the docstring.
    # Where a pattern finds nothing (another mypyc), the C is left as mypyc wrote it
    # and one line says so: the constructor is then mypyc's, as correct, only slower.
    INIT_BASE = "_URIBase"
    INIT_CLASSES = ("URI", "FrozenURI")
    NOTICES = []

    def _function(text, start):
        # the text of the C function whose header ends at ``start`` (its "{")
        depth, i, quoted = 0, start, False
        while i < len(text):
            ch = text[i]
            if quoted:
                if ch == "\\":
                    i += 1
                elif ch == '"':
                    quoted = False
            elif ch == '"':
                quoted = True
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
        return -1

    def _template(text, name):
        for match in TEMPLATE.finditer(text):
            if re.search(rf'\.tp_name = "{name}",', match.group(1)):
                return match
        return None

    FAST_CALL = '''
    static PyObject *
    urikit_construct_{name}(PyObject *callable, PyObject *const *args, size_t nargsf,
                            PyObject *kwnames)
    {{
        PyTypeObject *type = (PyTypeObject *)callable;
        if (likely(type == {typevar} && PyVectorcall_NARGS(nargsf) == 0
                   && type->tp_init == {init} && type->tp_new == {new})) {{
            PyObject *self = {setup}(callable);
            if (self == NULL)
                return NULL;
            PyObject *res = urikit_fast_init(self, args, 0, kwnames);
            if (res == NULL) {{
                Py_DECREF(self);
                return NULL;
            }}
            Py_DECREF(res);
            return self;
        }}
        return urikit_slow_call(callable, args, PyVectorcall_NARGS(nargsf), kwnames);
    }}
    '''
    SLOW_CALL = '''
    static PyObject *
    urikit_slow_call(PyObject *callable, PyObject *const *args, Py_ssize_t nargs,
                     PyObject *kwnames)
    {
        /* what type.__call__ is given without the slot: a tuple and a dict */
        PyObject *tuple = PyTuple_New(nargs);
        if (tuple == NULL)
            return NULL;
        for (Py_ssize_t i = 0; i < nargs; i++) {
            Py_INCREF(args[i]);
            PyTuple_SET_ITEM(tuple, i, args[i]);
        }
        PyObject *kwargs = NULL;
        Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
        if (nkw) {
            kwargs = PyDict_New();
            if (kwargs == NULL) {
                Py_DECREF(tuple);
                return NULL;
            }
            for (Py_ssize_t i = 0; i < nkw; i++) {
                if (PyDict_SetItem(kwargs, PyTuple_GET_ITEM(kwnames, i), args[nargs + i]) < 0) {
                    Py_DECREF(tuple);
                    Py_DECREF(kwargs);
                    return NULL;
                }
            }
        }
        PyObject *res = Py_TYPE(callable)->tp_call(callable, tuple, kwargs);
        Py_DECREF(tuple);
        Py_XDECREF(kwargs);
        return res;
    }
    '''

    # URI's or FrozenURI's names in mypyc's C, asked by both patches below: the type
    # variable, the tp_new function and the setup (allocation) function; None where
    # one is missing
    def _class_parts(text, cls):
        template = _template(text, cls)
        new = template and re.search(r"\.tp_new = (\w+),", template.group(1))
        setup = re.search(rf"PyObject \*(CPyDef_\w*_mypyc__{cls}_setup)\(PyObject "
                          r"\*cpy_r_type\)", text)
        typevar = template and re.match(r"(CPyType_\w+)_template_$",
                                        re.search(r"PyTypeObject (\w+) = \{",
                                                  template.group(0)).group(1))
        if not (template and new and setup and typevar):
            return None
        return typevar.group(1), new.group(1), setup.group(1)

    def fast_constructor(target):
        for source in sorted(target.rglob("*.c")):
            text = source.read_text()
            base = _template(text, INIT_BASE)
            if base is None:
                continue
            why = _fast_constructor(source, text, base)
            if why is not None:
                NOTICES.append(f"the fast constructor was not added ({why}): URI() "
                               "keeps mypyc's call")
            return
        NOTICES.append("the fast constructor was not added (no _URIBase class in the "
                       "generated C): URI() keeps mypyc's call")

    def _fast_constructor(source, text, base):
        init = re.search(r"\.tp_init = (\w+),", base.group(1))
        if init is None:
            return "no tp_init"
        init = init.group(1)
        wrapper = re.search(rf"\n[ \t]*{init}\(PyObject \*self, PyObject \*args, "
                            rf"PyObject \*kwds\)\s*\{{\s*return (\w+)\(self, args, kwds\)",
                            text)
        if wrapper is None:
            return "no tp_init wrapper"
        name = wrapper.group(1)
        header = re.search(rf"PyObject \*{name}\(PyObject \*self, PyObject \*args, "
                           r"PyObject \*kw\) \{", text)
        if header is None:
            return "no __init__ wrapper"
        end = _function(text, header.end() - 1)
        if end < 0:
            return "no end of the __init__ wrapper"
        body = text[header.end():end]
        parse = re.compile(r'CPyArg_ParseTupleAndKeywords\(args, kw, "([^"]*)", "__init__", '
                           r"kwlist, ")
        if len(parse.findall(body)) != 1 or "kwlist[]" not in body:
            return "no keyword parser in the __init__ wrapper"
        fmt = parse.search(body).group(1)
        body = parse.sub("CPyArg_ParseStackAndKeywords(args, nargs, kwnames, "
                         "&urikit_fast_parser, ", body)
        body = re.sub(r"(static const char \* const kwlist\[\] = \{[^}]*\};)",
                      lambda m: m.group(1) + "\nstatic CPyArg_Parser urikit_fast_parser = "
                      f'{{"{fmt}:__init__", kwlist, 0}};', body, count=1)
        twin = ("\nstatic PyObject *urikit_fast_init(PyObject *self, PyObject *const *args, "
                "size_t nargs, PyObject *kwnames) {" + body + "\n")
        entry = re.compile(r'(\{"__init__",\s*\(PyCFunction\))' + name
                           + r"(,\s*)METH_FASTCALL \| METH_KEYWORDS(,)")
        table = re.search(r"\.tp_methods = (\w+),", base.group(1))
        if table is None:
            return "no methods table"
        methods = re.search(rf"static PyMethodDef {table.group(1)}\[\] = \{{(.*?)\n\s*\}};",
                            text, re.S)
        if methods is None or len(entry.findall(methods.group(1))) != 1:
            return "no __init__ in the methods table"
        pieces, slots = [SLOW_CALL], []
        for cls in INIT_CLASSES:
            found = _class_parts(text, cls)
            if found is None:
                return f"no {cls} class"
            typevar, new, setup = found
            assign = re.compile(rf"\n([ \t]*){typevar} = \(PyTypeObject \*\)\w+;")
            if len(assign.findall(text)) != 1:
                return f"no creation of {cls}"
            pieces.append(FAST_CALL.format(name=cls, typevar=typevar, init=init,
                                           new=new, setup=setup))
            slots.append((assign, typevar, cls))
        declarations = (
            "\nstatic PyObject *urikit_fast_init(PyObject *, PyObject *const *, size_t, "
            "PyObject *);\n" + "".join(
                f"static PyObject *urikit_construct_{cls}(PyObject *, PyObject *const *, "
                "size_t, PyObject *);\n" for cls in INIT_CLASSES))
        # the declarations before the methods table (and the module's init) that name
        # them, the definitions at the end, the slots set where each class is made
        text = text.replace(methods.group(0), declarations + entry.sub(
            r"\1urikit_fast_init\2METH_FASTCALL | METH_KEYWORDS | METH_COEXIST\3",
            methods.group(0)), 1)
        for assign, typevar, cls in slots:
            text = assign.sub(lambda m, t=typevar, c=cls: m.group(0) + f"\n{m.group(1)}"
                              f"{t}->tp_vectorcall = urikit_construct_{c};", text)
        text += twin + "".join(textwrap.dedent(piece) for piece in pieces)
        source.write_text(text)
        return None

    # The one factory (_wrap) and URI.parse make their object with ``cls.__new__(cls)``,
    # which mypyc compiles to a generic method call: ``__new__`` looked up on the class
    # through the metaclass, then type's tp_new wrapper called with an argument tuple,
    # its checks, and only then the class's allocation. The fast factory: where ``cls``
    # is exactly URI or FrozenURI and its tp_new is still the compiled one (pointer
    # compares, as the fast constructor's: a patched __new__ replaces the slot), call
    # the allocation that tp_new calls (mypyc's setup function) directly; any other
    # class, a user's subclass included, takes the call as mypyc wrote it. Where the
    # pattern finds nothing (another mypyc), the C is left as mypyc wrote it and one
    # line says so: the objects are then made as before, as correct, only slower.
    NEW_CALL = re.compile(
        r"(\w+) = (CPyStatics\[\d+\]); /\* '__new__' \*/\n"
        r"([ \t]*)PyObject \*(\w+)\[2\] = \{(\w+), \5\};\n"
        r"[ \t]*(\w+) = \(PyObject \*\*\)&\4;\n"
        r"[ \t]*(\w+) = PyObject_VectorcallMethod\(\1, \6, (\d+ULL), 0\);")
    FAST_NEW = ("\nstatic PyObject *\nurikit_new(PyObject *cls, PyObject *name, "
                "PyObject **args, size_t nargsf)\n{{\n{checks}"
                "    return PyObject_VectorcallMethod(name, args, nargsf, NULL);\n}}\n")
    FAST_NEW_CHECK = ("    if (cls == (PyObject *){typevar} && {typevar}->tp_new == {new})\n"
                      "        return {setup}(cls);\n")

    def fast_factory(target):
        for source in sorted(target.rglob("*.c")):
            text = source.read_text()
            if _template(text, INIT_BASE) is None:
                continue
            why = _fast_factory(source, text)
            if why is not None:
                NOTICES.append(f"the fast factory was not added ({why}): URI objects are "
                               "made through cls.__new__")
            return
        NOTICES.append("the fast factory was not added (no _URIBase class in the "
                       "generated C): URI objects are made through cls.__new__")

    def _fast_factory(source, text):
        checks = []
        for cls in INIT_CLASSES:
            found = _class_parts(text, cls)
            if found is None:
                return f"no {cls} class"
            typevar, new, setup = found
            if not re.search(rf"\n{new}\(PyTypeObject \*type, PyObject \*args, "
                             r"PyObject \*kwds\)\n\{\n[ \t]*PyObject \*self = "
                             rf"{setup}\(\(PyObject\*\)type\);\n[ \t]*if "
                             r"\(self == NULL\)\n[ \t]*return NULL;\n[ \t]*return self;\n\}",
                             text):
                return f"{cls}'s tp_new is not its setup alone"
            checks.append(FAST_NEW_CHECK.format(typevar=typevar, new=new, setup=setup))
        text, found = NEW_CALL.subn(
            lambda m: m.group(0)[:m.start(7) - m.start(0)]
            + f"{m.group(7)} = urikit_new({m.group(5)}, {m.group(1)}, {m.group(6)}, "
            f"{m.group(8)});", text)
        if not found:
            return "no cls.__new__(cls) call"
        include = text.find('#include "__native_internal_')
        if include < 0:
            return "no include of the internal header"
        first = text.index("\n", include)
        text = (text[:first] + "\nstatic PyObject *urikit_new(PyObject *, PyObject *, "
                "PyObject **, size_t);" + text[first:])
        text += FAST_NEW.format(checks="".join(checks))
        source.write_text(text)
        return None

    # mypyc keeps no docstring: a compiled function's, method's and class's is its
    # signature alone, a property's and a module's none, and a class it leaves
    # non-native (a NamedTuple, an Enum, a class marked native_class=False) says
    # "mypyc filler docstring". The generated C is given each docstring of the source
    # as this Python's compiler keeps it (3.13 takes the indentation out), so that
    # help() reads alike in both builds: after the signature's text in the methods'
    # tables and the classes' tp_doc (C joins adjacent string literals), where mypyc
    # writes NULL for a property and a module. A non-native class's __doc__ is
    # writable: those are written to urikit/_core/docstrings.py, which urikit applies
    # to its public names as it exports them (urikit.__init__._rewrite).
    DOCS = {}

    def kept(doc):
        namespace = {}
        exec(compile("def f():\n    " + repr(doc) + "\n", "<doc>", "exec"), namespace)
        return namespace["f"].__doc__

    def read_docs(path):
        parts = Path(path).with_suffix("").parts
        module = ".".join(parts[parts.index("urikit"):])

        def walk(node, name):
            doc = ast.get_docstring(node, clean=False)
            if doc is not None and name not in DOCS:  # the first: not an overload's
                DOCS[name] = kept(doc)
            for child in node.body:
                if isinstance(child, (ast.ClassDef, ast.FunctionDef,
                                      ast.AsyncFunctionDef)):
                    walk(child, f"{name}.{child.name}")

        walk(ast.parse(Path(path).read_text(encoding="utf-8")), module)

    def literal(text):
        # a C string literal of the UTF-8 text, in pieces of a line or so
        pieces, piece = [], []
        for byte in text.encode("utf-8"):
            char = chr(byte)
            piece.append("\\" + char if char in '"\\?' else char if 32 <= byte < 127
                         else "\\n" if byte == 10 else f"\\{byte:03o}")
            if byte == 10 or len(piece) > 200:
                pieces.append('"' + "".join(piece) + '"')
                piece = []
        if piece or not pieces:
            pieces.append('"' + "".join(piece) + '"')
        return "\n    ".join(pieces)

    STRING = r'(?:NULL|"(?:[^"\\\n]|\\.)*"(?:\s*"(?:[^"\\\n]|\\.)*")*)'
    TEMPLATE = re.compile(r"static PyTypeObject CPyType_\w+_template_ = \{(.*?)\n\s*\};", re.S)
    TABLE = re.compile(r"static (PyMethodDef|PyGetSetDef) (\w+)\[\] = \{(.*?)\n\s*\};", re.S)
    MODULE = re.compile(r'(static struct PyModuleDef (\w*)module = \{\s*'
                        r'PyModuleDef_HEAD_INIT,\s*"([\w.]+)",\s*)NULL(, /\* docstring \*/)')
    METHOD = re.compile(r'(\{"(\w+)",\s*\(PyCFunction\)\w+,\s*[\w |]+,\s*PyDoc_STR\()('
                        + STRING + r")\)")
    GETSET_DOC = re.compile(r'(\{"(\w+)",\s*\(getter\)\w+,\s*(?:\(setter\)\w+|NULL),\s*)NULL,')
    TP_DOC = re.compile(r"(\.tp_doc = PyDoc_STR\()(" + STRING + r")\)")

    QUOTES = '"' * 3

    def joined(plain, doc):
        return literal(doc) if plain == "NULL" else f"{plain}\n    {literal(doc)}"

    def keep_docstrings(target, paths, lib):
        for path in paths:
            if path.endswith(".py"):
                read_docs(path)
        exported = {exported_name(name): name for name in DOCS}
        # a method of a non-native class is an object of a native class of its own,
        # "<method>_<Class>_obj", whose docstring is the method's
        for name in list(DOCS):
            owner, _, method = name.rpartition(".")
            module, _, cls = owner.rpartition(".")
            if module:
                exported.setdefault(exported_name(f"{module}.{method}_{cls}_obj"), name)
        native = set()
        for source in target.rglob("*.c"):
            text = source.read_text()
            owners = {}  # a methods' or getset table's name: its class or module
            for match in TEMPLATE.finditer(text):
                body = match.group(1)
                size = re.search(r"\.tp_basicsize = sizeof\((\w+)Object\)", body)
                name = exported.get(size.group(1)) if size else None
                if name is None:
                    continue
                native.add(name)
                for slot in ("tp_methods", "tp_getset"):
                    table = re.search(rf"\.{slot} = (\w+),", body)
                    if table:
                        owners[table.group(1)] = name
            for match in MODULE.finditer(text):
                owners[match.group(2) + "module_methods"] = match.group(3)

            def module_doc(match):
                doc = DOCS.get(match.group(3))
                return match.group(0) if doc is None else (
                    match.group(1) + literal(doc) + match.group(4))

            def template(match):
                size = re.search(r"\.tp_basicsize = sizeof\((\w+)Object\)", match.group(0))
                doc = DOCS.get(exported.get(size.group(1), "")) if size else None
                if doc is None:
                    return match.group(0)
                return TP_DOC.sub(lambda m: m.group(1) + joined(m.group(2), doc) + ")",
                                  match.group(0))

            def table(match):
                owner = owners.get(match.group(2))
                if owner is None:
                    return match.group(0)

                def method(m):
                    doc = DOCS.get(f"{owner}.{m.group(2)}")
                    return m.group(0) if doc is None else (
                        m.group(1) + joined(m.group(3), doc) + ")")

                def getset(m):
                    doc = DOCS.get(f"{owner}.{m.group(2)}")
                    return m.group(0) if doc is None else m.group(1) + literal(doc) + ","

                return (METHOD if match.group(1) == "PyMethodDef" else GETSET_DOC).sub(
                    method if match.group(1) == "PyMethodDef" else getset, match.group(0))

            text = MODULE.sub(module_doc, text)
            text = TEMPLATE.sub(template, text)
            text = TABLE.sub(table, text)
            source.write_text(text)
        classes = {}
        for path in paths:
            if path.endswith(".py"):
                module = ".".join(Path(path).with_suffix("").parts[
                    Path(path).parts.index("urikit"):])
                tree = ast.parse(Path(path).read_text(encoding="utf-8"))
                for node in tree.body:
                    name = f"{module}.{node.name}" if isinstance(node, ast.ClassDef) else ""
                    if name in DOCS and name not in native:
                        classes[name] = DOCS[name]
        (Path(lib) / "urikit" / "_core").mkdir(parents=True, exist_ok=True)
        (Path(lib) / "urikit" / "_core" / "docstrings.py").write_text(
            QUOTES + "The docstrings of the classes mypyc leaves non-native (written by "
            "hatch_build.py)." + QUOTES + "\n\nDOCS = "
            + pprint.pformat(classes, width=88) + "\n", encoding="utf-8")

    def compile_side_by_side(jobs):
        # setuptools builds the extensions side by side (build_ext's ``parallel``) but
        # the C files of one extension one after another; mypyc's multi-file group is
        # one extension of some fifty files, so each compile call runs its files on
        # ``jobs`` threads (each thread waits on its compiler process)
        from concurrent.futures import ThreadPoolExecutor
        from distutils import ccompiler

        def compile(self, sources, output_dir=None, macros=None, include_dirs=None,
                    debug=False, extra_preargs=None, extra_postargs=None, depends=None):
            macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
                output_dir, macros, include_dirs, sources, depends, extra_postargs)
            cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

            def one(obj):
                src, ext = build[obj]
                self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

            # the largest first, so that no long compile starts last
            todo = sorted((obj for obj in objects if obj in build),
                          key=lambda obj: -os.path.getsize(build[obj][0]))
            with ThreadPoolExecutor(max(1, jobs)) as pool:
                list(pool.map(one, todo))
            return objects

        if jobs > 1:
            ccompiler.CCompiler.compile = compile

    if __name__ == "__main__":  # run by the hook; tests read the definitions
        target, temp, lib, *paths = sys.argv[1:]
        # the build's settings (hatch_build.BUILD_SETTINGS says why): one C file per
        # module, compiled side by side on every core, without debug information
        extensions = mypycify(paths, opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
                              debug_level=os.environ.get("MYPYC_DEBUG_LEVEL", "0"),
                              multi_file=os.environ.get("URIKIT_MYPYC_MULTI_FILE", "1") == "1",
                              target_dir=target, group_name="urikit")
        refuse_delete(Path(target))
        fast_constructor(Path(target))
        fast_factory(Path(target))
        keep_docstrings(Path(target), paths, lib)
        for notice in NOTICES:
            print("urikit: " + notice, flush=True)
        jobs = int(os.environ.get("URIKIT_BUILD_JOBS", "0")) or os.cpu_count() or 1
        compile_side_by_side(jobs)
        dist = Distribution({"name": "urikit", "ext_modules": extensions})
        command = dist.get_command_obj("build_ext")
        command.build_temp = temp
        command.build_lib = lib
        command.parallel = jobs
        command.ensure_finalized()
        command.run()
""")


def _notice(message: str) -> None:
    print(f"urikit: {message}", file=sys.stderr, flush=True)


def _compiler() -> str | None:
    """The C compiler this Python builds extensions with, if it is installed."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(cc)
    return shutil.which(words[0]) if words else None


class MypycBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Add mypyc's extension modules to the wheel, or leave it pure Python."""

    PLUGIN_NAME = "custom"

    def _wanted(self) -> bool:
        return os.environ.get(NO_EXTENSIONS, "").lower() not in ("1", "true", "yes")

    def dependencies(self) -> list[str]:
        """mypy (for mypyc) and setuptools (to drive the compiler), with attrs and idna
        for mypy to read the source's types; none when the pure build is asked for."""
        if not self._wanted():
            return []
        return ["mypy>=2.4,<2.5", "setuptools>=70", "attrs>=23.1", "idna>=3.7"]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile, and add the extension modules to the wheel; on any failure, say so
        in one line and build the pure-Python wheel."""
        if self.target_name != "wheel" or version == "editable":
            return
        if not self._wanted():
            _notice(f"{NO_EXTENSIONS} is set: building the pure-Python wheel")
            return
        if _compiler() is None:
            _notice("no C compiler found: building the pure-Python wheel")
            return
        root = Path(self.root)
        package = root / "src" / "urikit"
        paths = [str(p.relative_to(root)) for layer in COMPILED
                 for p in sorted((package / layer).glob("*.py"))
                 if p.relative_to(package).as_posix() not in INTERPRETED]
        work = Path(tempfile.mkdtemp(prefix="urikit-mypyc-"))
        self._work = work
        started = time.monotonic()
        try:
            result = subprocess.run(
                [sys.executable, "-c", _SCRIPT, str(work / "c"), str(work / "temp"),
                 str(work / "lib"), *MYPY_OPTIONS, *paths],
                cwd=root, capture_output=True, text=True, check=False)
        except OSError as error:
            _notice(f"mypyc could not run ({error}): building the pure-Python wheel")
            return
        built = sorted((work / "lib").rglob("*" + (sysconfig.get_config_var("EXT_SUFFIX")
                                                   or ".so")))
        if result.returncode != 0 or not built:
            tail = (result.stderr or result.stdout).strip().splitlines()[-1:] or ["?"]
            _notice(f"mypyc failed ({tail[0]}): building the pure-Python wheel")
            return
        for line in result.stdout.splitlines():  # the patches' own notices
            if line.startswith("urikit: "):
                _notice(line[len("urikit: "):])
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(work / "lib").as_posix()
        docstrings = work / "lib" / "urikit" / "_core" / "docstrings.py"
        if docstrings.is_file():  # what the compiled classes do not keep themselves
            build_data["force_include"][str(docstrings)] = "urikit/_core/docstrings.py"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        _notice(f"compiled {len(paths)} modules with mypyc in "
                f"{time.monotonic() - started:.0f}s")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the compiler's work directory."""
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
