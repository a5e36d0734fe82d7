"""A matcher linear in its input: a bounded backtracker over a small instruction program.

Python's :mod:`re` backtracks: a URLPattern component whose wildcards can take the same
text (``:a-:b``, ``*-*-*``) costs it up to O(n^k) on a text that fails. The matcher here
gives the same answer, the groups a backtracking engine gives (its order of preference:
greedy or lazy, the first alternative first), in O(n·m) for a text of n characters and a
program of m instructions.

The algorithm is a backtracking search with a visited set, as regex-automata's
``BoundedBacktracker`` (Rust's ``regex``) does: the search explores the program depth
first in the order of preference, exactly as a backtracking engine does, and records
each (split instruction, position) pair it enters. A pair entered a second time is
abandoned: its first exploration has already failed (a success ends the search), and
whether a state leads to a match does not depend on the captures (the program has no
backreferences). So the first match found is the backtracking engine's, and each pair is
entered at most once: O(n) per split instruction, with O(m) deterministic steps between
two splits.
"""

from __future__ import annotations

from typing import Final, final

__all__ = ["Program", "ProgramBuilder"]

#: The instructions. CHAR: the character at the position is (or, negated, is not) in
#: the instruction's set; SPLIT: try ``first``, then ``second``; JUMP: go to ``first``;
#: SAVE: record the position in capture slot ``first``; MATCH: succeed at the text's end.
CHAR: Final = 0
SPLIT: Final = 1
JUMP: Final = 2
SAVE: Final = 3
MATCH: Final = 4

_NO_SET: Final[frozenset[str]] = frozenset()


@final
class Program:
    """A compiled program: :meth:`match` runs it on a text.

    Built by :class:`ProgramBuilder`; capture slots ``2i`` and ``2i + 1`` hold the start
    and end of group ``i``.
    """

    def __init__(self, ops: list[int], first: list[int], second: list[int],
                 sets: list[frozenset[str]], negated: list[bool], memo: list[int],
                 splits: int, groups: int) -> None:
        self.ops = ops
        self.first = first
        self.second = second
        self.sets = sets
        self.negated = negated
        self.memo = memo
        self.splits = splits
        self.groups = groups

    def __len__(self) -> int:
        return len(self.ops)

    def match(self, text: str) -> tuple[str | None, ...] | None:
        """The groups of the first match of the whole ``text`` in the order of
        preference (``None`` for a group that took no part), or ``None``."""
        ops = self.ops
        first = self.first
        second = self.second
        sets = self.sets
        negated = self.negated
        memo = self.memo
        n = len(text)
        width = n + 1
        visited = bytearray(self.splits * width)
        slots = [-1] * (2 * self.groups)
        # pairs: (pc, pos) of an alternative to try, or (-1 - slot, value) to restore
        stack = [0, 0]
        while stack:
            pos = stack.pop()
            pc = stack.pop()
            if pc < 0:
                slots[-1 - pc] = pos
                continue
            while True:
                op = ops[pc]
                if op == CHAR:
                    if pos < n and (text[pos] in sets[pc]) != negated[pc]:
                        pc += 1
                        pos += 1
                        continue
                    break
                if op == SPLIT:
                    key = memo[pc] * width + pos
                    if visited[key]:
                        break
                    visited[key] = 1
                    stack.append(second[pc])
                    stack.append(pos)
                    pc = first[pc]
                    continue
                if op == JUMP:
                    pc = first[pc]
                    continue
                if op == SAVE:
                    slot = first[pc]
                    stack.append(-1 - slot)
                    stack.append(slots[slot])
                    slots[slot] = pos
                    pc += 1
                    continue
                if pos == n:
                    return tuple(
                        text[slots[2 * i]:slots[2 * i + 1]] if slots[2 * i] >= 0 else None
                        for i in range(self.groups))
                break
        return None


@final
class ProgramBuilder:
    """Builds a :class:`Program` instruction by instruction; a split is added with
    placeholder targets and given them with :meth:`patch`."""

    def __init__(self) -> None:
        self.ops: list[int] = []
        self.first: list[int] = []
        self.second: list[int] = []
        self.sets: list[frozenset[str]] = []
        self.negated: list[bool] = []
        self.memo: list[int] = []
        self.splits = 0

    def here(self) -> int:
        """The index of the next instruction."""
        return len(self.ops)

    def _add(self, op: int, first: int = 0, second: int = 0,
             chars: frozenset[str] = _NO_SET, negated: bool = False) -> int:
        self.ops.append(op)
        self.first.append(first)
        self.second.append(second)
        self.sets.append(chars)
        self.negated.append(negated)
        self.memo.append(-1)
        return len(self.ops) - 1

    def char(self, chars: frozenset[str], negated: bool) -> None:
        """One character in ``chars`` (not in them, ``negated``)."""
        self._add(CHAR, chars=chars, negated=negated)

    def split(self) -> int:
        """A split whose targets :meth:`patch` sets; its index."""
        at = self._add(SPLIT)
        self.memo[at] = self.splits
        self.splits += 1
        return at

    def patch(self, at: int, first: int, second: int) -> None:
        """Set the targets of the split at ``at``: ``first`` is preferred."""
        self.first[at] = first
        self.second[at] = second

    def jump(self, target: int) -> None:
        self._add(JUMP, target)

    def save(self, slot: int) -> None:
        self._add(SAVE, slot)

    def match(self) -> None:
        self._add(MATCH)

    def build(self, groups: int) -> Program:
        """The program, with ``groups`` capture groups."""
        return Program(self.ops, self.first, self.second, self.sets, self.negated,
                       self.memo, self.splits, groups)
