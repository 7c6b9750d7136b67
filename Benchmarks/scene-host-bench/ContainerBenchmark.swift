import SceneHostContainer
@_spi(SceneHost) import SceneSDK
import Swinject

/// (b) Container resolution — the four parts of one scene, by name — with 10, 100, 1,000 and
/// 10,000 scenes registered, against 10; and plain Swinject doing the same work, against ours.
@MainActor
enum ContainerBenchmark {
    static let counts = [10, 100, 1_000, 10_000]

    static func run(into report: inout BenchReport, scale: Int) throws {
        var ours: [Int: Measurement] = [:]
        var swinject: [Int: Measurement] = [:]
        // The first size measured pays for warming caches: measure 10 once more at the end and keep that.
        for count in counts + [10] {
            let container = SceneContainer()
            let registry = PluginScopedRegistry(plugin: BenchScenes.plugin)
            for index in 0..<count { try registry.register(BenchScenes.detail(named: "Scene\(index)")) }
            try registry.commit(into: container)
            let target = "Scene\(count / 2)"
            ours[count] = try Measurement.run(batches: 40 * scale, batchSize: 500) {
                for part in ScenePart.allCases { _ = try container.resolvePart(part, of: target) }
            }

            let plain = Swinject.Container()
            for index in 0..<count {
                plain.register(AnyObject.self, name: "Scene\(index).viewController") { _ in BenchDetailViewController()
                }
                plain.register(AnyObject.self, name: "Scene\(index).interactor") { _ in BenchDetailInteractor() }
                plain.register(AnyObject.self, name: "Scene\(index).presenter") { _ in BenchDetailPresenter() }
                plain.register(AnyObject.self, name: "Scene\(index).router") { _ in BenchDetailRouter() }
            }
            let names = ["viewController", "interactor", "presenter", "router"].map { "\(target).\($0)" }
            swinject[count] = try Measurement.run(batches: 40 * scale, batchSize: 500) {
                for name in names {
                    guard plain.resolve(AnyObject.self, name: name) != nil else {
                        throw BenchFailure("Swinject did not resolve \(name)")
                    }
                }
            }
        }
        // Every count was measured above (a failed measurement throws): a missing one is a bug of this benchmark.
        guard let base = ours[10]?.median else {
            throw BenchFailure("the container benchmark has no figure for 10 scenes")
        }
        for count in counts.dropFirst() {
            guard let value = ours[count]?.median else {
                throw BenchFailure("the container benchmark has no figure for \(count) scenes")
            }
            report.rows.append(
                BenchRow(
                    name: "resolve 4 parts, \(count) scenes vs 10", value: value, baseline: base, unit: "ns",
                    bar: count == 10_000 ? 1.5 : nil))
        }
        for count in counts {
            guard let value = swinject[count]?.median, let baseline = ours[count]?.median else {
                throw BenchFailure("the container benchmark has no Swinject or own figure for \(count) scenes")
            }
            report.rows.append(
                BenchRow(
                    name: "plain Swinject vs ours, \(count) scenes", value: value, baseline: baseline, unit: "ns",
                    bar: nil))
        }
    }
}
