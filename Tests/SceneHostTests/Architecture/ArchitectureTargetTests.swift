import Foundation
import Testing

/// docs/architecture.md's target graph against Package.swift: every target of the package is in
/// the graph, and every arrow from the host's own targets in Package.swift is drawn there.
@Suite("Architecture: the target graph")
struct ArchitectureTargetTests {
    static let root = BuildProducts.packageRoot

    /// Package.swift's targets and the targets each names in `dependencies: [...]` (products left out).
    static func targets() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var graph: [String: Set<String>] = [:]
        let blocks = text.components(separatedBy: "Target(").dropFirst() + text.components(separatedBy: ".target(").dropFirst()
        for block in blocks {
            guard let name = block.firstMatch(of: /name: "([^"]+)"/)?.1 else { continue }
            var uses: Set<String> = []
            if let list = block.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.1 {
                for match in list.matches(of: /(?:^|[\[,\s])"([A-Za-z-]+)"/) { uses.insert(String(match.1)) }
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
        let hostTargets = graph.keys.filter { ($0.hasPrefix("SceneHost") && !$0.hasSuffix("Tests")) || $0 == "scene-host" || $0 == "scene-host-worker" }
        #expect(hostTargets.contains("SceneHostCore") && hostTargets.contains("SceneHost"), "\(graph.keys.sorted())")
        for target in hostTargets {
            #expect(documented.contains(target), "\(target) is missing from docs/architecture.md's target graph")
            let lines = documented.split(separator: "\n").filter { $0.contains(target + " ") || $0.contains(target + ",") || $0.hasPrefix(target) }
            for used in graph[target, default: []] where used.hasPrefix("SceneHost") {
                #expect(lines.contains { $0.contains(used) }, "\(target) uses \(used) in Package.swift; draw it in docs/architecture.md")
            }
        }
    }

    @Test("the bottom layer uses no other layer of the host")
    func coreStandsAlone() throws {
        let uses = try Self.targets()["SceneHostCore", default: []]
        #expect(uses.allSatisfy { !$0.hasPrefix("SceneHost") }, "\(uses)")
    }
}
