#!/usr/bin/env bash
# The one-copy rule (docs/architecture.md, "One copy of the SDK in the process"): the host and
# every plugin library must NEED libSceneSDK.so and define no SceneSDK symbol of their own (Swift
# mangles them with the prefix $s8SceneSDK; members of a plugin's own extensions of SDK types are
# the plugin's, scripts/own-module-symbols.sh). The same holds for shared packages under Plugins/
# (folders with their own Package.swift, such as OrdersKit): no plugin may define their symbols.
# The testing kit (SceneTesting) is for test binaries only: neither the host nor a plugin may carry it.
# Usage: scripts/check-one-sdk-copy.sh [BUILD_DIR]   (default .build/debug)
set -euo pipefail
build=${1:-.build/debug}
cd "$(dirname "$0")/.."
status=0
binaries=("$build/scene-host")
shared=(SceneSDK)
testOnly=(SceneTesting)
# A plugin written in C (no .swift file in its folder) uses no Swift: it need not NEED libSceneSDK.so,
# but it may still define none of the shared modules' symbols.
native=()
for dir in Plugins/*/; do
  name=$(basename "$dir")
  if [ -f "$dir/Package.swift" ]; then shared+=("$name")
  elif [ -f "$dir/Makefile" ]; then
    # A scene plugin in C built by its own Makefile (scripts/build-c-scenes.sh), not by swift build:
    # checked like a C plugin when it has been built.
    library=".build/c-scenes/lib$name.so"
    if [ -f "$library" ]; then native+=("$library"); binaries+=("$library"); fi
  elif [ -z "$(find "$dir" -name '*.swift' -print -quit)" ]; then native+=("$build/lib$name.so"); binaries+=("$build/lib$name.so")
  else binaries+=("$build/lib$name.so"); fi
done
for binary in "${binaries[@]}"; do
  if [ ! -f "$binary" ]; then
    echo "one-copy: $binary is missing: build first (swift build)"; status=1; continue
  fi
  if [[ " ${native[*]} " != *" $binary "* ]] && ! readelf -d "$binary" | grep -q 'NEEDED.*\[libSceneSDK.so\]'; then
    echo "one-copy: $binary does not need libSceneSDK.so: it must depend on the SceneSDK product of the nested package"; status=1
  fi
  for module in "${testOnly[@]}"; do
    if nm -D --defined-only "$binary" | awk '{print $NF}' | grep -q "^\$s${#module}${module}"; then
      echo "one-copy: $binary carries $module, which is for tests only: remove it from the dependencies of the product"; status=1
    fi
  done
  for module in "${shared[@]}"; do
    own=$(scripts/own-module-symbols.sh "$binary" "$module")
    if [ -n "$own" ]; then
      echo "one-copy: $binary defines its own $module symbols (a second copy): depend on the $module product, not a copy:"
      echo "$own" | head -5; status=1
    fi
  done
done
[ $status -eq 0 ] && echo "one-copy: ok: ${#binaries[@]} binaries (${#native[@]} in C) need libSceneSDK.so (the C ones excepted) and define no symbol of ${shared[*]}"
exit $status
