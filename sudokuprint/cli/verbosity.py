"""How much a command says on standard error: -q/--quiet (nothing but errors), -v/--verbose (details too)."""

from __future__ import annotations

from typing import Any

import click

_VERBOSITY = {"quiet": False, "verbose": 0}


def _remember(ctx: click.Context, param: click.Parameter, value: Any) -> None:
    if param.name is not None:
        _VERBOSITY[param.name] = value


def quiet() -> bool:
    """Whether -q/--quiet was given: no notes, no progress on stderr."""
    return bool(_VERBOSITY["quiet"])


def verbosity() -> int:
    """How many -v/--verbose were given (0 without)."""
    return int(_VERBOSITY["verbose"])


def note(message: str) -> None:
    """A note for the user on stderr (not with --quiet)."""
    if not quiet():
        click.echo(message, err=True)


def detail(message: str) -> None:
    """A detail on stderr only with -v/--verbose."""
    if verbosity() and not quiet():
        click.echo(message, err=True)
