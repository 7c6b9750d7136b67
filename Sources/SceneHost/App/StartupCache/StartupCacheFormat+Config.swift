import SceneSDK
import SceneHostRecordCodec
import SceneHostConfig
import SceneHostCore
import SceneHostLoading
import SceneHostNavigation

/// A `SceneConfig` in the start-up cache: every value and location as the config loader made
/// them, so a start from the cache gives the same messages as one that parsed the file. The head
/// (initial scene, `[host]`), each plugin's table and the segues are written apart, so a scene
/// worker decodes a plugin's table only when it needs the plugin.
extension StartupCacheFormat {
    /// What a start needs of the config before any plugin: the initial scene and the `[host]` table.
    static func encodeHead(_ config: SceneConfig, into writer: inout RecordWriter) {
        config.initial.encode(into: &writer)
        let host = config.host
        let timeout = host.eventTimeout.components
        writer.signed(timeout.seconds)
        writer.signed(timeout.attoseconds)
        writer.count(host.workerMemory)
        writer.count(host.workers.map { $0 + 1 } ?? 0)
        writer.count(host.restartsPerMinute)
        writer.count(host.faultsPerSession)
        writer.bool(host.location != nil)
        host.location?.encode(into: &writer)
        writer.stringList(host.grants.map(\.rawValue))
        writer.bool(host.workerUser != nil)
        if let user = host.workerUser {
            writer.string(user.name)
            writer.count(Int(user.uid))
            writer.count(Int(user.gid))
        }
        writer.bool(host.clock != nil)
        if let clock = host.clock { writer.signed(clock) }
    }

    static func decodeHead(_ reader: inout RecordReader) throws -> (initial: Located<String>, host: HostSettings) {
        let initial = try Located<String>(from: &reader)
        var host = HostSettings()
        host.eventTimeout = Duration(secondsComponent: try reader.signed(), attosecondsComponent: try reader.signed())
        host.workerMemory = try reader.integer()
        let workers = try reader.integer()
        host.workers = workers == 0 ? nil : workers - 1
        host.restartsPerMinute = try reader.integer()
        host.faultsPerSession = try reader.integer()
        if try reader.bool() { host.location = try SourceLocation(from: &reader) }
        host.grants = try reader.stringList().map { name throws(RecordReader.Malformed) -> PluginPermission in
            guard let permission = PluginPermission(rawValue: name) else { throw RecordReader.Malformed() }
            return permission
        }
        if try reader.bool() {
            let name = try reader.string()
            let uid = try reader.integer(), gid = try reader.integer()
            guard let uid = UInt32(exactly: uid), let gid = UInt32(exactly: gid) else { throw RecordReader.Malformed() }
            host.workerUser = WorkerUser(name: name, uid: uid, gid: gid)
        }
        if try reader.bool() { host.clock = try reader.signed() }
        return (initial, host)
    }

    /// One plugin's table of the config (a section of its own: a scene worker decodes it when
    /// the plugin is first needed).
    static func encode(_ entry: PluginEntry, into writer: inout RecordWriter) {
        writer.string(entry.name)
        writer.string(entry.path)
        writer.string(entry.resolvedPath)
        writer.optionalString(entry.sha256)
        entry.location.encode(into: &writer)
        entry.pathLocation.encode(into: &writer)
        writer.string(entry.settingsBaseDirectory)
        writer.count(entry.settings.count)
        for setting in entry.settings {
            writer.string(setting.key)
            setting.value.encode(into: &writer)
            setting.location.encode(into: &writer)
        }
        writer.stringList(entry.grants.map(\.rawValue))
        writer.bool(entry.grantLocation != nil)
        entry.grantLocation?.encode(into: &writer)
    }

    /// A plugin's table from its whole section: anything left over is malformed.
    static func decodeEntry(_ section: RecordReader) throws -> PluginEntry {
        var reader = section
        let name = try reader.string(), path = try reader.string(), resolvedPath = try reader.string()
        let sha256 = try reader.optionalString()
        let location = try SourceLocation(from: &reader), pathLocation = try SourceLocation(from: &reader)
        let settingsBase = try reader.string()
        var settings: [PluginSetting] = []
        for _ in 0..<(try reader.count()) {
            let key = try reader.string()
            let value = try PluginSettings.Value(from: &reader)
            settings.append(PluginSetting(key: key, value: value, location: try SourceLocation(from: &reader)))
        }
        let grants = try reader.stringList().map { name throws(RecordReader.Malformed) -> PluginPermission in
            guard let permission = PluginPermission(rawValue: name) else { throw RecordReader.Malformed() }
            return permission
        }
        let grantLocation = try reader.bool() ? try SourceLocation(from: &reader) : nil
        guard reader.isAtEnd else { throw RecordReader.Malformed() }
        return PluginEntry(
            name: name, path: path, resolvedPath: resolvedPath, sha256: sha256, location: location,
            pathLocation: pathLocation, settings: settings, settingsBaseDirectory: settingsBase,
            grants: grants, grantLocation: grantLocation)
    }

    static func encode(_ segues: [SegueDeclaration], into writer: inout RecordWriter) {
        writer.count(segues.count)
        for segue in segues {
            segue.from.encode(into: &writer)
            writer.string(segue.id)
            segue.to.encode(into: &writer)
            // A tag, not the style's name: decoding checks it without reading a string.
            segue.style.encode(into: &writer)
            segue.location.encode(into: &writer)
        }
    }

    /// The segues from their whole section (checks nothing of a string's content: a scene worker
    /// validates the section with `RecordReader.validating()` and decodes it when first needed).
    static func decodeSegues(_ section: RecordReader) throws -> [SegueDeclaration] {
        var reader = section
        let segueCount = try reader.count()
        var segues: [SegueDeclaration] = []
        segues.reserveCapacity(segueCount)
        for _ in 0..<segueCount {
            let from = try Located<String>(from: &reader), id = try reader.string(),
                to = try Located<String>(from: &reader)
            let style = try NavigationStyle(from: &reader)
            segues.append(
                SegueDeclaration(from: from, id: id, to: to, style: style, location: try SourceLocation(from: &reader)))
        }
        guard reader.isAtEnd else { throw RecordReader.Malformed() }
        return segues
    }
}
