"""Build details pyproject.toml cannot say: the optional compiled solver.

The package list is found under ``sudokuprint/``, where ``ocr`` and
``templates`` are links to the top-level ``ocr/`` and ``templates/`` folders,
so they install as ``sudokuprint.ocr`` and ``sudokuprint.templates`` and the
checkout imports the same way.  The OCR training tools (``tools/``) are a
separate, unshipped distribution.

The solver extension (``sudokuprint.solver._native``) is built with the
system C compiler at -O3 and no ``-march=native``, so a built wheel runs on
any CPU of its platform.  Without a working compiler (or Python headers) the
install still succeeds, with a warning, and sudokuprint uses its pure-Python
solver; ``sudokuprint --version`` names the solver backend in use.
"""

import sys

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

NATIVE_SOURCES = [
    "sudokuprint/solver/_native.c",
    "sudokuprint/solver/_native_watch.c",
    "sudokuprint/solver/_native_profile.c",
    "sudokuprint/solver/_native_dig.c",
    "sudokuprint/solver/_native_solver9.c",
    "sudokuprint/solver/_native_solver9_x86.c",
    "sudokuprint/solver/_native_generic.c",
]

NO_NATIVE_WARNING = """
*** sudokuprint: building without {name} ***
The C extension {name} could not be compiled:
    {error}
sudokuprint works, with its slower pure-Python {what}. To get the native
one, install a C compiler and the Python headers (Debian/Ubuntu:
`apt-get install build-essential python3-dev`) and reinstall.
"""

PURE_PYTHON_FALLBACK = {
    "sudokuprint.solver._native": "solver",
    "sudokuprint.logic._native": "searches of the logic engine",
}


class OptionalBuildExt(build_ext):
    """Builds each C extension when it can; warns and carries on (pure Python) when it cannot."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "msvc":
            flags = ["/O2"]
        else:
            flags = ["-O3", "-Wall", "-Wextra", "-Wno-unused-parameter"]
        for extension in self.extensions:
            extension.extra_compile_args = flags + list(extension.extra_compile_args or [])
        super().build_extensions()

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any failure (no compiler, no headers) means "no native"
            for extension in self.extensions:
                self._warn(extension.name, error)

    def build_extension(self, extension: Extension) -> None:
        try:
            super().build_extension(extension)
        except Exception as error:  # noqa: BLE001 - see run()
            self._warn(extension.name, error)

    @staticmethod
    def _warn(name: str, error: BaseException) -> None:
        what = PURE_PYTHON_FALLBACK.get(name, "code")
        print(NO_NATIVE_WARNING.format(name=name, what=what, error=error), file=sys.stderr)


setup(
    packages=find_packages(include=["sudokuprint", "sudokuprint.*"]),
    ext_modules=[
        Extension(
            "sudokuprint.solver._native",
            sources=NATIVE_SOURCES,
            depends=["sudokuprint/solver/_native_solver.h", "sudokuprint/solver/_native_watch.h",
                     "sudokuprint/solver/_native_solver9.c", "sudokuprint/solver/_native_solver9_choice.c"],
        ),
        Extension(
            "sudokuprint.logic._native",
            sources=["sudokuprint/logic/_native.c", "sudokuprint/logic/_native_forcing.c",
                     "sudokuprint/logic/_native_wings.c", "sudokuprint/logic/_native_chains.c",
                     "sudokuprint/logic/_native_nets.c",
                     "sudokuprint/logic/_native_als.c", "sudokuprint/logic/_native_als_chains.c",
                     "sudokuprint/logic/_native_aic.c", "sudokuprint/logic/_native_trial.c"],
            depends=["sudokuprint/logic/_native.h", "sudokuprint/logic/_native_als.h"],
        ),
    ],
    cmdclass={"build_ext": OptionalBuildExt},
    options={"build_ext": {"parallel": 2}},  # the two extensions compile side by side (about 5 s -> 3 s)
)
