import Foundation
@_spi(SceneHost) import SceneSDK
import Testing
@testable import SceneHostRecordCodec
@testable import SceneHostNative
@testable import SceneHostLoading
import TestSupport
import LoadingTestSupport
@testable import SceneHostContainer

/// The records between a probe child and its parent (issue 11, cold start): compact frames read
/// back exactly, a frame not yet written in full is waited for, and anything else on the channel
/// (a plugin may write to it) is garbage, reported as such and never a trap.
@Suite("Probe record frames")
struct ProbeCacheFormatRecordTests {
    static let records: [ProbeRecord] = [
        .begin(0),
        .step(ProbeStep(scene: "List", action: .build)),
        .step(ProbeStep(scene: "List", action: .handle, event: "tap 'save'")),
        // A scene shown with a sample input: its number, however large, at the frame's end.
        .step(ProbeStep(scene: "Recipe", action: .handle, event: "tap 'favourite'", sample: 2)),
        .step(ProbeStep(scene: "Recipe", action: .render, sample: 300)),
        .verdict(
            .good(
                SamplePlugins.metadata(
                    "A", natives: [NativeDeclaration(name: "total", signatureText: "double(int64)")],
                    wiring: ["AList": .needsHost, "ADetail": .failed(description: "locked")], services: 0))),
        .verdict(.good(SamplePlugins.metadata("B"))),
        .begin(300),
        .verdict(.failed(.refused(message: "plugin 'P' (/p/libP.so) threw."))),
        .verdict(.failed(.crashed(signal: 11, step: ProbeStep(scene: "S", action: .render), said: "Fatal error: x"))),
        .verdict(.failed(.crashed(signal: 4, step: ProbeStep(scene: "S", action: .back, sample: 1), said: nil))),
        .verdict(.failed(.timedOut(limitMilliseconds: 10_000, step: nil))),
        .verdict(.failed(.failedAtExit(signal: 11, status: nil, said: nil))),
        .verdict(.failed(.failedAtExit(signal: nil, status: 127, said: "Inconsistency detected by ld.so: dl-fini.c"))),
        .verdict(.failed(.hungAtExit(limitMilliseconds: 2_000))),
    ]

    static var stream: [UInt8] { records.flatMap(ProbeCacheFormat.frame) }

    @Test("every record reads back exactly, in order")
    func roundTrip() {
        let read = ProbeCacheFormat.decodeRecords(Self.stream)
        #expect(read.records == Self.records)
        #expect(read.consumed == Self.stream.count)
        #expect(read.problem == nil)
    }

    @Test("a step is a few bytes")
    func stepIsSmall() {
        #expect(ProbeCacheFormat.frame(.step(ProbeStep(scene: "List", action: .render))).count == 12)
        for action in ProbeRecordKindTests.actions {
            let step = ProbeStep(scene: "S", action: action)
            #expect(ProbeCacheFormat.decodeRecords(ProbeCacheFormat.frame(.step(step))).records == [.step(step)])
        }
        #expect(ProbeCacheFormat.frame(.begin(47)).count == 4)
    }

    @Test("a frame not yet written in full is waited for, not garbage, at every cut")
    func partialFrames() {
        let bytes = Self.stream
        let ends = Self.records.reduce(into: [0]) { $0.append($0.last! + ProbeCacheFormat.frame($1).count) }
        for cut in 0...bytes.count {
            let read = ProbeCacheFormat.decodeRecords(Array(bytes[..<cut]))
            let whole = ends.lastIndex { $0 <= cut } ?? 0
            #expect(read.problem == nil)
            #expect(read.records == Array(Self.records[..<whole]))
            #expect(read.consumed == ends[whole])
        }
    }

    @Test("reading goes on from an offset")
    func fromOffset() {
        let first = ProbeCacheFormat.frame(Self.records[0]).count
        let read = ProbeCacheFormat.decodeRecords(Self.stream, from: first)
        #expect(read.records == Array(Self.records.dropFirst()))
        #expect(read.consumed == Self.stream.count - first)
    }

    @Test(
        "garbage after records is garbled; the records before it are kept",
        arguments: [
            Array(String(repeating: "garbage a plugin printed\n", count: 10).utf8),
            [0x03, 0x00, 0x09, 0x00],
            [0x02, 0x05, 0x00],
            [0x04, 0x00, 0x02, 0x00, 0x00],
            [0x05, 0x00, 0x00, 0x07, 0x00, 0x00],
        ])
    func garbage(_ garbage: [UInt8]) {
        let valid =
            ProbeCacheFormat.frame(.begin(1)) + ProbeCacheFormat.frame(.step(ProbeStep(scene: "S", action: .build)))
        let read = ProbeCacheFormat.decodeRecords(valid + garbage)
        #expect(read.problem == .garbled)
        #expect(read.records == [.begin(1), .step(ProbeStep(scene: "S", action: .build))])
        #expect(read.consumed == valid.count)
    }

    @Test(
        "a frame whose length is over the limit is too large, with that length, not garbage; the records before it are kept",
        arguments: [ProbeCacheFormat.maximumFrame + 1, 10 << 20, 1 << 40])
    func tooLarge(_ length: Int) {
        let valid = ProbeCacheFormat.frame(.begin(1))
        var prefix = RecordWriter()
        prefix.count(length)
        let read = ProbeCacheFormat.decodeRecords(valid + prefix.body + [0, 0, 0])
        #expect(read.problem == .tooLarge(bytes: length))
        #expect(read.records == [.begin(1)])
        #expect(read.consumed == valid.count)
    }

    @Test("a length of more than 62 bits is too large, not a trap")
    func hugeLength() {
        let read = ProbeCacheFormat.decodeRecords([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f])
        #expect(read.problem == .tooLarge(bytes: Int.max))
    }

    @Test("random bytes and mutated streams never trap")
    func fuzz() {
        var generator = SplitMix(seed: 20_261_127)  // seeded: a failure runs again the same
        let bytes = Self.stream
        for _ in 0..<2_000 {
            var mutated = bytes
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            let read = ProbeCacheFormat.decodeRecords(mutated)
            #expect(read.consumed <= mutated.count)
            let noise = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            _ = ProbeCacheFormat.decodeRecords(noise)
        }
    }
}
