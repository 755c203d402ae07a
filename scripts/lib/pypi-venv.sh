# pypi_venv NAME PACKAGES CHECK...: a virtual environment at .build/NAME with PACKAGES (names
# separated by spaces) from PyPI, made once; CHECK (run in the environment's bin/) must succeed,
# before and after installing.
# Installs python3-venv from Debian when the venv module is missing and apt-get is there. Run from
# the repository's root; prints nothing but errors (on standard error).
pypi_venv() {
    local venv=.build/$1 package=$2
    shift 2
    if [ -x "$venv/bin/python" ] && (cd "$venv/bin" && "$@") >/dev/null 2>&1; then return 0; fi
    if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
        if command -v apt-get >/dev/null; then
            apt-get update -qq >&2 && apt-get install -y -qq python3-venv >&2
        else
            echo "python3 has no venv module and apt-get is not available" >&2
            return 1
        fi
    fi
    rm -rf "$venv"
    mkdir -p .build
    python3 -m venv "$venv" >&2
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check $package >&2
    (cd "$venv/bin" && "$@") >&2
}
