/// A folder the dynamic loader looks in for a library, and why it looks there.
struct SearchFolder: Equatable, Sendable {
    /// The folder as the loader builds it (tokens expanded, relative folders made absolute).
    package let path: String
    /// How the folder came to be searched, as messages name it: "RUNPATH of /x/libA.so", "LD_LIBRARY_PATH".
    package let source: String
    /// The folder as its list names it: `path` itself, or the folder a glibc-hwcaps subfolder is in.
    package let listed: String

    package init(path: String, source: String, listed: String? = nil) {
        self.path = path
        self.source = source
        self.listed = listed ?? path
    }

    /// The subfolders glibc tries first in every search folder (glibc-hwcaps and the legacy
    /// platform folders, in `LD_DEBUG=libs` order on glibc 2.36), then the folder itself.
    static let subfolders: [String] = {
        #if arch(x86_64)
        return [
            "glibc-hwcaps/x86-64-v4", "glibc-hwcaps/x86-64-v3", "glibc-hwcaps/x86-64-v2",
            "tls/x86_64/x86_64", "tls/x86_64", "tls", "x86_64/x86_64", "x86_64", "",
        ]
        #elseif arch(arm64)
        return ["tls/aarch64", "tls", "aarch64", ""]
        #else
        return ["tls", ""]
        #endif
    }()

    /// The folders actually tried for this search folder, in order.
    package var candidates: [SearchFolder] {
        Self.subfolders.map { SearchFolder(path: $0.isEmpty ? path : join(path, $0), source: source, listed: path) }
    }

    private func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
