import Foundation

/// Checks a guide's code against the repository: every Swift or TOML block must name the file it
/// is copied from, and appear in that file word for word, so the guide only shows code CI builds.
struct DocSnippetCheck {
    /// The repository the paths in the markers are relative to.
    let root: URL

    /// One problem, as a line a reader can act on: `docs/authoring.md:LINE: ...`.
    func problems(in markdown: String, named document: String) -> [String] {
        DocSnippet.all(in: markdown).compactMap { snippet in
            problem(with: snippet, in: document)
        }
    }

    private func problem(with snippet: DocSnippet, in document: String) -> String? {
        guard let source = snippet.source else {
            guard DocSnippet.checkedLanguages.contains(snippet.language) else { return nil }
            return
                "\(document):\(snippet.line): a \(snippet.language) block without '<!-- snippet: PATH -->' on the line above it; copy it from a file CI builds and name that file"
        }
        let file = root.appendingPathComponent(source)
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            return
                "\(document):\(snippet.line): the snippet's file \(source) cannot be read; fix the path in its marker"
        }
        guard text.contains(snippet.code) else {
            return
                "\(document):\(snippet.line): the snippet is not in \(source) word for word; copy it again from the file"
        }
        return nil
    }
}
