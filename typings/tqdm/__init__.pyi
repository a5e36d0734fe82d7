# tqdm ships no types: what urikit's command line uses of it (src/urikit/_cli/command.py,
# the progress bar of the `progress` extra), and nothing else.
from types import TracebackType
from typing import IO

from typing_extensions import Self

class tqdm:
    def __init__(
        self,
        *,
        total: float | None = ...,
        unit: str = ...,
        unit_scale: bool | float = ...,
        file: IO[str] | None = ...,
        desc: str | None = ...,
        leave: bool | None = ...,
    ) -> None: ...
    def __enter__(self) -> Self: ...
    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...
    def update(self, n: float | None = ...) -> bool | None: ...
    @classmethod
    def write(cls, s: str, file: IO[str] | None = ..., end: str = ...,
              nolock: bool = ...) -> None: ...
