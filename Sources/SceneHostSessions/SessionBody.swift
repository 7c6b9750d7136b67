@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec
import SceneHostNavigation

/// What a stored session's body holds: every screen of its stacks (the scene's record, the stamp
/// its forms carry, what it showed when last on top), the next stamp, a notice its user has not
/// been shown yet (with the texts of a form it could not apply, offered back), the digests of its
/// cookie's secret (current, and the one it replaced, for a few seconds) and the last form applied
/// (so a repeat of it is answered with its result). One more kind of the host's record format (docs/architecture.md, "The record
/// format"): a magic and a format version (`format`), a string table, then the body, whose places
/// are `SceneRecord`s and `Screen`s as the worker frames write them.
///
/// A body that does not read — another format, a newer version, a tampered byte, bytes left over —
/// throws `SessionStoreError.malformedRow`: that one session ends with a notice, never the server.
package struct SessionBody: Equatable, Sendable {
    /// The format this build writes; a body of any other version is refused.
    /// Version 2 added the cookie's secret, the last form applied and the texts offered back; a
    /// version 1 body (written before) still reads, as a session without them. Version 3 has the
    /// same layout, and may hold the screen elements and input values of forms (toggles, choices,
    /// text areas, sections, progress): a build that reads only 1 and 2 says so instead of
    /// calling such a body damaged. Version 4 adds to each place's record what its DataStore kept
    /// (`KeepsState`) and the ids of the secure fields it showed filled; versions 1 to 3 read as
    /// records without them.
    /// Version 5 adds containers to each record (`SceneRecord.slot`, `focus`, `slots`); version 4 reads
    /// as records of scenes without them.
    package static let formatVersion: UInt64 = 5
    /// "SHSB", then the version.
    package static let format = RecordFormat(.magic(Array("SHSB".utf8)), version: formatVersion)
    /// The formats this build reads.
    static let readableVersions: ClosedRange<UInt64> = 1...formatVersion
    /// The most places a body may hold: far more than any session's stacks.
    static let maximumPlaces = 100_000

    package struct Place: Equatable, Sendable {
        package var record: SceneRecord
        package var stamp: Int
        package var lastScreen: Screen

        package init(record: SceneRecord, stamp: Int, lastScreen: Screen) {
            self.record = record
            self.stamp = stamp
            self.lastScreen = lastScreen
        }
    }

    /// Bottom to top over every layer (`SceneRecord.opensLayer` starts a modal stack).
    package var places: [Place]
    package var nextStamp: Int
    /// Shown once on the session's next page.
    package var notice: String?
    /// Since format 2: what the session's cookie and forms are checked against.
    package var guards: SessionGuards

    package init(places: [Place], nextStamp: Int, notice: String?, guards: SessionGuards = SessionGuards()) {
        self.places = places
        self.nextStamp = nextStamp
        self.notice = notice
        self.guards = guards
    }

    package func encoded() -> [UInt8] {
        var writer = RecordWriter()
        encode(into: &writer)
        guards.encode(into: &writer)
        return writer.finished(header: Self.format.head)
    }

    package init(decoding bytes: [UInt8]) throws(SessionStoreError) {
        let body: Int
        var formatRead: UInt64 = 0
        switch Self.format.open(bytes) {
        case .foreign: throw .malformedRow(reason: "it is not a scene-host session")
        case .damaged: throw .malformedRow(reason: "its stored data is damaged")
        case .version(let version, let start):
            guard Self.readableVersions.contains(version) else {
                throw .malformedRow(
                    reason:
                        "it was written in session format \(version), and this scene-host reads formats 1 to \(Self.formatVersion)"
                )
            }
            body = start
            formatRead = version
        }
        var reader = RecordReader(bytes, from: body)
        do {
            try reader.readStringTable()
            try self.init(from: &reader, keepsState: formatRead >= 4, holdsSlots: formatRead >= 5)
            if formatRead >= 2 { guards = try SessionGuards(from: &reader) }
            guard reader.isAtEnd else { throw RecordReader.Malformed() }
        } catch {
            throw .malformedRow(reason: "its stored data is damaged")
        }
    }
}

/// The body after its header (format 1's part): the places, the next stamp, the notice. A body whose stamps are
/// not below the next stamp, or whose bottom place opens a modal layer, is damaged.
extension SessionBody: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.list(places)
        writer.count(nextStamp)
        writer.optionalString(notice)
    }

    package init(from reader: inout RecordReader) throws {
        try self.init(from: &reader, keepsState: true, holdsSlots: true)
    }

    /// `keepsState` false: a body of formats 1 to 3, whose records end after their fields;
    /// `holdsSlots` false: one of format 4, whose records hold no containers.
    init(from reader: inout RecordReader, keepsState: Bool, holdsSlots: Bool) throws {
        let count = try reader.count()
        guard count <= Self.maximumPlaces else { throw RecordReader.Malformed() }
        var places: [Place] = []
        for _ in 0..<count { places.append(try Place(from: &reader, keepsState: keepsState, holdsSlots: holdsSlots)) }
        let nextStamp = try reader.integer()
        let notice = try reader.optionalString()
        guard places.first.map({ !$0.record.opensLayer }) ?? true, places.allSatisfy({ $0.stamp < nextStamp }) else {
            throw RecordReader.Malformed()
        }
        self.init(places: places, nextStamp: nextStamp, notice: notice)
    }
}

/// One place: the scene's record, its stamp, its last screen.
extension SessionBody.Place: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        record.encode(into: &writer)
        writer.count(stamp)
        lastScreen.encode(into: &writer)
    }

    package init(from reader: inout RecordReader) throws {
        try self.init(from: &reader, keepsState: true, holdsSlots: true)
    }

    init(from reader: inout RecordReader, keepsState: Bool, holdsSlots: Bool) throws {
        let record = try SceneRecord(from: &reader, keepsState: keepsState, holdsSlots: holdsSlots)
        let stamp = try reader.integer()
        self.init(record: record, stamp: stamp, lastScreen: try Screen(from: &reader))
    }
}
