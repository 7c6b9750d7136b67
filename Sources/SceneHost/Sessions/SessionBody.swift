@_spi(SceneHost) import SceneSDK
import SceneHostCacheCodec

/// What a stored session's body holds: every screen of its stacks (the scene's record, the stamp
/// its forms carry, what it showed when last on top), the next stamp, and a notice its user has not
/// been shown yet. Written in the host's record format (`CacheWriter`, as the worker frames, whose
/// record and screen encodings it shares) behind a magic and a format version.
///
/// A body that does not read — another format, a newer version, a tampered byte, bytes left over —
/// throws `SessionStoreError.malformedRow`: that one session ends with a notice, never the server.
public struct SessionBody: Equatable, Sendable {
    /// The format this build writes; a body of any other version is refused.
    public static let formatVersion: UInt64 = 1
    static let magic: [UInt8] = Array("SHSB".utf8)

    public struct Place: Equatable, Sendable {
        public var record: SceneRecord
        public var stamp: Int
        public var lastScreen: Screen

        public init(record: SceneRecord, stamp: Int, lastScreen: Screen) {
            self.record = record
            self.stamp = stamp
            self.lastScreen = lastScreen
        }
    }

    /// Bottom to top over every layer (`SceneRecord.opensLayer` starts a modal stack).
    public var places: [Place]
    public var nextStamp: Int
    /// Shown once on the session's next page.
    public var notice: String?

    public init(places: [Place], nextStamp: Int, notice: String?) {
        self.places = places
        self.nextStamp = nextStamp
        self.notice = notice
    }

    public func encoded() -> [UInt8] {
        var writer = CacheWriter()
        writer.count(places.count)
        for place in places {
            WorkerFrame.encode(place.record, into: &writer)
            writer.count(place.stamp)
            WorkerFrame.encode(place.lastScreen, into: &writer)
        }
        writer.count(nextStamp)
        writer.optionalString(notice)
        var header = Self.magic
        var version = CacheWriter()
        version.unsigned(Self.formatVersion)
        header += version.body
        return writer.finished(header: header)
    }

    public init(decoding bytes: [UInt8]) throws(SessionStoreError) {
        guard bytes.count > Self.magic.count, Array(bytes.prefix(Self.magic.count)) == Self.magic else {
            throw .malformedRow(reason: "it is not a scene-host session")
        }
        var reader = CacheReader(bytes, from: Self.magic.count)
        do {
            let version = try reader.unsigned()
            guard version == Self.formatVersion else {
                throw SessionStoreError.malformedRow(reason: "it was written in session format \(version), and this scene-host reads format \(Self.formatVersion)")
            }
            try reader.readStringTable()
            var places: [Place] = []
            let count = try reader.count()
            guard count <= 100_000 else { throw CacheReader.Malformed() }
            for _ in 0..<count {
                let record = try WorkerFrame.decodeRecord(&reader)
                let stamp = try reader.integer()
                places.append(Place(record: record, stamp: stamp, lastScreen: try WorkerFrame.decodeScreen(&reader)))
            }
            let nextStamp = try reader.integer()
            let notice = try reader.optionalString()
            guard reader.isAtEnd else { throw CacheReader.Malformed() }
            guard places.first.map({ !$0.record.opensLayer }) ?? true, places.allSatisfy({ $0.stamp < nextStamp }) else { throw CacheReader.Malformed() }
            self.init(places: places, nextStamp: nextStamp, notice: notice)
        } catch let error as SessionStoreError {
            throw error
        } catch {
            throw .malformedRow(reason: "its stored data is damaged")
        }
    }
}
