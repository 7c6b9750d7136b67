/// What a file or a stored row of the record format starts with: the bytes that say what it is,
/// then the version of its format.
///
/// A reader believes only its own version: a cache of another version is no cache (it is rebuilt),
/// a stored session of another version ends with a notice naming both. The version changes with
/// any change to what the bytes after it mean (a field, a tag's number, a kind in another order).
package struct RecordFormat: Sendable {
    /// How the kind of file is told apart, and where its version is.
    package enum Header: Sendable {
        /// A text line, "NAME VERSION\n": the caches, whose first line then names them.
        case line(String)
        /// These bytes, then the version in LEB128: a stored session's body.
        case magic([UInt8])
    }

    /// What the start of some bytes says (`open(_:)`).
    package enum Opening: Equatable, Sendable {
        /// Not this kind of file at all.
        case foreign
        /// This kind, but its version cannot be read.
        case damaged
        /// This kind, written in format `version`; what follows the header starts at `body`.
        case version(UInt64, body: Int)
    }

    package let header: Header
    package let version: UInt64
    /// The bytes this build writes first.
    package let head: [UInt8]

    package init(_ header: Header, version: UInt64) {
        self.header = header
        self.version = version
        switch header {
        case .line(let name):
            head = Array("\(name) \(version)\n".utf8)
        case .magic(let magic):
            var writer = RecordWriter()
            writer.unsigned(version)
            head = magic + writer.body
        }
    }

    /// Where the body of `bytes` starts when they are this kind of file in this build's version;
    /// nil for anything else.
    package func body(of bytes: [UInt8]) -> Int? {
        guard case .version(let found, let body) = open(bytes), found == version else { return nil }
        return body
    }

    /// What the start of `bytes` says: the kind and its version, whichever version it is.
    package func open(_ bytes: [UInt8]) -> Opening {
        switch header {
        case .line(let name):
            let prefix = Array("\(name) ".utf8)
            guard bytes.count > prefix.count, bytes[0..<prefix.count].elementsEqual(prefix) else { return .foreign }
            return Self.lineVersion(bytes, from: prefix.count)
        case .magic(let magic):
            guard bytes.count > magic.count, bytes[0..<magic.count].elementsEqual(magic) else { return .foreign }
            var reader = RecordReader(bytes, from: magic.count)
            guard let version = try? reader.unsigned() else { return .damaged }
            return .version(version, body: bytes.count - reader.remaining)
        }
    }

    /// The decimal version at `start` and the newline after it (at most 19 digits: it fits).
    private static func lineVersion(_ bytes: [UInt8], from start: Int) -> Opening {
        var version: UInt64 = 0
        var index = start
        while index < bytes.count, index - start < 19, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            version = version * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        guard index > start, index < bytes.count, bytes[index] == UInt8(ascii: "\n") else { return .damaged }
        return .version(version, body: index + 1)
    }
}
