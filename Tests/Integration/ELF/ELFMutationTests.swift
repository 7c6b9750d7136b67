import Foundation
import Testing
@testable import SceneHostELF
import TestSupport

/// Randomized: mutated headers of a real plugin never trap the ELF checks (issue 8, item 4).
///
/// The seed is printed; `SCENE_HOST_ELF_SEED=<seed> swift test --filter ELFMutationTests` replays a run.
@Suite("ELF checks on mutated plugins")
struct ELFMutationTests {

    /// A field of the file: where it is and how many bytes it has.
    struct Field {
        let offset: Int
        let size: Int
    }

    static let iterations = 100_000

    @Test("100,000 mutated headers: each refused with a reason or accepted, none traps")
    func mutatedHeaders() throws {
        let seed =
            ProcessInfo.processInfo.environment["SCENE_HOST_ELF_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
        print("ELF mutation seed: \(seed) (replay: SCENE_HOST_ELF_SEED=\(seed) swift test --filter ELFMutationTests)")
        var random = SplitMix(seed: seed)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BuildProducts.library("DetailScene"))))
        let fields = try Self.fields(of: bytes)
        let count = UInt64(bytes.count)
        let extremes: [UInt64] = [
            0, 1, 2, 55, 56, 57, 64, 0xFFFF, 0x7FFF_FFFF_FFFF_FFFF, 0x8000_0000_0000_0000, UInt64.max, count, count - 1,
            count + 1,
        ]
        var refused = 0
        for iteration in 0..<Self.iterations {
            var saved: [(Int, UInt8)] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let field = fields[Int.random(in: 0..<fields.count, using: &random)]
                switch Int.random(in: 0..<3, using: &random) {
                case 0:  // one random byte of the field
                    let index = field.offset + Int.random(in: 0..<field.size, using: &random)
                    saved.append((index, bytes[index]))
                    bytes[index] = UInt8.random(in: 0...255, using: &random)
                default:  // the whole field: an extreme value, near one, or random
                    var value = extremes[Int.random(in: 0..<extremes.count, using: &random)]
                    if Bool.random(using: &random) { value &-= UInt64.random(in: 0...64, using: &random) }
                    if Int.random(in: 0..<4, using: &random) == 0 { value = random.next() }
                    for index in 0..<field.size {
                        saved.append((field.offset + index, bytes[field.offset + index]))
                        bytes[field.offset + index] = UInt8(truncatingIfNeeded: value >> UInt64(8 * index))
                    }
                }
            }
            if let problem = ELFHeaderCheck.problem(with: bytes) {
                refused += 1
                if problem.isEmpty { Issue.record("empty reason at iteration \(iteration), seed \(seed)") }
            }
            if let file = ELFFile(bytes) {
                do {
                    _ = try ELFDynamicSection.read(from: file)
                } catch {
                    if error.reason.isEmpty {
                        Issue.record("empty dynamic-section reason at iteration \(iteration), seed \(seed)")
                    }
                }
            }
            for (index, byte) in saved.reversed() { bytes[index] = byte }
        }
        // The mutations reach the checks: a good share is refused, and some still pass.
        #expect(refused > Self.iterations / 10, "seed \(seed)")
        #expect(refused < Self.iterations, "seed \(seed)")
    }

    /// The header fields, every program header's fields and the first dynamic entries of `bytes`.
    static func fields(of bytes: [UInt8]) throws -> [Field] {
        var fields = [
            Field(offset: 4, size: 1), Field(offset: 5, size: 1), Field(offset: 16, size: 2),
            Field(offset: 18, size: 2),
            Field(offset: 32, size: 8), Field(offset: 40, size: 8), Field(offset: 54, size: 2),
            Field(offset: 56, size: 2),
            Field(offset: 58, size: 2), Field(offset: 60, size: 2), Field(offset: 0, size: 64),
        ]
        let file = try #require(ELFFile(bytes))
        let headers = try #require(file.programHeaders())
        for index in 0..<headers.count {
            let base = Int(file.header.programHeaderOffset) + index * 56
            fields += [
                Field(offset: base, size: 4), Field(offset: base + 8, size: 8), Field(offset: base + 16, size: 8),
                Field(offset: base + 32, size: 8), Field(offset: base + 40, size: 8),
            ]
        }
        let dynamic = try #require(headers.first { $0.type == ELFFile.dynamicSegment })
        for index in 0..<min(Int(dynamic.fileSize) / 16, 40) {
            fields += [
                Field(offset: Int(dynamic.offset) + index * 16, size: 8),
                Field(offset: Int(dynamic.offset) + index * 16 + 8, size: 8),
            ]
        }
        return fields
    }
}
