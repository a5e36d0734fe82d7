"""A stateful property test: every mutating operation of URI, FrozenURI and their views,
in any order, against a model.

Each rule runs one edit. For the list and dict protocols of the views the model is a
plain ``list`` of the segments (or of the ``(key, value)`` pairs) the view shows: the
same operation is run on the list, and then either the view shows the list's result,
or the view raised what the list raised, or the URI refused with a documented
:class:`~urikit.BuildError` (the root-marker and ``['']`` rules of the path, saying
why) or a :class:`~urikit.URIError` for invalid input, and is unchanged. After every
step the invariants hold: the text reads back, the RFC 3986 §3.2 and §3.3 rules hold
on the components, no password shows in ``repr`` or in any error message, and every
FrozenURI seen is as it was.

The ``ci`` profile keeps this file to a few seconds; ``thorough`` soaks it:
``python -m pytest --hypothesis-profile=thorough tests/test_state_machine.py``.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import urikit
from tests.budget import examples
from urikit import (
    URI,
    BuildError,
    CanonicalOptions,
    FrozenURI,
    NormalizeOptions,
    Rule,
    URIError,
    encode,
)
from urikit import strategies as us
from urikit._core.components import Components
from urikit._whatwg.masking import mask_secrets

from .host_text import host_read_back
from .test_properties import BASES, _assert_reads_back
from .test_properties import TEXT as ANY_STR

#: every health check, for settings(suppress_health_check=...): hypothesis's
#: HealthCheckMeta.__iter__ is unannotated, so pyright takes its items for the metaclass
ALL_HEALTH_CHECKS: Final[list[HealthCheck]] = list(HealthCheck)  # pyright: ignore[reportAssignmentType]

SECRET: Final = "secret"

STARTS: Final = [
    "https://user:secret@example.com:8080/a/%7e/%2E%2E/b?x=1&y=a+b&x=2#top",
    "http://user:secret@h",
    "//user:secret@[::1]:/",
    "ftp://user:secret@h/%C3%A9/%FF/",
    "s:a:b",
    "",
    "/a//b/",
    "a/b",
    "?q=1&&flag",
    "#f",
    "file:///etc/hosts",
]

# Plain text that reaches the encoders' edges: delimiters of every component, "%",
# "+", space, non-ASCII, surrogate escapes (alone, and pairs forming "é") and a
# surrogate that stands for no octet. No "s", so no text can spell the password.
TEXT_CHARS: Final = [*"a/%+=&#?:@[]. ~é\U0001f600", "\udcc3", "\udca9", "\udcff", "\ud800"]
TEXT: Final = st.text(st.sampled_from(TEXT_CHARS), max_size=5)
OPT_TEXT: Final = st.one_of(st.none(), TEXT)
# Wire segments: mostly valid, some invalid (which the wire view must refuse).
WIRE_SEGMENT: Final = st.one_of(us.segments(), us.segments(),
                                st.sampled_from(["a b", "%", "%zz", "a/b", "é", "#"]))
INDEX: Final = st.integers(-4, 4)
SLICE: Final = st.builds(slice, st.one_of(st.none(), INDEX), st.one_of(st.none(), INDEX),
                         st.sampled_from([None, None, 1, 2, -1]))
WIRE: Final = {
    "scheme": st.one_of(st.none(), us.schemes(), st.sampled_from(["", "1a", "a b"])),
    "userinfo": st.one_of(st.none(), us.userinfos(), st.just("user:secret"),
                          st.sampled_from(["a@b", "é"])),
    "host": st.one_of(st.none(), us.hosts(), st.sampled_from(["[::1", "a b", "[v1.x]"])),
    "port": st.one_of(st.none(), st.integers(-1, 70000), st.just(10 ** 5000)),
    "has_port": st.booleans(),
    "path": st.one_of(us.paths_abempty(), us.paths_absolute(), us.paths_noscheme(),
                      us.paths_rootless(), st.lists(WIRE_SEGMENT, max_size=4),
                      st.sampled_from(["//x", "a:b/c", "a b"])),
    "query": st.one_of(st.none(), us.queries(), st.just("a#b")),
    "fragment": st.one_of(st.none(), us.fragments(), st.just("%")),
}
# set(): ports of every size, the 5000-digit one included
WIRE_SET: Final = {"port": st.one_of(st.none(), st.integers(-1, 70000), st.just(10 ** 5000))}
TEXT_NAMES: Final = ["userinfo", "user", "password", "host", "path", "query", "fragment"]
# Host text: IP literals (a zone identifier among them, which only allow_zone_id admits),
# names outside ASCII (stored as A-labels), names UTS 46 refuses, plain text.
HOST_TEXT: Final = st.one_of(TEXT, st.sampled_from([
    "[fe80::1%25eth0]", "[fe80::1%25en%201]", "[::1]", "[v7.x]", "bücher.example",
    "i❤.ws", "ÄÖ.de", "\u0301a", "a\u200db", "a b", "%41", "xn--bcher-kva"]))
ZONE_HOST: Final = "[fe80::1%25eth0]"


# What the container protocols raise, as list and dict do; everything else a URIError.
PROTOCOL: Final = (IndexError, KeyError, ValueError, TypeError)


def _outcome(op: Callable[[], object]) -> tuple[object, BaseException | None]:
    try:
        return op(), None
    except Exception as exc:  # classified by the caller
        return None, exc


def _no_secret(exc: BaseException | None) -> None:
    if exc is not None:
        assert SECRET not in str(exc), f"the password shows in {exc!r}"


def _rooted(segments: list[str], before: Components) -> list[str]:
    """The segments a list edit gives, as the path stores them: under an authority
    the empty path is the root, so what an edit puts in follows the root marker."""
    if before.host is not None and not before.path and segments and segments[0]:
        return ["", *segments]
    return segments


def _documented_refusal(exc: BaseException, model: list[str], has_host: bool,
                        text: bool) -> None:
    """A view refused an edit the model list made: the documented BuildErrors (saying
    why) or a URIError for text the component cannot hold."""
    assert isinstance(exc, URIError), repr(exc)
    if isinstance(exc, BuildError) and exc.rule is Rule.DOT_SEGMENT_FROM_TEXT:
        assert text, exc  # plain text never becomes "." or ".."; wire text may
        assert {".", ".."} & set(model), (exc, model)
    elif isinstance(exc, BuildError):
        if model == [""]:
            assert "root marker" in str(exc)
            assert "['']" in str(exc)
        else:
            assert has_host, (exc, model)
            assert model[0] != "", (exc, model)
            assert "root marker" in str(exc)
            assert "§3.3" in str(exc)


class URIMachine(RuleBasedStateMachine):
    """A URI under edit, with the FrozenURIs taken from it along the way."""

    def __init__(self) -> None:
        super().__init__()
        self.uri = URI()
        self.frozen: list[tuple[FrozenURI, Components, str]] = []
        # whether an edit was allowed a zone identifier: the URI's own option, which
        # its text must read back with (and without which no edit may store one)
        self.allow_zone_id = False

    @initialize(start=st.one_of(st.sampled_from(STARTS), us.uri_references()))
    def start(self, start: str) -> None:
        self.uri = URI.parse(start)

    # --- helpers -----------------------------------------------------------------

    def _edit(self, op: Callable[[], object]) -> tuple[object, BaseException | None]:
        """Run an edit; a URIError leaves the URI as it was."""
        before = self.uri.components
        result, exc = _outcome(op)
        _no_secret(exc)
        if exc is not None:
            assert isinstance(exc, URIError), repr(exc)
            assert self.uri.components == before, f"{exc!r} left a change"
        return result, exc

    def _list_op(self, text: bool, op: Callable[[MutableSequence[str]], object]) -> None:
        view = self.uri.text.path if text else self.uri.path
        model = list(view)
        expected, model_exc = _outcome(lambda: op(model))
        before = self.uri.components
        got, exc = _outcome(lambda: op(view))
        if self._refused(exc, model_exc, before):
            if model_exc is None:
                assert exc is not None
                _documented_refusal(exc, model, before.host is not None, text)
            return
        assert model_exc is None, f"the list raised {model_exc!r}, the view did not"
        assert list(view) == _rooted(model, before)
        assert got == expected

    def _refused(self, exc: BaseException | None, model_exc: BaseException | None,
                 before: Components) -> bool:
        """Whether the view refused the edit; a refusal shows no password, changes
        nothing, and, when the model refused too, is the model's error or a URIError
        (invalid input may be told before the container's own error)."""
        _no_secret(exc)
        if exc is None:
            return False
        assert self.uri.components == before, f"{exc!r} left a change"
        if model_exc is not None:
            assert type(exc) is type(model_exc) or isinstance(exc, URIError), (exc, model_exc)
        return True

    def _params_op(self, form: bool, op: Callable[[Any], object],
                   model_op: Callable[[list[tuple[str, str | None]]], object]) -> None:
        view = self.uri.params.form if form else self.uri.params
        model = view.items()
        before = self.uri.components
        expected, model_exc = _outcome(lambda: model_op(model))
        got, exc = _outcome(lambda: op(view))
        if self._refused(exc, model_exc, before):
            if model_exc is None:
                assert isinstance(exc, URIError), repr(exc)
            return
        assert model_exc is None, f"the model raised {model_exc!r}, the view did not"
        assert view.items() == model
        assert got == expected
        if not model:
            assert self.uri.query is None or not any(self.uri.query.split("&"))

    # --- the path as a list --------------------------------------------------------

    @rule(text=st.booleans(), value=st.one_of(WIRE_SEGMENT, TEXT))
    def path_append(self, text: bool, value: str) -> None:
        self._list_op(text, lambda p: p.append(value))

    @rule(text=st.booleans(), values=st.lists(st.one_of(WIRE_SEGMENT, TEXT), max_size=3))
    def path_extend(self, text: bool, values: list[str]) -> None:
        self._list_op(text, lambda p: p.extend(values))

    @rule(text=st.booleans(), index=INDEX, value=st.one_of(WIRE_SEGMENT, TEXT))
    def path_insert(self, text: bool, index: int, value: str) -> None:
        self._list_op(text, lambda p: p.insert(index, value))

    @rule(text=st.booleans(), index=st.one_of(st.none(), INDEX))
    def path_pop(self, text: bool, index: int | None) -> None:
        self._list_op(text, lambda p: p.pop() if index is None else p.pop(index))

    @rule(text=st.booleans(), value=st.one_of(WIRE_SEGMENT, TEXT, st.just("")))
    def path_remove(self, text: bool, value: str) -> None:
        self._list_op(text, lambda p: p.remove(value))

    @rule(text=st.booleans())
    def path_reverse(self, text: bool) -> None:
        self._list_op(text, lambda p: p.reverse())

    @rule(text=st.booleans())
    def path_clear(self, text: bool) -> None:
        self._list_op(text, lambda p: p.clear())

    @rule(text=st.booleans(), index=INDEX, value=st.one_of(WIRE_SEGMENT, TEXT))
    def path_setitem(self, text: bool, index: int, value: str) -> None:
        def op(p: MutableSequence[str]) -> None:
            p[index] = value
        self._list_op(text, op)

    @rule(text=st.booleans(), index=SLICE,
          values=st.lists(st.one_of(WIRE_SEGMENT, TEXT), max_size=3))
    def path_setslice(self, text: bool, index: slice, values: list[str]) -> None:
        def op(p: MutableSequence[str]) -> None:
            p[index] = values
        self._list_op(text, op)

    @rule(text=st.booleans(), index=st.one_of(INDEX, SLICE))
    def path_delitem(self, text: bool, index: int | slice) -> None:
        def op(p: MutableSequence[str]) -> None:
            del p[index]
        self._list_op(text, op)

    @rule(text=st.booleans(), values=st.lists(st.one_of(WIRE_SEGMENT, TEXT), max_size=3))
    def path_iadd(self, text: bool, values: list[str]) -> None:
        """``uri.path += values``: extend, then the view is assigned back through the
        URI's setter, which must keep every segment as it is."""
        uri = self.uri
        model = list(uri.text.path if text else uri.path)
        before = uri.components
        _, exc = _outcome(lambda: _iadd(uri, text, values))
        _no_secret(exc)
        if exc is not None:
            assert uri.components == before, f"{exc!r} left a change"
            _documented_refusal(exc, [*model, *values], before.host is not None, text)
            return
        assert list(uri.text.path if text else uri.path) == _rooted([*model, *values],
                                                                    before)
        wire_before = before.path.split("/") if before.path else []
        assert uri.components.path.split("/")[:len(wire_before)] == wire_before

    # --- the query as parameters ------------------------------------------------------

    @rule(form=st.booleans(), key=TEXT, value=OPT_TEXT)
    def params_add(self, form: bool, key: str, value: str | None) -> None:
        def model_op(m: list[tuple[str, str | None]]) -> None:
            _model_pair(key, value)
            m.append((key, value))
        self._params_op(form, lambda p: p.add(key, value), model_op)

    @rule(form=st.booleans(), key=TEXT, value=OPT_TEXT, how=st.sampled_from(["set", "[]"]))
    def params_set(self, form: bool, key: str, value: str | None, how: str) -> None:
        def op(p: Any) -> None:
            if how == "set":
                p.set(key, value)
            else:
                p[key] = value
        self._params_op(form, op, lambda m: _model_update(m, [(key, value)]))

    @rule(form=st.booleans(), pairs=st.lists(st.tuples(TEXT, OPT_TEXT), max_size=3),
          as_dict=st.booleans())
    def params_update(self, form: bool, pairs: list[tuple[str, str | None]],
                      as_dict: bool) -> None:
        given: Any = dict(pairs) if as_dict else pairs
        self._params_op(form, lambda p: p.update(given),
                        lambda m: _model_update(m, list(dict(pairs).items())))

    @rule(form=st.booleans(), pairs=st.lists(st.tuples(TEXT, OPT_TEXT), max_size=3))
    def params_extend(self, form: bool, pairs: list[tuple[str, str | None]]) -> None:
        def model_op(m: list[tuple[str, str | None]]) -> None:
            for key, value in pairs:
                _model_pair(key, value)
            m.extend(pairs)
        self._params_op(form, lambda p: p.extend(pairs), model_op)

    @rule(form=st.booleans(), key=st.one_of(TEXT, st.sampled_from(["x", "y", "flag", "q"])),
          default=st.sampled_from([None, "d", "missing"]))
    def params_pop(self, form: bool, key: str, default: str | None) -> None:
        def op(p: Any) -> object:
            return p.pop(key) if default == "missing" else p.pop(key, default)

        def model_op(m: list[tuple[str, str | None]]) -> object:
            values = [v for k, v in m if k == key]
            if not values:
                if default == "missing":
                    raise KeyError(key)
                return default
            m[:] = [(k, v) for k, v in m if k != key]
            return values[0]
        self._params_op(form, op, model_op)

    @rule(form=st.booleans(), key=st.one_of(TEXT, st.sampled_from(["x", "y", "flag", "q"])))
    def params_del(self, form: bool, key: str) -> None:
        def op(p: Any) -> None:
            del p[key]

        def model_op(m: list[tuple[str, str | None]]) -> None:
            if all(k != key for k, _ in m):
                raise KeyError(key)
            m[:] = [(k, v) for k, v in m if k != key]
        self._params_op(form, op, model_op)

    @rule(form=st.booleans())
    def params_clear(self, form: bool) -> None:
        self._params_op(form, lambda p: p.clear(), lambda m: m.clear())

    # --- components: attributes, the text view, set and set_text --------------------

    @rule(data=st.data(), name=st.sampled_from(sorted(WIRE)))
    def assign_attribute(self, data: st.DataObject, name: str) -> None:
        value = data.draw(WIRE[name], label=name)
        _, exc = self._edit(lambda: setattr(self.uri, name, value))
        if exc is None and name in ("scheme", "userinfo", "query", "fragment"):
            assert getattr(self.uri, name) == value
        if exc is None and name == "host":
            assert self.uri.host == value

    @rule(name=st.sampled_from(TEXT_NAMES), value=OPT_TEXT)
    def assign_text(self, name: str, value: str | None) -> None:
        if name == "path" and value is None:
            value = ""
        held = self.uri.text.host
        _, exc = self._edit(lambda: setattr(self.uri.text, name, value))
        if exc is not None:
            return
        if name == "path":
            shown = str(self.uri.text.path)
            assert shown in (value, f"/{value}"), (shown, value)
        elif name == "user" and value is not None:
            assert self.uri.text.user == value
        elif name == "host" and value is not None:
            assert self.uri.text.host == (value if value == held else host_read_back(value))
        else:
            assert getattr(self.uri.text, name) == value

    @rule(value=HOST_TEXT)
    def assign_text_host(self, value: str) -> None:
        """The text view's host setter, on the host texts that reach its edges: a
        zone identifier is refused (the view has no allow_zone_id)."""
        held = "%" in (self.uri.host or "") and (self.uri.host or "").startswith("[")
        before = self.uri.text.host
        _, exc = self._edit(lambda: setattr(self.uri.text, "host", value))
        if value == ZONE_HOST and not held:
            assert exc is not None  # without allow_zone_id: the URI holds no zone
        if exc is None:
            assert self.uri.text.host == (value if value == before else host_read_back(value))

    @rule(value=HOST_TEXT, allow_zone_id=st.booleans(), wire=st.booleans())
    def set_host_with_options(self, value: str, allow_zone_id: bool, wire: bool) -> None:
        """set_text and set with allow_zone_id: a zone identifier is stored only with
        it, and the URI's text then reads back with the same option."""
        if wire:
            _, exc = self._edit(lambda: self.uri.set(host=value, allow_zone_id=allow_zone_id))
        else:
            _, exc = self._edit(lambda: self.uri.set_text(host=value,
                                                          allow_zone_id=allow_zone_id))
        if exc is None and allow_zone_id and "%25" in (self.uri.host or "") \
                and (self.uri.host or "").startswith("["):
            self.allow_zone_id = True
        if exc is None and not allow_zone_id:
            assert not ("%25" in (self.uri.host or "") and (self.uri.host or "").startswith("["))

    @rule(data=st.data(), names=st.sets(st.sampled_from(sorted(WIRE)), max_size=3))
    def set_wire(self, data: st.DataObject, names: set[str]) -> None:
        values = {name: data.draw(WIRE_SET.get(name, WIRE[name]), label=name)
                  for name in sorted(names)}
        # each value is drawn from its own component's strategy, so each fits its keyword
        result, exc = self._edit(
            lambda: self.uri.set(**values))  # pyright: ignore[reportArgumentType]
        assert exc is not None or result is self.uri

    @rule(values=st.dictionaries(st.sampled_from(["userinfo", "host", "path", "query",
                                                  "fragment"]), OPT_TEXT, max_size=3))
    def set_text(self, values: dict[str, str | None]) -> None:
        given: dict[str, Any] = dict(values)
        if "path" in given and given["path"] is None:
            given["path"] = ""  # a path is never undefined
        before = self.uri.text.host
        result, exc = self._edit(lambda: self.uri.set_text(**given))
        if exc is None:
            assert result is self.uri
            for name, value in values.items():
                if name == "host" and value is not None:
                    assert self.uri.text.host == (value if value == before
                                                  else host_read_back(value))
                elif name != "path":
                    assert getattr(self.uri.text, name) == value

    @rule()
    def give_password(self) -> None:
        """Most edits should run on a URI with a password to keep secret."""
        if self.uri.host is not None:
            self.uri.userinfo = "user:secret"

    # --- the fluent builders ------------------------------------------------------

    @rule(text=st.booleans(), segments=st.lists(st.one_of(WIRE_SEGMENT, TEXT), max_size=3))
    def add_segments(self, text: bool, segments: list[str]) -> None:
        expected, _ = _outcome(lambda: _model_add_segments(self.uri, segments, text))
        if text:
            _, exc = self._edit(lambda: self.uri.add_segments_text(*segments))
        else:
            _, exc = self._edit(lambda: self.uri.add_segments(*segments))
        if exc is None:
            assert self.uri.components.path == expected

    @rule(key=TEXT, value=OPT_TEXT, form=st.booleans(),
          which=st.sampled_from(["add_param", "set_param"]))
    def fluent_param(self, key: str, value: str | None, form: bool, which: str) -> None:
        model = (self.uri.params.form if form else self.uri.params).items()
        result, exc = self._edit(lambda: getattr(self.uri, which)(key, value, form=form))
        if exc is None:
            assert result is self.uri
            if which == "add_param":
                model.append((key, value))
            else:
                _model_update(model, [(key, value)])
            assert (self.uri.params.form if form else self.uri.params).items() == model

    @rule(keys=st.lists(st.one_of(TEXT, st.sampled_from(["x", "y", "q"])), max_size=3))
    def discard_params(self, keys: list[str]) -> None:
        model = [(k, v) for k, v in self.uri.params.items() if k not in keys]
        self._edit(lambda: self.uri.discard_params(*keys))
        assert self.uri.params.items() == model

    @rule(segment=TEXT)
    def slash(self, segment: str) -> None:
        before = self.uri.copy()
        result, exc = self._edit(lambda: self.uri / segment)
        assert self.uri == before
        if exc is None:
            assert isinstance(result, URI)
            assert result is not self.uri
            assert result == before.copy().add_path_text(segment)

    @rule(case=st.booleans(), percent=st.booleans(), dots=st.booleans(),
          scheme_based=st.booleans(), ipv6=st.booleans())
    def normalize(self, case: bool, percent: bool, dots: bool, scheme_based: bool,
                  ipv6: bool) -> None:
        options = NormalizeOptions(case=case, percent=percent, dot_segments=dots,
                                   scheme_based=scheme_based, ipv6_canonical=ipv6)
        result, exc = self._edit(lambda: self.uri.normalize(options))
        assert exc is None
        assert result is self.uri
        assert self.uri.copy().normalize(options) == self.uri  # idempotent

    @rule()
    def copy_freeze_thaw(self) -> None:
        copy = self.uri.copy()
        frozen = self.uri.freeze()
        assert copy == self.uri == frozen
        assert hash(frozen) == hash(self.uri.freeze())
        thawed = frozen.thaw()
        assert isinstance(thawed, URI)
        assert thawed == self.uri
        thawed.fragment = None if self.uri.fragment is not None else "changed"
        copy.fragment = thawed.fragment
        assert self.uri != thawed
        assert self.uri != copy
        assert frozen == self.uri
        self.frozen.append((frozen, frozen.components, str(frozen)))

    @rule(name=st.sampled_from(["assign", "text", "path", "params"]))
    def frozen_views_refuse(self, name: str) -> None:
        """Every edit of a FrozenURI itself is refused with the documented error:
        AttributeError for an attribute, TypeError through a view."""
        frozen = self.uri.freeze()
        edits: dict[str, tuple[Callable[[], object], type[Exception]]] = {
            "assign": (lambda: setattr(frozen, "fragment", "x"), AttributeError),
            "text": (lambda: setattr(frozen.text, "fragment", "x"), TypeError),
            # the type checker refuses these too (tests/typing checks it on purpose)
            "path": (lambda: frozen.path.append("x"), TypeError),  # type: ignore[attr-defined]
            "params": (lambda: frozen.params.add("x", "1"), TypeError),  # type: ignore[attr-defined]
        }
        op, expected = edits[name]
        with pytest.raises(expected) as info:
            op()
        _no_secret(info.value)
        self.frozen.append((frozen, frozen.components, str(frozen)))

    @rule(data=st.data(), which=st.sampled_from(
        ["set", "set_text", "add_segments", "add_segments_text", "add_param", "set_param",
         "discard_param", "/", "normalize"]))
    def frozen_builder(self, data: st.DataObject, which: str) -> None:
        """A FrozenURI's builders leave it unchanged and return a new URI equal to the
        same edit of a thawed copy (normalize: a new FrozenURI)."""
        frozen = self.uri.freeze()
        args: tuple[Any, ...] = ()
        kwargs: dict[str, Any] = {}
        if which == "set":
            name = data.draw(st.sampled_from(sorted(WIRE)))
            kwargs = {name: data.draw(WIRE[name])}
        elif which == "set_text":
            kwargs = {data.draw(st.sampled_from(["userinfo", "host", "query", "fragment"])):
                      data.draw(OPT_TEXT)}
        elif which in ("add_segments", "add_segments_text"):
            args = tuple(data.draw(st.lists(st.one_of(WIRE_SEGMENT, TEXT), max_size=2)))
        elif which in ("add_param", "set_param"):
            args = (data.draw(TEXT), data.draw(OPT_TEXT))
        elif which in ("discard_param", "/"):
            args = (data.draw(TEXT),)

        def run(target: URI | FrozenURI) -> object:
            if which == "/":
                return target / args[0]
            return getattr(target, which)(*args, **kwargs)

        result, exc = _outcome(lambda: run(frozen))
        _no_secret(exc)
        expected, expected_exc = _outcome(lambda: run(frozen.thaw()))
        assert frozen == self.uri
        assert str(frozen) == str(self.uri)
        if exc is not None:
            assert isinstance(exc, URIError), repr(exc)
            assert type(exc) is type(expected_exc)
            return
        assert expected_exc is None
        assert type(result) is FrozenURI  # every builder of a FrozenURI
        assert result == expected
        self.frozen.append((frozen, frozen.components, str(frozen)))

    # --- invariants -------------------------------------------------------------------

    @invariant()
    def reads_back(self) -> None:
        _assert_reads_back(self.uri, allow_zone_id=self.allow_zone_id)

    @invariant()
    def structural_rules_hold(self) -> None:
        c = self.uri.components
        if c.host is None:
            assert c.userinfo is None, c  # RFC 3986 §3.2
            assert c.port is None, c
        else:
            assert c.path == "" or c.path.startswith("/"), c  # RFC 3986 §3.3

    @invariant()
    def password_is_never_shown(self) -> None:
        for shown in (repr(self.uri), repr(self.uri.freeze()), repr(self.uri.text),
                      self.uri.to_redacted(), self.uri.to_display()):
            assert SECRET not in shown, shown

    @invariant()
    def frozen_uris_never_change(self) -> None:
        for frozen, components, text in self.frozen[-5:]:
            assert frozen.components == components
            assert str(frozen) == text


def _iadd(uri: URI, text: bool, values: list[str]) -> None:
    if text:
        uri.text.path += values
    else:
        uri.path += values


def _model_pair(key: str, value: str | None) -> None:
    """The one refusal of a pair the model knows: an empty key without a value."""
    if not key and value is None:
        raise BuildError(Rule.EMPTY_KEY_NEEDS_VALUE)


def _model_update(m: list[tuple[str, str | None]],
                  pairs: list[tuple[str, str | None]]) -> None:
    """dict.update on a list of pairs: a key's first pair replaced in place, its
    others removed; a new key appended."""
    for key, value in pairs:
        _model_pair(key, value)
    for key, value in pairs:
        first = next((i for i, (k, _) in enumerate(m) if k == key), None)
        if first is None:
            m.append((key, value))
        else:
            m[:] = [(k, v) if k != key else (key, value) for i, (k, v) in enumerate(m)
                    if k != key or i == first]


def _model_add_segments(uri: URI, segments: list[str], text: bool) -> str:
    """The path text add_segments(_text) documents: the first fills a trailing empty
    segment (or, under an authority, an empty path becomes "/x"), the rest append."""
    path = uri.components.path
    if not segments:
        return path
    wire = [encode(s, "segment") if text else s for s in segments]
    parts = path.split("/") if path else []
    if not parts:
        parts = ["", wire[0]] if uri.host is not None else [wire[0]]
    elif parts[-1] == "":
        parts[-1] = wire[0]
    else:
        parts.append(wire[0])
    return "/".join([*parts, *wire[1:]])


_SOAK: Final = settings.get_current_profile_name() == "thorough"
URIMachine.TestCase.settings = settings(
    max_examples=examples(40),
    stateful_step_count=80 if _SOAK else 25,
    deadline=None,
    suppress_health_check=ALL_HEALTH_CHECKS,
)
# a state machine is no @given test: conftest's random search selects it by this mark
# (given as a decorator: Hypothesis 6.170 types TestCase as a class without the
# attribute, so an assignment fails the type checks)
TestURIMachine = pytest.mark.hypothesis(URIMachine.TestCase)



def test_has_port_false_with_a_huge_port() -> None:
    """Found by the state machine: ``set(has_port=False, port=10**5000)`` must raise
    the BuildError that says the two contradict, not a ValueError from ``repr``
    (minimal sequence: start anywhere; ``set(has_port=False, port=10**5000)``)."""
    uri = URI.parse("http://h/")
    with pytest.raises(BuildError, match="contradicts"):
        uri.set(has_port=False, port=10 ** 5000)
    assert str(uri) == "http://h/"



# --- which exceptions escape ------------------------------------------------------------
#
# The rule: given any str, every public entry point returns or raises a URIError
# (ParseError, BuildError, ResolveError, IDNAError), but for the container protocols,
# which raise what list and dict raise: KeyError for an absent key (params[k],
# del params[k], params.pop(k) without a default), ValueError for an absent segment
# (path.remove, path.index) and for an extended slice given a list of another size,
# IndexError for an index out of range. TypeError is raised for an argument of the
# wrong type (not a str; a str where an iterable of segments or pairs is expected;
# a bool or float as a port or parameter value) and for an edit through a view of a
# FrozenURI; assigning an attribute of a FrozenURI raises AttributeError.

Op = Callable[[URI, str], object]

#: Entry points not in test_properties.ENTRY_POINTS, with the exceptions other than
#: URIError that each may raise for a str argument (the list and dict protocols').
ESCAPES: Final[dict[str, tuple[Op, tuple[type[Exception], ...]]]] = {
    "from_iri": (lambda u, t: URI.from_iri(t), ()),
    "to_iri": (lambda u, t: URI.parse(t).to_iri(), ()),
    "parse_lenient": (lambda u, t: URI.parse_lenient(t), ()),
    "repair": (lambda u, t: urikit.repair(t), ()),
    "uri_to_iri": (lambda u, t: urikit.uri_to_iri(t), ()),
    "host_to_ascii": (lambda u, t: urikit.host_to_ascii(t), ()),
    "host_to_unicode": (lambda u, t: urikit.host_to_unicode(t), ()),
    "canonicalize": (lambda u, t: urikit.canonicalize(t, CanonicalOptions(drop_params=[t])), ()),
    "is_valid": (lambda u, t: urikit.is_valid(t), ()),
    "encode_query": (lambda u, t: urikit.encode_query({t: t}, form=True), ()),
    "from_template": (lambda u, t: URI.from_template(t, x=t), ()),
    "from_split": (lambda u, t: URI.from_split((t, t, t, t, t)), ()),
    "from_path": (lambda u, t: URI.from_path(t, windows=False), ()),
    "from_path-windows": (lambda u, t: URI.from_path(t, windows=True), ()),
    "to_path": (lambda u, t: URI.parse(t).to_path(windows=False), ()),
    "frozen builders": (lambda u, t: (u.freeze().set(fragment=t), u.freeze() / t,
                                      u.freeze().set_text(host=t)), ()),
    "/": (lambda u, t: u / t, ()),
    "form.set": (lambda u, t: u.params.form.set(t, t), ()),
    "params.get": (lambda u, t: (u.params.get(t), u.params.get_all(t)), ()),
    "params[k]": (lambda u, t: u.params[t], (KeyError,)),
    "del params[k]": (lambda u, t: u.params.__delitem__(t), (KeyError,)),
    "params.pop": (lambda u, t: u.params.pop(t), (KeyError,)),
    "path.remove": (lambda u, t: u.path.remove(t), (ValueError,)),
    "text.path.remove": (lambda u, t: u.text.path.remove(t), (ValueError,)),
    "path.index": (lambda u, t: u.text.path.index(t), (ValueError,)),
    "path[::2] =": (lambda u, t: u.text.path.__setitem__(slice(None, None, 2), [t]),
                    (ValueError,)),
    "path[k]": (lambda u, t: u.path[len(t)], (IndexError,)),
    "path.pop(k)": (lambda u, t: u.text.path.pop(len(t)), (IndexError,)),
    "views read": (lambda u, t: (t in u.path, u.path.count(t), u.path == t,
                                 t in u.params), ()),
    "URI(...)": (lambda u, t: URI(scheme=t, userinfo=t, host=t, path=[t], query=t), ()),
    "FrozenURI": (lambda u, t: FrozenURI.parse(t).normalize(
        NormalizeOptions(ipv6_canonical=True)), ()),
    "reads": (lambda u, t: (URI.parse(t).port, URI.parse(t).origin(),
                            URI.parse(t).to_split()), ()),
}


@pytest.mark.hypothesis  # an inner @given: conftest's random search selects it
@pytest.mark.parametrize("name", sorted(ESCAPES))
def test_only_uri_errors_and_protocol_errors_escape(name: str) -> None:
    """Given any str, an entry point returns, raises a URIError, or raises only the
    exception its container protocol documents (and then, as a refused edit, leaves
    the URI as it was)."""
    op, allowed = ESCAPES[name]

    @settings(max_examples=examples(40), deadline=None)
    @given(st.sampled_from(BASES), ANY_STR)
    def run(base: str, text: str) -> None:
        uri = URI.parse(base)
        before = uri.components
        _, exc = _outcome(lambda: op(uri, text))
        if exc is not None:
            assert isinstance(exc, (URIError, *allowed)), repr(exc)
            # no password reaches the message: a "secret" the browser does not read as
            # one (a scheme "Asecret:") may be quoted as the data it is
            assert SECRET not in str(exc) or SECRET in mask_secrets(text)[0]
            assert uri.components == before
        _assert_reads_back(uri)

    run()
