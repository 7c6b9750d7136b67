/// Splitting a path's text, as Foundation's `NSString` path methods do, for the layers that run in
/// a probe child and must not load Foundation (docs/decisions.md, "SHA-256 in C").
package enum PathText {
    /// `path` without its last component: "/a/b" gives "/a", "/a" gives "/", "a" gives "", and
    /// trailing slashes are ignored ("/a/b/" gives "/a").
    package static func parent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        guard slash != trimmed.startIndex else { return "/" }
        return withoutTrailingSlashes(String(trimmed[..<slash]))
    }

    /// The last component of `path`: "/a/b.so" gives "b.so", "/a/b/" gives "b", "/" gives "/".
    package static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard trimmed != "/" else { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `path` without slashes at its end, except a lone "/" (the root stays the root).
    private static func withoutTrailingSlashes(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.last == "/" { text.removeLast() }
        return String(text)
    }
}
