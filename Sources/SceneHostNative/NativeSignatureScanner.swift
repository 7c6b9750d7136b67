/// The common case of the signature grammar, read fast: ASCII text of plain-value parameters
/// (no callback), straight from the string's UTF-8 bytes, with one allocation (the parameter array).
///
/// Answers nil for anything else (a callback, a non-ASCII character, any mistake), and
/// `NativeSignature(parsing:)` then reads the text again with `NativeSignatureParser`, which
/// gives the signature or the error with its column: this reader never decides an error, so
/// the messages stay the parser's. Why it exists: a plugin's table is parsed at every load, and
/// the parser's scalar array and per-word searches cost more than the `ffi_prep_cif` after it.
struct NativeSignatureScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The signature `text` spells when it is in the common case; nil for the parser to decide.
    package static func scan(_ text: String) -> NativeSignature? {
        let scanned = text.utf8.withContiguousStorageIfAvailable { bytes -> NativeSignature? in
            guard bytes.count <= NativeSignatureParser.maximumLength else { return nil }
            var scanner = NativeSignatureScanner(bytes)
            return scanner.signature()
        }
        return scanned ?? nil
    }

    private mutating func signature() -> NativeSignature? {
        guard let returns = type(), consume(UInt8(ascii: "(")) else { return nil }
        var parameters: [NativeSignature.Parameter] = []
        if !consume(UInt8(ascii: ")")) {
            // Every comma separates two parameters (there is no callback to hold commas of its own).
            var commas = 0
            for byte in bytes where byte == UInt8(ascii: ",") { commas &+= 1 }
            parameters.reserveCapacity(commas + 1)
            while true {
                guard parameters.count < NativeSignatureParser.maximumParameters, let type = type(), type != .void
                else { return nil }
                parameters.append(.value(type))
                if consume(UInt8(ascii: ")")) { break }
                guard consume(UInt8(ascii: ",")) else { return nil }
            }
        }
        skipSpaces()
        return position == bytes.count ? NativeSignature(returns: returns, parameters: parameters) : nil
    }

    /// The type named by the next word (after spaces), or nil (`callback` included).
    private mutating func type() -> NativeType? {
        skipSpaces()
        let start = position
        var code: UInt64 = 0
        while position < bytes.count, Self.isWordByte(bytes[position]) {
            if position - start < 8 { code |= UInt64(bytes[position]) << (8 * UInt64(position - start)) }
            position += 1
        }
        guard position - start < 8 else { return nil }
        return Self.type(packed: code)
    }

    /// Moves past spaces and `character` when it comes next.
    private mutating func consume(_ character: UInt8) -> Bool {
        skipSpaces()
        guard position < bytes.count, bytes[position] == character else { return false }
        position += 1
        return true
    }

    private mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            position += 1
        }
    }

    /// ASCII letters and digits: the parser's word characters within ASCII (a non-ASCII byte
    /// ends the word, and the text then reads as a mistake here, leaving it to the parser).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return false
        }
    }

    /// The type whose name, packed into an integer first character in the low byte, is `code`
    /// (every name is shorter than 8 characters): a word matched by one switch, without making a
    /// String or searching a table (the constants are zero-padded to the longest name). NativeSignatureScannerTests checks each constant against the name.
    package static func type(packed code: UInt64) -> NativeType? {
        switch code {
        case 0x00000064696f76: return .void
        case 0x0000006c6f6f62: return .bool
        case 0x00000038746e69: return .int8
        case 0x00003631746e69: return .int16
        case 0x00003233746e69: return .int32
        case 0x00003436746e69: return .int64
        case 0x000038746e6975: return .uint8
        case 0x003631746e6975: return .uint16
        case 0x003233746e6975: return .uint32
        case 0x003436746e6975: return .uint64
        case 0x000074616f6c66: return .float
        case 0x00656c62756f64: return .double
        case 0x00676e69727473: return .string
        case 0x7265746e696f70: return .pointer
        default: return nil
        }
    }
}
