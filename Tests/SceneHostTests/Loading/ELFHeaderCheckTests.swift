import Testing
@testable import SceneHost

@Suite("ELFHeaderCheck")
struct ELFHeaderCheckTests {
    private let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]

    @Test("a shared object passes; other files say what they are")
    func kinds() {
        #expect(ELFHeaderCheck.problem(with: elf + [3, 0]) == nil)
        #expect(ELFHeaderCheck.problem(with: elf + [2, 0]) == "it is an ELF file of type 2, not a shared object (type 3)")
        #expect(ELFHeaderCheck.problem(with: Array(elf.prefix(10))) == "its ELF header is truncated")
        #expect(ELFHeaderCheck.problem(with: [UInt8]()) == "the file is empty")
        #expect(ELFHeaderCheck.problem(with: Array("#!/bin/sh\n".utf8)) == "it is a text file, not an ELF binary")
        #expect(ELFHeaderCheck.problem(with: [0x00, 0xFF, 0x10]) == "it has no ELF header")
    }
}
