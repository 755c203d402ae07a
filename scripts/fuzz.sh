#!/usr/bin/env bash
# Fuzzing, in two parts, each one `brain` process per input with a time bound (timeout -s KILL)
# and its peak memory measured (/usr/bin/time), two at a time on the two cores. Expects 0 crashes
# and 0 hangs; keeps every failing input under scripts/work/fuzz/failures/ and prints how to
# replay it.
#
# 1. The vault's files: damaged copies of the sample vault's Markdown (bit flips, truncation,
#    invalid UTF-8, NUL bytes, 1 MB lines, deep nesting, 10,000-key front-matter, huge numbers,
#    far dates, CR-only and mixed line endings, broken structure) through `brain index`,
#    `validate`, `today` and `stats`. The mutations are made by the test
#    FuzzTests.writeBatchesForTheScript: the same code that `swift test` fuzzes with in memory.
#    Replay one seed there: BRAIN_FUZZ_SEED=N BRAIN_FUZZ_COUNT=1 swift test --filter mutatedFilesNeverTrapOrHang
# 2. The files and streams brain reads from elsewhere (scripts/lib/fuzz_inputs.py): Loop zips
#    (`import loop`), export JSON (`import json`), Apple Health export.xml and export.zip and
#    .ics calendars (`track --source`), language-server sessions (`lsp`) and base/ours/theirs
#    triples (`merge-driver`). Each starts from a corpus made at run time from real material
#    (bench/loop-export.py, `brain export json` and `export ics` of the sample vault,
#    bench/health-export.py and the shared Health sample, hand-written RRULE/VTIMEZONE calendars,
#    editing sessions over sample notes, sample notes changed on two sides); mutations suited to
#    each (bytes, lines, JSON values, CSV cells re-zipped, XML attributes and records, RRULE
#    parts, messages re-framed with their right Content-Length); a mutation with an outcome not
#    seen before (exit status and first error line) joins the corpus. A failure is kept as
#    scripts/work/fuzz/failures/INPUT-seed-S-N/ with its replay.sh.
#
# Usage: scripts/fuzz.sh [--quick] [--inputs-only] [--seed N] [--mutations N] [--input-runs N]
#   full: 100,000 vault mutations and 500 mutations per input (figures go to docs/RELIABILITY.md,
#   each part between its own markers); --quick: 5,000 and 40; --inputs-only: part 2 alone.
set -euo pipefail
source "$(dirname "$0")/lib/reliability.sh"

MUTATIONS=100000
INPUT_RUNS=500
SEED=1
MODE=full
INPUTS_ONLY=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) MUTATIONS=5000; INPUT_RUNS=40; MODE=quick ;;
        --seed) SEED=$2; shift ;;
        --mutations) MUTATIONS=$2; MODE=custom; shift ;;
        --input-runs) INPUT_RUNS=$2; MODE=custom; shift ;;
        --inputs-only) INPUTS_ONLY=1 ;;
        *) echo "usage: scripts/fuzz.sh [--quick] [--inputs-only] [--seed N] [--mutations N] [--input-runs N]" >&2; exit 64 ;;
    esac
    shift
done
export LIMIT=${FUZZ_LIMIT:-10}   # seconds per command; slower is a hang
FILES=135                        # mutated files per vault: every Markdown file of the sample
CHUNK=40                         # vaults made per call of the generator
export COMMANDS="index|validate|today|stats"
ensure /usr/bin/time time
ensure python3 python3
export WORK
WORK=$(work_dir fuzz)
build_release
if [[ $INPUTS_ONLY == 0 ]]; then
    echo "== building the tests (the mutations come from FuzzTests)"
    (cd "$ROOT" && swift build --build-tests 2>&1 | tail -1)
fi

# run_one VAULT OUT COMMAND...: brain under the time bound; prints "ok", "hang" or "crash STATUS",
# then the seconds and peak kB.
run_one() {
    local vault="$1" out="$2"; shift 2
    local status=0 measured
    /usr/bin/time -f '%e %M' -o "$out.time" timeout -s KILL "$LIMIT" "$BRAIN" --vault "$vault" "$@" >"$out.out" 2>"$out.err" || status=$?
    # The last line: GNU time writes "Command exited with non-zero status N" before it.
    measured=$(tail -1 "$out.time")
    if [[ $status == 137 ]]; then echo "hang $measured"; return; fi
    # 0 success, 1 a refusal with a message, 2 validate found errors, 64 usage: all fine.
    if [[ $status == 0 || $status == 1 || $status == 2 || $status == 64 ]] && ! grep -q -e 'Fatal error' -e 'Program crashed' "$out.err"; then
        echo "ok $measured"
    else
        echo "crash:$status $measured"
    fi
}

# fuzz_vault BATCH: the sample vault with the batch's files over it, every command run once.
# Writes one line per command to BATCH/results: "RESULT SECONDS PEAK_KB COMMAND".
fuzz_vault() {
    local batch="$1" vault="$1.vault" command
    rm -rf "$vault"
    cp -a "$SAMPLE" "$vault"
    rm -rf "$vault/.brain/cache"
    cp -a "$batch/." "$vault/"
    rm -f "$vault/seeds"
    : > "$batch.results"
    IFS='|' read -r -a commands <<< "$COMMANDS"
    for command in "${commands[@]}"; do
        read -r -a words <<< "$command"
        echo "$(run_one "$vault" "$batch.run" "${words[@]}") $command" >> "$batch.results"
    done
    rm -rf "$vault" "$batch.run".*
}
export -f run_one fuzz_vault
export BRAIN SAMPLE

# bisect BATCH COMMAND...: the mutated files that alone reproduce a failure, kept with their seed.
bisect() {
    local batch="$1"; shift
    local seed path kinds vault result found=0
    while read -r seed path kinds; do
        vault="$WORK/failures/seed-$seed"
        fresh_vault "$vault"
        mkdir -p "$(dirname "$vault/$path")"
        cp "$batch/$path" "$vault/$path"
        result=$(run_one "$vault" "$WORK/bisect" "$@")
        if [[ "$result" == ok* ]]; then
            rm -rf "$vault"
        else
            found=1
            echo "FAILURE seed $seed ($path; $kinds): brain $* → ${result%% *}; vault kept in scripts/work/fuzz/failures/seed-$seed" | tee -a "$WORK/failures.txt"
        fi
    done < "$batch/seeds"
    if [[ $found == 0 ]]; then
        local first
        first=$(awk 'NR == 1 { print $1 }' "$batch/seeds")
        cp -a "$batch" "$WORK/failures/batch-$first"
        echo "FAILURE vault from seed $first: brain $* fails only with several files together; kept in scripts/work/fuzz/failures/batch-$first" | tee -a "$WORK/failures.txt"
    fi
}

BATCHES=$(( (MUTATIONS + FILES - 1) / FILES ))
START=$(date +%s%N)
RUNS=0; CRASHES=0; HANGS=0; MUTATED=0; SLOWEST=0; SLOWEST_WHAT=""; PEAK=0; PEAK_WHAT=""
mkdir -p "$WORK/failures"
: > "$WORK/failures.txt"
# generate K: writes chunk K's vaults to $WORK/chunk-K (in the background while the last one runs).
generate() {
    local chunk="$1" first=$(( $1 * CHUNK ))
    local count=$(( BATCHES - first < CHUNK ? BATCHES - first : CHUNK ))
    rm -rf "$WORK/chunk-$chunk"
    (cd "$ROOT" && BRAIN_FUZZ_WRITE="$WORK/chunk-$chunk" BRAIN_FUZZ_BATCHES=$count BRAIN_FUZZ_FILES=$FILES \
        BRAIN_FUZZ_SEED=$(( SEED + first * FILES )) swift test --skip-build --filter writeBatchesForTheScript >/dev/null 2>&1) \
        || { echo "the generator failed (swift test --filter writeBatchesForTheScript)" >&2; return 1; }
}

if [[ $INPUTS_ONLY == 0 ]]; then
    echo "== fuzzing: $MUTATIONS mutations from seed $SEED, $FILES per vault, $LIMIT s per command, 2 vaults at a time"
    CHUNKS=$(( (BATCHES + CHUNK - 1) / CHUNK ))
    generate 0
    for (( chunk = 0; chunk < CHUNKS; chunk++ )); do
        next=""
        if (( chunk + 1 < CHUNKS )); then generate $(( chunk + 1 )) & next=$!; fi
        find "$WORK/chunk-$chunk" -mindepth 1 -maxdepth 1 -type d -name 'batch-*' -print0 | xargs -0 -P 2 -I{} bash -c 'fuzz_vault "$1"' _ {}
        for dir in "$WORK/chunk-$chunk"/batch-*; do
            [[ -d "$dir" ]] || continue
            MUTATED=$(( MUTATED + $(wc -l < "$dir/seeds") ))
            while read -r result elapsed peak command; do
                RUNS=$(( RUNS + 1 ))
                if awk -v a="$elapsed" -v b="$SLOWEST" 'BEGIN { exit !(a > b) }'; then SLOWEST=$elapsed; SLOWEST_WHAT="$command"; fi
                if (( peak > PEAK )); then PEAK=$peak; PEAK_WHAT="$command"; fi
                read -r -a words <<< "$command"
                case "$result" in
                    ok) ;;
                    hang) HANGS=$(( HANGS + 1 )); bisect "$dir" "${words[@]}" ;;
                    *) CRASHES=$(( CRASHES + 1 )); bisect "$dir" "${words[@]}" ;;
                esac
            done < "$dir.results"
        done
        rm -rf "$WORK/chunk-$chunk"
        [[ -n "$next" ]] && { wait "$next" || exit 1; }
        echo "   $MUTATED mutations, $RUNS runs, $CRASHES crashes, $HANGS hangs ($(seconds_since "$START") s)"
    done
fi
ELAPSED=$(seconds_since "$START")

# Part 2: the other inputs, each a growing corpus (scripts/lib/fuzz_inputs.py). The budget keeps a
# slow machine's full run within its 15 minutes: an input stops early when it is spent.
echo "== fuzzing the other inputs: $INPUT_RUNS mutations each from seed $SEED, $LIMIT s per run, 2 at a time"
INPUT_START=$(date +%s%N)
INPUT_STATUS=0
python3 "$ROOT/scripts/lib/fuzz_inputs.py" --brain "$BRAIN" --root "$ROOT" --work "$WORK/inputs" \
    --runs "$INPUT_RUNS" --seed "$SEED" --limit "$LIMIT" --budget "${FUZZ_INPUT_BUDGET:-55}" \
    --failures "$WORK/failures" --section "$WORK/inputs.md" || INPUT_STATUS=$?
INPUT_ELAPSED=$(seconds_since "$INPUT_START")
[[ -f "$WORK/inputs.md" ]] || { echo "the input fuzzer stopped (status $INPUT_STATUS)" >&2; exit 1; }

SECTION="$WORK/section.md"
{
    echo "| measure | result |"
    echo "|---|---:|"
    echo "| mutated files (seeds $SEED to $(( SEED + MUTATED - 1 ))) | $MUTATED |"
    echo "| brain runs (index, validate, today, stats on each vault of $FILES mutated files) | $RUNS |"
    echo "| crashes | $CRASHES |"
    echo "| hangs (over $LIMIT s) | $HANGS |"
    echo "| slowest run | $SLOWEST s (\`brain $SLOWEST_WHAT\`) |"
    echo "| largest peak memory | $(( PEAK / 1024 )) MB (\`brain $PEAK_WHAT\`) |"
    echo "| wall time | $ELAPSED s |"
} > "$SECTION"
INPUT_SECTION="$WORK/inputs-section.md"
{
    echo "Seed $SEED, up to $INPUT_RUNS mutations of each input after its seeds, $LIMIT s per run, 2 at a time; $INPUT_ELAPSED s in all."
    echo
    cat "$WORK/inputs.md"
} > "$INPUT_SECTION"
[[ $INPUTS_ONLY == 0 ]] && { echo "The vault's files:"; cat "$SECTION"; echo; }
echo "The other inputs:"
cat "$INPUT_SECTION"
INPUT_FAILURES=$( [[ -f "$WORK/inputs/failures.txt" ]] && wc -l < "$WORK/inputs/failures.txt" || echo 0 )
if [[ $CRASHES != 0 || $HANGS != 0 || $INPUT_STATUS != 0 ]]; then
    cat "$WORK/failures.txt"
    [[ -f "$WORK/inputs/failures.txt" ]] && cat "$WORK/inputs/failures.txt"
    echo "fuzz: FAIL ($CRASHES crashes, $HANGS hangs in the vault's files; $INPUT_FAILURES failing inputs)"
    exit 1
fi
# The document keeps the full run's figures; other runs only print theirs.
if [[ $MODE == full ]]; then
    [[ $INPUTS_ONLY == 0 ]] && record_figures fuzz "$SECTION"
    options=""
    [[ $INPUTS_ONLY == 1 ]] && options="--inputs-only"
    record_figures fuzz "$INPUT_SECTION" "$options" fuzz-inputs
fi
echo "fuzz: pass"
