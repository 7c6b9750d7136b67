import Foundation
import Testing
@testable import SceneHostRecordCodec

@Suite("SHA256")
struct SHA256Tests {
    @Test(
        "FIPS 180-4 test vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func vectors(input: String, digest: String) {
        #expect(SHA256.hexDigest(Array(input.utf8)) == digest)
    }

    @Test("a million 'a's (many blocks)")
    func longInput() {
        #expect(
            SHA256.hexDigest([UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("a buffer hashes like the array of its bytes")
    func buffer() {
        let bytes = (0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(bytes.withUnsafeBytes { SHA256.hexDigest($0) } == SHA256.hexDigest(bytes))
        #expect(SHA256.hexDigest(bytes).allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test("every length across a block's padding boundary, against coreutils' sha256sum")
    func againstSHA256Sum() throws {
        // Lengths 0-200 cross the 55/56/64-byte padding cases and several blocks; one file per length.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var expected: [String: String] = [:]
        for length in 0...200 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ length) }
            let name = "\(length)"
            try Data(bytes).write(to: folder.appendingPathComponent(name))
            expected[name] = SHA256.hexDigest(bytes)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.currentDirectoryURL = folder
        process.arguments = expected.keys.sorted()
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.split(separator: "\n")
        #expect(lines.count == 201)
        for line in lines {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            #expect(parts.count == 2)
            guard parts.count == 2 else { continue }
            #expect(expected[String(parts[1])] == String(parts[0]), "length \(parts[1])")
        }
    }

    @Test("the processor's SHA instructions and the portable rounds give the same digest for every length to 1,000")
    func acceleratedMatchesPortable() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) }
        for length in 0...1000 {
            let accelerated = bytes[..<length].withUnsafeBytes { SHA256.digest($0) }
            let portable = bytes[..<length].withUnsafeBytes { SHA256.digest($0, portable: true) }
            #expect(accelerated == portable, "length \(length)")
        }
    }
}
