"""The fast paths of ungraded generation (issue 14): what they skip, and that they change no output."""

from __future__ import annotations

from test_cli_startup import _modules_after


def test_generate_without_grading_never_loads_the_logic_engine(tmp_path):
    out = tmp_path / "made.txt"
    code, modules = _modules_after("generate", "-n", "3", "--symmetry", "rot180", "--minimal", "--no-grade",
                                   "-o", str(out))
    assert code == 0 and len(out.read_text().splitlines()) == 3
    assert not any(m == "sudokuprint.logic" or m.startswith("sudokuprint.logic.") for m in modules)
    assert not {"sudokuprint.patterns.library", "sudokuprint.patterns.picture"} & modules  # nor the motif library
    code, modules = _modules_after("generate", "-n", "1", "--symmetry", "rot180", "-o", str(out))
    assert code == 0 and "sudokuprint.logic.grading" in modules  # grading loads it, when asked


def test_pattern_codes_read_off_the_cells_are_the_codecs_own():
    import random

    from sudokuprint.generator import DigTarget, generate_puzzle
    from sudokuprint.patterns.code import encode_pattern
    from sudokuprint.shape import CLASSIC

    rng = random.Random(4)
    centres = set()
    for _ in range(150):
        made = generate_puzzle(CLASSIC, rng, DigTarget(symmetry="rot180", minimal=True), graded=False)
        code, solution = made.pattern_code().split("_")
        assert code == encode_pattern(made.given_cells)
        assert solution == "".join(map(str, made.solution))
        centres.add(40 in made.given_cells)
    assert centres == {True, False}
    lopsided = generate_puzzle(CLASSIC, rng, DigTarget(symmetry="mirror", minimal=True), graded=False)
    assert lopsided.pattern_code() is None


def test_the_generators_draws_are_those_of_random_random():
    import random

    from sudokuprint.generator import draws

    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        items = list(range(seed % 50 + 1))
        expected = items.copy()
        theirs.shuffle(expected)
        draws.shuffle(ours, items)
        assert items == expected
        for n, k in ((81, 11), (36, 8), (16, 5), (256, 20)):
            if draws.pooled(n, k):
                assert draws.sample_small(ours, n, k) == theirs.sample(range(n), k)
        assert draws.choice(ours, "abcdefg") == theirs.choice("abcdefg")
        assert [draws.below(ours, n) for n in (1, 2, 3, 9, 1000)] == [theirs.randrange(n) for n in (1, 2, 3, 9, 1000)]
        assert ours.random() == theirs.random()  # the streams are still in step
    assert draws.pooled(81, 11) and not draws.pooled(256, 20)


def test_the_opening_check_digs_what_one_orbit_at_a_time_digs(monkeypatch):
    import random
    import sys

    import sudokuprint.generator  # noqa: F401  (the package's ``dig`` is the function; the module is needed here)
    from sudokuprint.generator.complete import random_complete_grid
    from sudokuprint.shape import Shape
    from sudokuprint.solver import get_backend

    module = sys.modules["sudokuprint.generator.dig"]
    solve = get_backend().solve_bytes
    for shape, symmetry in ((Shape(), "rot180"), (Shape(), "none"), (Shape(), "diagonal"), (Shape(3, 2), "rot180"),
                            (Shape(2, 2), "mirror"), (Shape(4, 3), "rot180")):
        grids = [random_complete_grid(shape, random.Random(seed)) for seed in range(25 if shape.side <= 9 else 4)]
        dug = [module.dig(grid, shape, random.Random(seed), symmetry=symmetry) for seed, grid in enumerate(grids)]
        with monkeypatch.context() as patch:
            patch.setattr(module, "OPENING_SHARE", 0.0)  # no opening: every orbit checked on its own
            one_by_one = [module.dig(grid, shape, random.Random(seed), symmetry=symmetry)
                          for seed, grid in enumerate(grids)]
        assert dug == one_by_one
        for puzzle, grid in zip(dug, grids):
            assert solve(bytes(puzzle), shape, 2) == (1, bytes(grid))  # unique, and the grid dug from


def test_the_c_dig_digs_what_the_python_dig_digs():
    import random
    import sys

    import pytest

    import sudokuprint.generator  # noqa: F401  (the package's ``dig`` is the function; the module is needed here)
    from sudokuprint.generator.complete import random_complete_grid
    from sudokuprint.generator.draws import shuffle
    from sudokuprint.generator.symmetry import SYMMETRIES, orbits
    from sudokuprint.shape import Shape
    from sudokuprint.solver import native

    assert native.available(), "no compiled extension: make test-setup builds it"
    module = sys.modules["sudokuprint.generator.dig"]
    rng = random.Random(4)
    compared = set()
    for side in (4, 6, 9, 12, 16):
        shape = Shape.for_side(side)
        for symmetry in SYMMETRIES:
            for _ in range(2 if side > 9 else 12):
                grid = random_complete_grid(shape, rng)
                order = list(orbits(shape, symmetry))
                shuffle(rng, order)
                expected = module._dig_all(bytearray(grid), order, shape, native.solve_bytes)
                opening = module._opening(order, len(grid))
                assert list(native.dig_orbits(bytes(grid), order, opening, shape)) == expected, (side, symmetry)
                compared.add((side, symmetry))
    assert len(compared) == 5 * len(SYMMETRIES)
    with pytest.raises(ValueError, match="do not add up"):
        native.dig_orbits(bytes(grid), [(0, 1)], 2, Shape.for_side(16))


def test_each_puzzles_stream_is_random_random_of_its_seed_text():
    import random

    from sudokuprint.generator.collection import seeded

    for text in ("1:1:0", "7:123:4", "0:99999:17", "é"):
        ours, theirs = seeded(text), random.Random(text)
        assert ours.getstate() == theirs.getstate()
        assert [ours.random() for _ in range(3)] == [theirs.random() for _ in range(3)]
