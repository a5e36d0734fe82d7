"""The counts of a run and its summary line."""

from __future__ import annotations


class Summary:
    """The counts of a run: lines in = results + errors, and for dedupe results =
    unique + duplicates."""

    def __init__(self) -> None:
        self.results = self.errors = self.duplicates = 0
        self.fatal = False

    @property
    def lines(self) -> int:
        """Lines read (and processed)."""
        return self.results + self.errors

    def text(self, dedupe: bool) -> str:
        """The summary line."""
        if dedupe:
            return (f"{self.lines} lines, {self.results} results "
                    f"({self.results - self.duplicates} unique, {self.duplicates} "
                    f"duplicates), {self.errors} errors")
        return f"{self.lines} lines, {self.results} results, {self.errors} errors"
