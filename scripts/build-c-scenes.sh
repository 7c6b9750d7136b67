#!/usr/bin/env bash
# Builds the scene plugins written in C and C++ (each by its own Makefile: cc, c++) into
# .build/c-scenes and prints that folder. `swift build` does not build them: they hold no Swift.
# Usage: scripts/build-c-scenes.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# Plugins are refused from group-writable folders.
umask 022
out="$(pwd)/.build/c-scenes"
mkdir -p "$out"
for folder in Plugins/DetailC examples/polyglot/tea examples/polyglot/rating; do
  [ -f "$folder/Makefile" ] || continue
  make -s -C "$folder" BUILD="$out" >&2
done
echo "$out"
