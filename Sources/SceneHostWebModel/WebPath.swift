/// Where a request goes in `scene-host serve`: the start page, a screen of the session's stack, or
/// something else (a deep link, or nothing).
///
/// A screen's path lists the scene names from the bottom of the session's stacks up to that
/// screen, under `/s/`: `/s/ListOrders/ShowOrder/EditOrder`. So each screen of a stack has its own
/// URL, the browser's history holds one entry per screen, and a deep link (`/orders/2`) can never
/// look like a screen URL.
enum WebPath: Equatable, Sendable {
    /// `/`: the app's start (the current screen's URL once the browser has a session).
    case start
    /// `/s/A/B/C`: the screen at depth `names.count - 1` whose stack below it is `names`.
    case screen([String])
    /// Any other path, without its leading `/` and undecoded: a deep link, else a 404.
    case other(String)

    /// The prefix of screen paths.
    static let screenPrefix = "/s/"

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
            var names: [String] = []
            for part in parts {
                guard !part.isEmpty, let name = Self.percentDecoded(part) else {
                    self = .other(String(path.dropFirst()))
                    return
                }
                names.append(name)
            }
            self = .screen(names)
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

    /// The URL path of the screen whose stack, bottom to it, has these scene names.
    package static func url(of names: some Sequence<String>) -> String {
        var url = "/s"
        for name in names {
            url += "/"
            url += percentEncoded(name)
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
