import SceneHostConfig
/// A config's segues as a navigator reads them: a list, or a start-up cache file's section decoded
/// the first time a navigator of the scene worker looks one up (walked with every check when the
/// file was read, so it decodes; one that does not, in a file forged with a matching checksum, is
/// `NavigationError.seguesUnreadable`, and nothing changes).
package final class RecordedSegues {
    private var decode: (() throws -> [SegueDeclaration])?
    private let cachePath: String
    private var decoded: [SegueDeclaration] = []

    /// Segues `decode` gives when first asked for, from the start-up cache file `cachePath`.
    package init(cachePath: String, decode: @escaping () throws -> [SegueDeclaration]) {
        self.decode = decode
        self.cachePath = cachePath
    }

    package init(_ segues: [SegueDeclaration]) {
        decoded = segues
        cachePath = ""
    }

    package func declarations() throws -> [SegueDeclaration] {
        guard let decode else { return decoded }
        do {
            decoded = try decode()
        } catch {
            throw NavigationError.seguesUnreadable(cache: cachePath)
        }
        self.decode = nil
        return decoded
    }
}
