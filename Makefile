# Two commands for a fresh Debian-like machine (see README):
#   make demo   installs everything, then runs the main job on the bundled samples
#   make test   installs everything, then runs the test suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

EXTRAS ?= tesseract,serve
TEST_EXTRAS ?= test,tesseract,cluster,serve

.PHONY: demo test test-setup typecheck lint-imports fuzz fuzz-solver setup venv system-deps bench ocr-model ocr-hand-model ocr-cnn-model clean

system-deps:
	bash scripts/install-system-deps.sh

venv:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# pip installs without byte-compiling, one file at a time; compileall then compiles what it installed on every core
# (17 s against 22 s for the test install, measured on this 2-core machine, 2026-12-05).  A third-party file that is
# not Python 3 source is left uncompiled, as pip leaves it.
INSTALL := $(BIN)/python -m pip install --quiet --no-compile
COMPILE = $(BIN)/python -m compileall -q -j 0 "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')" > /dev/null || true

# What a user needs: the package with Tesseract support, nothing test-only.
setup: system-deps venv
	$(INSTALL) '.[$(EXTRAS)]'
	$(COMPILE)

# What the tests need besides: test tools, and the headless browser the HTML tests drive.
test-setup: venv
	bash scripts/install-system-deps.sh test
	$(INSTALL) '.[$(TEST_EXTRAS)]' -e tools  # and the OCR training tools (editable): the photo suite the tests draw
	$(COMPILE)
	bash scripts/install-training-fonts.sh  # the photo suite's print faces (tools/ocr_training/suite_split.txt)

demo: setup
	bash scripts/demo.sh $(BIN)

# The suite on both cores, in three pytest-xdist workers (tests of one xdist_group stay on one worker): a third
# worker runs while the others wait on browsers, servers, child processes and timeouts (249 s against 268 s for two
# workers, measured on this 2-core machine, 2026-12-04); it prints the 25 slowest
# tests and the line coverage of the installed package, and a skipped test fails it (make test installs all it tests).
# mypy runs beside it (the workers leave part of a core idle: waits on child processes and browsers), its
# report printed after the tests'; either failing fails make test.
# The tests listed in tests/untraced.txt run untraced: each line they run, a traced test runs too
# (scripts/untraced_tests.py chose them from a per-test coverage run; rerun it when the coverage figure drops).
PYTEST_WORKERS ?= 3
test: test-setup
	@types=$$(mktemp); bash scripts/typecheck.sh $(BIN) > $$types 2>&1 & typecheck=$$!; \
	$(BIN)/pytest -q -p no:cacheprovider -n $(PYTEST_WORKERS) --dist loadgroup --durations=25 --fail-on-skip \
	    --cov --cov-report=term:skip-covered --cov-fail-under=90; tests=$$?; \
	wait $$typecheck; typed=$$?; echo "mypy (make typecheck):"; cat $$types; rm -f $$types; \
	[ $$tests -eq 0 ] && [ $$typed -eq 0 ]
	@$(BIN)/coverage json -q -o - | $(BIN)/python scripts/coverage_totals.py
	$(MAKE) --no-print-directory lint-imports

typecheck:
	bash scripts/typecheck.sh $(BIN)

# Mutation testing of the core (issue 33): mutmut copies the package into mutants/ (the C extensions are built beside
# the sources first, so the copy imports them) and runs each mutant against the tests that reach its function
# ([tool.mutmut] in pyproject.toml); an interrupted run goes on where it stopped.  Score and survivors:
# benchmarks/mutation_score.py, and benchmarks/RESULTS.md.  A mutant may loop or grow without end: each test stops
# after 15 s (pytest-timeout; the slowest selected test takes 5) and each process may map 6 GB at most.
MUTATE_WORKERS ?= 2
.PHONY: mutate
mutate: test-setup
	$(BIN)/python -m pip install --quiet '.[mutate]'
	$(BIN)/python setup.py --quiet build_ext --inplace
	ulimit -v 6000000 && nice -n 10 $(BIN)/mutmut run --max-children $(MUTATE_WORKERS)
	$(BIN)/python benchmarks/mutation_score.py --survivors

# The floors of docs/architecture.md, checked by import-linter on the checkout's package (contracts in pyproject.toml).
lint-imports:
	PYTHONPATH=. $(BIN)/lint-imports --no-cache --no-logo

FUZZ_SECONDS ?= 300
fuzz: setup
	$(BIN)/python -m pip install --quiet '.[fuzz]'
	mkdir -p build/fuzz-corpus
	cp samples/*.txt samples/*.sdk tests/data/seed000_* build/fuzz-corpus/
	$(BIN)/python fuzz/fuzz_readers.py build/fuzz-corpus -max_len=4096 -max_total_time=$(FUZZ_SECONDS)
	$(MAKE) fuzz-solver

# The solver fuzzer (fuzz/fuzz_solver.py): random consistent givens on every box shape, none may take over 100 ms.
fuzz-solver: setup
	$(BIN)/python -m pip install --quiet '.[fuzz]'
	mkdir -p build/fuzz-solver-corpus
	$(BIN)/python fuzz/fuzz_solver.py build/fuzz-solver-corpus -max_len=2048 -len_control=0 -max_total_time=$(FUZZ_SECONDS)

bench: test-setup
	bash scripts/install-training-fonts.sh  # benchmarks/ocr_faces.py renders the held-out faces
	for b in benchmarks/*.py; do $(BIN)/python $$b || exit 1; done

ocr-model: test-setup  # test-setup installs the training tools (tools/) and their fonts
	$(BIN)/python -m ocr_training.build_model --out ocr/models/digits.npz

# The shipped handwriting model joins two: one learned from the Wicht photos and the rendered pen, and one that also
# learned the real pencil of the corpus (both parts of kubiesa's own split); benchmarks/RESULTS.md, "joined".
ocr-hand-model: test-setup
	mkdir -p build
	$(BIN)/python -m ocr_training.build_hand --folds 0 --out build/hand-wicht.npz
	$(BIN)/python -m ocr_training.build_hand --folds 0 --corpus-part train --corpus-part val --seed 8 \
	    --join build/hand-wicht.npz --out ocr/models/hand.npz

.PHONY: ocr-context-model
ocr-context-model: test-setup  # learns from held-out readings: the handwriting model's fold models come first
	$(BIN)/python -m ocr_training.build_hand --only-folds --fold-models build/hand-folds
	$(BIN)/python -m ocr_training.build_context --folds-dir build/hand-folds --out ocr/models/context.npz

ocr-cnn-model: test-setup  # PyTorch and onnx are training-time tools: installed here, never needed to read photos
	$(BIN)/pip install -q torch==2.13.0 onnx onnxscript  # the CPU build (a bare "torch" can pull a multi-GB CUDA build)
	$(BIN)/python -m ocr_training.build_cnn --out ocr/models/cnn.onnx

clean:
	rm -rf $(VENV) build *.egg-info demo-output
