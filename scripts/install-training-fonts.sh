#!/usr/bin/env bash
# Installs the Debian font packages the shipped OCR digit model was trained on
# (see tools/ocr_training/build_model.py) and the photo suite's faces. Only needed to rebuild that model
# (`make ocr-model`) or write the suite; reading photos needs none of them.
set -euo pipefail
PACKAGES=(
  fonts-urw-base35 fonts-dejavu-core fonts-dejavu-extra fonts-freefont-ttf fonts-lato
  fonts-liberation fonts-open-sans fonts-crosextra-carlito fonts-roboto-unhinted fonts-cabin
  fonts-cantarell fonts-clear-sans fonts-adf-switzera fonts-adf-gillius fonts-b612
  fonts-oxygen fonts-paratype fonts-croscore fonts-inter
  # more faces for the CNN reader (tools/ocr_training/build_cnn.py): slab, serif, mono, condensed
  fonts-roboto-slab fonts-crosextra-caladea fonts-ebgaramond fonts-linuxlibertine fonts-courier-prime
  fonts-inconsolata fonts-hack fonts-jetbrains-mono fonts-sil-charis fonts-vollkorn fonts-adf-accanthis
  fonts-adf-berenis fonts-adf-universalis fonts-noto-mono fonts-bebas-neue fonts-anonymous-pro
  # the photo suite's held-out faces (tools/ocr_training/suite_split.txt): serif, sans, slab, condensed, light
  fonts-noto-core fonts-texgyre fonts-oldstandard fonts-quattrocento fonts-karla fonts-manrope
  fonts-league-spartan fonts-yanone-kaffeesatz
)
missing=()
for package in "${PACKAGES[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "install-training-fonts: installing ${missing[*]}" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
