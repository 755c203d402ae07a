#!/usr/bin/env bash
# Runs every reliability script in turn (see docs/RELIABILITY.md); stops at the first failure.
# Usage: scripts/reliability.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")"
for script in fuzz crash-safety full-disk concurrency paths size; do
    echo "=== scripts/$script.sh ${1:-}"
    "./$script.sh" "$@"
done
