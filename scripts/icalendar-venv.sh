#!/usr/bin/env bash
# Installs the real iCalendar parsers the calendar tests check Brain with: `icalendar` (it parses
# `brain export ics`) and `recurring_ical_events` (it expands recurring events, over icalendar and
# python-dateutil; the calendar agreement test counts days with it), both from PyPI, in a virtual
# environment at .build/icalendar-venv (ignored by git). Both packages ship their own test suites'
# calendars, which the agreement test also reads from there. Idempotent; prints the environment's
# python on success.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/pypi-venv.sh
pypi_venv icalendar-venv "icalendar recurring_ical_events" ./python -c 'import icalendar, recurring_ical_events'
echo "$PWD/.build/icalendar-venv/bin/python"
