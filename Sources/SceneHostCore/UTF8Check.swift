/// Where bytes stop being UTF-8, for inputs read as text (the config, scripts, transcripts).
package enum UTF8Check {
    /// The offset of the first byte that is not part of valid UTF-8, if any.
    package static func firstInvalidByte(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for continuation in bytes[(index + 1)..<(index + length)] where continuation & 0xC0 != 0x80 { return index }
            if length == 3, byte == 0xE0, bytes[index + 1] < 0xA0 { return index }
            if length == 3, byte == 0xED, bytes[index + 1] > 0x9F { return index }
            if length == 4, byte == 0xF0, bytes[index + 1] < 0x90 { return index }
            if length == 4, byte == 0xF4, bytes[index + 1] > 0x8F { return index }
            index += length
        }
        return nil
    }
}
