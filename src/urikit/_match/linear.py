"""A matcher linear in its input, over a small instruction program.

Python's :mod:`re` backtracks: a URLPattern component whose wildcards can take the same
text (``:a-:b``, ``*-*-*``) costs it up to O(n^k) on a text that fails. The matcher here
gives the same answer, the groups a backtracking engine gives (its order of preference:
greedy or lazy, the first alternative first), in linear time.

A backtracking engine's first match is the path that, at each choice, takes the first
branch in the order of preference from which the end of the program can still be
reached: whether a state (instruction, position) leads to a match does not depend on the
captures (the program has no backreferences). So the matcher first computes, for each
instruction, the set of positions from which it can reach the end, then follows that
one path forwards with no backtracking at all.

The sets are computed backwards over the program, all positions at once: one Python
integer per instruction, bit ``n - i`` for position ``i`` of a text of ``n`` characters,
each character set's bits made by one ``translate`` of the text. A character is a shift
and an ``and``; a choice is an ``or``; a run of one set (``[^/]*``) is the carry of one
addition, which crosses a whole run of set bits at once; the segments of a repeated
group split by one character outside their set (``(?:/[^/]+?)*``, URLPattern's
``{/:a}+``) are such a carry too, over the positions that can be inside them. Each
instruction so costs a few operations on integers of n bits, O(n / 30) machine steps;
the forward walk takes a loop's exit from one scan of a set (the first position from
which a run cannot go on, greedy, or can leave, lazy). A program with another loop, and
a short text (where building the sets costs more than it saves), take the bounded
backtracker instead, as regex-automata's ``BoundedBacktracker`` (Rust's ``regex``)
works: the same depth-first search a backtracking engine makes, each (split
instruction, position) pair entered at most once (entered again, its first exploration
has already failed), O(n·m) for a program of m instructions. Both give the same groups.
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

#: Texts shorter than this are matched by the backtracker: on them, building one
#: integer per character set costs more than the backtracker's steps (measured with
#: ``benchmarks/scaling.py``'s ambiguous patterns on URL-sized texts).
SHORT_TEXT: Final = 16

# the steps of a plan (see _Plan): what each computes into live[pc]
_STEP_CHAR: Final = 0  # (live[a] << 1) & mask b: the set at pc, then a
_STEP_EITHER: Final = 1  # live[a] | live[b]
_STEP_SAME: Final = 2  # live[a] (a SAVE: the position does not move)
_STEP_END: Final = 3  # 1: the end of the text only
_STEP_RUN: Final = 4  # a run of mask b (its character at c), then a
_STEP_SEGMENTS: Final = 5  # segments x C+ of masks b (x) and c (C) repeated, then a


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
        self._plan = _plan(self)

    def __len__(self) -> int:
        return len(self.ops)

    def match(self, text: str) -> tuple[str | None, ...] | None:
        """The groups of the first match of the whole ``text`` in the order of
        preference (``None`` for a group that took no part), or ``None``."""
        plan = self._plan
        if plan is not None and len(text) >= SHORT_TEXT:
            return plan.match(self, text)
        return self.backtrack(text)

    def backtrack(self, text: str) -> tuple[str | None, ...] | None:
        """:meth:`match` by the bounded backtracker alone (any program, O(n·m))."""
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


def _resolved(ops: list[int], first: list[int], pc: int) -> int:
    """The instruction a JUMP at ``pc`` leads to (``pc`` itself if no JUMP); -1 for a
    cycle of JUMPs."""
    for _ in range(len(ops)):
        if ops[pc] != JUMP:
            return pc
        pc = first[pc]
    return -1


def _plan(program: Program) -> _Plan | None:
    """The big-integer plan of ``program``, or ``None`` when it has a loop other than a
    run of one character set (or no MATCH to reach): the backtracker takes it."""
    ops = program.ops
    first = program.first
    second = program.second
    size = len(ops)
    if size == 0:
        return None
    nexts = [_resolved(ops, first, pc + 1) if pc + 1 < size else -1 for pc in range(size)]
    branches = [(_resolved(ops, first, first[pc]), _resolved(ops, first, second[pc]))
                if ops[pc] == SPLIT else (-1, -1) for pc in range(size)]
    # runs: a SPLIT whose one branch is a CHAR that leads back to the SPLIT
    runs: dict[int, tuple[int, int, bool]] = {}
    for pc in range(size):
        if ops[pc] != SPLIT:
            continue
        a, b = branches[pc]
        for body, out, greedy in ((a, b, True), (b, a, False)):
            if body >= 0 and ops[body] == CHAR and nexts[body] == pc and out > pc:
                runs[pc] = (body, out, greedy)
                break
    segments = _segment_loops(program, branches)
    start = _resolved(ops, first, 0)
    if start < 0:
        return None
    # the literal start ("/order/"): one character each, which nothing jumps back into,
    # is compared as text; its instructions need no step
    head_end = start
    while ops[head_end] == CHAR and not program.negated[head_end] \
            and len(program.sets[head_end]) == 1 and nexts[head_end] == head_end + 1:
        head_end += 1
    for pc in range(size):
        if ops[pc] in (SPLIT, JUMP):
            for target in (first[pc], second[pc]) if ops[pc] == SPLIT else (first[pc],):
                if start <= target < head_end:
                    head_end = target
    head = "".join(min(program.sets[pc]) for pc in range(start, head_end))
    # the character sets the steps ask (the head's are compared as text)
    keys: dict[tuple[frozenset[str], bool], int] = {}
    set_ids = [-1] * size
    for pc in range(head_end, size):
        if ops[pc] == CHAR:
            key = (program.sets[pc], program.negated[pc])
            set_ids[pc] = keys.setdefault(key, len(keys))
    # every instruction from the last to the head's end: each step reads the sets of
    # instructions after it, but a run's character, computed with its run
    steps: list[tuple[int, int, int, int, int]] = []
    bodies = {body for body, _, _ in runs.values()}
    inside = {pc for loop in segments for pc in range(loop + 1, loop + 7)}
    for pc in range(size - 1, head_end - 1, -1):
        op = ops[pc]
        if pc in segments:
            steps.append((_STEP_SEGMENTS, pc, second[pc], set_ids[pc + 1], set_ids[pc + 2]))
            continue
        if pc in inside:
            continue  # computed with its loop
        if op == CHAR:
            after = nexts[pc]
            if after > pc:
                steps.append((_STEP_CHAR, pc, after, set_ids[pc], 0))
            elif pc not in bodies:
                return None
        elif op == SPLIT:
            if pc in runs:
                body, out, _ = runs[pc]
                steps.append((_STEP_RUN, pc, out, set_ids[body], body))
                continue
            a, b = branches[pc]
            if a <= pc or b <= pc:
                return None
            steps.append((_STEP_EITHER, pc, a, b, 0))
        elif op == SAVE:
            after = nexts[pc]
            if after <= pc:
                return None
            steps.append((_STEP_SAME, pc, after, 0, 0))
        elif op == MATCH:
            steps.append((_STEP_END, pc, 0, 0, 0))
    # a program of ASCII sets alone (a template's: its literals are URI text) matches
    # no text outside ASCII
    ascii_only = all(not program.negated[pc] and all(c.isascii() for c in program.sets[pc])
                     for pc in range(size) if ops[pc] == CHAR)
    tables: list[bytes] = []
    wide: list[tuple[dict[int, str], bytes]] = []
    for chars, negated in keys:
        yes, no = ("0", "1") if negated else ("1", "0")
        tables.append(bytes(ord(yes if chr(i) in chars else no) for i in range(256)))
        mapping = {i: yes if chr(i) in chars else no for i in range(128)}
        mapping.update((ord(c), yes) for c in chars if not c.isascii())
        # what ascii's "replace" writes for every other character: "?", not in the set
        fix = bytes(ord(no) if i == ord("?") else i for i in range(256))
        wide.append((mapping, fix))
    return _Plan(head_end, head, ascii_only, tuple(steps), runs,
                 {m: set_ids[m + 2] for m in segments}, branches, tables, wide)


@final
class _Plan:
    """A program's big-integer matcher (see the module's docstring).

    ``steps`` compute, last instruction first, ``live[pc]``: the positions from which
    instruction ``pc`` can reach the end of the text (bit ``n - i`` for position
    ``i``). ``runs`` maps a run's SPLIT to its CHAR, its exit and whether it is greedy;
    ``segments`` a segments loop's SPLIT (see :func:`_segment_loops`) to its set C;
    ``branches`` gives each SPLIT's targets past any JUMP. ``tables`` translate an
    ASCII text into the bits of each character set, ``wide`` any other text. The
    program's literal start, ``head``, is compared as text: the steps and the walk
    start after it, at instruction ``start``; ``ascii_only``: every set is ASCII, so
    a text that is not matches nothing.
    """

    def __init__(self, start: int, head: str, ascii_only: bool,
                 steps: tuple[tuple[int, int, int, int, int], ...],
                 runs: dict[int, tuple[int, int, bool]], segments: dict[int, int],
                 branches: list[tuple[int, int]], tables: list[bytes],
                 wide: list[tuple[dict[int, str], bytes]]) -> None:
        self.start = start
        self.head = head
        self.ascii_only = ascii_only
        self.steps = steps
        self.runs = runs
        self.segments = segments
        self.branches = branches
        self.tables = tables
        self.wide = wide

    def masks(self, text: str) -> list[int]:
        """Each character set's bits in ``text`` (bit ``n - i``: character ``i``)."""
        if text.isascii():
            data = text.encode("ascii")
            return [int(data.translate(table) + b"0", 2) for table in self.tables]
        return [int(text.translate(mapping).encode("ascii", "replace").translate(fix)
                    + b"0", 2) for mapping, fix in self.wide]

    def match(self, program: Program, text: str) -> tuple[str | None, ...] | None:
        """:meth:`Program.match` in big-integer steps."""
        if not text.startswith(self.head) or (self.ascii_only and not text.isascii()):
            return None
        n = len(text)
        masks = self.masks(text)
        live = [0] * len(program.ops)
        for kind, pc, a, b, c in self.steps:
            if kind == _STEP_CHAR:
                live[pc] = (live[a] << 1) & masks[b]
            elif kind == _STEP_EITHER:
                live[pc] = live[a] | live[b]
            elif kind == _STEP_SAME:
                live[pc] = live[a]
            elif kind == _STEP_END:
                live[pc] = 1
            elif kind == _STEP_RUN:
                # a run: the exits, and each position from which characters of the
                # set lead to one
                mask = masks[b]
                live[pc] = _reaching(live[a], mask)
                live[c] = (live[pc] << 1) & mask
            else:
                # segments (x C+)*, x no character of C: the text from a position to
                # an exit is segments when it starts with x, holds only x and C, no x
                # next to another, and ends with no x (the exit's left neighbour)
                x = masks[b]
                chars = masks[c]
                out = live[a]
                allowed = (chars | x) & ~(x & (x << 1))
                live[pc] = top = out | (x & _reaching(out & ~(x >> 1), allowed))
                # the segment's x: then one C at least, then the top again
                live[pc + 1] = x & (((_reaching(top, chars) << 1) & chars) << 1)
        pc = self.start
        pos = len(self.head)
        if not live[pc] >> (n - pos) & 1:
            return None
        ops = program.ops
        first = program.first
        runs = self.runs
        segments = self.segments
        branches = self.branches
        slots = [-1] * (2 * program.groups)
        while True:
            op = ops[pc]
            if op == CHAR:
                pc += 1
                pos += 1
            elif op == SPLIT:
                run = runs.get(pc)
                chars = segments.get(pc, -1)
                if run is None and chars >= 0:
                    # greedy segments, each C+ lazy: from a position each segment
                    # goes on to the first position the top can match from; the loop
                    # ends at the first such position from which no segment starts
                    segment = live[pc + 1]
                    if segment >> (n - pos) & 1:
                        ends = live[pc] & ~segment & (masks[chars] >> 1) & (
                            (1 << (n - pos)) - 1)
                        pos = n + 1 - ends.bit_length()
                    pc = program.second[pc]
                    continue
                if run is None:
                    a, b = branches[pc]
                    pc = a if live[a] >> (n - pos) & 1 else b
                    continue
                body, out, greedy = run
                window = (1 << (n - pos + 1)) - 1
                # greedy: on while the run's character can go on; lazy: out at the
                # first position the exit can match from (bits n - pos and below)
                left = ~live[body] & window if greedy else live[out] & window
                pos = n + 1 - left.bit_length()
                pc = out
            elif op == JUMP:
                pc = first[pc]
            elif op == SAVE:
                slots[first[pc]] = pos
                pc += 1
            else:
                return tuple(text[slots[2 * i]:slots[2 * i + 1]] if slots[2 * i] >= 0
                             else None for i in range(program.groups))


def _reaching(exits: int, mask: int) -> int:
    """The positions from which characters of ``mask`` lead to one of ``exits``
    (each exit included): the carry of ``seeds + mask`` crosses a run of set bits from
    its lowest seed up, as the characters cross a run of the set."""
    seeds = (exits << 1) & mask
    return exits | ((((seeds + mask) ^ mask) | seeds) & mask)


def _segment_loops(program: Program, branches: list[tuple[int, int]]) -> frozenset[int]:
    """The greedy loops ``(?:x C+?)*`` of a repeated segment wildcard whose separator
    is one character x outside the segment's set C (``{/:a}+``, ``{.:b}*``), as
    :mod:`urikit._match.program` writes them: SPLIT, x, C, lazy run of C back to the
    SPLIT, exit after the loop."""
    ops = program.ops
    first = program.first
    second = program.second
    sets = program.sets
    negated = program.negated
    found: set[int] = set()
    for m in range(len(ops) - 7):
        shape = (SPLIT, CHAR, CHAR, SPLIT, CHAR, JUMP, JUMP)
        if tuple(ops[m:m + 7]) != shape:
            continue
        if not (first[m] == m + 1 and second[m] == m + 7 and branches[m + 3] == (m, m + 4)
                and first[m + 5] == m + 3 and first[m + 6] == m):
            continue
        chars, outside = sets[m + 2], negated[m + 2]
        if (sets[m + 4], negated[m + 4]) != (chars, outside) or negated[m + 1]:
            continue
        if all((c in chars) == outside for c in sets[m + 1]):  # x is not in C
            found.add(m)
    return frozenset(found)
