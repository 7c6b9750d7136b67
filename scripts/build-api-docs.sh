#!/usr/bin/env bash
# The API references of SceneSDK and of its testing kit, SceneTesting: each module's DocC catalog
# (Sources/SceneSDK/SceneSDK.docc, with the authoring guide as its article Authoring.md, and
# Sources/SceneSDK/SceneTesting/Sources/SceneTesting/SceneTesting.docc) over the symbol graph of the
# module the build compiled; built with the toolchain's own `docc`, failing on any warning. Run
# after `swift build` (the kit, a test-only module, is built here when the build did not).
# Usage: scripts/build-api-docs.sh [BUILD_DIR [OUTPUT_DIR]]
#        (default .build/debug and .build/api-docs: SceneSDK.doccarchive, SceneTesting.doccarchive)
#
# Not swift-docc-plugin: a package dependency of the SDK package would be fetched by every
# plugin author's build (docs/decisions.md, "API reference").
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
build=${1:-.build/debug}
work=.build/api-docs
output=${2:-$work}
for tool in docc swift-symbolgraph-extract; do
  command -v "$tool" >/dev/null || { echo "api-docs: $tool not found (it ships with the Swift toolchain)"; exit 1; }
done
if [ ! -f "$build/Modules/SceneSDK.swiftmodule" ] || [ ! -f "$build/SceneABI.build/module.modulemap" ]; then
  echo "api-docs: no SceneSDK module in $build: build first (swift build)"; exit 1
fi
if [ ! -f "$build/Modules/SceneTesting.swiftmodule" ]; then
  # `swift build` builds no test-only module; the kit alone is a few seconds on top of the SDK.
  swift build --target SceneTesting --build-path "$(dirname "$build")" -c "$(basename "$build")" >/dev/null
fi

# The symbol graph of a module the build already compiled (no second build). It holds public
# declarations only: the host's `@_spi(SceneHost)` and the kit's `@_spi(SceneTesting)` ones are
# left out, and the SDK imports the C descriptor (SceneABI) internally.
graphs() {
  rm -rf "$work/graphs/$1" && mkdir -p "$work/graphs/$1"
  swift-symbolgraph-extract -module-name "$1" -target "$(uname -m)-unknown-linux-gnu" \
    -I "$build/Modules" -Xcc -fmodule-map-file="$build/SceneABI.build/module.modulemap" \
    -minimum-access-level public -skip-inherited-docs -output-dir "$work/graphs/$1"
}
graphs SceneSDK
graphs SceneTesting

graph=$work/graphs/SceneSDK/SceneSDK.symbols.json
host_only='"(AssembledScene|ScenePartSet|PluginRegistration|PayloadEncoder|PayloadDecoder|EventMismatch|KeptInput|DeclaredLink|factories|assemble\(_:navigator:\)|routeHandlerNames|scene_plugin_descriptor|SCENE_PLUGIN_[A-Z_]*)"'
if grep -oE "$host_only" "$graph" | sort -u | grep .; then
  echo "api-docs: SPI or C declarations above are in SceneSDK's symbol graph"; exit 1
fi
grep -q '"SceneDefinition"' "$graph" || { echo "api-docs: the symbol graph has no SceneDefinition"; exit 1; }
grep -q '"SceneTestKit"' "$work/graphs/SceneTesting/SceneTesting.symbols.json" \
  || { echo "api-docs: SceneTesting's symbol graph has no SceneTestKit"; exit 1; }

# What an author calls on the settings a plugin is handed is in the reference, each with its doc comment.
python3 - "$graph" <<'EOF'
import json, sys
symbols = json.load(open(sys.argv[1]))["symbols"]
settings = [s for s in symbols if s["pathComponents"][0] in ("PluginSettings", "PluginSettingError")]
names = {".".join(s["pathComponents"]) for s in settings}
wanted = {"PluginSettings." + m for m in ("string(_:)", "integer(_:)", "number(_:)", "boolean(_:)", "path(_:)", "values", "baseDirectory")}
missing = sorted(wanted - names)
undocumented = sorted(".".join(s["pathComponents"]) for s in settings if not s.get("docComment"))
if missing or undocumented:
    print("api-docs: PluginSettings in the reference: missing %s; without a doc comment %s" % (missing, undocumented))
    sys.exit(1)
EOF

# Each catalog as it is in the repository: its articles live in it (no copies).
convert() {
  rm -rf "$output/$1.doccarchive"
  docc convert "$2" \
    --additional-symbol-graph-dir "$work/graphs/$1" \
    --fallback-display-name "$1" --fallback-bundle-identifier "scene-host.$1" \
    --output-path "$output/$1.doccarchive" --warnings-as-errors
  echo "api-docs: $output/$1.doccarchive"
}
mkdir -p "$output"
convert SceneSDK Sources/SceneSDK/SceneSDK.docc
convert SceneTesting Sources/SceneSDK/SceneTesting/Sources/SceneTesting/SceneTesting.docc
