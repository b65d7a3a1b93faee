"""What surrounds every command's run: the signals that end it cleanly, the libraries' warnings kept as details,
and a standard output that cannot be written."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import warnings
from typing import Any, Callable, Iterator

import click

from ..errors import ExitCode


@contextlib.contextmanager
def warnings_as_details(detail: Callable[[str], None]) -> Iterator[None]:
    """While a command runs, the libraries' warnings (numpy's RuntimeWarning, Pillow's) are details, one line each
    given to ``detail`` (shown with -v only): a warning is not the user's to act on; errors say what went wrong."""
    previous = warnings.showwarning

    def show(message: Warning | str, category: type[Warning], filename: str, lineno: int, file: Any = None,
             line: str | None = None) -> None:
        detail(f"sudokuprint: warning: {category.__name__}: {message} ({os.path.basename(filename)}:{lineno})")

    warnings.showwarning = show
    try:
        yield
    finally:
        warnings.showwarning = previous


class _Terminated(BaseException):
    """SIGTERM or SIGHUP, raised where the program is so that outputs clean up as on Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _on_signal(signum: int, frame: object) -> None:
    raise _Terminated(signum)


_ENDING_SIGNALS = {signal.SIGTERM: ("terminated", ExitCode.TERMINATED)}
"""The signals that end a command cleanly, what is said and the exit code."""
if hasattr(signal, "SIGHUP"):  # the terminal closed (not on Windows)
    _ENDING_SIGNALS[signal.SIGHUP] = ("hung up", ExitCode.HANGUP)


@contextlib.contextmanager
def terminate_cleanly() -> Iterator[None]:
    """While a command runs, SIGTERM and SIGHUP unwind the stack (temporary files removed, worker processes
    stopped) and exit 143 and 129."""
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = {signum: signal.signal(signum, _on_signal) for signum in _ENDING_SIGNALS} if in_main_thread else {}
    try:
        yield
    except _Terminated as stopped:
        said, code = _ENDING_SIGNALS[signal.Signals(stopped.signum)]
        with contextlib.suppress(OSError, ValueError):  # a hung-up terminal cannot be written to
            click.echo(f"sudokuprint: {said}", err=True)
        raise click.exceptions.Exit(int(code)) from None
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def discard_standard_output() -> None:
    """Send what is left in standard output's buffer nowhere, so that Python's flush at exit does not fail again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
