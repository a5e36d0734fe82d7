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


from urikit import BatchRecord as Record
from urikit import distributed as ud
from urikit._cli.command import _operation, _parser

# dask and distributed have unannotated functions: called through Any.
dask: Any = importlib.import_module("dask")
bags: Any = importlib.import_module("dask.bag")
distributed: Any = importlib.import_module("distributed")

from ..corpus import Corpus
from ..corpus import write as write_corpus

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
    starting up". The dashboard takes a free port: with the default one, another
    cluster on the machine (a benchmark, another test run) made distributed warn that
    8787 was taken, and the suite turns warnings into errors.
    """
    timeouts = {"distributed.comm.timeouts.connect": f"{START_TIMEOUT}s",
                "distributed.comm.timeouts.tcp": f"{START_TIMEOUT}s"}
    with dask.config.set(timeouts), contextlib.ExitStack() as stack:
        try:
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0",
                death_timeout=START_TIMEOUT))
            c = stack.enter_context(distributed.Client(cluster, timeout=START_TIMEOUT))
            c.wait_for_workers(2, timeout=START_TIMEOUT)
        except Exception as exc:  # distributed raises several kinds here
            pytest.fail(f"the local Dask cluster (2 worker processes) did not start within "
                        f"{START_TIMEOUT} s: {exc!r}")
        yield c


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Corpus]:
    """A generated corpus of 30,000 lines (tests/corpus.py), about 1.1 MB, and its file."""
    path = tmp_path_factory.mktemp("corpus") / "corpus.txt"
    return path, write_corpus(path, 30_000)


def cli(corpus: Path, *argv: str) -> subprocess.Popen[str]:
    """The command line run over the corpus (started now, read later)."""
    return subprocess.Popen([sys.executable, "-m", "urikit", *argv, "-q", "-i", str(corpus)],
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


def test_the_cluster_gives_the_command_lines_records(
        client: object, corpus: tuple[Path, Corpus]) -> None:
    """Over the generated corpus in 256 KiB partitions (five), normalize, canonicalize, dedupe
    and dedupe's groups give what the command line writes with ``--format jsonl
    --errors inline``, line for line, one error record for each line invalid by
    construction (dedupe sorted by line)."""
    path, made = corpus
    jsonl = ("--format", "jsonl", "--errors", "inline")
    expected = {"normalize": cli(path, "normalize", *jsonl),
                "canonicalize": cli(path, "canonicalize", *jsonl),
                "dedupe": cli(path, "dedupe", *jsonl),
                "groups": cli(path, "dedupe", "--groups")}
    lines = ud.read_lines(str(path), blocksize="256KiB")
    assert lines.npartitions > 1
    source = str(path)
    normalized, canonical, kept, groups = (
        "".join(blocks).splitlines(keepends=True) for blocks in dask.compute(
            text_of(ud.to_jsonl(ud.normalize(lines, source=source))),
            text_of(ud.to_jsonl(ud.canonicalize(lines, source=source))),
            text_of(ud.to_jsonl(ud.dedupe(lines, source=source))),
            text_of(bags.map(_dumps, ud.dedupe_groups(lines)))))
    assert normalized == lines_of(expected["normalize"])
    assert sum('"error"' in line for line in normalized) == made.invalid > 0
    assert canonical == lines_of(expected["canonicalize"])
    assert sorted(kept, key=lambda line: json.loads(line)["line"]) == \
        lines_of(expected["dedupe"])
    assert sorted(groups, key=lambda line: json.loads(line)["lines"][0]) == \
        lines_of(expected["groups"])


def test_a_bag_of_plain_strings(client: object) -> None:
    """Any bag of str lines works: numbered from 1 across partitions, line ends or not;
    each record a :class:`urikit.BatchRecord`."""
    lines = bags.from_sequence(["\ufeffHTTP://A", "a b\r\n", "x"], npartitions=2)
    records: list[Record] = bags.Bag.compute(ud.normalize(lines))
    assert [(r.line, r.output) for r in records] == [(1, "http://a/"), (2, None), (3, "x")]
    assert records[1].error is not None
    assert records[1].error.position == 1
    # the public record and its error as data (kind, position, message apart)
    assert all(type(r) is Record for r in records)
    assert (records[1].error.kind, records[1].error.message) == (
        "invalid-path", "invalid character ' ' in path")


# --- one definition of a line: the hostile file (tests/cli/test_lines.py) on Dask -----


def _cli_jsonl(*argv: str) -> list[str]:
    """What the command line writes with --format jsonl --errors inline."""
    run = subprocess.run([sys.executable, "-m", "urikit", *argv, "--format", "jsonl",
                          "--errors", "inline", "-q"], capture_output=True, check=False)
    assert run.returncode == 1, run.stderr
    return run.stdout.decode().splitlines(keepends=True)


def test_the_hostile_file_gives_the_command_lines_records(tmp_path: Path) -> None:
    """The hostile file, an empty file and a lone CRLF, read by read_lines in blocks of
    a few bytes (so that blocks end everywhere), give the command line's records for
    every command, line for line; a bag of str cut from the same bytes too."""
    from tests.cli.test_lines import COMMANDS, HOSTILE

    paths = [tmp_path / "hostile.txt", tmp_path / "empty.txt", tmp_path / "crlf.txt"]
    paths[0].write_bytes(HOSTILE)
    paths[1].write_bytes(b"")
    paths[2].write_bytes(b"\xef\xbb\xbf\r\nhttp://a/\r")
    names = [str(p) for p in paths]
    inputs = [arg for name in names for arg in ("-i", name)]
    lines = ud.read_lines(names, blocksize=40)
    assert lines.npartitions > 3
    text = HOSTILE.decode("utf-8", "surrogateescape")
    strings = bags.from_sequence([piece + "\n" for piece in text.split("\n")],
                                 npartitions=3)
    for command in COMMANDS:
        op = _operation(_parser().parse_args([*command, "x"]), "jsonl")
        if command[0] == "dedupe":
            continue  # below
        got = bags.Bag.compute(ud.to_jsonl(ud.records(lines, op), with_source=True),
                               scheduler="sync")
        assert got == _cli_jsonl(*command, *inputs), command
        got = bags.Bag.compute(ud.to_jsonl(ud.records(strings, op, source=names[0])),
                               scheduler="sync")
        assert got == _cli_jsonl(*command, "-i", names[0]), command
    kept = bags.Bag.compute(ud.to_jsonl(ud.dedupe(ud.read_lines(names[0], blocksize=40))),
                            scheduler="sync")
    assert sorted(kept, key=lambda line: json.loads(line)["line"]) == \
        _cli_jsonl("dedupe", "-i", names[0])
    groups = bags.Bag.compute(ud.dedupe_groups(ud.read_lines(names[0], blocksize=40)),
                              scheduler="sync")
    run = subprocess.run([sys.executable, "-m", "urikit", "dedupe", "--groups", "-q",
                          "-i", names[0]], capture_output=True, text=True, check=False)
    assert sorted(groups, key=lambda g: g["lines"][0]) == [
        json.loads(line) for line in run.stdout.splitlines()]


def test_edge_inputs_do_not_fail_the_compute(tmp_path: Path) -> None:
    """An empty file is no line (not "No files found"); a str line holding a lone
    surrogate is an error record, not the end of the compute; lenient mode works."""
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    assert bags.Bag.compute(ud.normalize(ud.read_lines(str(empty))), scheduler="sync") == []
    recs: list[Record] = bags.Bag.compute(ud.normalize(
        bags.from_sequence(["\ud800", "a\r\r\n", "http://h/a b"], npartitions=2),
        lenient=True), scheduler="sync")
    assert [r.line for r in recs] == [1, 2, 3]
    assert recs[0].error is not None
    assert recs[1].output == "a"  # the lenient reader removes a CR, as browsers do
    assert recs[2].output == "http://h/a%20b"
    assert recs[2].repairs[0].replacement == "%20"


def test_groups_are_linear_in_their_size() -> None:
    """200,000 copies of one URL in one group: the lists are extended in place (the
    quadratic copy took minutes at this size), so this ends in seconds."""
    lines = bags.from_sequence(["http://a/"] * 200_000, npartitions=4)
    groups = bags.Bag.compute(ud.dedupe_groups(lines), scheduler="sync")
    assert len(groups) == 1
    assert groups[0]["lines"] == list(range(1, 200_001))
