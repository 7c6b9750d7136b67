/// Expands the dynamic string tokens of `DT_RPATH`, `DT_RUNPATH`, `DT_NEEDED` and
/// `LD_LIBRARY_PATH` entries as the loader does, for `$ORIGIN` only.
///
/// Other tokens (`$LIB`, `$PLATFORM`) depend on the loader's build and the CPU, so a folder
/// using them cannot be checked: `expand` reports the token and the caller refuses.
enum DynamicStringTokens {
    enum Expansion: Equatable {
        case expanded(String)
        /// The first token that is not `$ORIGIN`, as written.
        case unsupported(token: String)
    }

    static func expand(_ text: String, origin: String) -> Expansion {
        guard text.contains("$") else { return .expanded(text) }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest[rest.index(after: dollar)...]
            if after.hasPrefix("{ORIGIN}") {
                result += origin
                rest = after.dropFirst("{ORIGIN}".count)
            } else if after.hasPrefix("ORIGIN"),
                !(after.dropFirst("ORIGIN".count).first.map(isIdentifierCharacter) ?? false)
            {
                result += origin
                rest = after.dropFirst("ORIGIN".count)
            } else {
                let name =
                    after.hasPrefix("{")
                    ? String(after.prefix { $0 != "}" }) + "}" : String(after.prefix(while: isIdentifierCharacter))
                return .unsupported(token: "$" + name)
            }
        }
        return .expanded(result + rest)
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }
}
