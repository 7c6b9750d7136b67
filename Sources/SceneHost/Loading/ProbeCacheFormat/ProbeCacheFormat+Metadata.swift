@_spi(SceneHost) import SceneSDK
import SceneHostCacheCodec

/// A good verdict: what the plugin declares. Contracts are indexes into the file's contract table.
extension ProbeCacheFormat {
    /// What a plugin is: its name and version, the SDK version and build and the Swift version it
    /// was built with. The head of a description here, and of a summary in the start-up cache.
    struct Identification: Equatable {
        let name: String
        let version: String
        let sdkVersion: SemanticVersion
        let sdkFingerprint: String
        let swiftVersion: String

        init(name: String, version: String, sdkVersion: SemanticVersion, sdkFingerprint: String, swiftVersion: String) {
            self.name = name
            self.version = version
            self.sdkVersion = sdkVersion
            self.sdkFingerprint = sdkFingerprint
            self.swiftVersion = swiftVersion
        }

        /// What `metadata` says the plugin is.
        init(_ metadata: PluginMetadata) {
            self.init(name: metadata.name, version: metadata.version, sdkVersion: metadata.sdkVersion,
                      sdkFingerprint: metadata.sdkFingerprint, swiftVersion: metadata.swiftVersion)
        }
    }

    static func encode(_ identification: Identification, into writer: inout CacheWriter) {
        writer.string(identification.name)
        writer.string(identification.version)
        writer.unsigned(UInt64(identification.sdkVersion.major))
        writer.unsigned(UInt64(identification.sdkVersion.minor))
        writer.unsigned(UInt64(identification.sdkVersion.patch))
        writer.string(identification.sdkFingerprint)
        writer.string(identification.swiftVersion)
    }

    static func decodeIdentification(_ reader: inout CacheReader) throws -> Identification {
        Identification(name: try reader.string(), version: try reader.string(),
                       sdkVersion: SemanticVersion(major: try reader.uint32(), minor: try reader.uint32(), patch: try reader.uint32()),
                       sdkFingerprint: try reader.string(), swiftVersion: try reader.string())
    }

    static func encode(_ metadata: PluginMetadata, into writer: inout CacheWriter, contracts: ContractTable) {
        encode(Identification(metadata), into: &writer)
        writer.count(metadata.scenes.count)
        for scene in metadata.scenes {
            writer.string(scene.name)
            for contract in [scene.input, scene.acceptedResult, scene.returnedResult] { encode(contract, into: &writer, contracts: contracts) }
            writer.count(scene.routes.count)
            for route in scene.routes {
                writer.string(route.destination)
                writer.optionalString(route.handlerName)
                encode(route.payload, into: &writer, contracts: contracts)
            }
            // 0 for no link, else 1, the template and its two contracts.
            if let link = scene.link {
                writer.count(1)
                writer.string(link.template)
                encode(link.parameters, into: &writer, contracts: contracts)
                encode(link.input, into: &writer, contracts: contracts)
            } else {
                writer.count(0)
            }
        }
        if let natives = metadata.nativeFunctions {
            writer.count(1)
            writer.count(natives.count)
            for native in natives {
                writer.string(native.name)
                writer.string(native.signatureText)
            }
        } else {
            writer.count(0)
        }
        encode(metadata.wiring, into: &writer)
        // 0 for not recorded, else the count + 1.
        writer.count(metadata.serviceCount.map { $0 + 1 } ?? 0)
        writer.count(metadata.settings.count)
        for declaration in metadata.settings { encode(declaration, into: &writer) }
        writer.count(metadata.undeclaredRoutes.count)
        for (scene, destinations) in metadata.undeclaredRoutes.sorted(by: { $0.key < $1.key }) {
            writer.string(scene)
            writer.count(destinations.count)
            for destination in destinations { writer.string(destination) }
        }
    }

    static func decodeMetadata(_ reader: inout CacheReader, contracts: [ContractInfo]) throws -> PluginMetadata {
        let plugin = try decodeIdentification(&reader)
        var scenes: [SceneDescription] = []
        let sceneCount = try reader.count()
        scenes.reserveCapacity(sceneCount)
        for _ in 0..<sceneCount {
            let sceneName = try reader.string()
            let input = try decodeContract(&reader, contracts: contracts)
            let accepted = try decodeContract(&reader, contracts: contracts)
            let returned = try decodeContract(&reader, contracts: contracts)
            var routes: [DeclaredRoute] = []
            for _ in 0..<(try reader.count()) {
                let destination = try reader.string()
                let handler = try reader.optionalString()
                routes.append(DeclaredRoute(destination: destination, handlerName: handler, payload: try decodeContract(&reader, contracts: contracts)))
            }
            var link: DeclaredLink?
            if try reader.tag(below: 2) == 1 {
                let template = try reader.string()
                guard let parameters = try decodeContract(&reader, contracts: contracts),
                      let linkInput = try decodeContract(&reader, contracts: contracts) else { throw CacheReader.Malformed() }
                link = DeclaredLink(template: template, parameters: parameters, input: linkInput)
            }
            scenes.append(SceneDescription(name: sceneName, input: input, acceptedResult: accepted, returnedResult: returned, routes: routes, link: link))
        }
        var natives: [NativeDeclaration]?
        if try reader.tag(below: 2) == 1 {
            var list: [NativeDeclaration] = []
            for _ in 0..<(try reader.count()) {
                let nativeName = try reader.string()
                list.append(NativeDeclaration(name: nativeName, signatureText: try reader.string()))
            }
            natives = list
        }
        let wiring = try decodeWiring(&reader)
        let services = try reader.integer()
        var settings: [SettingDeclaration] = []
        for _ in 0..<(try reader.count()) { settings.append(try decodeDeclaration(&reader)) }
        var undeclared: [String: [String]] = [:]
        for _ in 0..<(try reader.count()) {
            let scene = try reader.string()
            var destinations: [String] = []
            for _ in 0..<(try reader.count()) { destinations.append(try reader.string()) }
            // A scene twice is not a file this host wrote.
            guard undeclared.updateValue(destinations, forKey: scene) == nil else { throw CacheReader.Malformed() }
        }
        return PluginMetadata(name: plugin.name, version: plugin.version, sdkVersion: plugin.sdkVersion, sdkFingerprint: plugin.sdkFingerprint,
                              swiftVersion: plugin.swiftVersion,
                              scenes: scenes, nativeFunctions: natives, wiring: wiring, serviceCount: services == 0 ? nil : services - 1,
                              settings: settings, undeclaredRoutes: undeclared)
    }

    /// What building each scene found (`PluginMetadata.wiring`): a presence tag, then the scenes
    /// in name order, each with its finding's tag and fields.
    private static func encode(_ wiring: [String: WiringFinding]?, into writer: inout CacheWriter) {
        guard let wiring else { return writer.count(0) }
        writer.count(1)
        writer.count(wiring.count)
        for (scene, finding) in wiring.sorted(by: { $0.key < $1.key }) {
            writer.string(scene)
            switch finding {
            case .wiringMismatch(let part, let partType, let property, let expected):
                writer.count(0)
                for text in [part, partType, property, expected] { writer.string(text) }
            case .settingRejected(let key, let reason):
                writer.count(1)
                writer.string(key)
                writer.string(reason)
            case .failed(let description):
                writer.count(2)
                writer.string(description)
            case .needsHost:
                writer.count(3)
            }
        }
    }

    private static func decodeWiring(_ reader: inout CacheReader) throws -> [String: WiringFinding]? {
        guard try reader.tag(below: 2) == 1 else { return nil }
        var wiring: [String: WiringFinding] = [:]
        for _ in 0..<(try reader.count()) {
            let scene = try reader.string()
            let finding: WiringFinding
            switch try reader.tag(below: 4) {
            case 0: finding = .wiringMismatch(part: try reader.string(), partType: try reader.string(), property: try reader.string(), expected: try reader.string())
            case 1: finding = .settingRejected(key: try reader.string(), reason: try reader.string())
            case 2: finding = .failed(description: try reader.string())
            default: finding = .needsHost
            }
            // A scene twice is not a file this host wrote.
            guard wiring.updateValue(finding, forKey: scene) == nil else { throw CacheReader.Malformed() }
        }
        return wiring
    }

    /// 0 for none, else the contract's index + 1.
    private static func encode(_ contract: ContractInfo?, into writer: inout CacheWriter, contracts: ContractTable) {
        writer.count(contract.map { contracts.index(of: $0) + 1 } ?? 0)
    }

    private static func decodeContract(_ reader: inout CacheReader, contracts: [ContractInfo]) throws -> ContractInfo? {
        let index = try reader.unsigned()
        guard index > 0 else { return nil }
        guard index <= UInt64(contracts.count) else { throw CacheReader.Malformed() }
        return contracts[Int(index - 1)]
    }
}
