import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostRecordCodec
@testable import SceneHostContainer
@testable import SceneHostLoading
import TestSupport
import LoadingTestSupport

/// The record kinds of the probe cache and the probe child's records (Loading/ProbeCacheFormat):
/// each reads back as written, and a tag one past each enum's last case is refused.
@Suite("Probe record kinds")
struct ProbeRecordKindTests {
    static let actions: [ProbeStep.Action] = [
        .build, .viewDidLoad, .viewWillAppear, .render, .handle, .back, .renderAgain,
    ]

    @Test("failures, steps, settings, findings, schemas and identities read back as written")
    func roundTrips() throws {
        let step = ProbeStep(scene: "S", action: .handle, event: "tap 'save'")
        let failures: [ProbeFailure] = [
            .refused(message: "no"), .hostFailed(message: "no folder"),
            .crashed(signal: 11, step: step, said: "Fatal error"),
            .crashed(signal: 6, step: nil, said: nil), .exited(status: -3, step: step),
            .timedOut(limitMilliseconds: 30_000, step: nil),
        ]
        for failure in failures { #expect(try RecordCheck.roundTrip(failure) == failure) }
        #expect(Self.actions.count == ProbeStep.Action.Tag.allCases.count)
        for action in Self.actions { #expect(try RecordCheck.roundTrip(action) == action) }
        let declarations: [SettingDeclaration] = [
            .path("database", help: "the file"),
            .string("mode", default: "fast", help: "how", oneOf: ["fast", "safe"]),
            .integer("pageSize", default: -3, help: "rows", range: -5...500),
            .number("ratio", required: true, help: "r", range: 0.25...1.5),
            .boolean("verbose", default: true, help: "more"), .string("name", help: "a name", nonEmpty: true),
        ]
        for declaration in declarations { #expect(try RecordCheck.roundTrip(declaration) == declaration) }
        for kind in SettingKind.allCases { #expect(try RecordCheck.roundTrip(kind) == kind) }
        let findings: [WiringFinding] = [
            .wiringMismatch(part: "a", partType: "b", property: "c", expected: "d"),
            .settingRejected(key: "k", reason: "r"),
            .failed(description: "x"), .needsHost,
        ]
        for finding in findings { #expect(try RecordCheck.roundTrip(finding) == finding) }
        let schema = ProbeCacheFormatTests.order.schema
        #expect(try RecordCheck.roundTrip(schema) == schema)
        let identity = StatIdentity(device: 1, inode: 2, size: 3, modified: -4, changed: 5)
        #expect(try RecordCheck.roundTrip(identity) == identity)
        let plugin = ProbeCacheFormat.Identification(SamplePlugins.metadata("A"))
        #expect(try RecordCheck.roundTrip(plugin) == plugin)
    }

    @Test("a tag one past the last case is refused, for every kind with cases")
    func unknownTags() throws {
        try RecordCheck.refusesUnknownTag(ProbeFailure.self, ProbeFailure.Tag.self)
        try RecordCheck.refusesUnknownTag(ProbeStep.Action.self, ProbeStep.Action.Tag.self)
        try RecordCheck.refusesUnknownTag(SettingKind.self, SettingKind.Tag.self)
        try RecordCheck.refusesUnknownTag(PluginSettings.Value.self, PluginSettings.Value.Tag.self)
        try RecordCheck.refusesUnknownTag(WiringFinding.self, WiringFinding.Tag.self)
        try RecordCheck.refusesUnknownTag(PayloadSchema.self, PayloadSchemaTag.self)
        try RecordCheck.refusesUnknownTag(SettingDeclaration.self, SettingDeclaration.RuleTag.self) { writer in
            writer.string("name")
            writer.tag(SettingKind.Tag.string)
            writer.bool(false)
            writer.bool(false)
            writer.string("help")
        }
    }

    @Test("a verdict's and a probe record's tag one past the last case is refused")
    func verdictAndRecordTags() throws {
        var verdict = try RecordCheck.reader { $0.unsigned(RecordCheck.pastLast(ProbeVerdict.Tag.self)) }
        #expect(throws: RecordReader.Malformed.self) { try ProbeCacheFormat.decodeVerdict(&verdict, contracts: []) }
        #expect(ProbeVerdict.Tag.allCases.map(\.rawValue) == [0, 1])
        // A frame: its length, an empty string table, the tag.
        let frame: [UInt8] = [2, 0, UInt8(RecordCheck.pastLast(ProbeRecord.Tag.self))]
        #expect(ProbeCacheFormat.decodeRecords(frame).problem == .garbled)
        #expect(ProbeRecord.Tag.allCases.map(\.rawValue) == [0, 1, 2])
    }
}
