"""Page layout: templates (TOML, lengths in mm/pt/in) become validated frozen
dataclasses; jobs lay puzzles out as pages of drawing primitives in points,
which the PDF and PNG backends in :mod:`sudokuprint.render` draw alike."""
