#!/bin/sh
# Run every fuzz target briefly (default 10 s each). Needs atheris: pip install 'atheris>=2.3'.
#   fuzz/run.sh            # 10 s per reader
#   SECONDS_EACH=600 fuzz/run.sh html pdf
# Corpora grow in fuzz/corpus/<reader>/ (seeded from fuzz/common.py); crashes are written to
# fuzz/findings/<reader>/ as crash-* files: reproduce with  .venv/bin/python fuzz/fuzz_<reader>.py FILE
# -timeout=90: above the readers' own 60 s budget per document (PDF, Word), so a finding is an input
# that escapes that budget, not one the budget stops (a self-referencing PDF object spins until it).
set -eu
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
SECS=${SECONDS_EACH:-10}
READERS=${*:-text markdown html latex jsonresume yaml pdf}
status=0
for r in $READERS; do
  mkdir -p "fuzz/corpus/$r" "fuzz/findings/$r"
  "$PY" -c "import sys; sys.path.insert(0, 'fuzz'); from common import seed_inputs
for i, s in enumerate(seed_inputs('$r')): open('fuzz/corpus/$r/seed-%d' % i, 'wb').write(s)"
  echo "== $r ($SECS s)"
  if ! "$PY" "fuzz/fuzz_$r.py" -max_total_time="$SECS" -max_len=20000 -rss_limit_mb=2048 -timeout=90 \
       -artifact_prefix="fuzz/findings/$r/" "fuzz/corpus/$r"; then
    echo "!! $r: finding written to fuzz/findings/$r/"
    status=1
  fi
done
exit $status
