#!/usr/bin/env bash
# Concurrency: 50 brain processes started at once on one vault, every kind of write action among
# them (so every pair of actions runs side by side), rename beside done included. Each action's
# effect must be in the vault afterwards, on the right file: nothing lost (five processes adding
# to one value add up), nothing misattributed (a check-off of a habit renamed meanwhile lands on
# the renamed habit), and validate finds no error.
#
# Usage: scripts/concurrency.sh [--quick] [--rounds N]   (full: 40 rounds; --quick: 3)
set -euo pipefail
source "$(dirname "$0")/lib/reliability.sh"

ROUNDS=40
MODE=full
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) ROUNDS=3; MODE=quick ;;
        --rounds) ROUNDS=$2; MODE=custom; shift ;;
        *) echo "usage: scripts/concurrency.sh [--quick] [--rounds N]" >&2; exit 64 ;;
    esac
    shift
done
ensure python3 python3
WORK=$(work_dir concurrency)
build_release

# The 50 command lines of a round (fields separated by |); check() below knows what each must leave.
PLAN=(
    "done|call-family|--date|2026-09-01" "done|coffee|1|--date|2026-09-01" "done|drink-water|--date|2026-09-01"
    "done|journal|--date|2026-09-01" "done|meditate|--date|2026-09-01" "done|no-doomscrolling|--date|2026-09-01"
    "done|review-budget|--date|2026-09-01" "done|spanish|10|--date|2026-09-01" "done|strength|--date|2026-09-01"
    "done|walk|8000|--date|2026-09-01" "done|write|100|--date|2026-09-01"
    "done|read|20|--date|2026-09-01" "skip|run|rain|--date|2026-09-01"
    "done|read|1|--add|--date|2026-09-02" "done|read|1|--add|--date|2026-09-02" "done|read|1|--add|--date|2026-09-02"
    "done|read|1|--add|--date|2026-09-02" "done|read|1|--add|--date|2026-09-02"
    "goal|progress|emergency-fund|+1" "goal|progress|emergency-fund|+1" "goal|progress|emergency-fund|+1"
    "goal|progress|emergency-fund|+1" "goal|progress|emergency-fund|+1"
    "pin|couch-to-5k-plan" "pin|deep-work-review" "pin|tiny-habits" "pin|spanish-phrases" "pin|novel-ideas"
    "new|note|Concurrent 1" "new|note|Concurrent 2" "new|note|Concurrent 3" "new|note|Concurrent 4" "new|note|Concurrent 5"
    "edit|budget-categories|--force|--set|key-1=one" "edit|budget-categories|--force|--set|key-2=two" "edit|budget-categories|--force|--set|key-3=three"
    "edit|budget-categories|--force|--set|key-4=four" "edit|budget-categories|--force|--set|key-5=five"
    "rename|read|Read more"
    "checkin|morning|--mood|4|--energy|3|--date|2026-09-03" "checkin|evening|--mood|3|--reflection|Late night|--date|2026-09-03"
    "rest|--date|2026-09-04|--reason|flu"
    "archive|guitar" "done|guitar|--date|2026-11-22"
    "rename|atomic-habits|Atomic book"
    "goal|tick|run-5k|5" "unpin|how-i-use-brain" "review|week|--write" "delete|zk" "new|goal|Concurrent goal"
)
(( ${#PLAN[@]} == 50 )) || { echo "the plan has ${#PLAN[@]} commands, not 50" >&2; exit 1; }

FAILS=0
START=$(date +%s%N)
for (( round = 1; round <= ROUNDS; round++ )); do
    vault="$WORK/round-$round"
    fresh_vault "$vault"
    "$BRAIN" --vault "$vault" index >/dev/null
    # A different start order each round.
    mapfile -t order < <(seq 0 49 | python3 -c "import random, sys; r = random.Random($round); l = sys.stdin.read().split(); r.shuffle(l); print('\n'.join(l))")
    pids=()
    for i in "${order[@]}"; do
        IFS='|' read -r -a words <<< "${PLAN[$i]}"
        ( status=0; "$BRAIN" --vault "$vault" "${words[@]}" >"$WORK/out-$i" 2>"$WORK/err-$i" || status=$?; echo "$status" > "$WORK/status-$i" ) &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
    for i in $(seq 0 49); do
        echo "$(cat "$WORK/status-$i")	${PLAN[$i]}	$(head -1 "$WORK/err-$i")"
    done > "$WORK/statuses-$round"
    "$BRAIN" --vault "$vault" validate > "$WORK/validate-$round" 2>&1 || true
    if python3 - "$vault" "$WORK/statuses-$round" "$WORK/validate-$round" > "$WORK/check-$round" <<'PY'
import os, re, sys
vault, statuses, validate = sys.argv[1], sys.argv[2], sys.argv[3]
problems = []
def read(path):
    try:
        return open(os.path.join(vault, path), encoding="utf-8").read()
    except FileNotFoundError:
        return None
def lines_of(path, habit):
    text = read(path) or ""
    return [l for l in text.splitlines() if re.match(r"\s*[-*+] \[[ xX-]\] \[\[" + re.escape(habit) + r"(\||\]\])", l)]
runs = [l.rstrip("\n").split("\t") for l in open(statuses)]
for status, command, error in runs:
    allowed = status == "0" or (command.startswith("done|guitar") and status == "1")
    if not allowed:
        problems.append(f"exit {status}: {command.replace('|', ' ')}: {error}")
day1 = "daily/2026-09-01.md"
expected = {"call-family": None, "coffee": 1, "drink-water": None, "journal": None, "meditate": None, "no-doomscrolling": None,
            "review-budget": None, "spanish": 10, "strength": None, "walk": 8000, "write": 100}
for habit, value in expected.items():
    found = lines_of(day1, habit)
    if len(found) != 1:
        problems.append(f"{day1}: {len(found)} lines for {habit}")
    elif value is not None and not re.search(rf"\]\] {value}\b", found[0]):
        problems.append(f"{day1}: {found[0]!r} lacks {value}")
if lines_of(day1, "read") or lines_of("daily/2026-09-02.md", "read"):
    problems.append("a line still names [[read]] after the rename")
reads = lines_of(day1, "read-more")
if len(reads) != 1 or " 20 " not in reads[0] + " ":
    problems.append(f"{day1}: the check-off of read is {reads}")
added = lines_of("daily/2026-09-02.md", "read-more")
if len(added) != 1 or not re.search(r"\]\] 5 pages", added[0]):
    problems.append(f"five additions of 1 page: {added}")
if not any("[-]" in l for l in lines_of(day1, "run")):
    problems.append("run not skipped")
fund = read("goals/emergency-fund.md") or ""
if "current: 1855" not in fund:
    problems.append("emergency-fund: five additions of 1 to 1850 do not make 1855: " + (re.search(r"current: .*", fund) or [""])[0])
for note in ["couch-to-5k-plan", "deep-work-review", "tiny-habits", "spanish-phrases", "novel-ideas"]:
    if "pinned: true" not in (read(f"notes/{note}.md") or ""):
        problems.append(f"notes/{note}.md not pinned")
for n in range(1, 6):
    if read(f"notes/concurrent-{n}.md") is None:
        problems.append(f"notes/concurrent-{n}.md missing")
budget = read("notes/budget-categories.md") or ""
for n, word in enumerate(["one", "two", "three", "four", "five"], 1):
    if f"key-{n}: {word}" not in budget:
        problems.append(f"notes/budget-categories.md lost key-{n}")
if read("habits/read-more.md") is None or read("habits/read.md") is not None:
    problems.append("rename of read incomplete")
day3 = read("daily/2026-09-03.md") or ""
for wanted in ["mood: 4", "energy: 3", "evening-mood: 3", "Late night"]:
    if wanted not in day3:
        problems.append(f"daily/2026-09-03.md lacks {wanted!r}")
if "rest: true" not in (read("daily/2026-09-04.md") or ""):
    problems.append("rest day lost")
if "status: archived" not in (read("habits/guitar.md") or ""):
    problems.append("guitar not archived")
guitar_status = [s for s, c, e in runs if c.startswith("done|guitar")][0]
if guitar_status == "0" and not lines_of("daily/2026-11-22.md", "guitar"):
    problems.append("done guitar said yes but wrote nothing")
if read("notes/atomic-book.md") is None or read("notes/atomic-habits.md") is not None:
    problems.append("rename of atomic-habits incomplete")
for root, _, files in os.walk(vault):
    if "/.brain" in root:
        continue
    for name in files:
        if name.endswith(".md") and re.search(r"\[\[atomic-habits(\||\]\]|#)", open(os.path.join(root, name), encoding="utf-8", errors="replace").read()):
            problems.append(f"{name} still links to atomic-habits")
if "- [x] Run 5 km in one go" not in (read("goals/run-5k.md") or "") and "- [x]" not in (read("goals/run-5k.md") or "").splitlines()[28:29]:
    ticked = [l for l in (read("goals/run-5k.md") or "").splitlines() if l.startswith("- [")]
    if len(ticked) < 5 or not ticked[4].startswith("- [x]"):
        problems.append("milestone 5 of run-5k not ticked")
if "pinned" in (read("notes/how-i-use-brain.md") or "").split("---")[1]:
    problems.append("how-i-use-brain still pinned")
if read("notes/zk.md") is not None:
    problems.append("zk not deleted")
if read("goals/concurrent-goal.md") is None:
    problems.append("goals/concurrent-goal.md missing")
errors = [l for l in open(validate) if ": error: " in l]
if errors:
    problems.append(f"validate: {len(errors)} errors, first {errors[0].strip()}")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
    then
        rm -rf "$vault"
        printf '   round %2d: 50 processes, every effect in place\n' "$round"
    else
        FAILS=$(( FAILS + 1 ))
        printf '   round %2d: FAIL (vault kept in scripts/work/concurrency/round-%d)\n' "$round" "$round"
        sed 's/^/      /' "$WORK/check-$round"
    fi
done
ELAPSED=$(seconds_since "$START")
rm -f "$WORK"/out-* "$WORK"/err-* "$WORK"/status-*

SECTION="$WORK/section.md"
{
    echo "| measure | result |"
    echo "|---|---:|"
    echo "| rounds of 50 processes started at once | $ROUNDS |"
    echo "| processes | $(( ROUNDS * 50 )) |"
    echo "| kinds of write action in each round (every pair side by side) | 15 |"
    echo "| rounds with an effect lost, misattributed or a validate error | $FAILS |"
    echo "| wall time | $ELAPSED s |"
    echo
    echo "Each round: 11 check-offs and a skip on one new day, \`done read 20\` beside \`rename read \"Read more\"\`,"
    echo "five \`done read 1 --add\` on one day (must add up to 5), five \`goal progress +1\` on one goal (must"
    echo "add up to +5), five \`edit --set\` of different keys on one note (all five kept), five pins, five"
    echo "new notes, a morning and an evening check-in of one day, a rest day, \`archive guitar\` beside"
    echo "\`done guitar\`, a rename of a linked note, a milestone tick, an unpin, a review note, a delete"
    echo "and a new goal."
} > "$SECTION"
cat "$SECTION"
if [[ $FAILS != 0 ]]; then echo "concurrency: FAIL"; exit 1; fi
[[ $MODE == full ]] && record_figures concurrency "$SECTION"
echo "concurrency: pass"
