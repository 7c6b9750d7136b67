/// Tells a loadable shared object from other files before `dlopen` sees them, with a reason a
/// person understands ("it is empty", "it is built for aarch64") instead of the loader's.
///
/// Built on `ELFFile`: every value read from the file is bounds-checked and every sum and
/// product of them is overflow-checked, so a crafted header is refused with a reason, never a trap.
package enum ELFHeaderCheck {
    /// The ELF machine this host runs on (`e_machine`).
    #if arch(x86_64)
    static let hostMachine: UInt16 = 62
    #elseif arch(arm64)
    static let hostMachine: UInt16 = 183
    #else
    static let hostMachine: UInt16 = 0
    #endif

    static let machineNames: [UInt16: String] = [
        3: "x86 (32-bit)", 40: "ARM (32-bit)", 62: "x86_64", 183: "aarch64", 243: "RISC-V",
    ]

    /// Nil when `bytes` hold a complete 64-bit little-endian ELF shared object for this machine, else why not.
    package static func problem(with bytes: [UInt8]) -> String? {
        if bytes.isEmpty { return "the file is empty" }
        guard bytes.count >= 4, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46 else {
            let printable = bytes.prefix(512).allSatisfy { $0 == 9 || $0 == 10 || $0 == 13 || (32...126).contains($0) }
            return printable ? "it is a text file, not an ELF binary" : "it has no ELF header"
        }
        guard bytes.count >= 64 else { return "it is truncated: its ELF header is cut off after \(bytes.count) bytes" }
        guard let file = ELFFile(bytes) else {
            return "it is not a 64-bit little-endian ELF file, which this host needs"
        }
        let header = file.header
        guard header.type == 3 else { return "it is an ELF file of type \(header.type), not a shared object (type 3)" }
        guard header.machine == hostMachine || hostMachine == 0 else {
            return "it is built for \(name(of: header.machine)), but this host runs on \(name(of: hostMachine))"
        }
        if header.programHeaderCount > 0 && header.programHeaderSize != ELFFile.programHeaderEntrySize {
            return
                "its ELF header is corrupt: program headers of \(header.programHeaderSize) bytes, not \(ELFFile.programHeaderEntrySize)"
        }
        guard
            let programEnd = ELFFile.tableEnd(
                offset: header.programHeaderOffset, size: header.programHeaderSize, count: header.programHeaderCount)
        else {
            return
                "its ELF header is corrupt: the program header table (at offset \(header.programHeaderOffset)) ends beyond any possible file size"
        }
        guard
            let sectionEnd = ELFFile.tableEnd(
                offset: header.sectionHeaderOffset, size: header.sectionHeaderSize, count: header.sectionHeaderCount)
        else {
            return
                "its ELF header is corrupt: the section header table (at offset \(header.sectionHeaderOffset)) ends beyond any possible file size"
        }
        let needed = max(programEnd, sectionEnd)
        guard UInt64(bytes.count) >= needed else {
            return "it is truncated: its ELF header describes \(needed) bytes, the file has \(bytes.count)"
        }
        return nil
    }

    private static func name(of machine: UInt16) -> String {
        machineNames[machine] ?? "ELF machine \(machine)"
    }
}
