"""The words a template prints, per language, with plural forms.

Every printed word comes from a ``[strings.LANG]`` table: the shipped
``base-strings.toml`` (English and Russian) under the template's own tables.
A value is a text with ``{placeholders}``, or for a count a table of plural
forms (``one``/``other`` in English; ``one``/``few``/``many`` in Russian).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from .template_files import read_toml

PLURAL_RULES = {
    "en": lambda n: "one" if n == 1 else "other",
    "ru": lambda n: ("one" if n % 10 == 1 and n % 100 != 11
                     else "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "many"),
}
"""The plural category of a count in each language that has its own rule (CLDR's cardinal rules)."""


def plural_category(lang: str, count: int) -> str:
    """``one``, ``few``, ``many`` or ``other`` for ``count`` in ``lang`` (English's rule for others)."""
    return PLURAL_RULES.get(lang, PLURAL_RULES["en"])(count)


@dataclass(frozen=True)
class Strings:
    """The printed words of one language."""

    lang: str
    table: tuple[tuple[str, Any], ...]

    def _raw(self, key: str) -> Any:
        for name, value in self.table:
            if name == key:
                return value
        raise KeyError(f"no string {key!r} for language {self.lang!r}")

    def text(self, key: str, **values: Any) -> str:
        """The string ``key`` with its placeholders filled."""
        raw = self._raw(key)
        if isinstance(raw, tuple):
            raw = dict(raw).get("other") or dict(raw).get("many") or next(iter(dict(raw).values()))
        return str(raw).format(**values)

    def count(self, key: str, n: int, **values: Any) -> str:
        """The plural form of ``key`` for ``n`` with ``{n}`` and the other placeholders filled."""
        raw = self._raw(key)
        if not isinstance(raw, tuple):
            return str(raw).format(n=n, **values)
        forms = dict(raw)
        form = forms.get(plural_category(self.lang, n)) or forms.get("other") or forms.get("many")
        return str(form).format(n=n, **values)

    def level(self, level: int | None, fallback: str | None) -> str | None:
        """The printed name of a difficulty level (``level_1`` ...), else ``fallback``."""
        if level is None:
            return fallback
        try:
            return self.text(f"level_{level}")
        except KeyError:
            return fallback


def _freeze(value: Any, where: str) -> Any:
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping) and value and all(isinstance(v, str) for v in value.values()):
        return tuple(sorted(value.items()))
    raise ValueError(f"{where}: expected a text or a table of plural forms, got {value!r}")


@lru_cache(maxsize=1)
def _shipped() -> dict[str, dict[str, Any]]:
    """The shipped defaults: a TOML file beside the templates."""
    return read_toml("base-strings")[1].get("strings", {})


def load_strings(tables: Mapping[str, Mapping[str, Any]], lang: str) -> Strings:
    """The strings of ``lang``: the shipped defaults of that language (English for keys it lacks)
    under the template's own ``tables``."""
    shipped = _shipped()
    if lang not in shipped and lang not in tables:
        known = sorted(set(shipped) | set(tables))
        raise ValueError(f"no strings for language {lang!r}; this template has {', '.join(known)}")
    merged: dict[str, Any] = {}
    for source in (shipped.get("en", {}), tables.get("en", {}) if lang != "en" else {},
                   shipped.get(lang, {}), tables.get(lang, {})):
        merged.update(source)
    return Strings(lang, tuple((key, _freeze(value, f"strings.{lang}.{key}")) for key, value in sorted(merged.items())))
