/// Absolute paths that need no normalizing: they start with `/`, and have no empty, `.` or `..`
/// part and no trailing `/` (`/a/b.so`, not `/a//b.so`, `/a/./b.so` or `/a/`).
///
/// Such a path is its own normal form and splits into folder and name at its last `/`, so the
/// config's paths and the trust walk of a thousand plugins skip splitting them into parts.
package enum PlainPath {
    /// The index of the last `/` of a plain path (its first character for `/b.so`), or nil when
    /// the path is not plain.
    package static func lastSlash(of path: String) -> String.Index? {
        let utf8 = path.utf8
        guard utf8.first == 0x2f, utf8.count > 1, utf8.last != 0x2f else { return nil }
        var partStart = utf8.startIndex
        var index = utf8.index(after: utf8.startIndex)
        while true {
            if index == utf8.endIndex || utf8[index] == 0x2f {
                let part = utf8[utf8.index(after: partStart)..<index]
                if part.isEmpty || part.elementsEqual([0x2e]) || part.elementsEqual([0x2e, 0x2e]) { return nil }
                if index == utf8.endIndex { return partStart }
                partStart = index
            }
            index = utf8.index(after: index)
        }
    }
}
