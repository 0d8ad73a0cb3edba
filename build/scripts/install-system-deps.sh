#!/usr/bin/env bash
# Installs the Debian packages Varbench's tests need. Idempotent: a package already
# present is left alone, and apt is only touched when something is missing.
# Usage: install-system-deps.sh [package ...]   (default: the test set below)
set -euo pipefail
packages=("$@")
[ ${#packages[@]} -gt 0 ] || packages=(uftrace valgrind gcc make linux-perf chromium xvfb hyperfine poppler-utils slurm-wlm munge)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing Debian packages: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
