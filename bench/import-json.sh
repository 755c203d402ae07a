#!/usr/bin/env bash
# Benchmark of `brain import json` (a restore) on exports of 1,000, 10,000 and 100,000 notes.
# Usage: bench/import-json.sh [--quick]   (--quick: 1,000 and 10,000 only)
# For each size: `brain demo` makes a vault (no daily files, 10 habits, N notes), `brain export
# json` exports it, and `brain import json EXPORT DIR` rebuilds it in a new folder; the table
# gives the files written, the wall time and peak memory (`/usr/bin/time`; best of 3 runs below
# 100,000 files) and the time per 1,000 files, which stays flat when the time grows linearly.
# Then a restore of the largest export is killed (SIGKILL) half-way and the next command
# (`brain index` in DIR) must undo it: DIR holds no note afterwards and no journal.
# Writes the figures into docs/RELIABILITY.md between the import-json markers on a full run.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BRAIN=${BRAIN_BINARY:-"$ROOT/.build/release/brain"}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/brain-import-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
SIZES=(1000 10000 100000)
[[ ${1:-} == --quick ]] && SIZES=(1000 10000)

if [[ -z ${BRAIN_BINARY:-} ]]; then
    echo "== building release"
    (cd "$ROOT" && swift build -c release --product brain 2>&1 | tail -1)
fi
command -v /usr/bin/time >/dev/null || { echo "/usr/bin/time is missing: install the Debian package time" >&2; exit 1; }

# Every file of a vault (the cache aside) with a checksum of its bytes.
files() { (cd "$1" && find . -type f ! -path './.brain/cache/*' -print0 | sort -z | xargs -0 sha1sum); }

rows=""
for n in "${SIZES[@]}"; do
    "$BRAIN" demo "$WORK/demo-$n" --years 0 --habits 10 --notes "$n" --date 2026-11-22 >/dev/null
    (cd "$WORK/demo-$n" && "$BRAIN" export json --out "$WORK/export-$n.json" >/dev/null)
    runs=3; [[ $n -ge 100000 ]] && runs=1
    best=""; memory=""
    for _ in $(seq "$runs"); do
        rm -rf "$WORK/restored-$n"
        /usr/bin/time -f "%e %M" -o "$WORK/time" "$BRAIN" import json "$WORK/export-$n.json" "$WORK/restored-$n" > "$WORK/out"
        read -r seconds kilobytes < "$WORK/time"
        if [[ -z $best ]] || awk "BEGIN { exit !($seconds < $best) }"; then best=$seconds; memory=$kilobytes; fi
    done
    files=$(grep -o 'created [0-9]* files' "$WORK/out" | grep -o '[0-9]*')
    # The restore is the vault again: same files, byte for byte (the cache aside).
    [[ $(files "$WORK/demo-$n") == $(files "$WORK/restored-$n") ]] || { echo "restore of $n differs from the vault" >&2; exit 1; }
    per=$(awk "BEGIN { printf \"%.3f\", $best / $files * 1000 }")
    mb=$(( $(stat -c %s "$WORK/export-$n.json") / 1000000 ))
    printf '%7s files (%s MB export): %6.2f s, %4d MB peak, %s s per 1,000 files\n' "$files" "$mb" "$best" $((memory / 1024)) "$per"
    rows+="| $n | $files | $mb MB | $best s | $((memory / 1024)) MB | $per s |"$'\n'
done

# Killed half-way: the next command undoes it.
largest=${SIZES[-1]}
rm -rf "$WORK/killed"
start=$(date +%s.%N)
"$BRAIN" import json "$WORK/export-$largest.json" "$WORK/killed" >/dev/null 2>&1 &
pid=$!
# Wait until a good part of the files is there, then kill.
until [[ $(find "$WORK/killed" -name '*.md' 2>/dev/null | head -n $((largest / 2)) | wc -l) -ge $((largest / 2)) ]]; do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
done
kill -KILL "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
left=$(find "$WORK/killed" -name '*.md' | wc -l)
[[ -f $WORK/killed/.brain/journal ]] || { echo "killed restore left no journal" >&2; exit 1; }
/usr/bin/time -f "%e" -o "$WORK/time" "$BRAIN" --vault "$WORK/killed" index > /dev/null 2> "$WORK/err"
undo=$(cat "$WORK/time")
after=$(find "$WORK/killed" -name '*.md' | wc -l)
grep -q 'undid an interrupted import-json' "$WORK/err" || { echo "the next command did not say it undid the restore" >&2; exit 1; }
[[ $after == 0 && ! -e $WORK/killed/.brain/journal ]] || { echo "$after notes left after the undo" >&2; exit 1; }
# And the same restore runs again into that folder.
"$BRAIN" import json "$WORK/export-$largest.json" "$WORK/killed" > /dev/null
echo "killed with $left of the files written: the next command removed them all in $undo s; the restore then ran again"

if [[ ${1:-} != --quick ]]; then
    commit=$(cd "$ROOT" && git rev-parse --short HEAD)$( (cd "$ROOT" && git diff --quiet HEAD -- Sources) || echo " (with uncommitted changes)")
    block="Last run $(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) cores; commit $commit; \`bench/import-json.sh\`.

| notes | files written | export | time | peak memory | per 1,000 files |
|---:|---:|---:|---:|---:|---:|
$rows
Killed (SIGKILL) with $left of the $largest-note restore's files written: the next command (\`brain index\`) removed them all in $undo s, leaving no journal, and the same \`brain import json\` then ran again into the folder."
    python3 - "$ROOT/docs/RELIABILITY.md" "$block" <<'PY'
import sys
path, block = sys.argv[1], sys.argv[2]
text = open(path).read()
start = text.index("<!-- import-json:begin -->") + len("<!-- import-json:begin -->\n")
end = text.index("<!-- import-json:end -->")
open(path, "w").write(text[:start] + block.rstrip("\n") + "\n" + text[end:])
PY
    echo "wrote docs/RELIABILITY.md"
fi
