import Foundation

/// The one generated place of a `new plugin` Package.swift: the list of the package's plugins, one a
/// line, between two marker lines. The manifest makes every product and target from it, so
/// `new plugin --into` adds a plugin by adding one line, and finds the plugins there.
enum PluginList {
    static let startMarker = "// The plugins, one a line: `scene-host new plugin PLUGIN --into .` adds one here."
    static let opening = "let plugins = ["
    static let closing = "]  // The end of the plugins."

    /// The list's text in a new manifest.
    static func text(_ plugins: [String]) -> String {
        ([startMarker, opening] + plugins.map(line) + [closing]).joined(separator: "\n")
    }

    /// The plugins listed in `manifest`; nil when it has no list `text(_:)` made (another package, or
    /// a list edited into a form this does not read).
    static func plugins(in manifest: String) -> [String]? {
        guard let range = listRange(in: manifest.components(separatedBy: "\n")) else { return nil }
        return range.names
    }

    /// `manifest` with `plugin` added at the end of the list; nil as for `plugins(in:)`.
    static func adding(_ plugin: String, to manifest: String) -> String? {
        var lines = manifest.components(separatedBy: "\n")
        guard let range = listRange(in: lines) else { return nil }
        lines.insert(line(plugin), at: range.closing)
        return lines.joined(separator: "\n")
    }

    private static func line(_ plugin: String) -> String { "    \"\(plugin)\"," }

    /// The list's names and the index of its closing line: the marker, the opening, lines of a name
    /// each (a Swift type name), the closing.
    private static func listRange(in lines: [String]) -> (names: [String], closing: Int)? {
        guard let start = lines.firstIndex(of: startMarker), start + 1 < lines.count, lines[start + 1] == opening
        else { return nil }
        var names: [String] = []
        for index in (start + 2)..<lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line == closing { return (names, index) }
            guard line.hasPrefix("\""), line.hasSuffix("\","), line.count > 3 else { return nil }
            let name = String(line.dropFirst().dropLast(2))
            guard SwiftIdentifier.problem(with: name) == nil else { return nil }
            names.append(name)
        }
        return nil
    }
}
