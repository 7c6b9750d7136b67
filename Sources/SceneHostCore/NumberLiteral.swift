/// What a number's written form says that its parsed value may have lost: whether it names
/// zero or infinity itself. A literal that is not zero but reads as 0 underflowed; one that is
/// not an infinity but reads as one overflowed. `call`'s arguments and plugin settings in
/// scenes.conf both refuse such numbers instead of using what they read as.
package enum NumberLiteral {
    /// Whether a number literal's digits (before its exponent) are not all zero: `0.001`,
    /// `1e-400`, `0x1p-2000` (a `0x` literal's exponent starts at `p`); `_` separators are skipped.
    package static func hasNonZeroDigit(_ literal: Substring) -> Bool {
        let unsigned = literal.hasPrefix("-") || literal.hasPrefix("+") ? literal.dropFirst() : literal
        let hex = unsigned.lowercased().hasPrefix("0x")
        let body = hex ? unsigned.dropFirst(2) : unsigned
        let mantissa = body.prefix { hex ? $0 != "p" && $0 != "P" : $0 != "e" && $0 != "E" }
        return mantissa.contains { $0 != "0" && $0 != "." && $0 != "_" }
    }

    /// Whether a literal names an infinity itself (`inf`, `+inf`, `-infinity`, any case).
    package static func namesInfinity(_ literal: Substring) -> Bool {
        let unsigned = literal.hasPrefix("-") || literal.hasPrefix("+") ? literal.dropFirst() : literal
        return ["inf", "infinity"].contains(unsigned.lowercased())
    }
}
