"""``python -m urikit``: the command line."""

from __future__ import annotations

import sys

from ._cli.command import main

if __name__ == "__main__":
    sys.exit(main())
