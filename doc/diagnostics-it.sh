#!/bin/sh
# doc/diagnostics-it.sh - print doc/diagnostics.it.md: the intro below, then
# for every code of src/diag/diag_codes.def what `pgnarbiter explain CODE`
# says in Italian.  The caller sets the Italian locale (LC_ALL=it_IT.UTF-8,
# and PGNARBITER_LOCALEDIR / LOCPATH for a build tree); tests/cli-it.sh does
# and fails when doc/diagnostics.it.md differs (UPDATE=1 rewrites it).
#   usage: PGNARBITER=src/pgnarbiter doc/diagnostics-it.sh > doc/diagnostics.it.md
set -eu
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
cat <<'INTRO'
# Diagnostica di pgnarbiter

Ogni rilievo di `pgnarbiter check` porta uno dei codici stabili qui sotto. I
codici non cambiano con la lingua: gli script li usano così come sono. Questo
elenco riporta, in italiano, gli stessi testi di `pgnarbiter explain CODICE`
(con `LANG=it_IT.UTF-8`), presi dall'unica tabella dei codici
`src/diag/diag_codes.def` e dal catalogo `po/it.po` da `doc/diagnostics-it.sh`;
un test controlla che coincida con essi. La versione inglese è
`doc/diagnostics.md`.

Gravità: i rilievi di gravità **errore** (error) rendono 1 lo stato di uscita;
gli **avvisi** (warning) solo con `--werror`; le **note** (note) sono mostrate
solo con `--strict`. Ogni codice ha una gravità predefinita; alcuni sono alzati
o abbassati caso per caso, come detto sotto.

I riferimenti sono al Regolamento degli scacchi FIDE (edizione 2023: per
esempio FIDE 9.6.1 è l'Articolo 9.6.1) e ai numeri di sezione dello standard PGN
(Steven J. Edwards, 1994).
INTRO
for code in $(sed -n 's/^DIAG_CODE([A-Z0-9_]*, "\([^"]*\)".*/\1/p' "$TOP_SRCDIR/src/diag/diag_codes.def"); do
    echo
    "$PGNARBITER" explain "$code" | awk -v code="$code" '
        NR == 1 {
            # "code (gravità, riferimento): sommario" or "code (gravità): sommario"
            head = $0
            sub(/^[^ ]+ \(/, "", head)
            paren = substr(head, 1, index(head, "): ") - 1)
            summary = substr(head, index(head, "): ") + 3)
            sev = paren; ref = ""
            if (index(paren, ", ")) {
                sev = substr(paren, 1, index(paren, ", ") - 1)
                ref = substr(paren, index(paren, ", ") + 2)
            }
            print "## `" code "`"
            print ""
            print "Gravità: " sev "  "
            if (ref != "") print "Riferimento: " ref "  "
            print "Sommario: " summary
            next
        }
        { print }'
done
