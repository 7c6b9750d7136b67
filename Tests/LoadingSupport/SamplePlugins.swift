@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostNative
@testable import SceneHostContainer

/// Probe metadata of a made-up plugin with two scenes and typed contracts, for the probe cache's
/// and the start-up cache's format tests.
package enum SamplePlugins {
    package static let order = ContractInfo(
        typeName: "Order",
        schema: .object(
            type: "Order",
            fields: [
                .init(name: "id", schema: .int), .init(name: "note", schema: .optional(.string)),
                .init(
                    name: "items",
                    schema: .array(
                        .object(
                            type: "Item",
                            fields: [.init(name: "price", schema: .double), .init(name: "paid", schema: .bool)]))),
                .init(name: "custom", schema: .opaque(type: "Custom")),
            ]))
    package static let selection = ContractInfo(
        typeName: "Selection", schema: .object(type: "Selection", fields: [.init(name: "id", schema: .int)]))

    package static func metadata(
        _ name: String, natives: [NativeDeclaration]? = nil, wiring: [String: WiringFinding]? = nil,
        services: Int? = nil
    ) -> PluginMetadata {
        PluginMetadata(
            name: name, version: "1.2.3", sdkVersion: SemanticVersion(major: 1, minor: 4, patch: 0),
            sdkFingerprint: "f00d", swiftVersion: "6.3.1",
            scenes: [
                SceneDescription(
                    name: "\(name)List", input: nil, acceptedResult: selection, returnedResult: nil,
                    routes: [
                        DeclaredRoute(destination: "\(name)Detail", handlerName: "routeToDetail", payload: order),
                        DeclaredRoute(destination: "Other", handlerName: nil, payload: nil),
                    ]),
                SceneDescription(
                    name: "\(name)Detail", input: order, acceptedResult: nil, returnedResult: selection, routes: []),
            ], nativeFunctions: natives, wiring: wiring, serviceCount: services)
    }
}
