"""The batch commands on a Dask cluster: bags of lines in, bags of records out.

Every function takes a :class:`dask.bag.Bag` of lines (``str``, as
:func:`read_lines` or ``dask.bag.read_text`` give them, line ends kept or not) and
returns a bag of :class:`urikit._cli.batch.Record`, computed by the very function the
command line uses for each line (:func:`urikit._cli.batch.process_line`): an invalid or
undecodable line is an error record, kept, never dropped, so ``lines in = results +
errors`` holds on a cluster too. :func:`to_jsonl` writes records exactly as
``urikit COMMAND --format jsonl --errors inline`` does.

A bag is one input: lines are numbered from 1 across its partitions in order (the
partition lengths are counted in the same graph, so the input is read once).
Needs the ``dask`` extra: ``pip install 'urikit[dask]'``.
"""

from __future__ import annotations

import importlib
import operator
from typing import Any

from dask.bag import Bag

from ._cli.batch import Operation, Record, jsonl, process_line
from ._web.canonical import DEFAULT_OPTIONS, CanonicalOptions

# dask.bag's functions and methods have no annotations: called through Any.
db: Any = importlib.import_module("dask.bag")
delayed: Any = importlib.import_module("dask").delayed


def _bag(value: object) -> Bag:
    assert isinstance(value, Bag)
    return value


def read_lines(urlpath: str | list[str], *, blocksize: int | str | None = "64MiB",
               storage_options: dict[str, Any] | None = None) -> Bag:
    """The lines of text files as a bag, one partition a block, ready for the
    functions here: undecodable bytes are kept (``surrogateescape``) so that they are
    reported on their line instead of failing the whole partition."""
    return _bag(db.read_text(urlpath, blocksize=blocksize, encoding="utf-8",
                             errors="surrogateescape", storage_options=storage_options))


def _numbered(partition: list[str], first: int) -> list[tuple[int, str]]:
    return [(first + k, line) for k, line in enumerate(partition)]


def number_lines(lines: Bag) -> Bag:
    """A bag of ``(line number, line)``, numbered from 1 in bag order."""
    bag: Any = lines
    parts = bag.to_delayed(optimize_graph=False)
    numbered = []
    first: Any = 1
    for part in parts:
        numbered.append(delayed(_numbered)(part, first))
        first = delayed(operator.add)(first, delayed(len)(part))
    return _bag(db.from_delayed(numbered))


def _records(partition: list[tuple[int, str]], op: Operation, source: str) -> list[Record]:
    return [process_line(op, source, line, text.encode("utf-8", "surrogateescape"))
            for line, text in partition]


def records(lines: Bag, op: Operation, source: str = "-") -> Bag:
    """The record of every line for ``op`` (any command of the command line), in line
    order; ``source`` names the input in the records."""
    bag: Any = number_lines(lines)
    return _bag(bag.map_partitions(_records, op, source))


def normalize(lines: Bag, *, allow_zone_id: bool = False, show_password: bool = False,
              source: str = "-") -> Bag:
    """Records of ``urikit normalize``."""
    return records(lines, Operation("normalize", allow_zone_id=allow_zone_id,
                                    show_password=show_password), source)


def validate(lines: Bag, *, allow_zone_id: bool = False, show_password: bool = False,
             source: str = "-") -> Bag:
    """Records of ``urikit validate``: the valid lines as results, the others as
    errors."""
    return records(lines, Operation("validate", allow_zone_id=allow_zone_id,
                                    show_password=show_password), source)


def canonicalize(lines: Bag, options: CanonicalOptions = DEFAULT_OPTIONS, *,
                 allow_zone_id: bool = False, show_password: bool = False,
                 source: str = "-") -> Bag:
    """Records of ``urikit canonicalize``, with the steps of ``options`` (a
    :class:`urikit.CanonicalOptions`, sent whole to every task; the command line's
    ``--keep-fragment``, ``--drop-param`` ... build the same record).

    .. versionchanged:: 0.3
       The steps are one :class:`urikit.CanonicalOptions` record, not five keywords.
    """
    return records(lines, Operation("canonicalize", allow_zone_id=allow_zone_id,
                                    show_password=show_password, options=options), source)


def _is_error(record: Record) -> bool:
    return record.error is not None


def _is_result(record: Record) -> bool:
    return record.error is None


def _key(record: Record) -> str | None:
    return record.key


def _earlier(a: Record, b: Record) -> Record:
    return a if a.line <= b.line else b


def _second(pair: tuple[str, Record]) -> Record:
    return pair[1]


def dedupe(lines: Bag, **options: Any) -> Bag:
    """Records of ``urikit dedupe``: the first line of each canonical form, and every
    error record. The order is the cluster's; sort by ``record.line`` to get the
    command line's. ``options`` are those of :func:`canonicalize`."""
    recs: Any = canonicalize(lines, **options)
    firsts = recs.filter(_is_result).foldby(_key, _earlier, combine=_earlier).map(_second)
    return _bag(db.concat([firsts, recs.filter(_is_error)]))


def _add(group: list[tuple[int, str, str]], record: Record) -> list[tuple[int, str, str]]:
    return [*group, (record.line, record.input, str(record.output))]


def _group_object(pair: tuple[str, list[tuple[int, str, str]]]) -> dict[str, object]:
    members = sorted(pair[1])
    return {"canonical": members[0][2], "lines": [m[0] for m in members],
            "inputs": [m[1] for m in members]}


def dedupe_groups(lines: Bag, **options: Any) -> Bag:
    """Every canonical form's group as ``urikit dedupe --groups`` writes it: dicts of
    ``canonical``, ``lines`` and ``inputs``, lines in order, groups in the cluster's
    order (sort by ``lines[0]`` to get the command line's). ``options`` are those of
    :func:`canonicalize`."""
    recs: Any = canonicalize(lines, **options)
    return _bag(recs.filter(_is_result).foldby(_key, _add, [], combine=operator.add,
                                                combine_initial=[]).map(_group_object))


def to_jsonl(recs: Bag) -> Bag:
    """Records as JSON Lines text (each with its newline), as the command line's
    ``--format jsonl --errors inline`` writes them."""
    bag: Any = recs
    return _bag(bag.map(jsonl))
