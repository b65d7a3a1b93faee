"""Issue 27's name for the photo benchmark: runs ``ocr_photos.py`` with the same arguments.

    python benchmarks/ocr.py --by-source tools/ocr_corpus --readers builtin --one-core [--folds]
"""

import runpy
import sys
from pathlib import Path

if __name__ == "__main__":
    sys.argv[0] = str(Path(__file__).with_name("ocr_photos.py"))
    runpy.run_path(sys.argv[0], run_name="__main__")
