/// Parses the signature grammar of `NativeSignature`, reporting the 1-based column of a problem.
///
/// Text comes from plugin files and command lines, so it is hostile: it is limited in length and
/// parameter count, and every problem is a `NativeError.signatureSyntax`, never a trap.
struct NativeSignatureParser {
    package static let maximumLength = 1024
    static let maximumParameters = 32

    private let text: String
    private let scalars: [Unicode.Scalar]
    private var position = 0

    package init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
    }

    package mutating func parse() throws(NativeError) -> NativeSignature {
        guard scalars.count <= Self.maximumLength else {
            throw failure(at: Self.maximumLength, "the signature is longer than \(Self.maximumLength) characters")
        }
        let signature = try signature(nested: false)
        skipSpaces()
        guard position == scalars.count else {
            throw failure("unexpected '\(scalars[position])' after the closing ')'")
        }
        return signature
    }

    private mutating func signature(nested: Bool) throws(NativeError) -> NativeSignature {
        let returns = try type(allowVoid: true)
        try expect("(")
        var parameters: [NativeSignature.Parameter] = []
        skipSpaces()
        if peek == ")" {
            position += 1
            return NativeSignature(returns: returns, parameters: parameters)
        }
        while true {
            guard parameters.count < Self.maximumParameters else {
                throw failure("more than \(Self.maximumParameters) parameters")
            }
            parameters.append(try parameter(nested: nested))
            skipSpaces()
            guard let next = peek else { throw failure("the parameter list is not closed; expected ',' or ')'") }
            position += 1
            if next == ")" { return NativeSignature(returns: returns, parameters: parameters) }
            guard next == "," else {
                position -= 1
                throw failure("expected ',' or ')' after a parameter, found '\(next)'")
            }
        }
    }

    private mutating func parameter(nested: Bool) throws(NativeError) -> NativeSignature.Parameter {
        skipSpaces()
        let start = position
        if wordRange().elementsEqual(Self.callbackWord) {
            guard !nested else { throw failure(at: start, "a callback's parameters cannot be callbacks") }
            try expect("(")
            let inner = try signature(nested: true)
            try expect(")")
            return .callback(inner)
        }
        position = start
        return .value(try type(allowVoid: false))
    }

    private mutating func type(allowVoid: Bool) throws(NativeError) -> NativeType {
        skipSpaces()
        let start = position
        let name = wordRange()
        guard !name.isEmpty else {
            guard position < scalars.count else { throw failure("expected a type, found the end of the signature") }
            throw failure("expected a type, found '\(scalars[position])'")
        }
        // Matched without making a String: a plugin's table is parsed at every load.
        guard let type = Self.types.first(where: { $0.word.elementsEqual(name) })?.type else {
            let name = String(String.UnicodeScalarView(name))
            let known = NativeType.allCases.map(\.rawValue).joined(separator: ", ")
            throw failure(
                at: start, "unknown type '\(name)'; expected one of \(known)\(allowVoid ? "" : ", callback(...)")")
        }
        guard allowVoid || type != .void else {
            throw failure(at: start, "'void' is only a return type; write '()' for no parameters")
        }
        return type
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(NativeError) {
        skipSpaces()
        guard let next = peek else { throw failure("expected '\(character)', found the end of the signature") }
        guard next == character else { throw failure("expected '\(character)', found '\(next)'") }
        position += 1
    }

    /// The letters and digits from here on (a type or `callback`), moving past them.
    private mutating func wordRange() -> ArraySlice<Unicode.Scalar> {
        let start = position
        while let next = peek, Self.isWordScalar(next) { position += 1 }
        return scalars[start..<position]
    }

    /// ASCII answered without Unicode's property tables (every word of the grammar is ASCII);
    /// other letters still belong to a word, so a message names the word as written.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0..<0x80: return false
        default: return scalar.properties.isAlphabetic
        }
    }

    private static let callbackWord = Array("callback".unicodeScalars)
    private static let types = NativeType.allCases.map { (word: Array($0.rawValue.unicodeScalars), type: $0) }

    private mutating func skipSpaces() {
        while let next = peek, next == " " || next == "\t" { position += 1 }
    }

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func failure(at index: Int? = nil, _ reason: String) -> NativeError {
        .signatureSyntax(signature: text, column: (index ?? position) + 1, reason: reason)
    }
}
