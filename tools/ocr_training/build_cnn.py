"""Build the CNN reader's network, ``ocr/models/cnn.onnx``, with cross-validation by photo.

    python -m ocr_training.build_cnn [--cache DIR] [--folds 5] [--fold-models DIR] [--seed 7]

Training needs PyTorch (and ``onnx``/``onnxscript`` for the export), training-time tools only:
``pip install torch onnx onnxscript`` in a development venv; ``make ocr-cnn-model`` runs this.
Reading photos needs neither: the exported network runs through ``cv2.dnn``.

Data (:mod:`ocr_training.cnn_data`): every digit cell the scanner cuts from the
Wicht *mixed* training photos and their plain twins (``../shared/data/wicht``),
labelled printed or handwritten; cells rendered in every face of
:func:`cnn_data.cnn_fonts` except the held-out families, with the photo's
troubles (ink spread, slant, blur, noise, low resolution, JPEG), sideways
(class 0), and pen-written cells.  Rendered cells are in every fold's training
part, never held out.  The photos are split into folds by name
(:func:`build_hand.fold_of`: a photo and its mixed twin share a fold, the same
folds as the handwriting model's); each fold's network is trained on the
others and its held-out cell figures printed; ``--fold-models`` keeps them
(``cnn-foldK.onnx``) for ``benchmarks/ocr_photos.py --readers cnn --cross-validate DIR``.
Finally the shipped network is trained on every photo.

It is offered as ``cnn``, not the default: it was not better than ``builtin`` on whole Wicht photos.  The
``builtin`` reader weighs its digit reading in as a second opinion (``BuiltinReader.second_opinion``).
Dated scores of its builds: ``benchmarks/RESULTS.md``, "OCR: dated scores moved out of docstrings".
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from sudokuprint.ocr.cnn import CNN_CLASSES, PLANES
from .build_hand import DATA, fold_of
from .build_model import MODELS
from .cnn_data import cnn_fonts, photo_dataset, rendered_dataset


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        sys.exit("build_cnn needs PyTorch (a training-time tool): pip install torch==2.13.0 onnx onnxscript")
    return torch


def network(torch: Any) -> Any:
    """The network: three 3 x 3 convolution + pooling stages (8, 16, 48 maps), 96 hidden units, 19 outputs
    (about 0.7 million multiply-adds per cell: small enough to train on two busy cores)."""
    nn = torch.nn
    return nn.Sequential(
        nn.Conv2d(PLANES, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 48, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(48 * 3 * 3, 96), nn.ReLU(), nn.Dropout(0.2), nn.Linear(96, CNN_CLASSES),
    )


def _shifted(torch: Any, batch: Any, generator: Any) -> Any:
    """Each input moved by up to two pixels (both planes together), and its darkness plane scaled a little."""
    n = batch.shape[0]
    padded = torch.nn.functional.pad(batch, (2, 2, 2, 2))
    dx = torch.randint(0, 5, (n,), generator=generator)
    dy = torch.randint(0, 5, (n,), generator=generator)
    rows = (dy[:, None] + torch.arange(28)[None, :])[:, None, :, None].expand(n, PLANES, 28, 32)
    shifted = torch.gather(padded, 2, rows)
    cols = (dx[:, None] + torch.arange(28)[None, :])[:, None, None, :].expand(n, PLANES, 28, 28)
    shifted = torch.gather(shifted, 3, cols)
    scale = 1 + 0.15 * (torch.rand((n, 1, 1), generator=generator) * 2 - 1)
    shifted[:, 1] = (shifted[:, 1] * scale).clamp(0, 1)
    return shifted


def train_network(x: np.ndarray, y: np.ndarray, *, epochs: int, seed: int, batch: int = 128) -> Any:
    """Train the network with Adam on cross-entropy (random shifts each batch); returns it in eval mode."""
    torch = _torch()
    torch.manual_seed(seed)
    generator = torch.Generator().manual_seed(seed)
    model = network(torch)
    inputs = torch.from_numpy(x.astype(np.float32))
    labels = torch.from_numpy(y.astype(np.int64))
    optimizer = torch.optim.Adam(model.parameters(), lr=5e-3)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=5e-3, pct_start=0.15,
                                                   total_steps=epochs * (len(y) // batch + 1))
    model.train()
    for epoch in range(epochs):
        order = torch.randperm(len(y), generator=generator)
        total = 0.0
        for start in range(0, len(y), batch):
            index = order[start : start + batch]
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(_shifted(torch, inputs[index], generator)), labels[index])
            loss.backward()
            optimizer.step()
            schedule.step()
            total += float(loss.detach()) * len(index)
        print(f"  epoch {epoch + 1}/{epochs}: loss {total / len(y):.4f}", file=sys.stderr, flush=True)
    return model.eval()


def predict(model: Any, x: np.ndarray) -> np.ndarray:
    """The trained network's class predictions (in PyTorch)."""
    torch = _torch()
    with torch.no_grad():
        return model(torch.from_numpy(x.astype(np.float32))).argmax(dim=1).numpy()


def export(model: Any, path: Path) -> None:
    """Write the network as ONNX (batch size free), loadable by ``cv2.dnn.readNetFromONNX``."""
    torch = _torch()
    path.parent.mkdir(parents=True, exist_ok=True)
    example = torch.zeros((4, PLANES, 28, 28))
    torch.onnx.export(model, (example,), str(path), input_names=["cells"], output_names=["logits"],
                      dynamic_axes={"cells": {0: "n"}, "logits": {0: "n"}}, opset_version=13, dynamo=False)


def cell_figures(labels: np.ndarray, predicted: np.ndarray) -> str:
    """Held-out cell figures: print/handwriting told right, handwritten digits read right, printed digits right."""
    hand, said_hand = labels >= 10, predicted >= 10
    printed = (labels >= 1) & (labels <= 9)
    return (f"cells={len(labels)} kind-right={float((hand == said_hand)[labels > 0].mean()):.4f} "
            f"printed-taken-as-handwritten={int((printed & said_hand).sum())} "
            f"handwritten-taken-as-printed={int((hand & ~said_hand).sum())} "
            f"handwritten-read-right={float((predicted == labels)[hand].mean()):.4f} "
            f"printed-read-right={float((predicted == labels)[printed].mean()):.4f}")


def load_or_make(cache: Path | None, name: str, make: Any) -> dict[str, np.ndarray]:
    """The arrays cached in ``cache/name`` or made by ``make()`` (and cached)."""
    if cache is not None and (cache / name).exists():
        with np.load(cache / name) as data:
            return {k: data[k] for k in data.files}
    arrays = make()
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(cache / name, **arrays)
    return dict(arrays)


def _rendered_part(folds: np.ndarray, share: float, seed: int) -> np.ndarray:
    """Every photo cell (fold >= 0) and a random ``share`` of the rendered ones (fold -1)."""
    return (folds >= 0) | (np.random.default_rng(seed).random(len(folds)) < share)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mixed", type=Path, default=DATA / "mixed_train")
    parser.add_argument("--train", type=Path, default=DATA / "train")
    parser.add_argument("--cache", type=Path, default=None, help="folder for the cut and rendered cells (reused)")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--fold-models", type=Path, default=None, help="keep each fold's network here")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rendered", type=int, default=8, help="rendered printed cells per face and digit")
    parser.add_argument("--pen", type=int, default=150, help="rendered pen-written cells per digit")
    parser.add_argument("--fold", type=int, action="append", default=None,
                        help="train only this fold (repeatable; to spread the folds over processes)")
    parser.add_argument("--rendered-share", type=float, default=0.4,
                        help="share of the rendered cells trained on (a random part, drawn per model)")
    parser.add_argument("--only-folds", action="store_true", help="score the folds, do not write the shipped model")
    parser.add_argument("--no-folds", action="store_true", help="only train the shipped model")
    parser.add_argument("--out", type=Path, default=MODELS / "cnn.onnx")
    args = parser.parse_args(argv)
    torch = _torch()
    torch.set_num_threads(1)  # the folds run well as separate processes
    started = time.time()

    def photos() -> dict[str, np.ndarray]:
        x, y, names = photo_dataset(args.mixed, args.train)
        return {"x": x, "y": y, "names": names}

    def rendered() -> dict[str, np.ndarray]:
        x, y, sources = rendered_dataset(cnn_fonts()[0], args.rendered, args.pen, np.random.default_rng(args.seed),
                                            sideways=1)
        return {"x": x, "y": y, "sources": sources}

    cut = load_or_make(args.cache, "photos.npz", photos)
    made = load_or_make(args.cache, "rendered-train.npz", rendered)
    print(f"{len(cut['y'])} cells from {len(set(cut['names']))} photos, {len(made['y'])} rendered "
          f"({time.time() - started:.0f} s)", file=sys.stderr)
    x = np.concatenate([cut["x"], made["x"]]).astype(np.float32)
    y = np.concatenate([cut["y"], made["y"]])
    folds = np.concatenate([[fold_of(str(n), args.folds) for n in cut["names"]], np.full(len(made["y"]), -1)])
    if not args.no_folds:
        held_labels, held_predicted = [], []
        for fold in args.fold if args.fold is not None else range(args.folds):
            part = _rendered_part(folds, args.rendered_share, args.seed + fold) & (folds != fold)
            model = train_network(x[part], y[part], epochs=args.epochs, seed=args.seed + fold)
            predicted = predict(model, x[folds == fold])
            print(f"fold {fold}: {cell_figures(y[folds == fold], predicted)}", flush=True)
            held_labels.append(y[folds == fold])
            held_predicted.append(predicted)
            if args.fold_models is not None:
                export(model, args.fold_models / f"cnn-fold{fold}.onnx")
        print(f"cross-validated ({args.folds} folds by photo): "
              f"{cell_figures(np.concatenate(held_labels), np.concatenate(held_predicted))}", flush=True)
    if args.only_folds:
        return 0
    part = _rendered_part(folds, args.rendered_share, args.seed)
    export(train_network(x[part], y[part], epochs=args.epochs, seed=args.seed), args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB) in {time.time() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
