/// A deep link's path template, parsed: literal words and `{name}` placeholders separated by `/`.
///
/// `orders/{id}` is the literal `orders` then the placeholder `id`. Literals are non-empty words of
/// `a`-`z`, `0`-`9`, `-`, `_` and `.` (but not `.` or `..`); a placeholder's name is a Swift
/// identifier, used once. Parsing never traps: anything else is a `Problem` naming what is wrong.
package struct LinkTemplate: Equatable, Sendable {
    /// One part of the path between slashes.
    package enum Segment: Equatable, Sendable {
        case literal(String)
        case placeholder(String)
    }

    /// Why a template does not parse, as `check` reports it.
    package enum Problem: Error, Equatable, Sendable {
        case empty
        case tooLong(limit: Int)
        case emptySegment(position: Int)
        case invalidLiteral(String)
        case invalidPlaceholder(String)
        case duplicatePlaceholder(String)
    }

    /// The longest template or link path accepted, in bytes.
    package static let maximumLength = 1024

    package let text: String
    package let segments: [Segment]

    /// The placeholders' names, in order.
    package var placeholders: [String] {
        segments.compactMap { if case .placeholder(let name) = $0 { return name } else { return nil } }
    }

    /// The template with placeholders left unnamed (`orders/{}`): two links of one shape would match the same paths.
    package var shape: String {
        segments.map { if case .literal(let word) = $0 { return word } else { return "{}" } }.joined(separator: "/")
    }

    /// Parses `text`; a leading `/` is allowed and dropped.
    package static func parse(_ text: String) -> Result<LinkTemplate, Problem> {
        guard text.utf8.count <= maximumLength else { return .failure(.tooLong(limit: maximumLength)) }
        let body = text.hasPrefix("/") ? String(text.dropFirst()) : text
        guard !body.isEmpty else { return .failure(.empty) }
        var segments: [Segment] = []
        var seen: Set<String> = []
        for (index, part) in body.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            guard !part.isEmpty else { return .failure(.emptySegment(position: index + 1)) }
            if part.hasPrefix("{") || part.hasSuffix("}") {
                let name = String(part.dropFirst().dropLast())
                guard part.hasPrefix("{"), part.hasSuffix("}"), part.count > 2, isIdentifier(name) else {
                    return .failure(.invalidPlaceholder(String(part)))
                }
                guard seen.insert(name).inserted else { return .failure(.duplicatePlaceholder(name)) }
                segments.append(.placeholder(name))
            } else {
                guard isLiteral(part) else { return .failure(.invalidLiteral(String(part))) }
                segments.append(.literal(String(part)))
            }
        }
        return .success(LinkTemplate(text: body, segments: segments))
    }

    private static func isLiteral(_ word: Substring) -> Bool {
        guard word != ".", word != ".." else { return false }
        return word.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
                || scalar == "."
        }
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first,
            first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }
}
