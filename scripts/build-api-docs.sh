#!/usr/bin/env bash
# The SceneSDK API reference: the DocC catalog Sources/SceneSDK/SceneSDK.docc, with the guides
# docs/authoring.md and docs/architecture.md as articles, over the SDK's symbol graph; built with
# the toolchain's own `docc`, failing on any warning. Run after `swift build`.
# Usage: scripts/build-api-docs.sh [BUILD_DIR [OUTPUT]]
#        (default .build/debug and .build/api-docs/SceneSDK.doccarchive)
#
# Not swift-docc-plugin: a package dependency of the SDK package would be fetched by every
# plugin author's build (docs/decisions.md, "API reference").
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
build=${1:-.build/debug}
work=.build/api-docs
output=${2:-$work/SceneSDK.doccarchive}
for tool in docc swift-symbolgraph-extract; do
  command -v "$tool" >/dev/null || { echo "api-docs: $tool not found (it ships with the Swift toolchain)"; exit 1; }
done
if [ ! -f "$build/Modules/SceneSDK.swiftmodule" ] || [ ! -f "$build/SceneABI.build/module.modulemap" ]; then
  echo "api-docs: no SceneSDK module in $build: build first (swift build)"; exit 1
fi

# The symbol graph of the module the build already compiled (no second build of the SDK). It
# holds public declarations only: the host's `@_spi(SceneHost)` and the kit's `@_spi(SceneTesting)`
# ones are left out, and the SDK imports the C descriptor (SceneABI) internally.
rm -rf "$work/graphs" && mkdir -p "$work/graphs"
swift-symbolgraph-extract -module-name SceneSDK -target "$(uname -m)-unknown-linux-gnu" \
  -I "$build/Modules" -Xcc -fmodule-map-file="$build/SceneABI.build/module.modulemap" \
  -minimum-access-level public -skip-inherited-docs -output-dir "$work/graphs"
graph=$work/graphs/SceneSDK.symbols.json
host_only='"(AssembledScene|ScenePartSet|PluginRegistration|factories|assemble\(_:navigator:\)|routeHandlerNames)"'
if grep -oE "$host_only" "$graph" | sort -u | grep .; then
  echo "api-docs: host-only (@_spi(SceneHost)) declarations above are in the symbol graph"; exit 1
fi
grep -q '"SceneDefinition"' "$graph" || { echo "api-docs: the symbol graph has no SceneDefinition"; exit 1; }

# The guides are articles of the reference, copied in from docs/ so there is one text of each
# (the landing page links them as <doc:Authoring> and <doc:Architecture>).
catalog=$work/catalog/SceneSDK.docc
rm -rf "$work/catalog" "$output"
mkdir -p "$work/catalog"
cp -R Sources/SceneSDK/SceneSDK.docc "$catalog"
cp docs/authoring.md "$catalog/Authoring.md"
cp docs/architecture.md "$catalog/Architecture.md"
docc convert "$catalog" \
  --additional-symbol-graph-dir "$work/graphs" \
  --fallback-display-name SceneSDK --fallback-bundle-identifier scene-host.SceneSDK \
  --output-path "$output" --warnings-as-errors
echo "api-docs: $output"
