"""Coverage-guided fuzzing of every reader with atheris (``make fuzz``).

Each input picks a format (or detection) from its first byte and feeds the
rest to the reader as text, or as the bytes of a file.  Anything but records
or a documented error (a SudokuprintError) is a crash that atheris reports
with the input that caused it.  The property suite in
tests/test_fuzz_properties.py checks the same in bounded time on every test
run; this harness is for long runs:

    python fuzz/fuzz_readers.py CORPUS_DIR -max_total_time=600

(libFuzzer options: -runs=N, -max_len=N, -jobs=N, ...).  ``make fuzz`` fills
build/fuzz-corpus from samples/ and tests/data/ first.
"""

from __future__ import annotations

import io
import sys

import atheris

with atheris.instrument_imports(include=["sudokuprint"]):
    from sudokuprint.errors import SudokuprintError
    from sudokuprint.formats import formats, read_stream, read_text

NAMES: list[str | None] = [None, *(f.name for f in formats())]


def test_one_input(data: bytes) -> None:
    """Read ``data`` with one reader; only documented errors may escape."""
    if not data:
        return
    choice, as_bytes = data[0] % len(NAMES), data[0] >= 128
    body = data[1:]
    try:
        if as_bytes:
            stream = io.TextIOWrapper(io.BytesIO(body), encoding="utf-8", errors="replace", newline="")
            records = read_stream(stream, NAMES[choice], source="<fuzz>")
        else:
            records = read_text(body.decode("utf-8", errors="replace"), NAMES[choice])
        for _ in records:
            pass
    except SudokuprintError:
        pass


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
