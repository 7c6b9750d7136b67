/// The defined symbols of a file's dynamic symbol table (`.dynsym`), read from its bytes.
///
/// Found through the section headers (`SHT_DYNSYM` and the string table its `sh_link` names);
/// every table is checked against the file and the count is limited, so a crafted file is a
/// `Problem`, never a trap. A file without section headers has no readable symbols.
package struct ELFDynamicSymbols {
    package struct Problem: Error, Equatable {
        package let reason: String
    }

    /// One defined symbol: where it is (a virtual address), its size and whether it is a function.
    package struct Symbol: Equatable {
        package let address: UInt64
        package let size: UInt64
        package let isFunction: Bool
    }

    static let dynamicSymbolSection: UInt32 = 11
    static let sectionHeaderSize: UInt16 = 64
    static let symbolSize: UInt64 = 24
    /// More symbols than any plugin exports; a larger table is refused rather than read.
    static let maximumSymbols: UInt64 = 1 << 20
    /// Names longer than this are skipped: no table or declared function has one.
    static let maximumNameBytes: UInt64 = 256

    package let symbols: [String: Symbol]

    package static func read(from file: ELFFile) throws(Problem) -> ELFDynamicSymbols {
        let header = file.header
        guard header.sectionHeaderCount > 0 else { return ELFDynamicSymbols(symbols: [:]) }
        guard header.sectionHeaderSize == sectionHeaderSize,
            let end = ELFFile.tableEnd(
                offset: header.sectionHeaderOffset, size: header.sectionHeaderSize, count: header.sectionHeaderCount),
            end <= file.reader.count
        else {
            throw Problem(reason: "its section header table is not inside the file")
        }
        func section(_ index: UInt64) -> (type: UInt32, offset: UInt64, size: UInt64, link: UInt32)? {
            guard index < UInt64(header.sectionHeaderCount) else { return nil }
            let base = header.sectionHeaderOffset + index * UInt64(sectionHeaderSize)
            guard let type = file.reader.u32(at: base + 4), let offset = file.reader.u64(at: base + 24),
                let size = file.reader.u64(at: base + 32), let link = file.reader.u32(at: base + 40)
            else { return nil }
            return (type, offset, size, link)
        }
        guard
            let table = (0..<UInt64(header.sectionHeaderCount)).lazy.compactMap(section).first(where: {
                $0.type == dynamicSymbolSection
            })
        else {
            return ELFDynamicSymbols(symbols: [:])
        }
        guard file.reader.contains(offset: table.offset, length: table.size), table.size / symbolSize <= maximumSymbols,
            let strings = section(UInt64(table.link)),
            file.reader.contains(offset: strings.offset, length: strings.size)
        else {
            throw Problem(reason: "its dynamic symbol table or its names are not inside the file")
        }
        var symbols: [String: Symbol] = [:]
        for index in 0..<(table.size / symbolSize) {
            // Inside the table checked above.
            let base = table.offset + index * symbolSize
            guard let nameOffset = file.reader.u32(at: base), let info = file.reader.integer(at: base + 4, size: 1),
                let sectionIndex = file.reader.u16(at: base + 6), let address = file.reader.u64(at: base + 8),
                let size = file.reader.u64(at: base + 16)
            else { break }
            guard sectionIndex != 0, nameOffset != 0 else { continue }  // undefined, or unnamed
            guard UInt64(nameOffset) < strings.size else {
                throw Problem(reason: "a symbol name (string offset \(nameOffset)) is not inside its string table")
            }
            // Only short names matter (the table's, C identifiers); reading at most that far
            // bounds the work on a crafted table of long unterminated names.
            let start = strings.offset + UInt64(nameOffset)
            guard
                let name = file.reader.string(
                    at: start, limit: min(strings.offset + strings.size, start + maximumNameBytes))
            else { continue }
            symbols[name] = Symbol(address: address, size: size, isFunction: info & 0xF == 2 || info & 0xF == 10)
        }
        return ELFDynamicSymbols(symbols: symbols)
    }
}
