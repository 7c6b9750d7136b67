import Foundation
@_spi(SceneHost) import SceneSDK
import Testing
@testable import SceneHostRecordCodec
@testable import SceneHostCore
@testable import SceneHostNative
@testable import SceneHostContainer
@testable import SceneHostLoading
import TestSupport
import LoadingTestSupport

/// The probe cache's compact format (issue 11, warm start): what is written is read back
/// exactly, and anything else (older JSON, garbage, truncation, forged lengths, duplicate paths,
/// indexes out of a table, schemas nested without end) reads as no cache at all.
@Suite("Probe cache format")
struct ProbeCacheFormatTests {
    static let order = SamplePlugins.order
    static let selection = SamplePlugins.selection

    static func metadata(
        _ name: String, natives: [NativeDeclaration]? = nil, wiring: [String: WiringFinding]? = nil,
        services: Int? = nil
    ) -> PluginMetadata {
        SamplePlugins.metadata(name, natives: natives, wiring: wiring, services: services)
    }

    static func entry(
        _ path: String, _ verdict: ProbeVerdict,
        stat: StatIdentity? = StatIdentity(
            device: 2049, inode: 77, size: 1000, modified: -5, changed: 1_700_000_000_123_456_789)
    ) -> ProbeCache.Entry {
        ProbeCache.Entry(
            fingerprint: FileFingerprint(
                path: path, size: 1000, modified: 1_700_000_000_000_000_000, sha256: String(repeating: "ab", count: 32)),
            stat: stat, host: ProbeCache.hostIdentity, verdict: verdict)
    }

    static let entries: [String: ProbeCache.Entry] = [
        "/p/libA.so": entry("/p/libA.so", .good(metadata("A"))),
        "/p/libB.so": entry("/p/libB.so", .good(metadata("B", natives: [])), stat: nil),
        "/p/libN.so": entry(
            "/p/libN.so",
            .good(metadata("N", natives: [NativeDeclaration(name: "total", signatureText: "double(int64)")]))),
        "/p/libW.so": entry(
            "/p/libW.so",
            .good(
                metadata(
                    "W",
                    wiring: [
                        "WList": .wiringMismatch(
                            part: "presenter", partType: "WListPresenter", property: "viewController",
                            expected: "WListDisplayLogic"),
                        "WDetail": .settingRejected(key: "currency", reason: "not a currency code"),
                        "WEdit": .failed(description: "database locked"),
                        "WShare": .needsHost,
                    ], services: 0))),
        "/p/libS.so": entry("/p/libS.so", .good(metadata("S", wiring: [:], services: 2))),
        "/p/libG.so": entry(
            "/p/libG.so",
            .good(
                {
                    var declared = metadata("G")
                    declared.settings = [
                        .path("database", help: "the file"),
                        .string("mode", default: "fast", help: "how", oneOf: ["fast", "safe"]),
                        .integer("pageSize", default: -3, help: "rows", range: -5...500),
                        .number("ratio", required: true, help: "a ratio", range: 0.25...1.5),
                        .boolean("verbose", default: true, help: "more"),
                        .string("name", help: "a name", nonEmpty: true),
                    ]
                    declared.undeclaredRoutes = ["GList": ["GEdtior", "Zed"], "GDetail": ["Other"]]
                    declared.inMemoryState = InMemoryState("the orders", unlessSet: "database")
                    return declared
                }())),
        "/p/libM.so": entry(
            "/p/libM.so",
            .good(
                {
                    var declared = metadata("M", natives: [])
                    declared.inMemoryState = InMemoryState("the cart")
                    return declared
                }())),
        "/p/libR.so": entry("/p/libR.so", .failed(.refused(message: "plugin 'R' refused"))),
        "/p/libC.so": entry(
            "/p/libC.so",
            .failed(
                .crashed(
                    signal: 11, step: ProbeStep(scene: "CList", action: .handle, event: "tap 'save'"),
                    said: "Fatal error: boom"))),
        "/p/libD.so": entry("/p/libD.so", .failed(.crashed(signal: 6, step: nil, said: nil))),
        "/p/libE.so": entry(
            "/p/libE.so", .failed(.exited(status: -3, step: ProbeStep(scene: "E", action: .renderAgain)))),
        "/p/libT.so": entry(
            "/p/libT.so", .failed(.timedOut(limitMilliseconds: 30_000, step: ProbeStep(scene: "T", action: .back)))),
    ]

    @Test("every kind of entry reads back exactly as written")
    func roundTrip() {
        let bytes = ProbeCacheFormat.encode(Self.entries)
        #expect(ProbeCacheFormat.decode(bytes) == Self.entries)
        #expect(ProbeCacheFormat.encode(Self.entries) == bytes)
    }

    @Test("a contract named by many scenes and plugins is written once")
    func contractsOnce() {
        let many = Dictionary(
            uniqueKeysWithValues: (0..<50).map {
                ("/p/lib\($0).so", Self.entry("/p/lib\($0).so", .good(Self.metadata("P\($0)"))))
            })
        let bytes = ProbeCacheFormat.encode(many)
        #expect(ProbeCacheFormat.decode(bytes) == many)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.components(separatedBy: "Item").count - 1 == 1)
        #expect(text.components(separatedBy: "price").count - 1 == 1)
    }

    @Test("the JSON of earlier hosts, garbage and an empty file are no cache")
    func otherFormats() throws {
        let json = try JSONSerialization.data(withJSONObject: ["/p/libA.so": ["host": ProbeCache.hostIdentity]])
        #expect(ProbeCacheFormat.decode([UInt8](json)) == nil)
        #expect(ProbeCacheFormat.decode([]) == nil)
        #expect(ProbeCacheFormat.decode(Array("scene-host probe cache 3\n".utf8) + [0, 0, 0]) == nil)
        var generator = SplitMix(seed: 20_261_127)  // seeded: a failure runs again the same
        for _ in 0..<200 {
            let random = (0..<Int.random(in: 0..<64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            #expect(ProbeCacheFormat.decode([UInt8(ascii: "{")] + random) == nil)
            // After a valid header, random bytes must not trap (what they decode to does not matter).
            _ = ProbeCacheFormat.decode(ProbeCacheFormat.header + random)
        }
    }

    @Test("every truncation of a valid file, and bytes after its end, are no cache")
    func truncation() {
        let bytes = ProbeCacheFormat.encode(Self.entries)
        for length in 0..<bytes.count {
            #expect(ProbeCacheFormat.decode(Array(bytes[0..<length])) == nil, "length \(length)")
        }
        #expect(ProbeCacheFormat.decode(bytes + [0]) == nil)
    }

    @Test("a forged huge count or length fails without allocating it")
    func hugeLengths() {
        var writer = RecordWriter()
        writer.unsigned(UInt64(1) << 62)
        #expect(
            ProbeCacheFormat.decode(ProbeCacheFormat.sealed(writer.finished(header: ProbeCacheFormat.header))) == nil)
        // A string table of one string claiming 2^40 bytes.
        let table = ProbeCacheFormat.header + [1] + [0x80, 0x80, 0x80, 0x80, 0x80, 0x20]
        #expect(ProbeCacheFormat.decode(table) == nil)
        // An integer of more than 64 bits.
        #expect(ProbeCacheFormat.decode(ProbeCacheFormat.header + [UInt8](repeating: 0xff, count: 11) + [1]) == nil)
    }

    @Test("the same path twice is no cache, not one of the two")
    func duplicatePaths() {
        let entry = Self.entry("/p/libR.so", .failed(.refused(message: "refused")))
        var writer = RecordWriter()
        writer.count(0)
        writer.count(2)
        ProbeCacheFormat.encode(entry, path: "/p/libR.so", into: &writer, contracts: ContractTable())
        ProbeCacheFormat.encode(entry, path: "/p/libR.so", into: &writer, contracts: ContractTable())
        #expect(
            ProbeCacheFormat.decode(ProbeCacheFormat.sealed(writer.finished(header: ProbeCacheFormat.header))) == nil)
    }

    @Test("a string or contract index past its table is no cache")
    func indexesOutOfRange() {
        var strings = RecordWriter()
        strings.count(0)
        strings.count(1)
        strings.count(5)
        #expect(
            ProbeCacheFormat.decode(ProbeCacheFormat.sealed(strings.finished(header: ProbeCacheFormat.header))) == nil)
        // A good verdict naming contract 9 of a table of none.
        let entry = Self.entry("/p/libA.so", .good(Self.metadata("A")))
        var contracts = ContractTable()
        contracts.add(entry.verdict)
        var writer = RecordWriter()
        writer.count(0)
        writer.count(1)
        ProbeCacheFormat.encode(entry, path: "/p/libA.so", into: &writer, contracts: contracts)
        #expect(
            ProbeCacheFormat.decode(ProbeCacheFormat.sealed(writer.finished(header: ProbeCacheFormat.header))) == nil)
    }

    @Test(
        "a route's declared style reads back (none, push, present, replace); a style index past the known ones is no cache"
    )
    func routeStyles() {
        let routes =
            [DeclaredRoute(destination: "ByName", handlerName: nil, payload: nil)]
            + NavigationStyle.allCases.map {
                DeclaredRoute(destination: "To\($0.rawValue)", handlerName: nil, payload: nil, style: $0)
            }
        let scene = SceneDescription(
            name: "Styled", input: nil, acceptedResult: nil, returnedResult: nil, routes: routes)
        let metadata = PluginMetadata(
            name: "Styled", version: "1", sdkVersion: SemanticVersion(major: 1, minor: 0, patch: 0), sdkFingerprint: "",
            swiftVersion: "6", scenes: [scene])
        let entries = ["/p/libStyled.so": Self.entry("/p/libStyled.so", .good(metadata))]
        let decoded = ProbeCacheFormat.decode(ProbeCacheFormat.encode(entries))
        #expect(decoded == entries)
        if case .good(let read)? = decoded?["/p/libStyled.so"]?.verdict {
            #expect(read.scenes.first?.routes.map(\.style) == [nil, .push, .present, .replace])
        } else {
            Issue.record("the entry did not read back as good")
        }
    }

    @Test(
        "a container's slots (tabs, panes, one declared twice: check reports it) and a route's slot read back"
    )
    func containerSlots() {
        let slots = [
            DeclaredSlot(name: "orders", kind: .tab, title: "Orders", initial: "OrdersSplit"),
            DeclaredSlot(name: "settings", kind: .tab, title: "Settings", initial: "Settings"),
            DeclaredSlot(name: "settings", kind: .pane, title: "Again", initial: "Other"),
        ]
        let routes = [
            DeclaredRoute(destination: "Detail", handlerName: nil, payload: nil, style: .replace, slot: "detail"),
            DeclaredRoute(destination: "Plain", handlerName: nil, payload: nil),
        ]
        let main = SceneDescription(
            name: "Main", input: nil, acceptedResult: nil, returnedResult: nil, routes: routes, slots: slots)
        let plain = SceneDescription(name: "Plain", input: nil, acceptedResult: nil, returnedResult: nil, routes: [])
        let metadata = PluginMetadata(
            name: "Containers", version: "1", sdkVersion: SemanticVersion(major: 1, minor: 0, patch: 0),
            sdkFingerprint: "", swiftVersion: "6", scenes: [main, plain])
        let entries = ["/p/libContainers.so": Self.entry("/p/libContainers.so", .good(metadata))]
        let decoded = ProbeCacheFormat.decode(ProbeCacheFormat.encode(entries))
        #expect(decoded == entries)
        if case .good(let read)? = decoded?["/p/libContainers.so"]?.verdict {
            #expect(read.scenes.first?.slots == slots)
            #expect(read.scenes.first?.routes.map(\.slot) == ["detail", nil])
            #expect(read.scenes.last?.slots == [])
        } else {
            Issue.record("the entry did not read back as good")
        }
    }

    @Test("a schema nested deeper than any plugin declares is no cache; one level less reads back")
    func schemaDepth() {
        func nested(_ depth: Int) -> PayloadSchema {
            (0..<depth).reduce(PayloadSchema.string) { inner, _ in .optional(inner) }
        }
        func file(_ depth: Int) -> [String: ProbeCache.Entry] {
            let contract = ContractInfo(typeName: "Deep", schema: nested(depth))
            let scene = SceneDescription(
                name: "Deep", input: contract, acceptedResult: nil, returnedResult: nil, routes: [])
            let metadata = PluginMetadata(
                name: "Deep", version: "1", sdkVersion: SemanticVersion(major: 1, minor: 0, patch: 0),
                sdkFingerprint: "",
                swiftVersion: "6", scenes: [scene])
            return ["/p/libDeep.so": Self.entry("/p/libDeep.so", .good(metadata))]
        }
        let deepest = file(ProbeCacheFormat.maximumSchemaDepth - 1)
        #expect(ProbeCacheFormat.decode(ProbeCacheFormat.encode(deepest)) == deepest)
        #expect(ProbeCacheFormat.decode(ProbeCacheFormat.encode(file(ProbeCacheFormat.maximumSchemaDepth))) == nil)
        // A forged schema 100,000 levels deep fails at the limit instead of exhausting the stack.
        var writer = RecordWriter()
        writer.count(1)
        writer.string("Deep")
        for _ in 0..<100_000 { writer.count(4) }
        writer.count(0)
        writer.count(0)
        #expect(
            ProbeCacheFormat.decode(ProbeCacheFormat.sealed(writer.finished(header: ProbeCacheFormat.header))) == nil)
    }

    @Test(
        "a single flipped bit anywhere in the file (a scene name, a verdict, a fingerprint, the checksum) is no cache")
    func bitFlips() {
        let bytes = ProbeCacheFormat.encode(Self.entries)
        for index in bytes.indices {
            for bit in [0, 3, 7] {
                var flipped = bytes
                flipped[index] ^= UInt8(1) << bit
                #expect(ProbeCacheFormat.decode(flipped) == nil, "byte \(index), bit \(bit) was believed")
            }
        }
        #expect(ProbeCacheFormat.decode(bytes) == Self.entries)
    }
}
