#!/bin/sh
# Install OpenLink Virtuoso from Debian's packages for tests/test_virtuoso.py and the Virtuoso
# engine of bench/run.py (both start a private instance with bench/virtuoso.py; no system
# service is used). Only the binaries are needed: virtuoso-opensource-7-bin (virtuoso-t and its
# SQL client isql-vt, from the virtuoso-opensource source package), not the virtuoso-opensource
# metapackage, whose postinst creates /var/lib/virtuoso-opensource-7 and starts a system server.
# Idempotent and quiet when virtuoso-t is already on PATH. Needs root and apt-get; otherwise
# prints why and exits 0, and the tests/benchmark skip Virtuoso with that reason.
set -eu
if command -v virtuoso-t >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" != "0" ]; then
    echo "install-virtuoso: not root; skipping (install 'virtuoso-opensource-7-bin' by hand)" >&2
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-virtuoso: no apt-get on this system; skipping" >&2
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends virtuoso-opensource-7-bin; } >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    rm -f "$log"
    echo "install-virtuoso: apt-get could not install virtuoso-opensource-7-bin; Virtuoso will be skipped" >&2
    exit 0
fi
rm -f "$log"
virtuoso-t --help 2>&1 | sed -n 2p
