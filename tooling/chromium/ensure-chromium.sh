#!/usr/bin/env bash
# Makes sure Debian's `chromium` is installed, for the browser tests of @aigo/devtools (headless
# Chromium driven by puppeteer-core). Prints the browser's path and exits 0 when it is there or was
# installed; exits 1 with the reason otherwise.
#
# Found: $AIGO_CHROMIUM when set, else /usr/bin/chromium. Missing: as root on Debian or Ubuntu,
# `apt-get install -y chromium` (after `apt-get update` when the first try fails: empty or stale
# package lists), non-interactive, waiting for dpkg's own lock while another install (the PostgreSQL
# one of @aigo/pg's test setup) holds it. Several test runs may start at once (turbo): the install
# holds an exclusive flock on $TMPDIR/aigo-chromium-apt-get.lock, so one process installs and the
# others find the browser when they get the lock. AIGO_CHROMIUM_INSTALL=0 turns installing off.
# Usage: bash tooling/chromium/ensure-chromium.sh
set -euo pipefail

PACKAGE=chromium
LOCK="${TMPDIR:-/tmp}/aigo-chromium-apt-get.lock"
LOCK_WAIT_SECONDS=900

find_chromium() {
  local candidate
  for candidate in ${AIGO_CHROMIUM:+"$AIGO_CHROMIUM"} /usr/bin/chromium; do
    if [[ -x "$candidate" ]]; then
      printf '%s\n' "$candidate"
      return 0
    fi
  done
  return 1
}

if find_chromium; then
  exit 0
fi
if [[ -n "${AIGO_CHROMIUM:-}" ]]; then
  echo "ensure-chromium: AIGO_CHROMIUM=$AIGO_CHROMIUM is not an executable file" >&2
  exit 1
fi
if [[ "${AIGO_CHROMIUM_INSTALL:-}" == 0 ]]; then
  echo "ensure-chromium: no /usr/bin/chromium, and installing it is turned off (AIGO_CHROMIUM_INSTALL=0)" >&2
  exit 1
fi
if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null || ! command -v flock >/dev/null; then
  echo "ensure-chromium: no /usr/bin/chromium and cannot install it here (needs root, apt-get and flock): install the Debian package $PACKAGE, or set AIGO_CHROMIUM to a Chromium binary" >&2
  exit 1
fi

exec 9>"$LOCK"
if ! flock -n 9; then
  echo "ensure-chromium: another process is installing $PACKAGE (lock $LOCK): waiting for it" >&2
  if ! flock -w "$LOCK_WAIT_SECONDS" 9; then
    echo "ensure-chromium: the install lock $LOCK was held for ${LOCK_WAIT_SECONDS}s" >&2
    exit 1
  fi
fi
# Another process may have installed it while this one waited.
if find_chromium; then
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
apt_install() {
  apt-get install -y -q -o DPkg::Lock::Timeout=600 "$PACKAGE" >&2
}
echo "ensure-chromium: installing the Debian package $PACKAGE with apt-get" >&2
if ! apt_install; then
  echo "ensure-chromium: the first try failed; updating the package lists and trying again" >&2
  apt-get update -q -o DPkg::Lock::Timeout=600 >&2
  apt_install
fi
if ! find_chromium; then
  echo "ensure-chromium: apt-get installed $PACKAGE but /usr/bin/chromium is not there" >&2
  exit 1
fi
