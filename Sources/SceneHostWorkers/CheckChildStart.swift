import SceneHostRecordCodec

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

    /// The start file's kind and version (`RecordFile`): a file of another build is refused.
    package static let format = RecordFormat(.line("scene-host check child start"), version: 1)
}
