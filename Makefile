# Two commands for a fresh Debian-like machine (see README):
#   make demo   installs everything, then runs the main job on the bundled samples
#   make test   installs everything, then runs the test suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test setup system-deps bench ocr-model ocr-hand-model clean

system-deps:
	bash scripts/install-system-deps.sh

setup: system-deps
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet '.[test]'

demo: setup
	bash scripts/demo.sh $(BIN)

test: setup
	cd tests && ../$(BIN)/python -m pytest -q -p no:cacheprovider

bench: setup
	for b in benchmarks/*.py; do $(BIN)/python $$b || exit 1; done

ocr-model: setup
	bash scripts/install-training-fonts.sh
	$(BIN)/python -m sudokuprint.ocr.training.build_model --out ocr/models/digits.npz

ocr-hand-model: setup
	$(BIN)/python -m sudokuprint.ocr.training.build_hand --out ocr/models/hand.npz

clean:
	rm -rf $(VENV) build *.egg-info demo-output
