#!/usr/bin/env bash
# Crash safety: every write action is started on a copy of the sample vault and killed with
# SIGKILL at a random moment, hundreds of times. After the next command the vault must be
# exactly as before the action or exactly as after it (every file old or new, never torn; a
# multi-file change all or nothing), no temporary file may be left once the next write has run,
# the lock must be free, and the index cache must answer as a rebuilt one does.
#
# Usage: scripts/crash-safety.sh [--quick] [--trials N]   (full: 1,000 trials; --quick: 60)
set -euo pipefail
source "$(dirname "$0")/lib/reliability.sh"

TRIALS=1000
MODE=full
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) TRIALS=60; MODE=quick ;;
        --trials) TRIALS=$2; MODE=custom; shift ;;
        *) echo "usage: scripts/crash-safety.sh [--quick] [--trials N]" >&2; exit 64 ;;
    esac
    shift
done
ensure python3 python3
ensure flock util-linux
export WORK
WORK=$(work_dir crash-safety)
build_release

ACTIONS=("${WRITE_ACTIONS[@]}")
export ACTIONS_TEXT
ACTIONS_TEXT=$(printf '%s\n' "${ACTIONS[@]}")

# The vault every trial starts from: the sample with its index built.
BASE="$WORK/base"
fresh_vault "$BASE"
"$BRAIN" --vault "$BASE" index >/dev/null
OLD=$(tree_digest "$BASE" | sha1sum | cut -c1-40)

# For each action: the vault after it ran to the end, and how long it took (the kill window).
echo "== the result of each action run to the end"
for (( a = 0; a < ${#ACTIONS[@]}; a++ )); do
    IFS='|' read -r -a words <<< "${ACTIONS[$a]}"
    vault="$WORK/done-$a"
    rm -rf "$vault"; cp -a "$BASE" "$vault"
    start=$(date +%s%N)
    "$BRAIN" --vault "$vault" "${words[@]}" >/dev/null 2>"$WORK/err" || { echo "action failed: ${words[*]}: $(cat "$WORK/err")" >&2; exit 1; }
    took=$(( ($(date +%s%N) - start) / 1000000 ))
    tree_digest "$vault" | sha1sum | cut -c1-40 > "$WORK/new-$a"
    echo "$took" > "$WORK/ms-$a"
    [[ "$(cat "$WORK/new-$a")" != "$OLD" ]] || { echo "action changed nothing: ${words[*]}" >&2; exit 1; }
    printf '   %-55s %4d ms\n' "${words[*]//$ROOT\//}" "$took"
    rm -rf "$vault"
done
export BASE OLD BRAIN

# answers VAULT: what the read commands say (the cache in use).
answers() {
    "$BRAIN" --vault "$1" validate 2>/dev/null || true
    "$BRAIN" --vault "$1" list --json 2>/dev/null
    "$BRAIN" --vault "$1" stats --json 2>/dev/null
    "$BRAIN" --vault "$1" backlinks read-20-pages --json 2>/dev/null || true
}

# trial N: one action killed at a random moment; prints one result line.
trial() {
    local n="$1" vault="$WORK/trial-$1" a words delay took result
    RANDOM=$n
    a=$(( RANDOM % $(wc -l <<< "$ACTIONS_TEXT") ))
    IFS='|' read -r -a words <<< "$(sed -n "$(( a + 1 ))p" <<< "$ACTIONS_TEXT")"
    took=$(cat "$WORK/ms-$a")
    # In microseconds: half the trials anywhere from the start to a little after the usual end,
    # half in the last part of the run, where the files are written.
    if (( n % 2 == 0 )); then
        delay=$(( (RANDOM * 32768 + RANDOM) % ((took * 13 / 10 + 5) * 1000) ))
    else
        delay=$(( took * 600 + (RANDOM * 32768 + RANDOM) % ((took * 5 / 10 + 5) * 1000) ))
    fi
    rm -rf "$vault"; cp -a "$BASE" "$vault"
    "$BRAIN" --vault "$vault" "${words[@]}" >/dev/null 2>&1 &
    local pid=$!
    sleep "$(awk -v d="$delay" 'BEGIN { printf "%.6f", d / 1e6 }')"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    local journal=0 temporaries
    [[ -e "$vault/.brain/journal" ]] && journal=1
    temporaries=$(temporary_files "$vault" | wc -l)
    # The next command: a read, which finishes an interrupted change.
    "$BRAIN" --vault "$vault" index >/dev/null 2>&1 || { echo "FAIL $n ${words[0]}: index failed after the kill"; return; }
    local digest state
    digest=$(tree_digest "$vault" | sha1sum | cut -c1-40)
    if [[ "$digest" == "$OLD" ]]; then state=old
    elif [[ "$digest" == "$(cat "$WORK/new-$a")" ]]; then state=new
    else
        cp -a "$vault" "$WORK/torn-$n"
        echo "FAIL $n ${words[*]}: the vault is neither before nor after (kept in scripts/work/crash-safety/torn-$n)"; return
    fi
    [[ -e "$vault/.brain/journal" ]] && { echo "FAIL $n ${words[0]}: the journal is still there"; return; }
    # The lock is free, and the next write clears what the killed one left.
    if ! flock -n "$vault/.brain/cache/lock" true 2>/dev/null && [[ -e "$vault/.brain/cache/lock" ]]; then
        echo "FAIL $n ${words[0]}: the lock is held"; return
    fi
    timeout 20 "$BRAIN" --vault "$vault" unpin walk >/dev/null 2>&1 || { echo "FAIL $n ${words[0]}: a write after the kill failed"; return; }
    local left
    left=$(temporary_files "$vault" | wc -l)
    (( left == 0 )) || { echo "FAIL $n ${words[0]}: $left temporary files left: $(temporary_files "$vault" | head -3)"; return; }
    # The cache answers as a rebuilt one.
    local cached rebuilt
    cached=$(answers "$vault" | sha1sum)
    rm -rf "$vault/.brain/cache"
    rebuilt=$(answers "$vault" | sha1sum)
    [[ "$cached" == "$rebuilt" ]] || { echo "FAIL $n ${words[0]}: the cache answers differently from a rebuilt one"; return; }
    rm -rf "$vault"
    echo "ok $n $a $state $journal $temporaries $delay"
}
export -f trial answers tree_digest temporary_files

echo "== $TRIALS trials, each an action killed at a random moment, 2 at a time"
START=$(date +%s%N)
seq 1 "$TRIALS" | xargs -P 2 -I{} bash -c 'trial "$1"' _ {} > "$WORK/results"
ELAPSED=$(seconds_since "$START")
grep '^FAIL' "$WORK/results" || true
FAILS=$(grep -c '^FAIL' "$WORK/results" || true)

SECTION="$WORK/section.md"
python3 - "$WORK/results" "$TRIALS" "$ELAPSED" "$FAILS" "${ACTIONS_TEXT//$ROOT\//}" > "$SECTION" <<'PY'
import sys, collections
results, trials, elapsed, fails, actions = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5].split("\n")
rows = collections.OrderedDict((i, [0, 0, 0, 0, 0]) for i in range(len(actions)))
for line in open(results):
    parts = line.split()
    if parts[0] != "ok":
        continue
    a, state, journal, temporaries = int(parts[2]), parts[3], int(parts[4]), int(parts[5])
    row = rows[a]
    row[0] += 1
    row[1 if state == "old" else 2] += 1
    row[3] += journal
    row[4] += 1 if temporaries else 0
print("| action (killed with SIGKILL) | trials | found as before | found as after | journal finished | temporary files cleared |")
print("|---|---:|---:|---:|---:|---:|")
total = [0, 0, 0, 0, 0]
for a, row in rows.items():
    total = [x + y for x, y in zip(total, row)]
    print(f"| `brain {' '.join(actions[a].split('|'))}` | {row[0]} | {row[1]} | {row[2]} | {row[3]} | {row[4]} |")
print(f"| **all** | **{total[0]}** | **{total[1]}** | **{total[2]}** | **{total[3]}** | **{total[4]}** |")
print()
print(f"{trials} trials, {fails} failures (a vault neither before nor after, a journal or temporary file left, "
      f"the lock held, or a cache answering unlike a rebuilt one); {elapsed} s on 2 workers.")
PY
cat "$SECTION"
if [[ $FAILS != 0 ]]; then echo "crash-safety: FAIL"; exit 1; fi
[[ $MODE == full ]] && record_figures crash-safety "$SECTION"
echo "crash-safety: pass"
