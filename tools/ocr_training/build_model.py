"""Rebuild the shipped digit model, ``ocr/models/digits.npz``, from rendered fonts.

    python -m ocr_training.build_model [--samples 30] [--epochs 20] [--hidden 256] [--seed 7]

The fonts are every file :func:`ocr_training.render.training_fonts` finds;
their names are printed and written to ``models/digits-fonts.txt`` and into
the model file.  The shipped model was built with the Debian font packages
fonts-urw-base35, fonts-dejavu-core, fonts-dejavu-extra, fonts-freefont-ttf, fonts-lato,
fonts-liberation, fonts-open-sans, fonts-crosextra-carlito and, for more
newspaper-like sans faces, fonts-roboto-unhinted, fonts-cabin,
fonts-cantarell, fonts-clear-sans, fonts-adf-switzera, fonts-adf-gillius,
fonts-b612, fonts-oxygen, fonts-paratype, fonts-croscore and fonts-inter
(``scripts/install-training-fonts.sh`` installs them; ``make ocr-model`` rebuilds).  No photo of
the benchmark set is used.  Takes about five minutes on two busy cores."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from sudokuprint.ocr.classifier import CLASSES, DigitModel
from .render import training_fonts, training_sample

MODELS = Path(__file__).resolve().parents[2] / "ocr" / "models"
ASYMMETRIC_UPSIDE_DOWN = (2, 3, 4, 5, 7)
"""Digits that upside down look like no digit (6 and 9 swap, 1 and 8 stay alike): upside-down examples of class 0."""


def build_dataset(fonts: list[Path], samples: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Digit images and labels: ``samples`` upright cells per font and digit, plus sideways ones as class 0."""
    images, labels = [], []

    def add(font: Path, digit: int, label: int, turns: int) -> None:
        image = training_sample(font, digit, rng, turns)
        if image is not None:
            images.append(image)
            labels.append(label)

    for number, font in enumerate(fonts):
        for digit in range(1, 10):
            for _ in range(samples):
                add(font, digit, digit, 0)
            for turns in (1, 3):
                for _ in range(max(1, samples // 12)):
                    add(font, digit, 0, turns)
            if digit in ASYMMETRIC_UPSIDE_DOWN:
                for _ in range(max(1, samples // 12)):
                    add(font, digit, 0, 2)
        print(f"  rendered {number + 1}/{len(fonts)} fonts", file=sys.stderr, end="\r")
    print(file=sys.stderr)
    return np.stack(images).astype(np.float32), np.array(labels)


def train(images: np.ndarray, labels: np.ndarray, *, hidden: int, epochs: int, rng: np.random.Generator,
          classes: int = CLASSES, shift_side: int | None = 28, batch: int = 64) -> DigitModel:
    """Train the perceptron with Adam on cross-entropy; small random shifts are added each epoch.

    ``images`` are n x 28 x 28 digits, or n feature vectors whose first ``shift_side``
    squared values are a digit image (only that part is shifted; ``None``: no shifts).
    """
    n = len(images)
    flat = images.reshape(n, -1).astype(np.float32)
    inputs = flat.shape[1]
    params = {
        "w1": rng.normal(0, np.sqrt(2 / inputs), (inputs, hidden)).astype(np.float32),
        "b1": np.zeros(hidden, np.float32),
        "w2": rng.normal(0, np.sqrt(2 / hidden), (hidden, classes)).astype(np.float32),
        "b2": np.zeros(classes, np.float32),
    }
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    step, rate = 0, 1e-3
    onehot = np.eye(classes, dtype=np.float32)[labels]
    for epoch in range(epochs):
        if shift_side is None:
            x_all = flat
        else:
            pixels = shift_side * shift_side
            digits = flat[:, :pixels].reshape(n, shift_side, shift_side)
            shifted = digits.copy()
            for dy in (-1, 0, 1):  # one random shift per image, done in nine vectorised groups
                for dx in (-1, 0, 1):
                    group = rng.random(n) < 1 / 9
                    shifted[group] = np.roll(digits[group], (dy, dx), axis=(1, 2))
            x_all = np.concatenate([shifted.reshape(n, -1), flat[:, pixels:]], axis=1)
        order = rng.permutation(n)
        loss_sum = 0.0
        for start in range(0, n, batch):
            index = order[start : start + batch]
            x, y = x_all[index], onehot[index]
            hidden_in = x @ params["w1"] + params["b1"]
            hidden_out = np.maximum(hidden_in, 0)
            logits = hidden_out @ params["w2"] + params["b2"]
            logits -= logits.max(axis=1, keepdims=True)
            prob = np.exp(logits)
            prob /= prob.sum(axis=1, keepdims=True)
            loss_sum += float(-np.log(prob[y > 0] + 1e-9).sum())
            grad_logits = (prob - y) / len(index)
            grads = {
                "w2": hidden_out.T @ grad_logits,
                "b2": grad_logits.sum(axis=0),
            }
            grad_hidden = (grad_logits @ params["w2"].T) * (hidden_in > 0)
            grads["w1"] = x.T @ grad_hidden + 1e-5 * params["w1"]
            grads["b1"] = grad_hidden.sum(axis=0)
            step += 1
            for key, grad in grads.items():
                m, v = moments[key]
                m *= 0.9
                m += 0.1 * grad
                v *= 0.999
                v += 0.001 * grad * grad
                params[key] -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        if epoch == epochs * 2 // 3:
            rate /= 4
        print(f"  epoch {epoch + 1}/{epochs}: loss {loss_sum / n:.4f}", file=sys.stderr)
    return DigitModel(params["w1"], params["b1"], params["w2"], params["b2"])



def averaged(models: list[DigitModel]) -> DigitModel:
    """One network whose outputs average the logits of ``models`` (trained apart, on the same inputs and classes).

    Their hidden layers side by side make the wider hidden layer; each one's output weights, divided by their
    number, make the output.  Its probabilities are the normalised geometric mean of theirs, and it reads in a
    single pass: :class:`~sudokuprint.ocr.classifier.DigitModel` needs nothing new.
    """
    share = 1.0 / len(models)
    return DigitModel(np.concatenate([m.w1 for m in models], axis=1), np.concatenate([m.b1 for m in models]),
                      np.concatenate([m.w2 for m in models], axis=0) * share, np.mean([m.b2 for m in models], axis=0))

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=30, help="upright samples per font and digit")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=MODELS / "digits.npz")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    fonts = training_fonts()
    if not fonts:
        print("no fonts found: run scripts/install-training-fonts.sh (or make ocr-model)", file=sys.stderr)
        return 1
    print(f"{len(fonts)} fonts:", file=sys.stderr)
    for font in fonts:
        print(f"  {font}", file=sys.stderr)
    started = time.time()
    images, labels = build_dataset(fonts, args.samples, rng)
    print(f"{len(images)} samples rendered in {time.time() - started:.0f} s", file=sys.stderr)
    held_out = rng.random(len(images)) < 0.1
    model = train(images[~held_out], labels[~held_out], hidden=args.hidden, epochs=args.epochs, rng=rng)
    predicted = model.probabilities(images[held_out]).argmax(axis=1)
    accuracy = float((predicted == labels[held_out]).mean())
    print(f"held-out rendered accuracy: {accuracy:.4f} ({held_out.sum()} samples)", file=sys.stderr)
    font_names = [font.name for font in fonts]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out, fonts="\n".join(font_names), seed=str(args.seed), samples=str(args.samples))
    (args.out.parent / "digits-fonts.txt").write_text(
        "# Fonts the shipped digit model was trained on (python -m ocr_training.build_model)\n"
        + "\n".join(str(font) for font in fonts)
        + "\n"
    )
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB) in {time.time() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
