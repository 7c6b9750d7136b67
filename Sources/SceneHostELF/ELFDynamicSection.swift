/// What the dynamic loader reads from an object's dynamic section to find its libraries:
/// `DT_NEEDED` names, `DT_RPATH` and `DT_RUNPATH`.
///
/// Read from the file's bytes through `PT_DYNAMIC`, with `DT_STRTAB` (a virtual address) mapped to
/// a file offset through the `PT_LOAD` segments, as the loader maps it. A malformed table is a
/// `Problem` with a reason, never a trap.
package struct ELFDynamicSection: Equatable {
    /// Why the dynamic section cannot be read.
    package struct Problem: Error, Equatable {
        package let reason: String
    }

    static let null: UInt64 = 0
    static let neededTag: UInt64 = 1
    static let stringTableTag: UInt64 = 5
    static let stringTableSizeTag: UInt64 = 10
    static let rpathTag: UInt64 = 15
    static let runpathTag: UInt64 = 29
    static let entrySize: UInt64 = 16

    package var needed: [String] = []
    package var rpath: String?
    package var runpath: String?

    /// The dynamic section of `file`; empty when it has none (it then needs no library).
    package static func read(from file: ELFFile) throws(Problem) -> ELFDynamicSection {
        guard let headers = file.programHeaders() else {
            throw Problem(reason: "its program header table is not inside the file")
        }
        guard let dynamic = headers.first(where: { $0.type == ELFFile.dynamicSegment }) else {
            return ELFDynamicSection()
        }
        guard file.reader.contains(offset: dynamic.offset, length: dynamic.fileSize) else {
            throw Problem(
                reason:
                    "its dynamic section (offset \(dynamic.offset), \(dynamic.fileSize) bytes) is not inside the file")
        }
        var neededOffsets: [UInt64] = []
        var rpathOffset: UInt64?, runpathOffset: UInt64?, stringTable: UInt64?, stringTableSize: UInt64?
        // Inside the segment checked above: offset + index * 16 + 8 stays below its end.
        for index in 0..<(dynamic.fileSize / entrySize) {
            let base = dynamic.offset + index * entrySize
            guard let tag = file.reader.u64(at: base), let value = file.reader.u64(at: base + 8), tag != null else {
                break
            }
            switch tag {
            case neededTag: neededOffsets.append(value)
            case rpathTag: rpathOffset = value
            case runpathTag: runpathOffset = value
            case stringTableTag: stringTable = value
            case stringTableSizeTag: stringTableSize = value
            default: continue
            }
        }
        var section = ELFDynamicSection()
        guard !neededOffsets.isEmpty || rpathOffset != nil || runpathOffset != nil else { return section }
        guard let stringTable, let stringTableSize else {
            throw Problem(reason: "its dynamic section names libraries but has no string table")
        }
        guard let start = file.fileOffset(ofAddress: stringTable, in: headers) else {
            throw Problem(reason: "its string table (address \(stringTable)) is not mapped from the file")
        }
        guard let end = ELFReader.sum(start, stringTableSize) else {
            throw Problem(reason: "its string table size (\(stringTableSize) bytes) is corrupt")
        }
        func string(_ offset: UInt64) throws(Problem) -> String {
            guard let position = ELFReader.sum(start, offset), let text = file.reader.string(at: position, limit: end)
            else {
                throw Problem(
                    reason: "a name in its dynamic section (string offset \(offset)) is not inside its string table")
            }
            return text
        }
        for offset in neededOffsets { section.needed.append(try string(offset)) }
        if let rpathOffset { section.rpath = try string(rpathOffset) }
        if let runpathOffset { section.runpath = try string(runpathOffset) }
        return section
    }
}
