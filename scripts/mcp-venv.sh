#!/usr/bin/env bash
# Installs the Model Context Protocol's Python SDK (PyPI: mcp), whose client the `brain mcp` test
# runs a session with, in a virtual environment at .build/mcp-venv (ignored by git). Idempotent;
# prints the path of its `python` on success.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/pypi-venv.sh
pypi_venv mcp-venv mcp ./python -c 'import mcp.client.stdio'
echo "$PWD/.build/mcp-venv/bin/python"
