"""Progress on standard error while long work runs, when it is a terminal (and not --quiet): a bar, a running
count, or a heartbeat for steps that may each take hours."""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from typing import Callable, Iterable, Iterator, TypeVar

import click

from .verbosity import quiet

T = TypeVar("T")


def with_progress(items: Iterable[T], label: str, length: int | None = None) -> Iterator[T]:
    """Pass items through, with a progress counter on stderr when it is a terminal (and not --quiet)."""
    if not sys.stderr.isatty() or quiet():
        yield from items
        return
    with click.progressbar(items, length=length, label=label, file=sys.stderr, show_pos=True,
                           item_show_func=lambda _: None) as bar:
        yield from bar


def _no_progress(steps: int = 1) -> None:
    """Progress that shows nothing."""


@contextlib.contextmanager
def progress(length: int, label: str) -> Iterator[Callable[[int], None]]:
    """A progress bar of ``length`` steps on stderr when it is a terminal; yields ``advance(steps)``."""
    if not sys.stderr.isatty() or quiet() or length <= 0:
        yield _no_progress
        return
    with click.progressbar(length=length, label=label, file=sys.stderr, show_pos=True, show_eta=True) as bar:
        yield bar.update


def _elapsed(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}"


@contextlib.contextmanager
def heartbeat(length: int, label: str) -> Iterator[Callable[[int], None]]:
    """Progress for work whose steps may each take hours: ``label: done/length, H:MM:SS`` redrawn every second on
    stderr when it is a terminal (and not --quiet), whether a step ends or not; yields ``advance(steps)``."""
    if not sys.stderr.isatty() or quiet():
        yield _no_progress
        return
    done, started, stopped = 0, time.monotonic(), threading.Event()

    def draw() -> None:
        click.echo(f"\r{label}: {done}/{length}, {_elapsed(time.monotonic() - started)}", err=True, nl=False)

    def beat() -> None:
        while not stopped.wait(1.0):
            draw()

    def advance(steps: int = 1) -> None:
        nonlocal done
        done += steps

    thread = threading.Thread(target=beat, name="heartbeat", daemon=True)
    thread.start()
    try:
        yield advance
    finally:
        stopped.set()
        thread.join()
        draw()
        click.echo("", err=True)


@contextlib.contextmanager
def counter(label: str) -> Iterator[Callable[..., None]]:
    """A running count on stderr (when it is a terminal) for work of unknown length; yields ``tick()``."""
    if not sys.stderr.isatty() or quiet():
        yield lambda *_: None
        return
    count, shown = 0, 0.0

    def tick(*_: object) -> None:
        nonlocal count, shown
        count += 1
        now = time.monotonic()
        if now - shown > 0.2:
            click.echo(f"\r{label}: {count}", err=True, nl=False)
            shown = now

    try:
        yield tick
    finally:
        if count:
            click.echo(f"\r{label}: {count}", err=True)
