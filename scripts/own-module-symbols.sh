#!/usr/bin/env bash
# The dynamic symbols BINARY defines that belong to Swift module MODULE itself, one per line: those
# Swift mangles with MODULE's prefix ($s<length><MODULE>), less the members of extensions another
# module (the binary's own) declares on MODULE's types — a plugin's `extension Route where
# Payload == DetailInput { static var detail ... }` is mangled under SceneSDK.Route but is the
# plugin's code, not a copy of the SDK.
# Usage: scripts/own-module-symbols.sh BINARY MODULE
set -euo pipefail
binary=$1
module=$2
demangle=$(command -v swift-demangle || echo /opt/swift/usr/bin/swift-demangle)
symbols=$(nm -D --defined-only "$binary" | awk '{print $NF}' | grep "^\$s${#module}${module}" || true)
[ -n "$symbols" ] || exit 0
paste -d '\t' <(echo "$symbols") <(echo "$symbols" | "$demangle") \
  | awk -F '\t' -v module="$module" '{
      text = $2
      # "(extension in M):MODULE." names an extension of MODULE declared in M.
      if (match(text, /\(extension in [A-Za-z0-9_]+\):/)) {
        owner = substr(text, RSTART + 14, RLENGTH - 16)
        if (owner != module && index(substr(text, RSTART + RLENGTH), module ".") == 1) next
      }
      print $1
    }'
