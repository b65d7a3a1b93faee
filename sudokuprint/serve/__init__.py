"""``sudokuprint serve``: a local web app to photograph, correct, solve, check, play and print a puzzle.

The library does the work; this package only puts it on the web:

- :mod:`.settings` -- what the server is told (host, port, token, pool and limits) and the addresses it prints;
- :mod:`.work` -- what runs in the worker processes: scan, check, solve, hint, print, generate, booklet;
- :mod:`.pool` -- the bounded pool of worker processes (the executor seam) with a queue and a time limit;
- :mod:`.errors` -- the one error of a refused request (its status, a word, a sentence);
- :mod:`.uploads` -- a photo streamed to the server's temporary folder, its size capped as it comes;
- :mod:`.jobs` -- booklets made in the background, with progress;
- :mod:`.app` -- the Starlette application: the pages and the JSON API;
- :mod:`.server` -- uvicorn around it, and a clean stop on Ctrl-C or SIGTERM.

Starlette, uvicorn, python-multipart and segno come with the ``serve`` extra
(``pip install 'sudokuprint[serve]'``); this module and :mod:`.settings` import none of them.
"""

from __future__ import annotations

from .settings import ServeSettings

__all__ = ["ServeSettings"]
