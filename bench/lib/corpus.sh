# The 10,000-note corpus as a vault, shared by the benchmarks. Source it with ROOT and WORK set;
# `corpus_vault` sets CORPUS to $WORK/corpus/10000 (extracted once, with an empty config: every
# setting at its default) and returns 1 when the archive is not found ($BRAIN_CORPORA, or
# ../shared/corpora beside the repository).
corpus_vault() {
    local candidate archive=""
    for candidate in "${BRAIN_CORPORA:-}" "$ROOT/../shared/corpora" "$ROOT/../../shared/corpora" /work/shared/corpora; do
        if [[ -n "$candidate" && -f "$candidate/interconnected-markdown-10k.tgz" ]]; then
            archive="$candidate/interconnected-markdown-10k.tgz"; break
        fi
    done
    [[ -n "$archive" ]] || return 1
    CORPUS="$WORK/corpus/10000"
    if [[ ! -d "$CORPUS" ]]; then
        echo "== extracting $archive"
        mkdir -p "$WORK/corpus"
        tar xzf "$archive" -C "$WORK/corpus"
    fi
    mkdir -p "$CORPUS/.brain"
    [[ -f "$CORPUS/.brain/config.yml" ]] || : > "$CORPUS/.brain/config.yml"
}
