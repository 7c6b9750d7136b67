import Testing
@testable import SceneHost

@Suite("ELFHeaderCheck")
struct ELFHeaderCheckTests {
    /// A 64-bit little-endian ELF header of `type` for `machine`, whose section table ends at byte 200.
    private func header(type: UInt8 = 3, machine: UInt16 = ELFHeaderCheck.hostMachine, size: Int = 200) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        bytes[16] = type
        bytes[18] = UInt8(machine & 0xFF)
        bytes[19] = UInt8(machine >> 8)
        bytes[40] = 136      // e_shoff
        bytes[58] = 64       // e_shentsize
        bytes[60] = 1        // e_shnum: the table ends at 136 + 64 = 200
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
        #expect(ELFHeaderCheck.problem(with: Array(header().prefix(40))) == "it is truncated: its ELF header is cut off after 40 bytes")
        #expect(ELFHeaderCheck.problem(with: Array(header().prefix(150))) == "it is truncated: its ELF header describes 200 bytes, the file has 150")
        #expect(ELFHeaderCheck.problem(with: header(type: 2)) == "it is an ELF file of type 2, not a shared object (type 3)")
        var thirtyTwoBit = header()
        thirtyTwoBit[4] = 1
        #expect(ELFHeaderCheck.problem(with: thirtyTwoBit) == "it is not a 64-bit little-endian ELF file, which this host needs")
    }

    @Test("a library for another architecture names both")
    func otherArchitecture() {
        let other: UInt16 = ELFHeaderCheck.hostMachine == 183 ? 62 : 183
        let names = ELFHeaderCheck.machineNames
        #expect(ELFHeaderCheck.problem(with: header(machine: other))
            == "it is built for \(names[other] ?? ""), but this host runs on \(names[ELFHeaderCheck.hostMachine] ?? "")")
    }
}
