"""Optional debug images: each stage may hand its picture to a sink that writes it."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np


class DebugSink:
    """Writes stage images as ``NN-stage.png`` into a folder; a sink without a folder does nothing."""

    def __init__(self, folder: str | os.PathLike[str] | None = None, prefix: str = "") -> None:
        self.folder = Path(folder) if folder is not None else None
        self.prefix = prefix
        self.count = 0
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)

    @property
    def enabled(self) -> bool:
        return self.folder is not None

    def save(self, stage: str, image: np.ndarray) -> None:
        """Write one stage image (gray, BGR or boolean mask)."""
        if self.folder is None:
            return
        self.count += 1
        if image.dtype == bool:
            image = image.astype(np.uint8) * 255
        cv2.imwrite(str(self.folder / f"{self.prefix}{self.count:02d}-{stage}.png"), image)


NO_DEBUG = DebugSink(None)
