#!/usr/bin/env bash
# SceneSDK's API against its committed baseline, Sources/SceneSDK/api-baseline.json: the
# `swift-api-digester -dump-sdk` of the module the build already compiled (public declarations,
# and the SPI ones marked with their groups), made deterministic. Fails when the two differ, so a
# change of what plugin authors (or the host, or the testing kit) compile against is always on
# purpose: review it, then write the new baseline with --update. Run after `swift build`.
# Usage: scripts/check-sdk-api.sh [--update] [BUILD_DIR]   (default .build/debug)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
update=false
if [ "${1:-}" = "--update" ]; then update=true; shift; fi
build=${1:-.build/debug}
baseline=Sources/SceneSDK/api-baseline.json
work=.build/api-check
command -v swift-api-digester >/dev/null || { echo "check-sdk-api: swift-api-digester not found (it ships with the Swift toolchain)"; exit 1; }
command -v python3 >/dev/null || { echo "check-sdk-api: python3 not found"; exit 1; }
if [ ! -f "$build/Modules/SceneSDK.swiftmodule" ] || [ ! -f "$build/SceneABI.build/module.modulemap" ]; then
  echo "check-sdk-api: no SceneSDK module in $build: build first (swift build)"; exit 1
fi

rm -rf "$work" && mkdir -p "$work"
# The C descriptor's module map as scripts/build-api-docs.sh passes it: the SDK imports SceneABI
# (internally), so the module does not load without it. No file paths, no tool arguments.
swift-api-digester -dump-sdk -module SceneSDK -target "$(uname -m)-unknown-linux-gnu" \
  -I "$build/Modules" -Xcc -fmodule-map-file="$build/SceneABI.build/module.modulemap" \
  -module-cache-path "$work/module-cache" -swift-only -avoid-location -avoid-tool-args -o "$work/dump.json"

# Deterministic and the same for debug and release builds: the imports go (a debug build imports
# SwiftOnoneSupport), as would any path; members and conformances are sorted, so moving a
# declaration within its file is no change. The listing (one line per declaration) is for the message.
cat >"$work/normalize.py" <<'EOF'
import json, sys
source, target, listing = sys.argv[1:4]
root = json.load(open(source))["ABIRoot"]
DECLS = {"TypeDecl", "Function", "Constructor", "Var", "TypeAlias", "AssociatedType", "Subscript", "Accessor", "OperatorDecl"}

def key(node):
    return (node.get("kind", ""), node.get("name", ""), node.get("usr", ""), node.get("printedName", ""))

def normalize(node):
    node = {k: v for k, v in node.items() if k not in ("filePath", "tool_arguments")}
    for field in ("children", "conformances", "accessors"):
        if field in node:
            node[field] = [normalize(child) for child in node[field] if child.get("kind") != "Import"]
    # Members of a type (or the module) in any order; the types of a signature keep theirs.
    if node.get("kind") in ("Root", "TypeDecl"):
        node["children"] = sorted(node.get("children", []), key=key)
    if "conformances" in node:
        node["conformances"] = sorted(node["conformances"], key=key)
    return node

def types(node):
    return ", ".join(c["printedName"] for c in node.get("children", []) if c.get("kind", "").startswith("Type"))

lines = []
def walk(node, path):
    kind = node.get("kind")
    if kind in DECLS:
        path = path + [node.get("printedName", node.get("name", ""))]
        extras = []
        if node.get("spi_group_names"): extras.append("spi " + ",".join(node["spi_group_names"]))
        if node.get("declAttributes"): extras.append(" ".join(node["declAttributes"]))
        if node.get("static"): extras.append("static")
        if node.get("throwing"): extras.append("throws")
        if node.get("genericSig"): extras.append(node["genericSig"])
        lines.append("%s %s: %s%s" % (node.get("declKind", kind), ".".join(path), types(node),
                                        "  [" + "; ".join(extras) + "]" if extras else ""))
    for conformance in node.get("conformances", []):
        lines.append("%s conforms to %s" % (".".join(path) or "SceneSDK", conformance.get("printedName")))
    for field in ("children", "accessors"):
        for child in node.get(field, []):
            walk(child, path)

normalized = normalize(root)
with open(target, "w") as out:
    json.dump({"ABIRoot": normalized}, out, indent=1, sort_keys=True)
    out.write("\n")
walk(normalized, [])
with open(listing, "w") as out:
    out.write("\n".join(lines) + "\n")
EOF
python3 "$work/normalize.py" "$work/dump.json" "$work/SceneSDK.json" "$work/new.txt"

if $update; then
  cp "$work/SceneSDK.json" "$baseline"
  echo "check-sdk-api: wrote $baseline"
  exit 0
fi
if [ ! -f "$baseline" ]; then
  echo "check-sdk-api: no baseline $baseline: write it with scripts/check-sdk-api.sh --update"; exit 1
fi
if cmp -s "$baseline" "$work/SceneSDK.json"; then
  echo "check-sdk-api: SceneSDK's API is the baseline's ($baseline)"
  exit 0
fi

echo "SceneSDK's API changed: the module built differs from $baseline."
# What the digester calls a break of source compatibility (removed, renamed, retyped declarations)...
breaks=$(swift-api-digester -diagnose-sdk -input-paths "$baseline" -input-paths "$work/SceneSDK.json" 2>&1 | grep -v -e '^/\*' -e '^$' || true)
if [ -n "$breaks" ]; then
  echo "Breaking for code compiled against the baseline:"
  echo "$breaks" | sed 's/^/  /'
fi
# ...and every difference, one line per declaration (the baseline listed by the same normalizer).
python3 "$work/normalize.py" "$baseline" "$work/baseline.json" "$work/baseline.txt"
echo "Declarations (- baseline, + this build):"
diff "$work/baseline.txt" "$work/new.txt" | grep '^[<>]' | sed -e 's/^</  -/' -e 's/^>/  +/' | head -80 || true
echo "Update the baseline with scripts/check-sdk-api.sh --update if on purpose."
exit 1
