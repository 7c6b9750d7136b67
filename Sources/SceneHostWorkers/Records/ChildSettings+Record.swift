import SceneHostRecordCodec
import SceneHostLoading

extension ChildSettings: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(loader.probeExecutable)
        // Microseconds: the timeout the command line gave, to the precision it can be written with.
        writer.count(Int((loader.probeTimeout * 1_000_000).rounded()))
        writer.optionalString(loader.probeCache)
        writer.bool(loader.rescan)
        writer.bool(loader.checksFileTrust)
        writer.bool(verbose)
        writer.count(refused.count)
        for refusal in refused {
            writer.string(refusal.plugin)
            writer.count(refusal.sources)
            writer.count(refusal.seconds)
        }
    }

    package init(from reader: inout RecordReader) throws {
        let executable = try reader.string()
        let timeout = Double(try reader.integer()) / 1_000_000
        let cache = try reader.optionalString()
        let rescan = try reader.bool()
        let trust = try reader.bool()
        let verbose = try reader.bool()
        var refused: [Refusal] = []
        for _ in 0..<(try reader.count()) {
            refused.append(
                Refusal(plugin: try reader.string(), sources: try reader.integer(), seconds: try reader.integer()))
        }
        self.init(
            loader: LoaderSettings(
                probeExecutable: executable, probeTimeout: timeout, probeCache: cache, rescan: rescan,
                checksFileTrust: trust),
            verbose: verbose, refused: refused)
    }
}
