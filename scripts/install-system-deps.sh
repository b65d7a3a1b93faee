#!/usr/bin/env bash
# Installs the system packages sudokuprint needs, only those that are missing:
#   tesseract-ocr           the `scan` command's second-opinion digit reader
#   build-essential, python3-dev
#                           a C compiler and Python headers, so that `pip install .`
#                           builds the native solver (without them the install
#                           still works, with the slower pure-Python solver)
#   fonts-dejavu-core, fonts-droid-fallback
#                           fonts for Cyrillic, Greek (DejaVu Sans) and CJK (Droid Sans
#                           Fallback) text on printed pages; both free to embed
#   fonts-noto-core, fonts-nanum, fonts-symbola
#                           Devanagari (Noto Sans Devanagari), Korean Hangul (Nanum Gothic:
#                           TrueType, which reportlab embeds; Noto's CJK fonts are CFF) and
#                           emoji and symbols (Symbola) on printed pages
#   libgs-common            ICC profiles; a book's PDF/X output intent embeds its CMYK
#                           (SWOP) profile, /usr/share/color/icc/ghostscript/default_cmyk.icc
# and, with the argument `test` (make test), what only the tests need:
#   chromium, chromium-driver
#                           the headless browser the HTML edition's tests drive
#                           (Playwright pointed at /usr/bin/chromium; nothing downloaded)
# Safe to run again: it does nothing when everything is there.
set -euo pipefail
PYTHON="${PYTHON:-python3}"

missing=()
command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr)
command -v cc >/dev/null 2>&1 || missing+=(build-essential)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
[ -f /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf ] || missing+=(fonts-droid-fallback)
[ -f /usr/share/color/icc/ghostscript/default_cmyk.icc ] || missing+=(libgs-common)
[ -f /usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf ] || missing+=(fonts-noto-core)
[ -f /usr/share/fonts/truetype/nanum/NanumGothic.ttf ] || missing+=(fonts-nanum)
[ -f /usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf ] || missing+=(fonts-symbola)
if [ "${1:-}" = "test" ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
fi
if ! "$PYTHON" - <<'PY' 2>/dev/null; then missing+=(python3-dev); fi
import os, sys, sysconfig
sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")) else 1)
PY

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "install-system-deps: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi

if command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: installing ${missing[*]} with apt-get" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
elif command -v brew >/dev/null 2>&1 && [[ " ${missing[*]} " == *" tesseract-ocr "* ]]; then
  brew install tesseract
else
  echo "install-system-deps: no apt-get here; please install: ${missing[*]}" >&2
  exit 1
fi
