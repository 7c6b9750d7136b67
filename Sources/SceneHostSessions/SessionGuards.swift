import SceneHostRecordCodec

/// What a session's requests are checked against, kept with it in its store (`SessionBody`, format 2):
/// the digest of its cookie's secret, the one it replaced (accepted for a few seconds, for repeats
/// only), the last form it applied and where that led, and the texts of a refused form offered back.
///
/// Only digests of secrets are kept: a copy of the store names no cookie.
package struct SessionGuards: Equatable, Sendable {
    /// SHA-256 of the cookie's secret half, hex; nil for a session written before secrets (format 1):
    /// its first action gives it one.
    package var secretDigest: String?
    /// The digest of the secret the last rotation replaced, and when (milliseconds since 1970).
    package var previousDigest: String?
    package var rotatedAt: Int64
    /// The random salt of the last rotation: the new secret is a digest of the old one and this, so an
    /// instance that holds only the store's row can hand a repeat of the last form (sent with the old
    /// secret) the new one; the row alone gives no secret.
    package var rotationSalt: String?
    /// The digest of the last form applied (`WebFormDigest`) and the URL its action led to.
    package var lastForm: String?
    package var lastLocation: String?
    /// What a refused form's fields held, shown once with the notice so nothing typed is lost.
    package var offered: [Offered]
    /// A problem with a field of the form just refused (a control character), shown at the field once.
    package var problems: [Offered]

    /// One field's text (or problem), with the field's name for people.
    package struct Offered: Equatable, Sendable {
        package var field: String
        package var label: String
        package var text: String

        package init(field: String, label: String, text: String) {
            self.field = field
            self.label = label
            self.text = text
        }
    }

    package init(
        secretDigest: String? = nil, previousDigest: String? = nil, rotatedAt: Int64 = 0, rotationSalt: String? = nil,
        lastForm: String? = nil,
        lastLocation: String? = nil, offered: [Offered] = [], problems: [Offered] = []
    ) {
        self.secretDigest = secretDigest
        self.previousDigest = previousDigest
        self.rotatedAt = rotatedAt
        self.rotationSalt = rotationSalt
        self.lastForm = lastForm
        self.lastLocation = lastLocation
        self.offered = offered
        self.problems = problems
    }
}

extension SessionGuards: RecordValue {
    /// The most fields offered back: far more than a screen holds.
    static let maximumOffered = 1_000

    package func encode(into writer: inout RecordWriter) {
        writer.optionalString(secretDigest)
        writer.optionalString(previousDigest)
        writer.count(Int(clamping: rotatedAt))
        writer.optionalString(rotationSalt)
        writer.optionalString(lastForm)
        writer.optionalString(lastLocation)
        writer.list(offered)
        writer.list(problems)
    }

    package init(from reader: inout RecordReader) throws {
        let secret = try reader.optionalString(), previous = try reader.optionalString()
        let rotatedAt = Int64(try reader.integer()), salt = try reader.optionalString()
        let lastForm = try reader.optionalString(), lastLocation = try reader.optionalString()
        let offered = try reader.list(Offered.self), problems = try reader.list(Offered.self)
        guard offered.count <= Self.maximumOffered, problems.count <= Self.maximumOffered else {
            throw RecordReader.Malformed()
        }
        self.init(
            secretDigest: secret, previousDigest: previous, rotatedAt: rotatedAt, rotationSalt: salt,
            lastForm: lastForm, lastLocation: lastLocation,
            offered: offered, problems: problems)
    }
}

extension SessionGuards.Offered: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(field)
        writer.string(label)
        writer.string(text)
    }

    package init(from reader: inout RecordReader) throws {
        self.init(field: try reader.string(), label: try reader.string(), text: try reader.string())
    }
}
