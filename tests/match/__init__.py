"""Tests of urikit._match: URLPattern and template matching."""
