#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; install it when it is missing (root only).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "The browser tests need Chromium: run 'sudo apt-get install -y chromium'." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
