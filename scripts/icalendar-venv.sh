#!/usr/bin/env bash
# Installs the real iCalendar parser the calendar tests check `brain export ics` with: the
# `icalendar` package from PyPI, in a virtual environment at .build/icalendar-venv (ignored by
# git). Idempotent; prints the environment's python on success. Installs python3-venv from
# Debian when the venv module is missing and apt-get is there.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/icalendar-venv
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import icalendar' 2>/dev/null; then
    echo "$PWD/$venv/bin/python"
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
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check icalendar >&2
"$venv/bin/python" -c 'import icalendar' >&2
echo "$PWD/$venv/bin/python"
