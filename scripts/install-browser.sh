#!/bin/sh
# Install the system Chromium used by tests/test_browser.py (Playwright drives it through
# executable_path; no browser is ever downloaded by Playwright itself).
# Idempotent: does nothing when /usr/bin/chromium exists. Needs root and apt-get; otherwise
# prints why and exits 0, and the browser test skips with that reason.
set -eu
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if [ "$(id -u)" != "0" ]; then
    echo "install-browser: not root; skipping (install the 'chromium' package by hand)" >&2
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: no apt-get on this system; skipping" >&2
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null; }; then
    echo "install-browser: apt-get could not install chromium; the browser test will skip" >&2
    exit 0
fi
/usr/bin/chromium --version
