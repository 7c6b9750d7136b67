#!/usr/bin/env bash
# Formats the project's Swift sources with the toolchain's swift-format and the checked-in .swift-format,
# or, with --lint, reports every line it would change and fails (CI runs that).
#
# The SDK's sources (Sources/SceneSDK) are left out on purpose: a byte changed there changes the SDK's
# fingerprint, which every installed plugin is checked against (docs/decisions.md, "One formatter"). So are
# the plugins, examples and fixtures the authoring guide quotes.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# The tracked Swift files (never a build folder's checkouts). Left out: the SDK's, and the plugins, examples and
# fixtures, whose code the authoring guide quotes word for word (DocSnippetTests).
mapfile -t files < <(git ls-files '*.swift' | grep -v -E '^(Sources/SceneSDK|Plugins|examples|Tests/Fixtures)/')
if [ "${1:-}" = "--lint" ]; then
  swift format lint --strict --parallel "${files[@]}"
else
  swift format format --in-place --parallel "${files[@]}"
fi
