import SceneSDK
import SceneHostCore

/// The app's deep links, ready to open: each valid declared link with its parameters' types and the
/// stack that leads to its scene. Made from the navigation graph (`LinkTable(graph:)`); matching a
/// path never traps, whatever its text.
package struct LinkTable: Sendable {
    /// One declared link.
    package struct Entry: Equatable, Sendable {
        package let template: LinkTemplate
        package let scene: String
        /// Each placeholder's type, by name.
        package let parameters: [String: LinkParameterType]
        /// The initial scene first, the linked scene last.
        package let steps: [LinkOpening.Step]

        package init(
            template: LinkTemplate, scene: String, parameters: [String: LinkParameterType], steps: [LinkOpening.Step]
        ) {
            self.template = template
            self.scene = scene
            self.parameters = parameters
            self.steps = steps
        }

        /// `orders/{id: Int}`: the template with each placeholder's type.
        package var display: String {
            template.segments.map { segment in
                switch segment {
                case .literal(let word): return word
                case .placeholder(let name): return "{\(name): \(parameters[name]?.rawValue ?? "?")}"
                }
            }.joined(separator: "/")
        }
    }

    /// Sorted by template.
    package let entries: [Entry]

    package init(_ entries: [Entry] = []) {
        self.entries = entries.sorted { $0.template.text < $1.template.text }
    }

    /// The declared links as `list` shows them, sorted.
    package var declared: [String] { entries.map(\.display) }

    /// Matches `text` (a path such as `orders/2` or `/orders/2`; each segment may be percent-encoded)
    /// against the declared links and converts its parameters. A link with more literal words wins
    /// over one with fewer (`orders/new` over `orders/{id}`).
    package func resolve(_ text: String) throws(LinkError) -> LinkOpening {
        let segments = try Self.segments(of: text)
        let candidates = entries.filter { entry in
            entry.template.segments.count == segments.count
                && zip(entry.template.segments, segments).allSatisfy { segment, given in
                    if case .literal(let word) = segment { return word == given }
                    return true
                }
        }
        func literals(_ entry: Entry) -> Int {
            entry.template.segments.filter { if case .literal = $0 { return true } else { return false } }.count
        }
        guard let entry = candidates.max(by: { literals($0) < literals($1) }) else {
            throw .unknownLink(link: text, declared: declared, suggestion: suggestion(for: segments))
        }
        var fields: [String: PayloadValue] = [:]
        for (segment, given) in zip(entry.template.segments, segments) {
            guard case .placeholder(let name) = segment else { continue }
            let type = entry.parameters[name] ?? .string
            guard let value = type.convert(given) else {
                throw .parameterInvalid(
                    link: text, template: entry.display, parameter: name, expected: type, given: given)
            }
            fields[name] = value
        }
        return LinkOpening(link: text, template: entry.template.text, steps: entry.steps, parameters: .object(fields))
    }

    /// The closest declared link to `segments`, each placeholder filled with the given segment at its place.
    private func suggestion(for segments: [String]) -> String? {
        var byFilled: [String: String] = [:]
        for entry in entries {
            let filled = entry.template.segments.enumerated().map { index, segment -> String in
                switch segment {
                case .literal(let word): return word
                case .placeholder(let name): return index < segments.count ? segments[index] : "{\(name)}"
                }
            }.joined(separator: "/")
            byFilled[filled] = byFilled[filled] ?? entry.display
        }
        let given = segments.joined(separator: "/")
        // The edit distance is quadratic: a long path is compared with nothing.
        guard given.utf8.count <= 128 else { return nil }
        return Suggestion.closest(to: given, in: byFilled.keys.sorted()).flatMap { byFilled[$0] }
    }

    /// The path's segments, percent-decoded; a malformed path throws.
    package static func segments(of text: String) throws(LinkError) -> [String] {
        guard !text.isEmpty else { throw .empty }
        guard text.utf8.count <= LinkTemplate.maximumLength else {
            throw .tooLong(bytes: text.utf8.count, limit: LinkTemplate.maximumLength)
        }
        let body = text.hasPrefix("/") ? Substring(text.dropFirst()) : Substring(text)
        guard !body.isEmpty else { throw .empty }
        var segments: [String] = []
        for (index, part) in body.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            guard !part.isEmpty else { throw .malformed(link: text, .emptySegment(position: index + 1)) }
            let decoded = try percentDecoded(part, link: text)
            guard decoded != ".", decoded != ".." else { throw .malformed(link: text, .dotSegment(String(part))) }
            guard !decoded.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .malformed(link: text, .controlCharacter)
            }
            segments.append(decoded)
        }
        return segments
    }

    private static func percentDecoded(_ part: Substring, link: String) throws(LinkError) -> String {
        guard part.contains("%") else { return String(part) }
        var bytes: [UInt8] = []
        let utf8 = Array(part.utf8)
        var index = 0
        while index < utf8.count {
            guard utf8[index] == UInt8(ascii: "%") else {
                bytes.append(utf8[index])
                index += 1
                continue
            }
            let end = min(index + 3, utf8.count)
            let escape = String(decoding: utf8[index..<end], as: UTF8.self)
            guard end - index == 3, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) else {
                throw .malformed(link: link, .badEscape(escape))
            }
            bytes.append(high << 4 | low)
            index += 3
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .malformed(link: link, .notUTF8) }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
