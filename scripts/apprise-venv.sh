#!/usr/bin/env bash
# Installs Apprise (PyPI), which the reminder tests run as `brain remind`'s command notifier to
# its json:// target, in a virtual environment at .build/apprise-venv (ignored by git).
# Idempotent; prints the path of its `apprise` on success.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/pypi-venv.sh
pypi_venv apprise-venv apprise ./apprise --version
echo "$PWD/.build/apprise-venv/bin/apprise"
