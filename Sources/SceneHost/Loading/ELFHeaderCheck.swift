/// Tells a loadable shared object from other files before `dlopen` sees them, with a reason a
/// person understands ("it is empty", "it is built for aarch64") instead of the loader's.
enum ELFHeaderCheck {
    /// The ELF machine this host runs on (`e_machine`).
    #if arch(x86_64)
    static let hostMachine: UInt16 = 62
    #elseif arch(arm64)
    static let hostMachine: UInt16 = 183
    #else
    static let hostMachine: UInt16 = 0
    #endif

    static let machineNames: [UInt16: String] = [3: "x86 (32-bit)", 40: "ARM (32-bit)", 62: "x86_64", 183: "aarch64", 243: "RISC-V"]

    /// Nil when `bytes` hold a complete 64-bit little-endian ELF shared object for this machine, else why not.
    static func problem(with bytes: [UInt8]) -> String? {
        if bytes.isEmpty { return "the file is empty" }
        guard bytes.count >= 4, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46 else {
            let printable = bytes.prefix(512).allSatisfy { $0 == 9 || $0 == 10 || $0 == 13 || (32...126).contains($0) }
            return printable ? "it is a text file, not an ELF binary" : "it has no ELF header"
        }
        guard bytes.count >= 64 else { return "it is truncated: its ELF header is cut off after \(bytes.count) bytes" }
        guard bytes[4] == 2, bytes[5] == 1 else { return "it is not a 64-bit little-endian ELF file, which this host needs" }
        let type = UInt16(bytes[16]) | UInt16(bytes[17]) << 8
        guard type == 3 else { return "it is an ELF file of type \(type), not a shared object (type 3)" }
        let machine = UInt16(bytes[18]) | UInt16(bytes[19]) << 8
        guard machine == hostMachine || hostMachine == 0 else {
            return "it is built for \(name(of: machine)), but this host runs on \(name(of: hostMachine))"
        }
        let needed = describedSize(bytes)
        guard bytes.count >= needed else {
            return "it is truncated: its ELF header describes \(needed) bytes, the file has \(bytes.count)"
        }
        return nil
    }

    private static func name(of machine: UInt16) -> String {
        machineNames[machine] ?? "ELF machine \(machine)"
    }

    /// The end of the program and section header tables the header points to.
    private static func describedSize(_ bytes: [UInt8]) -> Int {
        func value(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        let programHeaders = value(32, 8) + value(54, 2) * value(56, 2)
        let sectionHeaders = value(40, 8) + value(58, 2) * value(60, 2)
        return max(programHeaders, sectionHeaders)
    }
}
