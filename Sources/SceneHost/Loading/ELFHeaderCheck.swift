/// Tells a loadable shared object from other files before `dlopen` sees them, with a reason
/// a person understands ("it is empty", "it is text") instead of the loader's.
enum ELFHeaderCheck {
    /// Nil when `bytes` start like an ELF shared object, else why not.
    static func problem(with bytes: some Collection<UInt8>) -> String? {
        let header = Array(bytes.prefix(18))
        if header.isEmpty { return "the file is empty" }
        guard header.count >= 4, header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46 else {
            let printable = header.allSatisfy { $0 == 9 || $0 == 10 || $0 == 13 || (32...126).contains($0) }
            return printable ? "it is a text file, not an ELF binary" : "it has no ELF header"
        }
        guard header.count >= 18 else { return "its ELF header is truncated" }
        // e_type, little-endian: 3 = ET_DYN (shared object).
        let type = UInt16(header[16]) | UInt16(header[17]) << 8
        guard type == 3 else { return "it is an ELF file of type \(type), not a shared object (type 3)" }
        return nil
    }
}
