#!/usr/bin/env bash
# Installs selenium (PyPI), which the web app's browser tests drive Debian's chromium with
# (through chromium-driver), in a virtual environment at .build/selenium-venv (ignored by git).
# Idempotent; prints the path of its `python` on success.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/pypi-venv.sh
pypi_venv selenium-venv selenium ./python -c 'import selenium'
echo "$PWD/.build/selenium-venv/bin/python"
