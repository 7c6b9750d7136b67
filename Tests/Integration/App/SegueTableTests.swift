import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostRecordCodec
@testable import SceneHostConfig
@testable import SceneHostNavigation
@testable import SceneHost
import HostTestSupport
import SceneTestSupport

@MainActor
@Suite("SegueTable")
struct SegueTableTests {
    /// Three segues from each of twenty scenes, and a button id declared twice (the later one counts).
    static let declarations: [SegueDeclaration] =
        (0..<20).flatMap { scene in
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
    func scanAndIndexAgree() throws {
        var table = SegueTable(Self.declarations)
        // More lookups than the scans before the index, each scene twice, and scenes without segues.
        let asked = (0..<(2 * SegueTable.scansBeforeIndex + 3)).map { "S\($0 % 20)" } + ["Nowhere", "S3", "S19", "S3"]
        for scene in asked {
            #expect(try table.segues(from: scene) == Self.expected(scene), "\(scene)")
        }
        #expect(try table.segues(from: "S3")?["a"]?.to.value == "Later")
        #expect(try table.segues(from: "Nowhere") == nil)
    }

    @Test("the first lookup of a scene with a repeated id takes the later declaration, as the index does")
    func firstLookupTakesLater() throws {
        var table = SegueTable(Self.declarations)
        #expect(try table.segues(from: "S3")?["a"]?.style == .present)
        #expect(try table.segues(from: "S3")?.count == 3)
    }

    @Test(
        "segues recorded in a start-up cache are decoded at the first look-up; a section that does not decode is seguesUnreadable, every time"
    )
    func recordedSegues() throws {
        var writer = RecordWriter()
        let written = writer.section { StartupCacheFormat.encode(Self.declarations, into: &$0) }
        writer.bytes(written)
        let file = writer.finished(header: [])
        var reader = RecordReader(file, from: 0)
        try reader.readStringTable()
        let section = reader.section(try reader.skipSection())
        var table = SegueTable(
            RecordedSegues(cachePath: "/c/p.json.start") { try StartupCacheFormat.decodeSegues(section) })
        #expect(try table.segues(from: "S3") == Self.expected("S3"))
        var broken = SegueTable(
            RecordedSegues(cachePath: "/c/p.json.start") {
                try StartupCacheFormat.decodeSegues(RecordReader([0xff, 0xff], from: 0))
            })
        for _ in 0..<2 {
            #expect(throws: NavigationError.seguesUnreadable(cache: "/c/p.json.start")) {
                try broken.segues(from: "S3")
            }
        }
    }
}
