import Foundation
/// A fenced code block of a Markdown document, with the file it claims to be copied from.
///
/// The claim is an HTML comment on the line right above the fence:
/// `<!-- snippet: Plugins/HomeScene/HomePlugin.swift -->`, the path relative to the repository.
struct DocSnippet: Equatable {
    /// The 1-based line of the opening fence.
    let line: Int
    /// What follows the opening fence (`swift`, `toml`, `sh`, or empty).
    let language: String
    /// The file the block is copied from, when the line above the fence names one.
    let source: String?
    /// The block's lines, joined with newlines, without the fences.
    let code: String

    /// Languages whose blocks must be copies of files CI builds or reads: code a reader will paste (C: the C
    /// scenes and native functions, copied from the plugins' sources).
    static let checkedLanguages: Set<String> = ["swift", "toml", "c"]

    /// Every fenced block of `markdown`, in order. An unclosed fence runs to the end of the text.
    static func all(in markdown: String) -> [DocSnippet] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var snippets: [DocSnippet] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```") else { index += 1; continue }
            let opening = index
            let language = String(lines[opening].dropFirst(3)).trimmingCharacters(in: .whitespaces)
            var closing = opening + 1
            while closing < lines.count, lines[closing] != "```" { closing += 1 }
            let code = lines[(opening + 1)..<min(closing, lines.count)].joined(separator: "\n")
            let source = opening > 0 ? sourcePath(marker: lines[opening - 1]) : nil
            snippets.append(DocSnippet(line: opening + 1, language: language, source: source, code: code))
            index = closing + 1
        }
        return snippets
    }

    /// The path in `<!-- snippet: PATH -->`, or nil for any other line.
    static func sourcePath(marker line: String) -> String? {
        let text = line.trimmingCharacters(in: .whitespaces)
        let prefix = "<!-- snippet: ", suffix = " -->"
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count > prefix.count + suffix.count else {
            return nil
        }
        return String(text.dropFirst(prefix.count).dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
    }
}
