import Foundation
@testable import SceneHostRecordCodec
@testable import SceneHost
import LoadingTestSupport

/// The start-up cache under the fixed test key (`CacheSeal.forTests`, LoadingTestSupport).
extension StartupCacheFormat {
    package static func encode(_ start: CheckedStart, key: Key) -> [UInt8]? { encode(start, key: key, seal: .forTests) }
    package static func decode(_ file: [UInt8], key: Key) -> CheckedStart? { decode(file, key: key, seal: .forTests) }
    package static func decodeForWorker(_ file: [UInt8], key: Key, cachePath: String) -> WorkerRecord? {
        decodeForWorker(file, key: key, seal: .forTests, cachePath: cachePath)
    }
}
