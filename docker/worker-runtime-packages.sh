#!/usr/bin/env bash
# Prints the Debian packages that hold the shared libraries a binary links to, one per line, so
# that the runtime image installs exactly what the worker scripts/build-mediasoup-worker.sh
# built needs (the -dev packages stay in the build stages).
# Usage: docker/worker-runtime-packages.sh BINARY
set -euo pipefail
binary="$1"
if ldd "$binary" | grep -q 'not found'; then
  ldd "$binary" >&2
  echo "worker-runtime-packages: $binary links to missing libraries" >&2
  exit 1
fi
ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | while read -r library; do
  # Debian 12 merges /lib into /usr/lib, but dpkg records whichever path the package ships.
  for candidate in "$library" "$(readlink -f "$library")" "${library#/usr}" "/usr$library"; do
    if owner="$(dpkg-query -S "$candidate" 2>/dev/null)"; then
      echo "${owner%%:*}"
      break
    fi
  done
done | sort -u
