import SceneSDK
import Testing
@testable import SceneHostCScenes

/// The screen a C scene's render fills: its elements in order, sections nested, and the limits
/// that keep a render that loops from making the host hold without bound.
@Suite("CScreenBuilder")
@MainActor
struct CScreenBuilderTests {
    @Test("elements in the order they are added, under the title")
    func order() {
        let builder = CScreenBuilder(title: "Detail")
        #expect(builder.add(.label(id: "a", text: "A")) == nil)
        #expect(builder.add(.button(id: "b", title: "B")) == nil)
        builder.title = "Renamed"
        #expect(
            builder.screen()
                == Screen(title: "Renamed", elements: [.label(id: "a", text: "A"), .button(id: "b", title: "B")]))
    }

    @Test("a screen holds at most 4096 elements; the next is refused and not added")
    func elementLimit() {
        let builder = CScreenBuilder(title: "Many")
        for index in 0..<CScreenBuilder.maximumElements {
            #expect(builder.add(.label(id: "l\(index)", text: "")) == nil)
        }
        #expect(builder.add(.label(id: "over", text: "")) == "the screen already holds 4096 elements")
        // Inside a section too: the limit counts every element of the screen.
        #expect(builder.beginSection(id: "s", title: "S") == nil)
        #expect(builder.add(.label(id: "inner", text: "")) == "the screen already holds 4096 elements")
        let screen = builder.screen()
        #expect(screen.allElements.count == 4097)
        #expect(screen.element(id: "over") == nil && screen.element(id: "inner") == nil)
    }

    @Test("a section holds what is added until it ends; sections nest")
    func sections() {
        let builder = CScreenBuilder(title: "T")
        #expect(builder.add(.label(id: "before", text: "")) == nil)
        #expect(builder.beginSection(id: "outer", title: "Outer") == nil)
        #expect(builder.add(.label(id: "a", text: "")) == nil)
        #expect(builder.beginSection(id: "inner", title: "Inner") == nil)
        #expect(builder.add(.label(id: "b", text: "")) == nil)
        #expect(builder.endSection() == nil)
        #expect(builder.endSection() == nil)
        #expect(builder.add(.label(id: "after", text: "")) == nil)
        #expect(
            builder.screen().elements == [
                .label(id: "before", text: ""),
                .section(
                    id: "outer", title: "Outer",
                    elements: [
                        .label(id: "a", text: ""),
                        .section(id: "inner", title: "Inner", elements: [.label(id: "b", text: "")]),
                    ]),
                .label(id: "after", text: ""),
            ])
    }

    @Test("sections nest at most 8 deep")
    func depthLimit() {
        let builder = CScreenBuilder(title: "T")
        for depth in 1...CScreenBuilder.maximumDepth {
            #expect(builder.beginSection(id: "s\(depth)", title: "") == nil, "section \(depth)")
        }
        #expect(builder.beginSection(id: "deeper", title: "") == "sections nest at most 8 deep")
        // After one ends, one may begin again.
        #expect(builder.endSection() == nil)
        #expect(builder.beginSection(id: "again", title: "") == nil)
    }

    @Test("ending a section when none is open is refused")
    func endWithoutBegin() {
        let builder = CScreenBuilder(title: "T")
        #expect(builder.endSection() == "no section is open")
        #expect(builder.beginSection(id: "s", title: "") == nil)
        #expect(builder.endSection() == nil)
        #expect(builder.endSection() == "no section is open")
        #expect(builder.screen().elements == [.section(id: "s", title: "", elements: [])])
    }

    @Test("sections left open when the render returns are closed there, innermost first")
    func unclosedSections() {
        let builder = CScreenBuilder(title: "T")
        #expect(builder.beginSection(id: "a", title: "A") == nil)
        #expect(builder.add(.label(id: "x", text: "")) == nil)
        #expect(builder.beginSection(id: "b", title: "B") == nil)
        #expect(builder.add(.label(id: "y", text: "")) == nil)
        #expect(
            builder.screen().elements == [
                .section(
                    id: "a", title: "A",
                    elements: [
                        .label(id: "x", text: ""), .section(id: "b", title: "B", elements: [.label(id: "y", text: "")]),
                    ])
            ])
    }
}
