import Testing
@_spi(SceneHost) import SceneSDK
import SceneHostCInterface

/// The kinds the interface lists are the SDK's: each named as its case, each mapped back to itself.
@Suite("C interface: element kinds, events and field types from the SDK")
struct CKindTests {
    /// The name of `value`'s enum case, as Swift's reflection reads it.
    static func caseName(_ value: Any) -> String? {
        Mirror(reflecting: value).children.first?.label
    }

    @Test(
        "each element kind is named as its ScreenElement case and reads back from its example",
        arguments: CElementKind.allCases)
    func elementKind(kind: CElementKind) {
        #expect(CElementKind(kind.example) == kind)
        #expect(Self.caseName(kind.example) == kind.rawValue)
        #expect(CInterface.functions.contains { $0.name == kind.function && $0.group == .screens })
        if let end = kind.endFunction { #expect(CInterface.functions.contains { $0.name == end }) }
    }

    @Test("every function of the screens group but set_title and end_section adds one kind of element")
    func everyAddFunctionHasAKind() {
        let adding = CInterface.functions.filter { $0.group == .screens }.map(\.name).filter {
            $0 != "set_title" && $0 != "end_section"
        }
        #expect(adding == CElementKind.allCases.map(\.function))
    }

    @Test(
        "each event kind is named as its UserEvent case, in the order of everyKind, handled by its role",
        arguments: CEventKind.allCases)
    func eventKind(kind: CEventKind) {
        #expect(CEventKind(kind.example) == kind)
        #expect(Self.caseName(kind.example) == kind.rawValue)
        #expect(kind.role == UserEvent.cRole(for: kind.example))
        #expect(CRole.catalogue.contains(kind.role))
    }

    @Test("UserEvent.everyKind has one event of each kind, in the kinds' order")
    func everyEventKind() {
        #expect(UserEvent.everyKind.map(CEventKind.init) == CEventKind.allCases)
    }

    @Test("a schema is carried exactly when it has a field type, and each field type's schema is carried as itself")
    func schemas() {
        for schema in CSchemaSupport.everyKind {
            switch CSchemaSupport(schema) {
            case .carried(let type): #expect(CFieldType(schema) == type && type.schema == schema)
            case .refused: #expect(CFieldType(schema) == nil, "\(schema)")
            }
        }
        for type in CFieldType.allCases {
            #expect(CSchemaSupport(type.schema) == .carried(type))
            #expect(CFieldType(rawValue: type.schema.typeName) == type)
        }
        #expect(CSchemaSupport.refused.map(\.example) == ["Int?", "[String]", "Order", "Order"])
    }
}
