import Foundation
@_spi(SceneHost) import SceneSDK
import Testing
import LoadingTestSupport
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostLoading
@testable import SceneHostNavigation
import SceneHostRecordCodec
@testable import SceneHostWorkers

/// A link crosses two boundaries as data: in the probe's record (and the cache), and in the frame
/// that asks a worker to open it. Both read back exactly; the old cache version is not believed.
@Suite("Deep links: records and frames")
struct LinkRecordTests {
    static let input = ContractInfo(
        typeName: "ItemInput", schema: .object(type: "ItemInput", fields: [.init(name: "id", schema: .int)]))
    static let link = DeclaredLink(
        template: "items/{id}",
        parameters: ContractInfo(
            typeName: "ItemLink", schema: .object(type: "ItemLink", fields: [.init(name: "id", schema: .int)])),
        input: input)

    @Test("a scene's link is part of the probe cache entry, read back exactly; a version 4 file reads as no cache")
    func cache() throws {
        let metadata = PluginMetadata(
            name: "Links", version: "1", sdkVersion: SemanticVersion(major: 1, minor: 0, patch: 0), sdkFingerprint: "f",
            swiftVersion: "6.3.1",
            scenes: [
                SceneDescription(
                    name: "Item", input: Self.input, acceptedResult: nil, returnedResult: nil, routes: [],
                    link: Self.link),
                SceneDescription(name: "Home", input: nil, acceptedResult: nil, returnedResult: nil, routes: []),
            ])
        let entry = ProbeCache.Entry(
            fingerprint: FileFingerprint(
                path: "/p/lib.so", size: 1, modified: 1, sha256: String(repeating: "ab", count: 32)),
            stat: nil, host: ProbeCache.hostIdentity, verdict: .good(metadata))
        let bytes = ProbeCacheFormat.encode(["/p/lib.so": entry])
        #expect(ProbeCacheFormat.decode(bytes) == ["/p/lib.so": entry])
        let header = "scene-host probe cache \(ProbeCacheFormat.format.version)\n"
        #expect(String(decoding: bytes.prefix(header.utf8.count), as: UTF8.self) == header)
        var older = bytes
        older.replaceSubrange(0..<header.utf8.count, with: Array("scene-host probe cache 4\n".utf8))
        #expect(ProbeCacheFormat.decode(older) == nil)
    }

    @Test("the open-link request comes back as it was sent, and only a session report answers it")
    func frame() throws {
        let opening = LinkOpening(
            link: "/items/%32", template: "items/{id}",
            steps: [
                .init(scene: "Home", style: .replace), .init(scene: "List", style: .push),
                .init(scene: "Item", style: .present),
            ],
            parameters: .object(["id": .int(2)]))
        let frame = WorkerFrame.encode(WorkerRequest.openLink(session: 4, opening))
        #expect(try WorkerFrame.decodeRequest(Array(frame.dropFirst(4))) == .openLink(session: 4, opening))
        let report = SessionReport(keep: 0, changed: [], screen: .success(Screen(title: "Item")))
        #expect(
            SceneWorkerSupervisor.answers(
                .openLink(session: 4, opening), with: .session(failure: nil, report: report, restored: nil)))
        #expect(!SceneWorkerSupervisor.answers(.openLink(session: 4, opening), with: .closed))
        #expect(
            !SceneWorkerSupervisor.answers(
                .openLink(session: 4, opening), with: .called(lines: [], result: .success(""))))
    }
}
