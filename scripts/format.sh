#!/usr/bin/env bash
# Formats the project's Swift sources with the toolchain's swift-format and the checked-in .swift-format,
# or, with --lint, reports every line it would change and fails (CI runs that).
#
# The SDK's sources (Sources/SceneSDK) are left out on purpose: a byte changed there changes the SDK's
# fingerprint, which every installed plugin is checked against (docs/decisions.md, "One formatter").
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# The tracked Swift files (never a build folder's checkouts), the SDK's left out.
mapfile -t files < <(git ls-files '*.swift' | grep -v '^Sources/SceneSDK/')
if [ "${1:-}" = "--lint" ]; then
  swift format lint --strict --parallel "${files[@]}"
else
  swift format format --in-place --parallel "${files[@]}"
fi
