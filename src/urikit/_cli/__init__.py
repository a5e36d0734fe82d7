"""The command line: argument parsing, files, output writers and worker processes.

It runs the batch engine (:mod:`urikit._batch`) over files and standard input and owns
the exit codes.

Layer 8 of 8, the highest: it may import any layer below. Only the public modules
(:mod:`urikit`, :mod:`urikit.distributed`, ``python -m urikit``) import from it.
"""
