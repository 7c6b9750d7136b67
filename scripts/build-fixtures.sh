#!/usr/bin/env bash
# Builds the test fixtures (Tests/Fixtures, a package of its own) into .build/fixtures and prints the
# folder of their libraries. Usage: scripts/build-fixtures.sh [debug|release]
# The tests build them on first use too (FixtureBuild); a plain `swift build` does not.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# Plugins are refused from group-writable folders.
umask 022
mode="${1:-debug}"
case "$mode" in
  debug|release) ;;
  *) echo "build-fixtures: unknown mode '$mode': use debug or release" >&2; exit 2 ;;
esac
swift build --package-path Tests/Fixtures --scratch-path .build/fixtures -c "$mode" >&2
echo "$(pwd)/.build/fixtures/$mode"
