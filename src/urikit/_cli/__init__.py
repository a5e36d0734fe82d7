"""The tools: the streaming batch engine and the ``urikit`` command line built on it.

The engine owns records, output writers and worker processes; the command line owns
argument parsing and exit codes.

Layer 6 of 6, the highest: it may import any layer below. Only the public modules
(:mod:`urikit`, :mod:`urikit.distributed`, ``python -m urikit``) import from it.
"""
