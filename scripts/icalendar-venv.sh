#!/usr/bin/env bash
# Installs the real iCalendar parser the calendar tests check `brain export ics` with: the
# `icalendar` package from PyPI, in a virtual environment at .build/icalendar-venv (ignored by
# git). Idempotent; prints the environment's python on success.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/pypi-venv.sh
pypi_venv icalendar-venv icalendar ./python -c 'import icalendar'
echo "$PWD/.build/icalendar-venv/bin/python"
