import SceneHostCacheCodec

/// What the check child (`scene-host check` run again, in process, by `check`, `run` or `serve`)
/// checks, and how: its parent's settings (`ChildSettings`), the config as the parent read it, and,
/// for `run` and `serve`, the command it checks for (only problems then, and that command's last
/// line). Handed as a file on a descriptor (`CheckChild.run`), never as options to parse again.
package struct CheckChildStart: Sendable, Equatable {
    package var settings: ChildSettings
    /// The config file as the user named it (for messages; relative paths start at its folder).
    package var configFile: String
    /// The config's bytes as the parent read them; nil when the parent could not read it (the
    /// child then reads the file, and reports why it cannot).
    package var configBytes: [UInt8]?
    /// `run` or `serve` when they start it; nil for `check`.
    package var atStart: String?

    package init(settings: ChildSettings, configFile: String, configBytes: [UInt8]?, atStart: String?) {
        self.settings = settings
        self.configFile = configFile
        self.configBytes = configBytes
        self.atStart = atStart
    }

    /// The start file's kind and version (`RecordFormat`): a file of another build is refused.
    package static let format = RecordFormat(.line("scene-host check child start"), version: 1)

    /// The file's bytes.
    package func encoded() -> [UInt8] {
        var writer = CacheWriter()
        encode(into: &writer)
        return writer.finished(header: Self.format.head)
    }

    /// The start in `bytes`; nil for anything that is not a whole start file of this build.
    package static func decode(_ bytes: [UInt8]) -> CheckChildStart? {
        guard let body = format.body(of: bytes) else { return nil }
        var reader = CacheReader(bytes, from: body)
        guard (try? reader.readStringTable()) != nil, let start = try? CheckChildStart(from: &reader), reader.isAtEnd else { return nil }
        return start
    }
}
