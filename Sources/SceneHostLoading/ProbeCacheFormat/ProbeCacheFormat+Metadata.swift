@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec
import SceneHostNative
import SceneHostContainer

/// A good verdict: what the plugin declares. Contracts are indexes into the file's contract table.
extension ProbeCacheFormat {
    package static func encode(_ metadata: PluginMetadata, into writer: inout RecordWriter, contracts: ContractTable) {
        Identification(metadata).encode(into: &writer)
        writer.count(metadata.scenes.count)
        for scene in metadata.scenes {
            writer.string(scene.name)
            for contract in [scene.input, scene.acceptedResult, scene.returnedResult] {
                encode(contract, into: &writer, contracts: contracts)
            }
            writer.count(scene.routes.count)
            for route in scene.routes {
                writer.string(route.destination)
                writer.optionalString(route.handlerName)
                encode(route.payload, into: &writer, contracts: contracts)
                // 0 for none, else the style's place in `NavigationStyle.allCases` + 1.
                writer.count(route.style.flatMap { NavigationStyle.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
                writer.optionalString(route.slot)
            }
            // A flag, then the template and its two contracts.
            writer.bool(scene.link != nil)
            if let link = scene.link {
                writer.string(link.template)
                encode(link.parameters, into: &writer, contracts: contracts)
                encode(link.input, into: &writer, contracts: contracts)
            }
            encode(scene.slots, into: &writer)
        }
        writer.bool(metadata.nativeFunctions != nil)
        if let natives = metadata.nativeFunctions {
            writer.count(natives.count)
            for native in natives {
                writer.string(native.name)
                writer.string(native.signatureText)
            }
        }
        encode(metadata.wiring, into: &writer)
        // 0 for not recorded, else the count + 1.
        writer.count(metadata.serviceCount.map { $0 + 1 } ?? 0)
        writer.list(metadata.settings)
        writer.count(metadata.undeclaredRoutes.count)
        for (scene, destinations) in metadata.undeclaredRoutes.sorted(by: { $0.key < $1.key }) {
            writer.string(scene)
            writer.stringList(destinations)
        }
        writer.bool(metadata.inMemoryState != nil)
        metadata.inMemoryState?.encode(into: &writer)
        writer.stringList(metadata.permissions.map(\.rawValue))
        writer.bool(metadata.probedButtons != nil)
        if let buttons = metadata.probedButtons {
            writer.count(buttons.count)
            for (scene, ids) in buttons.sorted(by: { $0.key < $1.key }) {
                writer.string(scene)
                writer.stringList(ids)
            }
        }
    }

    static func decodeMetadata(_ reader: inout RecordReader, contracts: [ContractInfo]) throws -> PluginMetadata {
        let plugin = try Identification(from: &reader)
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
                let payload = try decodeContract(&reader, contracts: contracts)
                let styleIndex = try reader.count()
                // A style this host does not know is not a file it wrote.
                guard styleIndex <= NavigationStyle.allCases.count else { throw RecordReader.Malformed() }
                let style = styleIndex == 0 ? nil : NavigationStyle.allCases[styleIndex - 1]
                let slot = try reader.optionalString()
                routes.append(
                    DeclaredRoute(
                        destination: destination, handlerName: handler, payload: payload, style: style, slot: slot))
            }
            var link: DeclaredLink?
            if try reader.bool() {
                let template = try reader.string()
                guard let parameters = try decodeContract(&reader, contracts: contracts),
                    let linkInput = try decodeContract(&reader, contracts: contracts)
                else { throw RecordReader.Malformed() }
                link = DeclaredLink(template: template, parameters: parameters, input: linkInput)
            }
            let slots = try decodeSlots(&reader)
            scenes.append(
                SceneDescription(
                    name: sceneName, input: input, acceptedResult: accepted, returnedResult: returned, routes: routes,
                    link: link, slots: slots))
        }
        var natives: [NativeDeclaration]?
        if try reader.bool() {
            var list: [NativeDeclaration] = []
            for _ in 0..<(try reader.count()) {
                let nativeName = try reader.string()
                list.append(NativeDeclaration(name: nativeName, signatureText: try reader.string()))
            }
            natives = list
        }
        let wiring = try decodeWiring(&reader)
        let services = try reader.integer()
        let settings = try reader.list(SettingDeclaration.self)
        var undeclared: [String: [String]] = [:]
        for _ in 0..<(try reader.count()) {
            let scene = try reader.string()
            let destinations = try reader.stringList()
            // A scene twice is not a file this host wrote.
            guard undeclared.updateValue(destinations, forKey: scene) == nil else { throw RecordReader.Malformed() }
        }
        let inMemoryState = try reader.bool() ? try InMemoryState(from: &reader) : nil
        // A permission this host does not know is not a file it wrote.
        let permissions = try reader.stringList().map { name throws(RecordReader.Malformed) -> PluginPermission in
            guard let permission = PluginPermission(rawValue: name) else { throw RecordReader.Malformed() }
            return permission
        }
        var buttons: [String: [String]]?
        if try reader.bool() {
            var byScene: [String: [String]] = [:]
            for _ in 0..<(try reader.count()) {
                let scene = try reader.string()
                // A scene twice is not a file this host wrote.
                guard byScene.updateValue(try reader.stringList(), forKey: scene) == nil else {
                    throw RecordReader.Malformed()
                }
            }
            buttons = byScene
        }
        return PluginMetadata(
            name: plugin.name, version: plugin.version, sdkVersion: plugin.sdkVersion,
            sdkFingerprint: plugin.sdkFingerprint,
            swiftVersion: plugin.swiftVersion,
            scenes: scenes, nativeFunctions: natives, wiring: wiring, serviceCount: services == 0 ? nil : services - 1,
            settings: settings, undeclaredRoutes: undeclared, inMemoryState: inMemoryState, permissions: permissions,
            probedButtons: buttons)
    }

    /// A container's slots (`SceneDescription.slots`) in declared order, each its name, its kind
    /// (0 tab, 1 pane), title and initial scene; a count of 0 for any other scene. A slot declared
    /// twice is written twice: `check` reports it, from the cache as from the probe.
    private static func encode(_ slots: [DeclaredSlot], into writer: inout RecordWriter) {
        writer.count(slots.count)
        for slot in slots {
            writer.string(slot.name)
            switch slot.kind {
            case .tab: writer.tag(SlotKindTag.tab)
            case .pane: writer.tag(SlotKindTag.pane)
            }
            writer.string(slot.title)
            writer.string(slot.initial)
        }
    }

    /// A slot's kind in the cache: a tag, read back only as one of its cases.
    private enum SlotKindTag: UInt64, RecordTag {
        case tab, pane
    }

    private static func decodeSlots(_ reader: inout RecordReader) throws -> [DeclaredSlot] {
        var slots: [DeclaredSlot] = []
        for _ in 0..<(try reader.count()) {
            let name = try reader.string()
            // A kind this host does not know is not a file it wrote: `tag` throws `Malformed`.
            let kind: SlotKind
            switch try reader.tag(SlotKindTag.self) {
            case .tab: kind = .tab
            case .pane: kind = .pane
            }
            let title = try reader.string()
            slots.append(DeclaredSlot(name: name, kind: kind, title: title, initial: try reader.string()))
        }
        return slots
    }

    /// What building each scene found (`PluginMetadata.wiring`): a flag, then the scenes in name
    /// order, each with its finding.
    private static func encode(_ wiring: [String: WiringFinding]?, into writer: inout RecordWriter) {
        writer.bool(wiring != nil)
        guard let wiring else { return }
        writer.count(wiring.count)
        for (scene, finding) in wiring.sorted(by: { $0.key < $1.key }) {
            writer.string(scene)
            finding.encode(into: &writer)
        }
    }

    private static func decodeWiring(_ reader: inout RecordReader) throws -> [String: WiringFinding]? {
        guard try reader.bool() else { return nil }
        var wiring: [String: WiringFinding] = [:]
        for _ in 0..<(try reader.count()) {
            let scene = try reader.string()
            // A scene twice is not a file this host wrote.
            guard wiring.updateValue(try WiringFinding(from: &reader), forKey: scene) == nil else {
                throw RecordReader.Malformed()
            }
        }
        return wiring
    }

    /// 0 for none, else the contract's index + 1.
    private static func encode(_ contract: ContractInfo?, into writer: inout RecordWriter, contracts: ContractTable) {
        writer.count(contract.map { contracts.index(of: $0) + 1 } ?? 0)
    }

    private static func decodeContract(_ reader: inout RecordReader, contracts: [ContractInfo]) throws -> ContractInfo?
    {
        let index = try reader.unsigned()
        guard index > 0 else { return nil }
        guard index <= UInt64(contracts.count) else { throw RecordReader.Malformed() }
        return contracts[Int(index - 1)]
    }
}
