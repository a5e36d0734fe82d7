"""Build links in one expression each, from plain text that may hold any character."""

from __future__ import annotations

from urikit import URI


def search_link(term: str, page: int) -> str:
    """A search link: the term is data, so '&' and '#' in it cannot break the query."""
    uri = (URI(scheme="https", host="search.example")
           .add_segments_text("search")
           .add_param("q", term)
           .add_param("page", page))
    return str(uri)


def profile_link(user_name: str) -> str:
    """A profile page whose last segment is the user's name, '/' and all."""
    return str(URI.parse("https://people.example/u/").add_segments_text(user_name))


def main() -> None:
    """Print a few links built from awkward text."""
    print(search_link("fish & chips #1", 2))
    print(profile_link("José/Ana"))
    print(URI.parse("https://a.example/docs/").add_segments("guide", "").set_text(fragment="§ 2"))


if __name__ == "__main__":
    main()
