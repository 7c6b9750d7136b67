#if canImport(Glibc)
import Glibc
#endif

/// A string a plugin's C code hands the host, read without trusting it.
///
/// At most `maximumBytes` are looked at (`strnlen`), so a string without its NUL is refused, not
/// read past; the bytes must be UTF-8. The reason is a clause for a message that names the argument.
enum CText {
    /// SCENE_HOST_MAXIMUM_TEXT.
    static let maximumBytes = 65536

    /// Why a C string cannot be taken.
    enum Problem: Error, Equatable {
        case null
        case tooLong
        case notUTF8

        /// The clause after the argument's name: "is NULL".
        var clause: String {
            switch self {
            case .null: return "is NULL"
            case .tooLong: return "is longer than \(CText.maximumBytes) bytes (or has no NUL at its end)"
            case .notUTF8: return "is not valid UTF-8"
            }
        }
    }

    /// The text at `pointer`; throws `Problem`.
    static func read(_ pointer: UnsafePointer<CChar>?) throws(Problem) -> String {
        guard let pointer else { throw .null }
        let length = strnlen(pointer, maximumBytes + 1)
        guard length <= maximumBytes else { throw .tooLong }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return text
    }

    /// The text at `pointer`, nil for NULL; throws `Problem` for anything else it refuses.
    static func readOptional(_ pointer: UnsafePointer<CChar>?) throws(Problem) -> String? {
        guard pointer != nil else { return nil }
        return try read(pointer)
    }
}
