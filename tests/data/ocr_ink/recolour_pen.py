"""Recolour the handwriting of a Wicht "mixed" photo as a blue pen: the test input of tests/test_ocr_ink.py.

Usage (from the repository root, with the package installed):
    python tests/data/ocr_ink/recolour_pen.py tests/data/shared/wicht/mixed_train/image1.jpg \
        tests/data/shared/wicht/train/image1.dat tests/data/ocr_ink/wicht-mixed-image1-blue-pen.jpg

In every cell without a printed given (the .dat of the train photo), the dark pixels inside the middle 80% of
the cell (found with the scanner's own lattice) keep their darkness but take a blue pen's colour: blue rises with
the darkness, red and green stay dark.
"""
import sys, cv2, numpy as np
from pathlib import Path
from sudokuprint.ocr.grid_cells import grid_cells
src, printed_dat, out = sys.argv[1:4]
rows = Path(printed_dat).read_text().split('\n')[2:11]
printed = [int(v) != 0 for r in rows for v in r.split()]
g = grid_cells(src)
assert g.quarter_turns == 0
pts = g.rectified.to_photo(g.crossings.reshape(-1, 2)).reshape(10, 10, 2)
img = cv2.imread(src)
gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32)
paper = cv2.dilate(gray, np.ones((15, 15), np.uint8))
paper = cv2.GaussianBlur(paper, (0, 0), 5)
dark = np.clip(paper - gray, 0, 255)
mask = np.zeros(gray.shape, np.uint8)
for r in range(9):
    for c in range(9):
        if printed[r * 9 + c]:
            continue
        q = np.array([pts[r, c], pts[r, c + 1], pts[r + 1, c + 1], pts[r + 1, c]], np.float32)
        centre = q.mean(axis=0)
        q = centre + 0.8 * (q - centre)
        cv2.fillConvexPoly(mask, q.astype(np.int32), 1)
ink = (mask > 0) & (dark > 25)
ink = cv2.dilate(ink.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool) & (mask > 0)
d = dark[ink]
v = gray[ink]
out_img = img.copy().astype(np.float32)
out_img[ink] = np.stack([np.minimum(255, v + 0.75 * d), v + 0.15 * d, v], axis=1)
cv2.imwrite(out, out_img.astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 90])
