#!/usr/bin/env bash
# Regenerates docs/webapp-*.png: the web app of `brain serve` on a copy of the sample vault on
# 2026-11-22 — Today, Today after taps, Check-in, Goals, the report with the organism, a habit's
# page, the habits list, the notes list and a note — on a phone (390 x 844) and a desktop
# (1280 x 800), light and dark, taken by the browser test's script (Debian's chromium through
# chromium-driver, PyPI's selenium from scripts/selenium-venv.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
python="$(bash scripts/selenium-venv.sh)"
command -v chromedriver >/dev/null || { echo "no chromedriver: apt-get install chromium-driver (as .ci/run does)" >&2; exit 1; }
swift build --product brain >/dev/null
brain="$PWD/.build/debug/brain"
work="$(mktemp -d)"
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
export BRAIN_NOW=2026-11-22T09:00:00Z TZ=UTC
for size in phone desktop; do
  rm -rf "$work/vault" "$work/twin"
  cp -R sample-vault "$work/vault"
  cp -R sample-vault "$work/twin"
  "$brain" --vault "$work/vault" serve --listen 127.0.0.1:0 >"$work/out" 2>"$work/err" &
  server=$!
  for _ in $(seq 100); do grep -q "listening on" "$work/out" && break; sleep 0.1; done
  base="$(grep -o 'http://127.0.0.1:[0-9]*' "$work/out" | head -1)"
  BASE="$base" VAULT="$work/vault" TWIN="$work/twin" BRAIN="$brain" SIZE="$size" SHOTS="$work" \
    PAIR="$("$brain" --vault "$work/vault" serve pair 2>/dev/null)" PAIR_NOJS="$("$brain" --vault "$work/vault" serve pair 2>/dev/null)" \
    CHROMEDRIVER="$(command -v chromedriver)" "$python" Tests/BrainCLITests/Support/webapp-browser.py >/dev/null
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
  # The habit page, the habits list and the notes pages, on a fresh copy.
  rm -rf "$work/vault" "$work/twin"
  cp -R sample-vault "$work/vault"
  cp -R sample-vault "$work/twin"
  "$brain" --vault "$work/vault" serve --listen 127.0.0.1:0 >"$work/out" 2>"$work/err" &
  server=$!
  for _ in $(seq 100); do grep -q "listening on" "$work/out" && break; sleep 0.1; done
  base="$(grep -o 'http://127.0.0.1:[0-9]*' "$work/out" | head -1)"
  BASE="$base" VAULT="$work/vault" TWIN="$work/twin" BRAIN="$brain" SIZE="$size" SHOTS="$work" \
    PAIR="$("$brain" --vault "$work/vault" serve pair 2>/dev/null)" PAIR_OTHER="$("$brain" --vault "$work/vault" serve pair 2>/dev/null)" \
    CHROMEDRIVER="$(command -v chromedriver)" "$python" Tests/BrainCLITests/Support/webapp-pages-browser.py >/dev/null
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
done
# The ones the README and docs/WEBAPP.md show (the others are in the work folder only).
for name in today-phone-light today-phone-dark today-done-phone-light checkin-phone-light goals-phone-dark \
            habit-phone-light habits-phone-dark notes-phone-light note-phone-dark organism-phone-dark \
            today-desktop-light today-desktop-dark goals-desktop-light habit-desktop-dark notes-desktop-light organism-desktop-light; do
  cp "$work/webapp-$name.png" docs/
  echo "wrote docs/webapp-$name.png"
done
