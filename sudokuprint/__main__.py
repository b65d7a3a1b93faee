"""``python -m sudokuprint``: the command line."""

from .cli import main

main(prog_name="sudokuprint")
