import Foundation
import Testing
import TestSupport

/// docs/architecture.md's target graph against Package.swift: every target of the package is in
/// the graph, and every arrow from the host's own targets in Package.swift is drawn there.
@Suite("Architecture: the target graph")
struct ArchitectureTargetTests {
    static let root = BuildProducts.packageRoot

    /// Package.swift's targets and the targets each names in `dependencies: [...]` (products left out).
    static func targets() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var graph: [String: Set<String>] = [:]
        let blocks =
            text.components(separatedBy: "Target(").dropFirst() + text.components(separatedBy: ".target(").dropFirst()
        for block in blocks {
            guard let name = block.firstMatch(of: /name: "([^"]+)"/)?.1 else { continue }
            var uses: Set<String> = []
            if let list = block.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.1 {
                for match in list.matches(of: /(?:^|[\[,\s])"([A-Za-z0-9-]+)"/) { uses.insert(String(match.1)) }
            }
            graph[String(name), default: []].formUnion(uses)
        }
        return graph
    }

    /// The "## Targets" section of docs/architecture.md.
    static func documentedGraph() throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "## Targets\n") else { return "" }
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    @Test("every host target of Package.swift is in the documented graph, with each target it uses")
    func graphMatches() throws {
        let graph = try Self.targets()
        let documented = try Self.documentedGraph()
        #expect(!documented.isEmpty, "docs/architecture.md has a '## Targets' section")
        let hostTargets = graph.keys.filter {
            ($0.hasPrefix("SceneHost") && !$0.hasSuffix("Tests")) || $0 == "scene-host" || $0 == "scene-host-worker"
                || $0 == "scene-host-probe"
        }
        #expect(hostTargets.contains("SceneHostCore") && hostTargets.contains("SceneHost"), "\(graph.keys.sorted())")
        for target in hostTargets {
            #expect(documented.contains(target), "\(target) is missing from docs/architecture.md's target graph")
            let lines = documented.split(separator: "\n").filter {
                $0.contains(target + " ") || $0.contains(target + ",") || $0.hasPrefix(target)
            }
            for used in graph[target, default: []] where used.hasPrefix("SceneHost") {
                #expect(
                    lines.contains { $0.contains(used) },
                    "\(target) uses \(used) in Package.swift; draw it in docs/architecture.md")
            }
        }
    }

    @Test("the bottom layer uses no other layer of the host")
    func coreStandsAlone() throws {
        let uses = try Self.targets()["SceneHostCore", default: []]
        #expect(uses.allSatisfy { !$0.hasPrefix("SceneHost") }, "\(uses)")
    }

    /// The targets split from Loading/ that know no host type (FolderDependencyTests' `LoadingTargets`).
    static let leafTargets: Set<String> = [
        "SceneHostELF", "SceneHostFileTrust", "SceneHostRecordCodec", "SceneHostProcesses",
    ]

    /// Every target `target` may use: itself and everything below it in Package.swift's graph.
    static func closure(of target: String, in graph: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = [target]
        var queue = [target]
        while let next = queue.popLast() {
            for used in graph[next, default: []] where !seen.contains(used) {
                seen.insert(used)
                queue.append(used)
            }
        }
        return seen
    }

    @Test("unit tests are a test target per host target, importing only that target and what it is built on")
    func unitTestsImportTheirTarget() throws {
        let graph = try Self.targets()
        let unit = Self.root.appendingPathComponent("Tests/Unit")
        let folders = try FileManager.default.contentsOfDirectory(atPath: unit.path).filter {
            $0.hasPrefix("SceneHost")
        }
        #expect(folders.count >= 15, "\(folders)")
        for folder in folders {
            let target = String(folder.dropLast("Tests".count))
            #expect(
                graph[folder] != nil && graph[target] != nil, "Tests/Unit/\(folder) is the test target of \(target)")
            // A unit test may use a support target only when that support is built on nothing above the
            // target under test; the four targets that know no host type are below every layer.
            let allowed = Self.closure(of: target, in: graph).union(Self.leafTargets)
            for (file, text) in try FolderLayers.swiftFiles(in: unit.appendingPathComponent(folder)) {
                for module in LoadingTargets.imports(in: text)
                where module.hasPrefix("SceneHost") || module.hasSuffix("TestSupport") {
                    let reaches = Self.closure(of: module, in: graph).filter { $0.hasPrefix("SceneHost") }
                    #expect(
                        allowed.contains(module) || (module.hasSuffix("TestSupport") && reaches.isSubset(of: allowed)),
                        "Tests/Unit/\(folder)/\(file) imports \(module), which \(target) is not built on")
                }
            }
        }
    }
}
