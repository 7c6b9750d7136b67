#if canImport(Glibc)
import Glibc
#endif

/// Reads the folders of `/etc/ld.so.conf` (with its `include` globs), the folders `ldconfig`
/// builds the loader's cache from.
///
/// The cache itself is not parsed: every library in it comes from one of these folders (or the
/// default ones), so checking these folders in order checks every place the cache can point at.
enum LDSOConfig {
    package static let path = "/etc/ld.so.conf"
    private static let maximumIncludeDepth = 8

    package static func folders(from path: String = path) -> [String] {
        var folders: [String] = []
        read(path, depth: 0, into: &folders)
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }

    private static func read(_ path: String, depth: Int, into folders: inout [String]) {
        guard depth < maximumIncludeDepth, let text = contents(of: path) else { return }
        let base = path.split(separator: "/").dropLast().joined(separator: "/")
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line =
                rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
                ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == ":" }).map(
                String.init)
            guard let first = words.first else { continue }
            if first == "include" {
                for pattern in words.dropFirst() {
                    let absolute = pattern.hasPrefix("/") ? pattern : "/" + base + "/" + pattern
                    for file in glob(absolute) { read(file, depth: depth + 1, into: &folders) }
                }
            } else if first == "hwcap" {
                continue
            } else {
                // Old syntax allows "folder=type".
                folders += words.compactMap { $0.split(separator: "=").first.map(String.init) }.filter {
                    $0.hasPrefix("/")
                }
            }
        }
    }

    private static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard Glibc.glob(pattern, 0, nil, &result) == 0 else { return [] }
        return (0..<Int(result.gl_pathc)).compactMap { result.gl_pathv[$0].map { String(cString: $0) } }.sorted()
    }

    /// The most read of one file (a real ld.so.conf is a few lines).
    package static let maximumSize = 1 << 20

    /// The file's text, at most `maximumSize` bytes, read in small pieces: a buffer of the whole
    /// limit was a megabyte of fresh pages per file, at every start of every process.
    package static func contents(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < maximumSize {
            let count = fread(&chunk, 1, min(chunk.count, maximumSize - bytes.count), file)
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
