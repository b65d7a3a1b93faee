"""Named things of one kind that other modules and other packages add: executors, page outputs, digit readers.

A :class:`Registry` holds what was registered in this process
(:meth:`Registry.register`) and finds the rest through an entry-point group
of the installed packages' metadata (``importlib.metadata``), so a package
of one's own adds an executor, a page output or a reader by declaring it in
its ``pyproject.toml``, without sudokuprint importing it::

    [project.entry-points."sudokuprint.readers"]
    mine = "my_package.reader:MyReader"

An entry point is loaded (its module imported) only when its name is asked
for; listing the names imports nothing.  sudokuprint's own entry points come
first, so an outside package cannot take a built-in name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Generic, TypeVar

from .errors import MissingDependencyError, UnknownPluginError

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

T = TypeVar("T")
N = TypeVar("N")

DISTRIBUTION = "sudokuprint"
"""This package's distribution name: its entry points win over any other package's of the same name."""


def _found(group: str) -> dict[str, EntryPoint]:
    """The group's entry points by name, sudokuprint's own first (the first of a name wins)."""
    from importlib.metadata import entry_points  # 20 ms of imports: paid only by a command that looks a plugin up

    points = sorted(entry_points(group=group),
                    key=lambda point: (point.dist is None or point.dist.name != DISTRIBUTION,
                                       point.dist.name if point.dist is not None else ""))
    found: dict[str, EntryPoint] = {}
    for point in points:
        found.setdefault(point.name, point)
    return found


def named(cls: type[N]) -> Callable[[str, object], N]:
    """The check of a registry of things that carry their ``name``: an entry point must give a ``cls`` of its name."""
    def check(name: str, loaded: object) -> N:
        if not isinstance(loaded, cls) or getattr(loaded, "name", None) != name:
            raise TypeError(f"the entry point must name a {cls.__name__} called {name!r}")
        return loaded
    return check


class Registry(Generic[T]):
    """The ``kind`` things (``"reader"``) by name: registered here, or found in the entry-point ``group``.

    ``check(name, loaded)`` turns what an entry point gives into the value
    registered, or raises :class:`TypeError` saying what it should have been
    (the message then names the package).  ``default`` is the name listed
    first.
    """

    def __init__(self, kind: str, group: str, check: Callable[[str, object], T], *, default: str | None = None) -> None:
        self.kind = kind
        self.group = group
        self.default = default
        self._check = check
        self._registered: dict[str, T] = {}

    def register(self, name: str, value: T) -> None:
        """Make ``value`` available as ``name`` in this process (it replaces an entry point of that name)."""
        self._registered[name] = value

    def unregister(self, name: str) -> None:
        """Forget what was registered in this process as ``name`` (an entry point of that name is found again)."""
        self._registered.pop(name, None)

    def registered(self) -> tuple[T, ...]:
        """What is registered in this process so far (entry points loaded included), without looking for more."""
        return tuple(self._registered.values())

    def names(self) -> tuple[str, ...]:
        """Every name: the default, the others registered here in their order, then the entry points' not among
        them."""
        names = (*self._registered, *(name for name in _found(self.group) if name not in self._registered))
        return tuple(sorted(names, key=lambda name: name != self.default))

    def get(self, name: str) -> T:
        """The thing registered as ``name``, loading its entry point the first time.

        Raises :class:`~sudokuprint.errors.UnknownPluginError` (naming the
        choices) for a name nobody registered, and
        :class:`~sudokuprint.errors.MissingDependencyError` when the package
        that declares it cannot be imported.
        """
        if name in self._registered:
            return self._registered[name]
        point = _found(self.group).get(name)
        if point is None:
            raise UnknownPluginError(f"unknown {self.kind} {name!r}: choose one of {', '.join(self.names())}")
        package = point.dist.name if point.dist is not None else "an installed package"
        try:
            value = self._check(name, point.load())
        except Exception as error:  # an outside package can fail in any way: say whose and why
            raise MissingDependencyError(f"the {self.kind} {name!r} ({point.value}, from {package}) cannot be "
                                         f"loaded: {type(error).__name__}: {error}") from None
        return self._registered.setdefault(name, value)
