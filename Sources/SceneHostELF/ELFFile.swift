/// A 64-bit little-endian ELF file read from its bytes, without trusting any value in it.
///
/// Only the parts the host needs before `dlopen`: the header, the program headers and the
/// mapping of virtual addresses to file offsets. Every table is checked against the file's length
/// with overflow-safe arithmetic before it is read.
package struct ELFFile {
    /// The fields of the ELF header the host reads (`Elf64_Ehdr`).
    package struct Header: Equatable {
        package let type: UInt16
        package let machine: UInt16
        let programHeaderOffset: UInt64
        let programHeaderSize: UInt16
        let programHeaderCount: UInt16
        let sectionHeaderOffset: UInt64
        let sectionHeaderSize: UInt16
        let sectionHeaderCount: UInt16
    }

    /// One program header (`Elf64_Phdr`).
    package struct ProgramHeader: Equatable {
        package let type: UInt32
        package let offset: UInt64
        let virtualAddress: UInt64
        let fileSize: UInt64
        let memorySize: UInt64
    }

    static let headerSize: UInt64 = 64
    static let programHeaderEntrySize: UInt16 = 56
    static let loadSegment: UInt32 = 1
    static let dynamicSegment: UInt32 = 2

    package let reader: ELFReader
    package let header: Header

    /// Nil unless `bytes` start with a complete 64-bit little-endian ELF header.
    package init?(_ bytes: [UInt8]) {
        let reader = ELFReader(bytes: bytes)
        guard reader.count >= Self.headerSize, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,
            bytes[4] == 2, bytes[5] == 1,
            let type = reader.u16(at: 16), let machine = reader.u16(at: 18),
            let phoff = reader.u64(at: 32), let shoff = reader.u64(at: 40),
            let phentsize = reader.u16(at: 54), let phnum = reader.u16(at: 56),
            let shentsize = reader.u16(at: 58), let shnum = reader.u16(at: 60)
        else { return nil }
        self.reader = reader
        header = Header(
            type: type, machine: machine, programHeaderOffset: phoff, programHeaderSize: phentsize,
            programHeaderCount: phnum, sectionHeaderOffset: shoff, sectionHeaderSize: shentsize,
            sectionHeaderCount: shnum)
    }

    /// The end of a table of `count` entries of `size` bytes at `offset`, or nil when it overflows.
    static func tableEnd(offset: UInt64, size: UInt16, count: UInt16) -> UInt64? {
        ELFReader.product(UInt64(size), UInt64(count)).flatMap { ELFReader.sum(offset, $0) }
    }

    /// The program headers, or nil when their table is not inside the file or its entries are
    /// not `Elf64_Phdr`-sized (the loader refuses such files too).
    package func programHeaders() -> [ProgramHeader]? {
        let count = header.programHeaderCount
        guard count == 0 || header.programHeaderSize == Self.programHeaderEntrySize else { return nil }
        guard let end = Self.tableEnd(offset: header.programHeaderOffset, size: header.programHeaderSize, count: count),
            end <= reader.count
        else { return nil }
        var headers: [ProgramHeader] = []
        headers.reserveCapacity(Int(count))
        for index in 0..<UInt64(count) {
            // Inside the table checked above: none of these sums can overflow or leave the file.
            let base = header.programHeaderOffset + index * UInt64(Self.programHeaderEntrySize)
            guard let type = reader.u32(at: base), let offset = reader.u64(at: base + 8),
                let address = reader.u64(at: base + 16), let fileSize = reader.u64(at: base + 32),
                let memorySize = reader.u64(at: base + 40)
            else { return nil }
            headers.append(
                ProgramHeader(
                    type: type, offset: offset, virtualAddress: address, fileSize: fileSize, memorySize: memorySize))
        }
        return headers
    }

    /// The file offset holding virtual address `address`, through the `PT_LOAD` segment that maps
    /// it from the file; nil when no segment maps it or the segment lies outside the file.
    package func fileOffset(ofAddress address: UInt64, in headers: [ProgramHeader]) -> UInt64? {
        for segment in headers where segment.type == Self.loadSegment {
            guard address >= segment.virtualAddress else { continue }
            let delta = address - segment.virtualAddress
            guard delta < segment.fileSize, reader.contains(offset: segment.offset, length: segment.fileSize) else {
                continue
            }
            return segment.offset + delta
        }
        return nil
    }
}
