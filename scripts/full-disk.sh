#!/usr/bin/env bash
# A full disk and a read-only vault: the sample vault on a small tmpfs, filled until only a
# little room is left (none, then a few pages, then more), and every write action run. Each must
# either finish or fail with a clear error ("No space left on device") leaving every file as it
# was: no half-written file, no half-done rename, no journal or temporary file left. Then the
# file system is made read-only: read commands still answer, writes fail with a clear error.
#
# Usage: scripts/full-disk.sh [--quick]   (needs root for mount; installs nothing else)
set -euo pipefail
source "$(dirname "$0")/lib/reliability.sh"

MODE=full
ROOMS=(0 4 8 16 32 64 128 256)      # kB left free before each action
[[ "${1:-}" == "--quick" ]] && { MODE=quick; ROOMS=(0 16 128); }
[[ $(id -u) == 0 ]] || { echo "scripts/full-disk.sh mounts a tmpfs: run it as root" >&2; exit 1; }
ensure python3 python3
WORK=$(work_dir full-disk)
build_release
MOUNT="$WORK/mnt"
mkdir -p "$MOUNT"
cleanup() { umount "$MOUNT" 2>/dev/null || true; }
trap cleanup EXIT

# A tmpfs just large enough for the sample vault, its index and the largest action.
mount -t tmpfs -o size=3m,mode=0755 brain-full-disk "$MOUNT"
VAULT="$MOUNT/vault"

# fill KB: leaves about KB kilobytes free on the tmpfs.
fill() {
    rm -f "$MOUNT/filler"
    local free
    free=$(df -k --output=avail "$MOUNT" | tail -1)
    if (( free > $1 )); then
        dd if=/dev/zero of="$MOUNT/filler" bs=1k count=$(( free - $1 )) 2>/dev/null || true
    fi
    # Top up page by page: tmpfs counts whole pages.
    while (( $(df -k --output=avail "$MOUNT" | tail -1) > $1 )); do
        dd if=/dev/zero bs=1k count=4 2>/dev/null >> "$MOUNT/filler" || break
    done
}

RESULTS="$WORK/results"
: > "$RESULTS"
FAILS=0
echo "== every write action with ${ROOMS[*]} kB left"
for room in "${ROOMS[@]}"; do
    for action in "${WRITE_ACTIONS[@]}"; do
        IFS='|' read -r -a words <<< "$action"
        rm -rf "$VAULT" "$MOUNT/filler"
        cp -a "$SAMPLE" "$VAULT"
        rm -rf "$VAULT/.brain/cache"
        "$BRAIN" --vault "$VAULT" index >/dev/null
        before=$(tree_digest "$VAULT")
        fill "$room"
        status=0
        "$BRAIN" --vault "$VAULT" "${words[@]}" >"$WORK/out" 2>"$WORK/err" || status=$?
        after=$(tree_digest "$VAULT")
        left=$(temporary_files "$VAULT" | wc -l)
        journal=0; [[ -e "$VAULT/.brain/journal" ]] && journal=1
        outcome=""
        if [[ $status == 0 ]]; then
            outcome=done
            [[ "$after" != "$before" ]] || { outcome="FAIL: exit 0 but nothing changed"; }
            [[ $journal == 0 ]] || outcome="FAIL: the journal was left"
        elif [[ $journal == 1 ]] && grep -q 'the next brain command that can write' "$WORK/err"; then
            # Even putting the files back found no room: the error says the next command finishes
            # the change, and the next command with room must, leaving no journal.
            outcome=next
        elif [[ $journal == 1 ]]; then
            outcome="FAIL: the journal was left without saying so: $(head -c 300 "$WORK/err")"
        elif [[ "$after" != "$before" ]]; then
            outcome="FAIL: refused but files changed: $(diff <(echo "$before") <(echo "$after") | head -4 | tr '\n' ' ' || true)"
        elif ! grep -q -e 'No space left on device' -e 'cannot record the change' "$WORK/err"; then
            outcome="FAIL: unclear error: $(head -c 300 "$WORK/err")"
        else
            outcome=refused
        fi
        (( left == 0 )) || outcome="FAIL: $left temporary files left"
        # With room again, the vault works: validate finishes a change left for it, and finds no error.
        rm -f "$MOUNT/filler"
        vstatus=0
        "$BRAIN" --vault "$VAULT" validate >/dev/null 2>"$WORK/validate-err" || vstatus=$?
        if [[ $vstatus != 0 ]]; then outcome="FAIL: validate afterwards (exit $vstatus): $(head -c 200 "$WORK/validate-err")"; fi
        if [[ $outcome == next ]] && ! grep -q 'finished an interrupted' "$WORK/validate-err"; then
            outcome="FAIL: the next command did not finish the change: $(head -c 200 "$WORK/validate-err")"
        fi
        [[ ! -e "$VAULT/.brain/journal" ]] || outcome="FAIL: the journal is still there after the next command"
        [[ "$outcome" == FAIL* ]] && FAILS=$(( FAILS + 1 ))
        printf '%s\t%s\t%s\t%s\n' "$room" "${words[*]//$ROOT\//}" "$outcome" "$(head -1 "$WORK/err")" >> "$RESULTS"
        [[ "$outcome" == FAIL* ]] && printf '   %4s kB  %-50s %s\n' "$room" "${words[*]//$ROOT\//}" "$outcome"
    done
done

echo "== a read-only vault"
rm -rf "$VAULT" "$MOUNT/filler"
cp -a "$SAMPLE" "$VAULT"
rm -rf "$VAULT/.brain/cache"
mount -o remount,ro "$MOUNT"
READONLY="$WORK/readonly"
: > "$READONLY"
before=$(tree_digest "$VAULT")
for command in "today" "stats" "validate" "search|garden" "show|read" "backlinks|read"; do
    IFS='|' read -r -a words <<< "$command"
    status=0
    "$BRAIN" --vault "$VAULT" "${words[@]}" >/dev/null 2>"$WORK/err" || status=$?
    if [[ $status -le 2 ]]; then echo "read ${words[*]//$ROOT\//}	answered" >> "$READONLY"
    else echo "read ${words[*]//$ROOT\//}	FAIL (exit $status): $(head -1 "$WORK/err")" >> "$READONLY"; FAILS=$(( FAILS + 1 )); fi
done
for action in "${WRITE_ACTIONS[@]}"; do
    IFS='|' read -r -a words <<< "$action"
    status=0
    "$BRAIN" --vault "$VAULT" "${words[@]}" >/dev/null 2>"$WORK/err" || status=$?
    if [[ $status != 0 ]] && grep -q 'Read-only file system' "$WORK/err"; then
        echo "write ${words[*]//$ROOT\//}	refused	$(head -1 "$WORK/err")" >> "$READONLY"
    else
        echo "write ${words[*]//$ROOT\//}	FAIL (exit $status): $(head -1 "$WORK/err")" >> "$READONLY"; FAILS=$(( FAILS + 1 ))
    fi
done
[[ "$(tree_digest "$VAULT")" == "$before" ]] || { echo "read-only vault changed" >> "$READONLY"; FAILS=$(( FAILS + 1 )); }
grep FAIL "$READONLY" || true
umount "$MOUNT"
trap - EXIT

SECTION="$WORK/section.md"
python3 - "$RESULTS" "$READONLY" "${#WRITE_ACTIONS[@]}" > "$SECTION" <<'PY'
import sys, collections
results, readonly, actions = sys.argv[1], sys.argv[2], int(sys.argv[3])
by_room = collections.OrderedDict()
errors = collections.Counter()
for line in open(results):
    room, action, outcome, error = (line.rstrip("\n").split("\t") + [""])[:4]
    row = by_room.setdefault(room, [0, 0, 0, 0])
    row[0 if outcome == "done" else 1 if outcome == "refused" else 2 if outcome == "next" else 3] += 1
    if outcome == "refused":
        errors[error.split(": ", 1)[-1] if error.startswith("brain: ") else error] += 1
print("| room left on a 3 MB tmpfs | actions | finished | refused, every file as before | refused, finished by the next command | failures |")
print("|---|---:|---:|---:|---:|---:|")
for room, (done, refused, nxt, failed) in by_room.items():
    print(f"| {room} kB | {done + refused + nxt + failed} | {done} | {refused} | {nxt} | {failed} |")
print()
print("Refusals end with `No space left on device` (the message names the file that could not be written); "
      "none left a temporary file, and `validate` ran afterwards without an error. When even putting the files "
      "back found no room, the message said the next command would finish the change, and `validate`, the next "
      "command, did: no journal was left after it.")
print()
lines = [l.rstrip("\n").split("\t") for l in open(readonly)]
reads = [l for l in lines if l[0].startswith("read ")]
writes = [l for l in lines if l[0].startswith("write ")]
print(f"Read-only vault (tmpfs remounted `ro`): {sum(1 for l in reads if l[1] == 'answered')} of {len(reads)} read commands "
      f"answered (without saving their cache); {sum(1 for l in writes if l[1] == 'refused')} of {len(writes)} write actions "
      f"refused with `Read-only file system`, and no file changed.")
if writes:
    print()
    print(f"For example: `{writes[0][2]}`")
PY
cat "$SECTION"
if [[ $FAILS != 0 ]]; then echo "full-disk: FAIL ($FAILS)"; exit 1; fi
[[ $MODE == full ]] && record_figures full-disk "$SECTION"
echo "full-disk: pass"
