#!/usr/bin/env bash
# Installs schemathesis (PyPI), which the server tests run against docs/openapi.yaml, in a
# virtual environment at .build/schemathesis-venv (ignored by git). Idempotent; prints the path
# of its `schemathesis` on success.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/pypi-venv.sh
pypi_venv schemathesis-venv schemathesis ./schemathesis --version
echo "$PWD/.build/schemathesis-venv/bin/schemathesis"
