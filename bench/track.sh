#!/usr/bin/env bash
# Benchmark of `brain track` on a generated Apple Health export against `wc -l` on the same file.
# Usage: bench/track.sh [SIZE_MB]   (default 500)
# Generates the export (bench/health-export.py) in a temporary folder outside the repository,
# makes a vault with four auto-tracked habits, and records time and peak memory
# (`/usr/bin/time -v`: elapsed wall clock, maximum resident set size) of:
#   - `wc -l` on the file (the yardstick; page cache warm),
#   - `brain track --dry-run --since today` on the file: every record read, no day to write
#     (the data ends before today), which is the reading the 3× target is about,
#   - `brain track --dry-run` on the file (reading and planning every day's file), on a file a
#     fifth of its size, and on the zip of it,
#   - `brain track` writing the daily files.
# Each timing is the best of 3 runs. Writes the table into docs/PERFORMANCE.md between the
# track-bench markers. Targets: peak memory under 64 MB whatever the size; reading the export
# within 3× the time of `wc -l`.
set -euo pipefail
SIZE=${1:-500}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BRAIN="$ROOT/.build/release/brain"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/brain-track-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

if [[ ! -x /usr/bin/time ]]; then
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
        echo "installing Debian's time"
        apt-get install -y time >/dev/null || { apt-get update >/dev/null && apt-get install -y time >/dev/null; }
    else
        echo "/usr/bin/time is missing: install the Debian package time" >&2
        exit 1
    fi
fi

echo "== building release"
(cd "$ROOT" && swift build -c release --static-swift-stdlib --product brain 2>&1 | tail -1)

echo "== generating a $SIZE MB export in $WORK"
generated=$(python3 "$ROOT/bench/health-export.py" "$SIZE" "$WORK/export.xml" 2>&1)
echo "$generated"
python3 "$ROOT/bench/health-export.py" "$((SIZE / 5))" "$WORK/small.xml"
python3 - "$WORK" <<'PY'
import sys, zipfile
work = sys.argv[1]
with zipfile.ZipFile(work + "/export.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
    archive.write(work + "/export.xml", "apple_health_export/export.xml")
PY

VAULT="$WORK/vault"
"$BRAIN" init "$VAULT" >/dev/null
habit() { # id rule
    printf -- '---\ntitle: %s\ncreated: 2020-01-01\nauto: %s\n---\n' "$1" "$2" > "$VAULT/habits/$1.md"
}
habit walk "{source: health, metric: steps, at-least: 8000}"
habit sleep "{source: health, metric: sleep-hours, at-least: 7}"
habit move "{source: health, metric: active-energy, at-least: 500}"
habit run "{source: health, metric: workout-minutes, match: running, at-least: 20}"
export BRAIN_NOW=2026-11-22T09:00:00Z

# measure LABEL COMMAND…: best of 3 runs; prints "seconds kilobytes"
measure() {
    local best_time="" best_memory=""
    for _ in 1 2 3; do
        /usr/bin/time -v -o "$WORK/time.txt" "$@" >/dev/null 2>"$WORK/stderr.txt" || true
        local elapsed memory
        elapsed=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$WORK/time.txt")
        memory=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$WORK/time.txt")
        if [[ -z "$best_time" ]] || awk "BEGIN { exit !($elapsed < $best_time) }"; then best_time=$elapsed; fi
        if [[ -z "$best_memory" ]] || (( memory > best_memory )); then best_memory=$memory; fi
    done
    echo "$best_time $best_memory"
}

cat "$WORK/export.xml" > /dev/null   # the page cache, for wc and brain alike
bytes=$(stat -c %s "$WORK/export.xml")
small=$(stat -c %s "$WORK/small.xml")
zipped=$(stat -c %s "$WORK/export.zip")
lines=$(wc -l < "$WORK/export.xml")
echo "== measuring ($((bytes / 1000000)) MB, $lines lines)"
read -r wc_time wc_memory < <(measure wc -l "$WORK/export.xml")
read -r read_time read_memory < <(measure "$BRAIN" --vault "$VAULT" track --source "health=$WORK/export.xml" --dry-run --since today)
read -r small_time small_memory < <(measure "$BRAIN" --vault "$VAULT" track --source "health=$WORK/small.xml" --dry-run)
read -r dry_time dry_memory < <(measure "$BRAIN" --vault "$VAULT" track --source "health=$WORK/export.xml" --dry-run)
read -r zip_time zip_memory < <(measure "$BRAIN" --vault "$VAULT" track --source "health=$WORK/export.zip" --dry-run)
/usr/bin/time -v -o "$WORK/time.txt" "$BRAIN" --vault "$VAULT" track --source "health=$WORK/export.xml" > "$WORK/track.txt" 2>&1 || true
write_time=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$WORK/time.txt")
write_memory=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$WORK/time.txt")
written=$(tail -1 "$WORK/track.txt")
read -r again_time again_memory < <(measure "$BRAIN" --vault "$VAULT" track --source "health=$WORK/export.xml")
records=$("$BRAIN" --vault "$VAULT" track --source "health=$WORK/export.xml" --dry-run --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["files"][0]["records"])')

mb() { awk "BEGIN { printf \"%.0f MB\", $1 / 1024 }"; }
ratio() { awk "BEGIN { printf \"%.2f×\", $1 / $2 }"; }
verdict() { awk "BEGIN { exit !($1) }" && echo pass || echo "**fail**"; }
size_mb=$((bytes / 1000000))
days=$(echo "$generated" | sed -n 's/.*, \([0-9]*\) days.*/\1/p')
table=$(cat <<TABLE
Measured $(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); commit $(git -C "$ROOT" rev-parse --short HEAD); best of 3 runs. The machine was shared with other builds while it ran.
Reproduce with \`bench/track.sh $SIZE\`: a ${size_mb} MB export.xml ($lines lines, $records records the four rules read; ${generated#*, }), its zip ($((zipped / 1000000)) MB), a vault of four auto-tracked habits (steps, sleep, active energy, running workouts).

| measurement | time | peak memory | target | result |
|---|---:|---:|---|---|
| \`wc -l\` export.xml (${size_mb} MB) | ${wc_time} s | $(mb "$wc_memory") | | |
| \`brain track --dry-run\` export.xml ($((small / 1000000)) MB) | ${small_time} s | $(mb "$small_memory") | < 64 MB | $(verdict "$small_memory < 65536") |
| \`brain track --dry-run --since today\` export.xml (${size_mb} MB): every record read, no day to write | ${read_time} s | $(mb "$read_memory") | < 64 MB, ≤ 3× \`wc -l\` ($(ratio "$read_time" "$wc_time")) | $(verdict "$read_memory < 65536 && $read_time <= 3 * $wc_time") |
| \`brain track --dry-run\` export.xml (${size_mb} MB): read, and plan ${days} new daily files | ${dry_time} s | $(mb "$dry_memory") | < 64 MB ($(ratio "$dry_time" "$wc_time") \`wc -l\`) | $(verdict "$dry_memory < 65536") |
| \`brain track --dry-run\` export.zip ($((zipped / 1000000)) MB) | ${zip_time} s | $(mb "$zip_memory") | < 64 MB | $(verdict "$zip_memory < 65536") |
| \`brain track\` export.xml, first run ($written) | ${write_time} s | $(mb "$write_memory") | | |
| \`brain track\` export.xml, second run (nothing to change) | ${again_time} s | $(mb "$again_memory") | | |
TABLE
)
echo "$table"
python3 - "$ROOT/docs/PERFORMANCE.md" "$table" <<'PY'
import sys
path, table = sys.argv[1], sys.argv[2]
text = open(path).read()
start = text.index("<!-- track-bench:begin -->") + len("<!-- track-bench:begin -->\n")
end = text.index("<!-- track-bench:end -->")
open(path, "w").write(text[:start] + table + "\n" + text[end:])
PY
