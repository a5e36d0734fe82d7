"""The Dask path: on a local cluster of two worker processes, the bag functions give
the command line's records line for line, errors kept."""

from __future__ import annotations

import contextlib
import importlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("dask.distributed", reason="needs the dask extra (the test extra)")


from urikit import distributed as ud
from urikit._cli.batch import Record

# dask and distributed have unannotated functions: called through Any.
dask: Any = importlib.import_module("dask")
bags: Any = importlib.import_module("dask.bag")
distributed: Any = importlib.import_module("distributed")

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "kasztp.txt"


#: How long the cluster may take to start: two worker processes each import Python,
#: dask and urikit afresh, which on a busy two-core machine (the suite beside another
#: suite) took longer than distributed's 30 s connect timeout.
START_TIMEOUT: Final = 300


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    """A local cluster of two single-threaded worker processes, and its client.

    Worker processes, not threads: the bag functions must pickle to reach them, as on
    a real cluster. Every start-up wait is START_TIMEOUT, and a cluster that does not
    start fails the test saying so, not with distributed's "Cluster closed without
    starting up".
    """
    timeouts = {"distributed.comm.timeouts.connect": f"{START_TIMEOUT}s",
                "distributed.comm.timeouts.tcp": f"{START_TIMEOUT}s"}
    with dask.config.set(timeouts), contextlib.ExitStack() as stack:
        try:
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None,
                death_timeout=START_TIMEOUT))
            c = stack.enter_context(distributed.Client(cluster, timeout=START_TIMEOUT))
            c.wait_for_workers(2, timeout=START_TIMEOUT)
        except Exception as exc:  # distributed raises several kinds here
            pytest.fail(f"the local Dask cluster (2 worker processes) did not start within "
                        f"{START_TIMEOUT} s: {exc!r}")
        yield c


def cli(*argv: str) -> subprocess.Popen[str]:
    """The command line run over the corpus (started now, read later)."""
    return subprocess.Popen([sys.executable, "-m", "urikit", *argv, "-q", "-i", str(CORPUS)],
                            stdout=subprocess.PIPE, text=True)


def lines_of(process: subprocess.Popen[str]) -> list[str]:
    """The lines a command line wrote; it must exit with 1 (the corpus has invalid
    lines)."""
    out, _ = process.communicate()
    assert process.returncode == 1
    return out.splitlines(keepends=True)


def _joined(partition: list[str]) -> list[str]:
    return ["".join(partition)]


def text_of(bag: Any) -> Any:
    """A bag of lines as one text a partition (gathering many small strings from the
    workers is slow; a few large ones is not)."""
    return bag.map_partitions(_joined)


def _dumps(group: dict[str, object]) -> str:
    return json.dumps(group) + "\n"


def test_the_cluster_gives_the_command_lines_records(client: object) -> None:
    """Over the corpus in 1 MiB partitions, normalize, canonicalize, dedupe and
    dedupe's groups give what the command line writes with ``--format jsonl --errors
    inline``, line for line, the 341 error records included (dedupe sorted by line)."""
    jsonl = ("--format", "jsonl", "--errors", "inline")
    expected = {"normalize": cli("normalize", *jsonl),
                "canonicalize": cli("canonicalize", *jsonl),
                "dedupe": cli("dedupe", *jsonl), "groups": cli("dedupe", "--groups")}
    lines = ud.read_lines(str(CORPUS), blocksize="1MiB")
    assert lines.npartitions > 1
    source = str(CORPUS)
    normalized, canonical, kept, groups = (
        "".join(blocks).splitlines(keepends=True) for blocks in dask.compute(
            text_of(ud.to_jsonl(ud.normalize(lines, source=source))),
            text_of(ud.to_jsonl(ud.canonicalize(lines, source=source))),
            text_of(ud.to_jsonl(ud.dedupe(lines, source=source))),
            text_of(bags.map(_dumps, ud.dedupe_groups(lines)))))
    assert normalized == lines_of(expected["normalize"])
    assert sum('"error"' in line for line in normalized) == 341
    assert canonical == lines_of(expected["canonicalize"])
    assert sorted(kept, key=lambda line: json.loads(line)["line"]) == \
        lines_of(expected["dedupe"])
    assert sorted(groups, key=lambda line: json.loads(line)["lines"][0]) == \
        lines_of(expected["groups"])


def test_a_bag_of_plain_strings(client: object) -> None:
    """Any bag of str lines works: numbered from 1 across partitions, line ends or not."""
    lines = bags.from_sequence(["\ufeffHTTP://A", "a b\r\n", "x"], npartitions=2)
    records: list[Record] = bags.Bag.compute(ud.normalize(lines))
    assert [(r.line, r.output) for r in records] == [(1, "http://a/"), (2, None), (3, "x")]
    assert records[1].error is not None
    assert records[1].error.position == 1
