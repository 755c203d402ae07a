#!/bin/sh
# Writes the momentum fairness table of docs/ANALYTICS.md (section 5) from the numbers of
# Tests/BrainKitTests/Analytics/MomentumFairnessTests.swift: every frequency kind kept at pace,
# 7 days after a missed completion, and stopped. Run from the repository after a build.
set -e
cd "$(dirname "$0")/.."
swift build --build-tests
BRAIN_RECORD=1 swift test --skip-build --filter MomentumFairnessTests/theDocCarriesTheTable
git diff --stat docs/ANALYTICS.md
