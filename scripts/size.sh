#!/usr/bin/env bash
# Size: the sample vault with a 100 MB note, a daily file of 1,000,000 lines and a note whose
# front-matter has 100,000 keys; every command that reads or edits them must finish within a
# time and a memory bound (20 s and 1 GB each on this 2-core machine).
#
# Usage: scripts/size.sh [--quick]   (--quick: a 10 MB note, 100,000 lines, 10,000 keys)
set -euo pipefail
source "$(dirname "$0")/lib/reliability.sh"

MODE=full
NOTE_MB=100; DAILY_LINES=1000000; KEYS=100000
[[ "${1:-}" == "--quick" ]] && { MODE=quick; NOTE_MB=10; DAILY_LINES=100000; KEYS=10000; }
TIME_LIMIT=20          # seconds per command
MEMORY_LIMIT=1024      # MB per command
ensure /usr/bin/time time
ensure python3 python3
WORK=$(work_dir size)
build_release

VAULT="$WORK/vault"
fresh_vault "$VAULT"
echo "== writing a $NOTE_MB MB note, a daily file of $DAILY_LINES lines, a front-matter of $KEYS keys"
python3 - "$VAULT" "$NOTE_MB" "$DAILY_LINES" "$KEYS" <<'PY'
import random, sys
vault, megabytes, daily_lines, keys = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
random.seed(11)
words = "alpha beta gamma delta garden river window station bridge letter".split()
with open(f"{vault}/notes/huge.md", "w") as out:
    out.write("---\ntitle: Huge\n---\n")
    size, i = 0, 0
    while size < megabytes * 1024 * 1024:
        line = " ".join(random.choice(words) for _ in range(12))
        if i % 7 == 0: line += " [[read]]"
        if i % 11 == 0: line += f" #tag{i % 50}"
        if i % 13 == 0: line = "- [ ] task " + line
        out.write(line + "\n"); size += len(line) + 1; i += 1
habits = ["read", "run", "walk", "meditate", "journal", "spanish", "coffee", "write"]
with open(f"{vault}/daily/2026-11-21.md", "w") as out:
    out.write("---\ndate: 2026-11-21\nmood: 3\n---\n## Habits\n")
    for i in range(daily_lines - 5):
        out.write(f"- [x] [[{habits[i % 8]}]] {i % 50} note {i}\n" if i % 3 else f"Line {i} with a #tag and [[atomic-habits]]\n")
with open(f"{vault}/notes/keys.md", "w") as out:
    out.write("---\ntitle: Keys\ntype: note\n")
    for i in range(keys):
        out.write(f"k{i}: value {i}\n")
    out.write("---\nbody\n")
PY

COMMANDS=(
    "index (cold)|index" "index (no change)|index" "validate|validate" "today|today" "stats|stats"
    "show the large note --json|show|huge|--json" "show the 100,000-key note --json|show|keys|--json"
    "search|search|garden" "backlinks|backlinks|atomic-habits"
    "pin the large note|pin|huge" "done on the long day|done|read|5|--date|2026-11-21"
    "edit a key among 100,000|edit|keys|--force|--set|k5=changed" "rename the large note|rename|huge|Huge note"
)
ROWS="$WORK/rows"
: > "$ROWS"
FAILS=0
for entry in "${COMMANDS[@]}"; do
    IFS='|' read -r -a words <<< "$entry"
    label=${words[0]}; words=("${words[@]:1}")
    [[ "$label" == "index (cold)" ]] && rm -rf "$VAULT/.brain/cache"
    status=0
    /usr/bin/time -f '%e %M' -o "$WORK/time" timeout -s KILL $(( TIME_LIMIT * 3 )) "$BRAIN" --vault "$VAULT" "${words[@]}" >/dev/null 2>"$WORK/err" || status=$?
    read -r seconds kilobytes <<< "$(tail -1 "$WORK/time")"
    megabytes=$(( kilobytes / 1024 ))
    result=pass
    if [[ $status != 0 && $status != 2 ]]; then result="**fail** (exit $status: $(head -1 "$WORK/err"))"
    elif awk -v s="$seconds" -v l="$TIME_LIMIT" 'BEGIN { exit !(s > l) }'; then result="**fail** (time)"
    elif (( megabytes > MEMORY_LIMIT )); then result="**fail** (memory)"; fi
    [[ $result == pass ]] || FAILS=$(( FAILS + 1 ))
    printf '| %s | `brain %s` | %s s | %s MB | %s |\n' "$label" "${words[*]}" "$seconds" "$megabytes" "$result" >> "$ROWS"
    printf '   %-40s %6s s %6s MB  %s\n' "$label" "$seconds" "$megabytes" "$result"
done

SECTION="$WORK/section.md"
{
    echo "Files: a $NOTE_MB MB note (1.3 million lines per 100 MB, a link every 7 lines), a daily file of"
    echo "$(printf "%'d" "$DAILY_LINES") lines (two thirds habit lines), a note with $(printf "%'d" "$KEYS") front-matter keys; the rest is the sample vault."
    echo "Bounds: $TIME_LIMIT s and $MEMORY_LIMIT MB per command (peak resident memory, \`/usr/bin/time\`)."
    echo
    echo "| what | command | time | peak memory | result |"
    echo "|---|---|---:|---:|---|"
    cat "$ROWS"
} > "$SECTION"
cat "$SECTION"
if [[ $FAILS != 0 ]]; then echo "size: FAIL"; exit 1; fi
[[ $MODE == full ]] && record_figures size "$SECTION"
echo "size: pass"
