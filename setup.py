"""Build details pyproject.toml cannot say: the package list (templates/ is
installed as ``sudokuprint.templates``) and the optional compiled solver."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["sudokuprint", "sudokuprint.*", "ocr", "ocr.*"]) + ["sudokuprint.templates"],
    package_dir={"sudokuprint.templates": "templates"},
)
