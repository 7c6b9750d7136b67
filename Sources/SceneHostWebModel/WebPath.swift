/// Where a request goes in `scene-host serve`: the start page, a screen of the session's stack, or
/// something else (a deep link, or nothing).
///
/// A screen's path lists the scene names from the bottom of the session's stacks up to that
/// screen, under `/s/`: `/s/ListOrders/ShowOrder/EditOrder`. So each screen of a stack has its own
/// URL, the browser's history holds one entry per screen, and a deep link (`/orders/2`) can never
/// look like a screen URL. The first scene of a container's slot is written `SLOT:Scene`
/// (`/s/Main/settings:Settings/About`): a tab's (or pane's) stack has URLs of its own, so the
/// browser's Back to a page of a tab not shown now can tell which tab to show again.
package enum WebPath: Equatable, Sendable {
    /// `/`: the app's start (the current screen's URL once the browser has a session).
    case start
    /// `/s/A/B/C`: the screen at depth `segments.count - 1` whose chain below it is `segments`.
    case screen([Segment])
    /// Any other path, without its leading `/` and undecoded: a deep link, else a 404.
    case other(String)

    /// The prefix of screen paths.
    static let screenPrefix = "/s/"

    /// One screen of a path: its scene's name, and the slot of its container it opens (`SLOT:Scene`),
    /// if it is the first scene of one.
    package struct Segment: Equatable, Sendable, ExpressibleByStringLiteral {
        package let slot: String?
        package let name: String

        package init(slot: String? = nil, name: String) {
            self.slot = slot
            self.name = name
        }

        /// A segment as a path writes it (`Scene` or `slot:Scene`), not percent-encoded: for tests.
        package init(stringLiteral text: String) {
            if let colon = text.firstIndex(of: ":") {
                self.init(slot: String(text[..<colon]), name: String(text[text.index(after: colon)...]))
            } else {
                self.init(name: text)
            }
        }

        /// The segment as a path writes it: each part percent-encoded (a `:` in a name is `%3A`),
        /// the slot before a bare `:`.
        var encoded: String {
            slot.map { WebPath.percentEncoded($0) + ":" + WebPath.percentEncoded(name) } ?? WebPath.percentEncoded(name)
        }
    }

    /// Reads a request's path (the query, if any, is ignored). Malformed percent-encoding in a
    /// screen path makes it `.other`, which nothing matches.
    package init(_ path: String) {
        let path =
            path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if path.isEmpty || path == "/" {
            self = .start
            return
        }
        if path.hasPrefix(Self.screenPrefix) {
            let parts = path.dropFirst(Self.screenPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
            var segments: [Segment] = []
            for part in parts {
                // The slot's `:` is read before decoding: an encoded one (`%3A`) is part of a name.
                let halves = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                guard halves.allSatisfy({ !$0.isEmpty }), let name = halves.last.flatMap(Self.percentDecoded) else {
                    self = .other(String(path.dropFirst()))
                    return
                }
                let slot = halves.count == 2 ? Self.percentDecoded(halves[0]) : nil
                guard halves.count == 1 || slot != nil else {
                    self = .other(String(path.dropFirst()))
                    return
                }
                segments.append(Segment(slot: slot, name: name))
            }
            self = .screen(segments)
            return
        }
        self = .other(String(path.dropFirst()))
    }

    /// The query of a request's path (after `?`), decoded as a form is; empty when there is none or
    /// it does not read.
    package static func query(of path: String) -> [(name: String, value: String)] {
        let text = queryText(of: path)
        guard !text.isEmpty, let form = try? WebForm(body: Array(text.utf8)) else { return [] }
        return form.fields
    }

    /// The raw query of a request's path, without the `?`.
    static func queryText(of path: String) -> String {
        guard let mark = path.firstIndex(of: "?") else { return "" }
        return String(path[path.index(after: mark)...])
    }

    /// The URL path of the screen whose chain, bottom to it, has these scene names.
    package static func url(of names: some Sequence<String>) -> String {
        url(of: names.lazy.map { Segment(name: $0) })
    }

    /// The URL path of the screen whose chain, bottom to it, is `segments`.
    package static func url(of segments: some Sequence<Segment>) -> String {
        var url = "/s"
        for segment in segments {
            url += "/"
            url += segment.encoded
        }
        return url
    }

    /// Letters, digits and `-._~` stay; every other byte is `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%"
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 15)]))
            }
        }
        return out
    }

    /// `%XX` decoded; nil for a broken escape or bytes that are not UTF-8.
    package static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(WebForm.hex), let low = iterator.next().flatMap(WebForm.hex) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
