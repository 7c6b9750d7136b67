import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHost

@MainActor
@Suite("SegueTable")
struct SegueTableTests {
    /// Three segues from each of twenty scenes, and a button id declared twice (the later one counts).
    static let declarations: [SegueDeclaration] = (0..<20).flatMap { scene in
        ["a", "b", "c"].map { ProbeScenes.segue(from: "S\(scene)", id: $0, to: "T\(scene)\($0)") }
    } + [ProbeScenes.segue(from: "S3", id: "a", to: "Later", style: .present)]

    /// What the table must answer: the last declaration of each (scene, id).
    static func expected(_ scene: String) -> [String: SegueDeclaration]? {
        var found: [String: SegueDeclaration]?
        for declaration in declarations where declaration.from.value == scene {
            found = found ?? [:]
            found?[declaration.id] = declaration
        }
        return found
    }

    @Test("scenes found by a pass over the list and, once more are asked for, by the index, give the same segues")
    func scanAndIndexAgree() {
        var table = SegueTable(Self.declarations)
        // More lookups than the scans before the index, each scene twice, and scenes without segues.
        let asked = (0..<(2 * SegueTable.scansBeforeIndex + 3)).map { "S\($0 % 20)" } + ["Nowhere", "S3", "S19", "S3"]
        for scene in asked {
            #expect(table.segues(from: scene) == Self.expected(scene), "\(scene)")
        }
        #expect(table.segues(from: "S3")?["a"]?.to.value == "Later")
        #expect(table.segues(from: "Nowhere") == nil)
    }

    @Test("the first lookup of a scene with a repeated id takes the later declaration, as the index does")
    func firstLookupTakesLater() {
        var table = SegueTable(Self.declarations)
        #expect(table.segues(from: "S3")?["a"]?.style == .present)
        #expect(table.segues(from: "S3")?.count == 3)
    }
}
