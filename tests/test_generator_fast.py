"""The fast paths of ungraded generation (issue 14): what they skip, and that they change no output."""

from __future__ import annotations

from test_cli_startup import _modules_after


def test_generate_without_grading_never_loads_the_logic_engine(tmp_path):
    out = tmp_path / "made.txt"
    code, modules = _modules_after("generate", "-n", "3", "--symmetry", "rot180", "--minimal", "--no-grade",
                                   "-o", str(out))
    assert code == 0 and len(out.read_text().splitlines()) == 3
    assert not any(m == "sudokuprint.logic" or m.startswith("sudokuprint.logic.") for m in modules)
    code, modules = _modules_after("generate", "-n", "1", "--symmetry", "rot180", "-o", str(out))
    assert code == 0 and "sudokuprint.logic.grading" in modules  # grading loads it, when asked
