import Foundation
import Testing
@testable import SceneHostProcesses
import TestSupport

/// docs/security.md lists what the allowlist filter passes: the page and the filter's one list
/// (`sandbox_filter.c`) cannot drift apart.
@Suite("Sandbox allowlist: the documented list is the filter's")
struct SandboxAllowlistDocTests {
    /// The call names of the page's list lines (lines made only of backquoted names) in "Allowed,
    /// whatever the arguments".
    private func documented() throws -> Set<String> {
        let page = try String(
            contentsOf: BuildProducts.packageRoot.appendingPathComponent("docs/security.md"), encoding: .utf8)
        let section =
            page.components(separatedBy: "## Allowed, whatever the arguments").last?
            .components(separatedBy: "## Allowed with some arguments only").first ?? ""
        var names: Set<String> = []
        for line in section.split(separator: "\n") where line.hasPrefix("`") {
            let words = line.split(separator: " ")
            guard words.allSatisfy({ $0.hasPrefix("`") && $0.hasSuffix("`") }) else { continue }
            names.formUnion(words.map { String($0.dropFirst().dropLast()) })
        }
        return names
    }

    @Test("every call the filter passes is on the page, and the page names no other")
    func sameList() throws {
        let filter = Set(Sandbox.allowedCalls.map(\.name))
        let page = try documented()
        #expect(filter.count > 150)
        #expect(
            filter.subtracting(page).isEmpty,
            "passed by the filter, not on docs/security.md: \(filter.subtracting(page).sorted())")
        #if arch(x86_64)
        #expect(
            page.subtracting(filter).isEmpty,
            "on docs/security.md, not passed by the filter: \(page.subtracting(filter).sorted())")
        #endif
    }

    @Test("nothing that reaches another process or outlives the worker is on the list")
    func neverAllowed() {
        let filter = Set(Sandbox.allowedCalls.map(\.name))
        let never = [
            "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_open", "pidfd_getfd", "pidfd_send_signal",
            "shmget", "msgget",
            "semget", "mq_open", "add_key", "request_key", "keyctl", "perf_event_open", "userfaultfd", "bpf",
            "io_uring_setup",
            "memfd_create", "setsid", "setpgid", "unshare", "setns", "mount", "socket", "prlimit64", "kill", "setuid",
            "capset",
        ]
        #expect(filter.intersection(never).isEmpty, "\(filter.intersection(never).sorted())")
        // TIOCSTI, TIOCSCTTY, TIOCSPGRP among the refused terminal requests.
        #expect(Set(Sandbox.refusedTerminalRequests).isSuperset(of: [0x5412, 0x540E, 0x5410]))
    }
}
