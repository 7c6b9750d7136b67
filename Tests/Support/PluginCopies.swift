import Foundation

/// Copies of built plugins, changed on purpose, in a test's folder.
package enum PluginCopies {
    /// Copies `lib<name>.so` to `file` in `folder`, passing its bytes through `change`.
    @discardableResult
    package static func copy(
        _ name: String, to file: String, in folder: TemporaryFolder, change: (inout [UInt8]) -> Void = { _ in }
    ) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BuildProducts.library(name))))
        change(&bytes)
        return try folder.write(bytes: bytes, to: file)
    }

    /// Replaces every occurrence of `old` by `new` (same length), e.g. a NEEDED library name.
    package static func replace(_ old: String, with new: String, in bytes: inout [UInt8]) {
        let old = Array(old.utf8), new = Array(new.utf8)
        var index = 0
        while index + old.count <= bytes.count {
            if Array(bytes[index..<(index + old.count)]) == old {
                bytes.replaceSubrange(index..<(index + old.count), with: new)
                index += old.count
            } else {
                index += 1
            }
        }
    }
}
