#!/usr/bin/env bash
# Installs the system packages sudokuprint needs: Tesseract OCR (for the
# `scan` command's second-opinion reader) and the fonts the built-in digit
# model is trained on (python -m ocr.training.build_model). Safe to run
# again: it does nothing when everything is already installed.
set -euo pipefail

FONT_PACKAGES="fonts-dejavu-core fonts-liberation fonts-freefont-ttf fonts-urw-base35 fonts-open-sans fonts-crosextra-carlito fonts-lato"

fonts_missing() {
  command -v dpkg >/dev/null 2>&1 || return 1
  for package in $FONT_PACKAGES; do
    dpkg -s "$package" >/dev/null 2>&1 || return 0
  done
  return 1
}

if command -v tesseract >/dev/null 2>&1 && ! fonts_missing; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "install-system-deps: need root (or sudo) to install tesseract-ocr and fonts" >&2
    exit 1
  fi
fi

if command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: installing tesseract-ocr and fonts with apt-get" >&2
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq tesseract-ocr $FONT_PACKAGES >/dev/null
elif command -v brew >/dev/null 2>&1; then
  brew install tesseract
else
  echo "install-system-deps: no apt-get or brew here; install Tesseract OCR yourself" \
       "(https://tesseract-ocr.github.io/tessdoc/Installation.html)" >&2
  exit 1
fi
tesseract --version 2>&1 | head -n 1 >&2
