# ensure COMMAND PACKAGE: installs the Debian package when COMMAND is missing (as root, with
# apt-get), else says which package to install and exits. Sourced by the benchmarks.
ensure() {
    if command -v "$1" >/dev/null 2>&1 || [[ -x "$1" ]]; then return; fi
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
        echo "installing $2"
        apt-get install -y "$2" >/dev/null || { apt-get update >/dev/null && apt-get install -y "$2" >/dev/null; }
    else
        echo "missing $1: install the Debian package $2 (not root, so not installing it)" >&2
        exit 1
    fi
}
