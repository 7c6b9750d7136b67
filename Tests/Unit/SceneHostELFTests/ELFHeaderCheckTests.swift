import Testing
@testable import SceneHostELF

@Suite("ELFHeaderCheck")
struct ELFHeaderCheckTests {
    /// A 64-bit little-endian ELF header of `type` for `machine`, whose section table ends at byte 200.
    private func header(type: UInt8 = 3, machine: UInt16 = ELFHeaderCheck.hostMachine, size: Int = 200) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        bytes[16] = type
        bytes[18] = UInt8(machine & 0xFF)
        bytes[19] = UInt8(machine >> 8)
        bytes[40] = 136  // e_shoff
        bytes[58] = 64  // e_shentsize
        bytes[60] = 1  // e_shnum: the table ends at 136 + 64 = 200
        return bytes
    }

    @Test("a complete shared object for this machine passes")
    func passes() {
        #expect(ELFHeaderCheck.problem(with: header()) == nil)
    }

    @Test("other files say what they are")
    func kinds() {
        #expect(ELFHeaderCheck.problem(with: []) == "the file is empty")
        #expect(ELFHeaderCheck.problem(with: Array("#!/bin/sh\n".utf8)) == "it is a text file, not an ELF binary")
        #expect(ELFHeaderCheck.problem(with: [0x00, 0xFF, 0x10]) == "it has no ELF header")
        #expect(
            ELFHeaderCheck.problem(with: Array(header().prefix(40)))
                == "it is truncated: its ELF header is cut off after 40 bytes")
        #expect(
            ELFHeaderCheck.problem(with: Array(header().prefix(150)))
                == "it is truncated: its ELF header describes 200 bytes, the file has 150")
        #expect(
            ELFHeaderCheck.problem(with: header(type: 2)) == "it is an ELF file of type 2, not a shared object (type 3)"
        )
        var thirtyTwoBit = header()
        thirtyTwoBit[4] = 1
        #expect(
            ELFHeaderCheck.problem(with: thirtyTwoBit)
                == "it is not a 64-bit little-endian ELF file, which this host needs")
    }

    @Test("a library for another architecture names both")
    func otherArchitecture() {
        let other: UInt16 = ELFHeaderCheck.hostMachine == 183 ? 62 : 183
        let names = ELFHeaderCheck.machineNames
        #expect(
            ELFHeaderCheck.problem(with: header(machine: other))
                == "it is built for \(names[other] ?? ""), but this host runs on \(names[ELFHeaderCheck.hostMachine] ?? "")"
        )
    }
}

/// Crafted headers whose offsets overflow 64-bit arithmetic (issue 8, item 4): refused, never a trap.
@Suite("ELFHeaderCheck on crafted offsets")
struct ELFHeaderOverflowTests {
    /// A valid header (section table ending at byte 200) with `value` written at `offset`.
    private func header(setting value: UInt64, at offset: Int, size: Int = 8, extra: [(Int, UInt8)] = []) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 200)
        bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        bytes[16] = 3
        bytes[18] = UInt8(ELFHeaderCheck.hostMachine & 0xFF)
        bytes[19] = UInt8(ELFHeaderCheck.hostMachine >> 8)
        bytes[40] = 136
        bytes[58] = 64
        bytes[60] = 1
        for index in 0..<size { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt64(8 * index)) }
        for (index, byte) in extra { bytes[index] = byte }
        return bytes
    }

    @Test("e_phoff near 2^63 (the sum trapped with SIGILL before)")
    func programTableOffsetNearIntMax() {
        let offset: UInt64 = 0x7FFF_FFFF_FFFF_FFF5
        let bytes = header(setting: offset, at: 32, extra: [(54, 56), (56, 1)])
        #expect(
            ELFHeaderCheck.problem(with: bytes)
                == "it is truncated: its ELF header describes \(offset + 56) bytes, the file has 200")
    }

    @Test("e_phoff near 2^64 (wrapped around to a small end and passed before)")
    func programTableOffsetNearUInt64Max() {
        let offset = UInt64.max - 10
        let bytes = header(setting: offset, at: 32, extra: [(54, 56), (56, 1)])
        #expect(
            ELFHeaderCheck.problem(with: bytes)
                == "its ELF header is corrupt: the program header table (at offset \(offset)) ends beyond any possible file size"
        )
    }

    @Test("e_shoff near 2^64 (wrapped around to a small end and passed before)")
    func sectionTableOffsetNearUInt64Max() {
        let offset = UInt64.max - 8
        let bytes = header(setting: offset, at: 40)
        #expect(
            ELFHeaderCheck.problem(with: bytes)
                == "its ELF header is corrupt: the section header table (at offset \(offset)) ends beyond any possible file size"
        )
    }

    @Test("a huge table that does not overflow is a truncated file")
    func hugeTable() {
        let bytes = header(setting: 0xFFFF, at: 60, size: 2)
        #expect(
            ELFHeaderCheck.problem(with: bytes)
                == "it is truncated: its ELF header describes \(136 + 64 * 0xFFFF) bytes, the file has 200")
    }

    @Test("program headers of the wrong size are refused, as the loader refuses them")
    func programHeaderSize() {
        let bytes = header(setting: 1, at: 56, size: 2, extra: [(54, 57), (32, 64)])
        #expect(ELFHeaderCheck.problem(with: bytes) == "its ELF header is corrupt: program headers of 57 bytes, not 56")
    }
}
