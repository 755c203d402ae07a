#!/usr/bin/env bash
# Regenerates docs/report-light.png and docs/report-dark.png: the sample vault's `brain report`
# on 2026-11-22, light and dark, rendered by headless chromium (Debian's chromium package).
set -euo pipefail
cd "$(dirname "$0")/.."
browser="${BRAIN_CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}"
if [ -z "$browser" ]; then
  echo "no chromium: apt-get install chromium (as .ci/run does)" >&2
  exit 1
fi
swift build --product brain >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R sample-vault "$work/sample-vault"
rm -rf "$work/sample-vault/.brain/cache"
for variant in light dark; do
  BRAIN_NOW=2026-11-22T09:00:00Z .build/debug/brain --vault "$work/sample-vault" report --$variant --out "$work/$variant.html" >/dev/null
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$work/profile-$variant" \
    --window-size=1200,1900 --screenshot="docs/report-$variant.png" "file://$work/$variant.html" 2>/dev/null
  echo "wrote docs/report-$variant.png"
done
