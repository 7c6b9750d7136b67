import Testing
@testable import SceneHostLoading

/// What a probe child said as it died, as the refusal quotes it.
@Suite("Child process prober: last words")
struct ChildProcessProberTests {
    @Test("a trap's own message and where it is are quoted, not the last frame of the stack trace after it")
    func trapMessage() {
        let printed =
            "registering\nRecipes/Detail.swift:42: Precondition failed: no recipe\nCurrent stack trace:\n"
            + "0    libswiftCore.so    0x00007f <unavailable> + 123\n20 scene-host-probe 0x0000 <unavailable> + 561057\n"
        #expect(
            ChildProcessProber.lastWords(in: Array(printed.utf8))
                == "Recipes/Detail.swift:42: Precondition failed: no recipe")
    }

    @Test("without a trap message: the last line that is not part of a trace, escaped")
    func lastLine() {
        let printed = "first\nthe last words \u{1B}[2J\nCurrent stack trace:\n3 libc.so.6 0x00 <unavailable> + 9\n"
        #expect(ChildProcessProber.lastWords(in: Array(printed.utf8)) == "the last words \\u{1B}[2J")
        #expect(ChildProcessProber.lastWords(in: []) == nil)
    }
}
