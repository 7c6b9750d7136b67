import SceneSDK
import SceneHostCacheCodec

/// A `SceneConfig` in the start-up cache: every value and location as the config loader made
/// them, so a start from the cache gives the same messages as one that parsed the file.
extension StartupCacheFormat {
    static func encode(_ config: SceneConfig, into writer: inout CacheWriter) {
        encode(config.initial, into: &writer)
        writer.count(config.plugins.count)
        for entry in config.plugins {
            writer.string(entry.name)
            writer.string(entry.path)
            writer.string(entry.resolvedPath)
            writer.optionalString(entry.sha256)
            encode(entry.location, into: &writer)
            encode(entry.pathLocation, into: &writer)
            writer.string(entry.settingsBaseDirectory)
            writer.count(entry.settings.count)
            for setting in entry.settings {
                writer.string(setting.key)
                ProbeCacheFormat.encode(setting.value, into: &writer)
                encode(setting.location, into: &writer)
            }
        }
        writer.count(config.segues.count)
        for segue in config.segues {
            encode(segue.from, into: &writer)
            writer.string(segue.id)
            encode(segue.to, into: &writer)
            writer.string(segue.style.rawValue)
            encode(segue.location, into: &writer)
        }
        let host = config.host
        let timeout = host.eventTimeout.components
        writer.signed(timeout.seconds)
        writer.signed(timeout.attoseconds)
        writer.count(host.workerMemory)
        writer.count(host.workers.map { $0 + 1 } ?? 0)
        writer.count(host.restartsPerMinute)
        if let location = host.location {
            writer.count(1)
            encode(location, into: &writer)
        } else {
            writer.count(0)
        }
    }

    static func decodeConfig(_ reader: inout CacheReader, file: String, baseDirectory: String) throws -> SceneConfig {
        let initial = try decodeLocated(&reader)
        let pluginCount = try reader.count()
        var plugins: [PluginEntry] = []
        plugins.reserveCapacity(pluginCount)
        for _ in 0..<pluginCount {
            let name = try reader.string(), path = try reader.string(), resolvedPath = try reader.string()
            let sha256 = try reader.optionalString()
            let location = try decodeLocation(&reader), pathLocation = try decodeLocation(&reader)
            let settingsBase = try reader.string()
            var settings: [PluginSetting] = []
            for _ in 0..<(try reader.count()) {
                let key = try reader.string()
                let value = try ProbeCacheFormat.decodeValue(&reader)
                settings.append(PluginSetting(key: key, value: value, location: try decodeLocation(&reader)))
            }
            plugins.append(PluginEntry(name: name, path: path, resolvedPath: resolvedPath, sha256: sha256, location: location,
                                       pathLocation: pathLocation, settings: settings, settingsBaseDirectory: settingsBase))
        }
        let segueCount = try reader.count()
        var segues: [SegueDeclaration] = []
        segues.reserveCapacity(segueCount)
        for _ in 0..<segueCount {
            let from = try decodeLocated(&reader), id = try reader.string(), to = try decodeLocated(&reader)
            guard let style = NavigationStyle(rawValue: try reader.string()) else { throw CacheReader.Malformed() }
            segues.append(SegueDeclaration(from: from, id: id, to: to, style: style, location: try decodeLocation(&reader)))
        }
        var host = HostSettings()
        host.eventTimeout = Duration(secondsComponent: try reader.signed(), attosecondsComponent: try reader.signed())
        host.workerMemory = try reader.integer()
        let workers = try reader.integer()
        host.workers = workers == 0 ? nil : workers - 1
        host.restartsPerMinute = try reader.integer()
        if try reader.tag(below: 2) == 1 { host.location = try decodeLocation(&reader) }
        return SceneConfig(file: file, baseDirectory: baseDirectory, initial: initial, plugins: plugins, segues: segues, host: host)
    }

    private static func encode(_ location: SourceLocation, into writer: inout CacheWriter) {
        writer.string(location.file)
        writer.count(location.line)
        writer.count(location.column)
    }

    private static func decodeLocation(_ reader: inout CacheReader) throws -> SourceLocation {
        SourceLocation(file: try reader.string(), line: try reader.integer(), column: try reader.integer())
    }

    private static func encode(_ located: Located<String>, into writer: inout CacheWriter) {
        writer.string(located.value)
        encode(located.location, into: &writer)
    }

    private static func decodeLocated(_ reader: inout CacheReader) throws -> Located<String> {
        Located(value: try reader.string(), location: try decodeLocation(&reader))
    }
}
