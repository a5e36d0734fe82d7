"""Canonical forms for deduplication: RFC 3986 normalization plus crawler steps, each
switchable."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import URI, CanonicalOptions, NormalizeOptions, ParseError, is_valid
from urikit._web.canonical import TRACKING_PARAMS, canonical_uri, canonicalize
from urikit.strategies import uri_references, uris


def test_normalization_is_the_first_step() -> None:
    """Case, percent-encoding, dot segments and the default port are normalized
    (RFC 3986 §6.2.2, §6.2.3)."""
    assert canonicalize("HTTP://Example.COM:80/a/./b/../%7e%2f") == "http://example.com/a/~%2F"


def test_reserved_characters_stay_encoded() -> None:
    """A percent-encoded reserved character is never decoded: %2F is not a slash."""
    assert canonicalize("http://h/a%2fb?x=%26") == "http://h/a%2Fb?x=%26"


def test_fragment_is_dropped() -> None:
    """The fragment never reaches the server, so it is dropped by default."""
    assert canonicalize("http://h/p#top") == "http://h/p"
    assert canonicalize("http://h/p#top", CanonicalOptions(drop_fragment=False)) == "http://h/p#top"


def test_empty_query_is_dropped() -> None:
    """``index.cgi?`` and ``index.cgi`` have one canonical form."""
    assert canonicalize("http://h/index.cgi?") == "http://h/index.cgi"
    assert canonicalize("http://h/index.cgi?", CanonicalOptions(drop_empty_query=False)) == "http://h/index.cgi?"


def test_query_is_sorted_stably_by_key() -> None:
    """Parameters are sorted by key; repeated keys keep their order and each pair's
    wire text is kept as written."""
    assert canonicalize("http://h/?b=1&a=x+y&c&a=%2F&b=0") == "http://h/?a=x+y&a=%2F&b=1&b=0&c"
    assert canonicalize("http://h/?b=1&a=2", CanonicalOptions(sort_query=False)) == "http://h/?b=1&a=2"


def test_empty_pieces_are_no_parameter() -> None:
    """Empty pieces between '&' are left out when the query is rebuilt, and a query
    of nothing but '&' becomes no query."""
    assert canonicalize("http://h/?&b=1&&a=2&") == "http://h/?a=2&b=1"
    assert canonicalize("http://h/?&&") == "http://h/"


def test_undefined_and_empty_values_stay_apart() -> None:
    """``?a`` (no value) and ``?a=`` (empty value) keep different canonical forms."""
    assert canonicalize("http://h/?a") != canonicalize("http://h/?a=")


def test_tracking_parameters_are_opt_in() -> None:
    """utm_* and click identifiers are removed only when asked."""
    text = "http://h/p?utm_source=news&id=7&gclid=abc&utm_medium=mail"
    assert canonicalize(text) == "http://h/p?gclid=abc&id=7&utm_medium=mail&utm_source=news"
    assert canonicalize(text, CanonicalOptions(drop_tracking=True)) == "http://h/p?id=7"
    assert "utm_*" in TRACKING_PARAMS


def test_drop_params_takes_shell_patterns_on_plain_keys() -> None:
    """drop_params matches the decoded key against shell patterns; a query left empty
    is dropped."""
    assert canonicalize("http://h/?session%49d=1&ref_a=2&x=3",
                        CanonicalOptions(drop_params=["sessionId", "ref_*"])) == "http://h/?x=3"
    assert canonicalize("http://h/?sid=1", CanonicalOptions(drop_params=["sid"])) == "http://h/"


def test_ipv6_is_written_canonically() -> None:
    """IPv6 addresses take their RFC 5952 form (the same address), unless switched off."""
    assert canonicalize("http://[2001:0DB8:0000::1]/") == "http://[2001:db8::1]/"
    assert canonicalize("http://[2001:0DB8::1]/", CanonicalOptions(
        normalization=NormalizeOptions())) == \
        "http://[2001:0db8::1]/"


def test_www_and_path_are_left_alone() -> None:
    """Steps that may change the resource are not taken: www., index.html, //, case."""
    text = "http://www.h.example/A//index.html"
    assert canonicalize(text) == text


def test_every_normalization_step_can_be_switched_off() -> None:
    """With every step off, the text comes back as it was."""
    text = "HTTP://H:80/./%7e?b&a#f"
    off = NormalizeOptions(case=False, percent=False, dot_segments=False,
                           scheme_based=False, ipv6_canonical=False)
    assert canonicalize(text, CanonicalOptions(
        normalization=off, drop_fragment=False, drop_empty_query=False,
        sort_query=False)) == text


def test_a_uri_argument_is_not_changed() -> None:
    """canonicalize takes a URI too and leaves it as it was."""
    uri = URI.parse("HTTP://h/?b&a#f")
    assert canonicalize(uri) == "http://h/?a&b"
    assert str(uri) == "HTTP://h/?b&a#f"
    assert str(canonical_uri(uri)) == "http://h/?a&b"


def test_invalid_text_raises_parse_error() -> None:
    """Text that is not a URI-reference raises ParseError with its position."""
    with pytest.raises(ParseError) as info:
        canonicalize("http://h/a b")
    assert info.value.position == 10


def test_zone_ids_need_the_switch() -> None:
    """An IPv6 zone identifier is accepted only with allow_zone_id."""
    with pytest.raises(ParseError):
        canonicalize("http://[fe80::1%25eth0]/")
    assert canonicalize("http://[fe80::1%25eth0]/", allow_zone_id=True) == \
        "http://[fe80::1%25eth0]/"


@given(uri_references())
def test_canonical_form_is_valid_and_idempotent(text: str) -> None:
    """The canonical form is a valid reference and its own canonical form."""
    once = canonicalize(text)
    assert is_valid(once)
    assert canonicalize(once) == once


@given(uris(), st.randoms(use_true_random=False))
def test_parameter_order_does_not_matter(text: str, rng: random.Random) -> None:
    """Shuffling parameters with distinct keys gives the same canonical form."""
    uri = URI.parse(text)
    if not uri.query:
        return
    pieces = [p for p in uri.query.split("&") if p]
    keys = [key for key, _ in uri.params.items()]
    if len(set(keys)) != len(keys):
        return
    rng.shuffle(pieces)
    uri.query = "&".join(pieces)
    assert canonicalize(uri) == canonicalize(text)


@given(uri_references())
def test_equivalent_references_share_a_canonical_form(text: str) -> None:
    """Normalization is the first step: a reference and its normal form canonicalize
    alike."""
    assert canonicalize(str(URI.parse(text).normalize())) == canonicalize(text)


# --- the options record -------------------------------------------------------------------


def test_options_defaults() -> None:
    """By default every step is on but the tracking parameters, and normalization
    takes its own defaults plus the RFC 5952 form of IPv6 addresses."""
    options = CanonicalOptions()
    assert options.normalization == NormalizeOptions(ipv6_canonical=True)
    assert (options.drop_fragment, options.drop_empty_query, options.sort_query,
            options.drop_tracking, options.drop_params) == (True, True, True, False, ())


def test_options_pickle_compare_and_hash() -> None:
    """A record survives pickling (the batch engine sends it to worker processes and
    Dask tasks), compares by its fields and hashes."""
    options = CanonicalOptions(normalization=NormalizeOptions(case=False),
                               drop_tracking=True, drop_params=["ref_*", "sid"])
    copy = pickle.loads(pickle.dumps(options))
    assert copy == options
    assert hash(copy) == hash(options)
    assert copy != attrs.evolve(options, drop_params=["ref_*"])
    text = "HTTP://h/?sid=1&ref_a=2&utm_x=3&b=4#f"
    assert canonicalize(text, copy) == canonicalize(text, options) == "HTTP://h/?b=4"


def test_drop_params_is_a_tuple_of_str() -> None:
    """drop_params keeps any collection of patterns as a tuple; one str (which would
    read as a pattern a character) and a pattern that is not a str are refused."""
    assert CanonicalOptions(drop_params={"a": 1}).drop_params == ("a",)
    with pytest.raises(TypeError, match="not one str"):
        CanonicalOptions(drop_params="sid")
    with pytest.raises(TypeError, match="must be str"):
        CanonicalOptions(drop_params=[b"sid"])  # type: ignore[list-item]


def test_options_check_their_types() -> None:
    """A step is a bool and the normalization a NormalizeOptions; the fields are
    keyword-only and the record is frozen."""
    with pytest.raises(TypeError):
        CanonicalOptions(sort_query=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        CanonicalOptions(normalization=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        CanonicalOptions(True)  # type: ignore[call-arg, arg-type]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        CanonicalOptions().sort_query = False  # type: ignore[misc]


@given(st.lists(st.sampled_from(["a", "b", "%41", "%61", "%26", "%C3%A9", "%C3", "=", "x",
                                 "&", "utm_source", "%25", "+"]), max_size=16).map("".join))
def test_the_keys_are_read_at_once_as_one_by_one(query: str) -> None:
    """The keys the crawler steps sort and drop by, decoded at once (or one by one
    where one holds "%26"), are those of each pair decoded alone: the query is sorted
    stably by them and the tracking keys are dropped as the params view reads them."""
    uri = URI.parse(f"http://h/?{query}")
    pairs = [piece for piece in query.split("&") if piece]
    keys = [key for key, _ in URI.parse(f"http://h/?{query}").params.items()]
    kept = [(key, piece) for key, piece in zip(keys, pairs, strict=True)
            if not key.startswith("utm_")]
    expected = "&".join(piece for _, piece in sorted(kept, key=lambda item: item[0]))
    options = CanonicalOptions(
        normalization=NormalizeOptions(case=False, percent=False, dot_segments=False,
                                       scheme_based=False, ipv6_canonical=False),
        drop_tracking=True)
    assert canonicalize(uri, options).partition("?")[2] == expected
