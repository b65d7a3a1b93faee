"""The suite's camera: how a rendered page is photographed (tilt, perspective, blur, shadow, light, noise, JPEG)."""

from __future__ import annotations

import io
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image


@dataclass(frozen=True)
class Camera:
    """How a page is photographed."""

    tilt: float = 0.0
    """Degrees, either way."""
    perspective: float = 0.02
    motion: int = 0
    """Motion blur length, pixels."""
    defocus: float = 0.6
    shadow: float = 0.2
    light: float = 1.0
    fill: float = 0.8
    """Share of the photo's side the grid takes (page-relative when the page is shown whole)."""
    cut: bool = False
    """The grid's top border is cut off by the photo's edge."""
    clutter: bool = False


def photograph(page: Image.Image, grid_box: tuple[int, int, int, int] | None, camera: Camera,
               rng: np.random.Generator, size: int = 1000, colour: bool = False) -> Image.Image:
    """A phone photo of ``page`` as ``camera`` takes it (a gray JPEG, or with ``colour`` a colour one under a
    room light's colour cast)."""
    flat = np.asarray(page.convert("RGB" if colour else "L"), np.float32)
    h, w = flat.shape[:2]
    left, top, right, bottom = grid_box if grid_box is not None else (0, 0, w, h)
    angle = np.deg2rad(camera.tilt * rng.choice([-1, 1]))
    target_side = camera.fill * size / (abs(np.cos(angle)) + abs(np.sin(angle)))  # the tilted grid stays in frame
    scale = target_side / max(right - left, bottom - top) if grid_box is not None else target_side / max(w, h)
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    anchor = np.array([(left + right) / 2, (top + bottom) / 2])
    place = np.array([size / 2, size / 2]) + rng.normal(0, size * 0.02, 2)
    if camera.cut and grid_box is not None:
        place[1] = (bottom - top) * scale / 2 - (bottom - top) * scale * rng.uniform(0.005, 0.02)
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    target = (corners - anchor) * scale @ rotation.T + place
    target += rng.normal(0, size * camera.perspective, (4, 2))
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target.astype(np.float32))
    paper = cv2.warpPerspective(np.ones((h, w), np.float32), matrix, (size, size))
    image = cv2.warpPerspective(flat, matrix, (size, size), flags=cv2.INTER_AREA)
    table = np.full((size, size), rng.uniform(70, 130), np.float32)
    if camera.clutter:
        for _ in range(int(rng.integers(10, 25))):
            centre = tuple(int(v) for v in rng.integers(0, size, 2))
            colour = float(rng.uniform(20, 230))
            if rng.random() < 0.5:
                cv2.circle(table, centre, int(rng.integers(10, 120)), colour, -1)
            else:
                cv2.rectangle(table, centre, tuple(int(v + rng.integers(20, 250)) for v in centre), colour, -1)
            cv2.line(table, centre, tuple(int(v) for v in rng.integers(0, size, 2)), float(rng.uniform(0, 255)),
                     int(rng.integers(1, 6)))
    if colour:  # the desk's own colour, and every 2-D map applied to the three channels alike
        table = table[:, :, None] * rng.uniform(0.75, 1.15, 3).astype(np.float32)
        paper = paper[:, :, None]
    image = image * paper + table * (1 - paper)
    ys, xs = np.mgrid[0:size, 0:size] / size
    if colour:
        ys, xs = ys[:, :, None], xs[:, :, None]
    image = image * (1 - 0.2 * (rng.uniform(0, 1) * xs + rng.uniform(0, 1) * ys))
    if camera.shadow > 0:
        edge, a, b = rng.uniform(0.3, 0.7), rng.uniform(-1, 1), rng.uniform(-1, 1)
        image = image * (1 - camera.shadow / (1 + np.exp(-(a * xs + b * ys + 0.5 * xs - edge) * 20)))
    if colour:  # warm or cool room light
        image = image * np.array([1.0, rng.uniform(0.92, 1.02), rng.uniform(0.8, 1.0)], np.float32)
    image = image * camera.light
    if camera.defocus > 0:
        image = cv2.GaussianBlur(image, (0, 0), camera.defocus)
    if camera.motion > 1:
        kernel: np.ndarray = np.zeros((camera.motion, camera.motion), np.float32)
        kernel[camera.motion // 2, :] = 1.0 / camera.motion
        turn = cv2.getRotationMatrix2D((camera.motion / 2 - 0.5, camera.motion / 2 - 0.5), rng.uniform(0, 180), 1)
        kernel = cv2.warpAffine(kernel, turn, (camera.motion, camera.motion))
        image = cv2.filter2D(image, -1, kernel / max(kernel.sum(), 1e-6))
    image = np.clip(image + rng.normal(0, 3 + 4 * (1 - camera.light), image.shape), 0, 255).astype(np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(image).save(buffer, "JPEG", quality=int(rng.integers(60, 88)))
    buffer.seek(0)
    return Image.open(buffer)
