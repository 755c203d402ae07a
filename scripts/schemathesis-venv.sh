#!/usr/bin/env bash
# Installs schemathesis (PyPI), which the server tests run against docs/openapi.yaml, in a
# virtual environment at .build/schemathesis-venv (ignored by git). Idempotent; prints the path
# of its `schemathesis` on success. Installs python3-venv from Debian when the venv module is
# missing and apt-get is there.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/schemathesis-venv
if [ -x "$venv/bin/schemathesis" ] && "$venv/bin/schemathesis" --version >/dev/null 2>&1; then
    echo "$PWD/$venv/bin/schemathesis"
    exit 0
fi
if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    if command -v apt-get >/dev/null; then
        apt-get update -qq >&2 && apt-get install -y -qq python3-venv >&2
    else
        echo "python3 has no venv module and apt-get is not available" >&2
        exit 1
    fi
fi
rm -rf "$venv"
mkdir -p .build
python3 -m venv "$venv" >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check schemathesis >&2
"$venv/bin/schemathesis" --version >&2
echo "$PWD/$venv/bin/schemathesis"
