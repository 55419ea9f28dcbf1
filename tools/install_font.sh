#!/bin/sh
# Re-create the font files in assets/fonts/ from their packages.
#
# Only needed when the fonts change: the TTF files and their licences are
# committed, and nothing is fetched at run time.
#
# Needs (at extraction time only):
#   - Debian package fonts-noto-core  (Noto Sans, TTF, OFL 1.1)
#   - npm package @expo-google-fonts/eb-garamond  (EB Garamond from Google
#     Fonts, static TTF with Latin + Cyrillic, OFL 1.1), via `npm pack`.
#     Debian's fonts-ebgaramond / fonts-ebgaramond-extra hold the older
#     0.016 release, whose Bold face has no Cyrillic and no accented Latin,
#     so it is not used.
set -eu

repo=$(cd "$(dirname "$0")/.." && pwd)
dest="$repo/assets/fonts"
mkdir -p "$dest"

if [ ! -f /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf ]; then
    apt-get install -y fonts-noto-core
fi
cp /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf "$dest/NotoSans-Regular.ttf"
cp /usr/share/fonts/truetype/noto/NotoSans-Bold.ttf "$dest/NotoSans-Bold.ttf"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent @expo-google-fonts/eb-garamond >/dev/null \
    && tar xzf expo-google-fonts-eb-garamond-*.tgz)
cp "$tmp/package/400Regular/EBGaramond_400Regular.ttf" "$dest/EBGaramond-Regular.ttf"
cp "$tmp/package/700Bold/EBGaramond_700Bold.ttf" "$dest/EBGaramond-Bold.ttf"
cp "$tmp/package/LICENSE_FONT" "$dest/LICENSE-EBGaramond.txt"

# Noto's OFL: copyright lines from Debian's copyright file and the font's
# name table, then the OFL 1.1 text (identical to the one shipped with EB
# Garamond, below its copyright header).
{
    echo "Noto Sans (Debian package fonts-noto-core)"
    echo "Copyright 2010, 2012-2020 Google Inc."
    echo "Copyright 2015-2020 Google LLC. All Rights Reserved."
    echo "Noto is a trademark of Google LLC."
    echo
    sed -n '3,$p' "$tmp/package/LICENSE_FONT"
} > "$dest/LICENSE-NotoSans.txt"

ls -l "$dest"
