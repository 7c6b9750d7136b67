#!/usr/bin/env bash
# The SceneSDK API reference: the DocC catalog Sources/SceneSDK/SceneSDK.docc over the SDK's
# symbol graph, built with the toolchain's own `docc` and failing on any warning.
# Usage: scripts/build-api-docs.sh [OUTPUT]   (default .build/api-docs/SceneSDK.doccarchive)
#
# Not swift-docc-plugin: a package dependency of the SDK package would be fetched by every
# plugin author's build (docs/decisions.md, "API reference").
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
work=.build/api-docs
output=${1:-$work/SceneSDK.doccarchive}
command -v docc >/dev/null || { echo "api-docs: docc not found (it ships with the Swift toolchain)"; exit 1; }
command -v python3 >/dev/null || { echo "api-docs: python3 not found"; exit 1; }

# The SDK package alone, in a scratch folder of its own, so the root build's flags stay untouched.
# Symbol graphs hold public declarations only: the host's `@_spi(SceneHost)` ones are left out.
rm -rf "$work/raw-graphs" "$work/graphs"
mkdir -p "$work/raw-graphs" "$work/graphs"
swift build --package-path Sources/SceneSDK --scratch-path "$work/sdk" --target SceneSDK \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$work/raw-graphs" 2>&1 | tail -1

# `@_exported import SceneABI` re-exports the C header's declarations, <stdint.h>'s macros with
# them. The reference is for Swift authors: keep the Swift declarations (the C descriptor is
# described in docs/architecture.md), and prove the host-only ones are absent.
python3 - "$work/raw-graphs/SceneSDK.symbols.json" "$work/graphs/SceneSDK.symbols.json" <<'EOF'
import json, sys
source, target = sys.argv[1], sys.argv[2]
graph = json.load(open(source))
kept = [s for s in graph["symbols"] if not s["identifier"]["precise"].startswith("c:")]
ids = {s["identifier"]["precise"] for s in kept}
graph["symbols"] = kept
graph["relationships"] = [r for r in graph["relationships"] if r["source"] in ids and r["target"] in ids]
host_only = ["AssembledScene", "ScenePartSet", "PluginRegistration", "SceneBlueprint.factories", "SceneBlueprint.assemble"]
names = {".".join(s["pathComponents"]) for s in kept}
leaked = [n for n in host_only if any(name == n or name.startswith(n + "(") for name in names)]
if leaked:
    sys.exit("api-docs: host-only (@_spi(SceneHost)) declarations in the symbol graph: " + ", ".join(leaked))
json.dump(graph, open(target, "w"))
print(f"api-docs: {len(kept)} public symbols, no host-only ones")
EOF

rm -rf "$output"
docc convert Sources/SceneSDK/SceneSDK.docc \
  --additional-symbol-graph-dir "$work/graphs" \
  --fallback-display-name SceneSDK --fallback-bundle-identifier scene-host.SceneSDK \
  --output-path "$output" --warnings-as-errors
echo "api-docs: $output"
