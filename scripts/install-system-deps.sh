#!/usr/bin/env bash
# Installs the system packages sudokuprint needs: Tesseract OCR (for the
# `scan` command's second-opinion reader). Safe to run again: it does nothing
# when tesseract is already on PATH.
set -euo pipefail

if command -v tesseract >/dev/null 2>&1; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "install-system-deps: need root (or sudo) to install tesseract-ocr" >&2
    exit 1
  fi
fi

if command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: installing tesseract-ocr with apt-get" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq tesseract-ocr >/dev/null
elif command -v brew >/dev/null 2>&1; then
  brew install tesseract
else
  echo "install-system-deps: no apt-get or brew here; install Tesseract OCR yourself" \
       "(https://tesseract-ocr.github.io/tessdoc/Installation.html)" >&2
  exit 1
fi
tesseract --version 2>&1 | head -n 1 >&2
