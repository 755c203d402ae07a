#!/usr/bin/env bash
# Regenerates the response schemas in docs/openapi.yaml (between the `schemas:begin` and
# `schemas:end` comments) from what the API answers: it starts `brain serve` on a copy of the
# sample vault, asks every read route for many days, habits, goals and notes, makes each write
# once, and writes the JSON Schema every answer fits (keys always present are required; a value
# seen as null is nullable). Review the diff. ServeOpenAPITests checks answers against it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product brain >/dev/null
exec python3 scripts/lib/openapi_schemas.py .build/debug/brain docs/openapi.yaml
