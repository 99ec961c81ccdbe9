#!/bin/sh
# Rebuilds assets/font/quipu-sans-kr.otf, the font board pictures are drawn
# in: Noto Sans CJK KR Regular (SIL Open Font License 1.1, see OFL.txt),
# cut down to what labels use — printable ASCII, Latin-1, general
# punctuation, arrows and a few symbols, Hangul compatibility jamo and all
# 11,172 Hangul syllables — without hinting or layout tables.
# Needs Debian's fonts-noto-cjk and fontTools' pyftsubset (pip install fonttools).
set -eu
here=$(dirname "$0")
pyftsubset /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \
  --font-number=1 \
  --unicodes='U+0020-007E,U+00A0-00FF,U+2010-2027,U+2030-205E,U+2190-2199,U+2212,U+2460-2473,U+25A0-25FF,U+2600-2606,U+2713,U+2717,U+3000-3003,U+3008-3011,U+3131-318E,U+AC00-D7A3' \
  --layout-features='' --no-hinting --drop-tables+=BASE,GDEF,GPOS,GSUB,JSTF,MATH,VORG,vhea,vmtx \
  --name-IDs='*' --name-languages='*' \
  --output-file="$here/quipu-sans-kr.otf"
