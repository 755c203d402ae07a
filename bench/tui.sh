#!/usr/bin/env bash
# Benchmark of `brain tui`'s drawing: a full redraw of a 200 × 60 screen of 50 habits × 60 days
# (every line drawn and written, as after a resize) against `brain week` in the same run, both
# measured inside the program (`brain tui --measure`, medians of 9). The target: a redraw takes
# at most 0.1 × brain week (the "ratio").
# Usage: bench/tui.sh   BRAIN_BINARY=path measures another build.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK="$ROOT/bench/work"
BRAIN=${BRAIN_BINARY:-$ROOT/.build/release/brain}

if [[ -z "${BRAIN_BINARY:-}" ]]; then
    echo "== building release"
    (cd "$ROOT" && swift build -c release --static-swift-stdlib 2>&1 | tail -1)
fi

VAULT="$WORK/tui-50-habits"
rm -rf "$VAULT"
mkdir -p "$WORK"
"$BRAIN" demo "$VAULT" --habits 50 --years 1 --notes 50 --date 2026-11-22 >/dev/null
echo "== brain tui --measure (50 habits, 60 days, 200 × 60)"
BRAIN_NOW=2026-11-22T09:00:00Z "$BRAIN" --vault "$VAULT" tui --measure
