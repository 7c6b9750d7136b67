import SceneSDK
import SceneHostNavigation

/// The deep link that opens the record a screen shows, from the scene's input: a screen of a scene
/// that declares a link (`orders/{id}`) whose input carries every placeholder (`{"id": 2}`) puts
/// them in its URL's query (`/s/ListOrders/ShowOrder?id=2`), so a copied URL opens the same record
/// through the link in any browser.
///
/// The first declared link of the scene (by template) whose placeholders the input all carries, as
/// values of their declared types, wins. Values are percent-encoded.
struct WebRecordLink: Equatable, Sendable {
    /// The link path, without its leading `/` (`orders/2`).
    package let link: String
    /// `id=2`: the placeholders in template order.
    package let query: String

    /// The link of `scene` shown with `input`, or nil when none of its links fits the input.
    package init?(scene: String, input: PayloadValue?, links: LinkTable) {
        guard case .object(let fields)? = input else { return nil }
        for entry in links.entries where entry.scene == scene {
            var path: [String] = [], query: [String] = []
            var fits = true
            for segment in entry.template.segments {
                switch segment {
                case .literal(let word):
                    path.append(word)
                case .placeholder(let name):
                    guard let value = fields[name],
                        let text = Self.text(of: value, as: entry.parameters[name] ?? .string)
                    else {
                        fits = false
                        break
                    }
                    path.append(WebPath.percentEncoded(text))
                    query.append(name + "=" + WebPath.percentEncoded(text))
                }
                if !fits { break }
            }
            guard fits, !query.isEmpty else { continue }
            self.link = path.joined(separator: "/")
            self.query = query.joined(separator: "&")
            return
        }
        return nil
    }

    /// The link of `scene` a URL's query names (`id=2` for `orders/{id}`): the scene's first link whose
    /// placeholders are exactly the query's names. Nil when none is.
    package static func link(scene: String, query: [(name: String, value: String)], links: LinkTable) -> String? {
        guard !query.isEmpty else { return nil }
        let given = Dictionary(query, uniquingKeysWith: { first, _ in first })
        for entry in links.entries where entry.scene == scene && Set(entry.template.placeholders) == Set(given.keys) {
            return entry.template.segments.map { segment in
                switch segment {
                case .literal(let word): return word
                case .placeholder(let name): return WebPath.percentEncoded(given[name] ?? "")
                }
            }.joined(separator: "/")
        }
        return nil
    }

    /// A value as a link segment of `type`; nil when it is not one (a link could not carry it back).
    private static func text(of value: PayloadValue, as type: LinkParameterType) -> String? {
        switch (value, type) {
        case (.int(let number), .int): return String(number)
        case (.string(let text), .string): return text.isEmpty ? nil : text
        case (.bool(let flag), .bool): return flag ? "true" : "false"
        case (.double(let number), .double) where number.isFinite: return String(number)
        case (.null, _), (.bool, _), (.int, _), (.double, _), (.string, _), (.array, _), (.object, _): return nil
        }
    }
}
