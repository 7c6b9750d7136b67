import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SceneHostWorkers
import TestSupport

/// `--watch` hands a new build's workers the files its checks read (issue 46): the start message
/// names them, and their descriptors follow it on the channel, as duplicates of the very files.
@Suite("Worker: checked files handed after the start frame")
struct WorkerHandedFilesTests {
    @Test("the start message keeps the handed files' paths through the trip")
    func startMessageNamesThem() throws {
        let files = [
            WorkerStartMessage.HandedFile(path: "/apps/build/libA.so", realPath: "/apps/real/libA.so"),
            WorkerStartMessage.HandedFile(path: "/apps/libB.so", realPath: "/apps/libB.so"),
        ]
        let message = WorkerStartMessage(
            configFile: "scenes.conf", baseDirectory: "/apps", configBytes: Array("initial = \"Home\"\n".utf8),
            handedFiles: files)
        let frame = WorkerFrame.encode(.start(message))
        guard case .start(let back) = try WorkerFrame.decodeRequest(Array(frame.dropFirst(WorkerFrame.headerSize)))
        else {
            Issue.record("not a start message")
            return
        }
        #expect(back == message && back.handedFiles == files)
    }

    @Test("descriptors sent after a frame arrive as duplicates of the same files, the frame read whole before them")
    func descriptorsArrive() throws {
        let folder = try TemporaryFolder()
        let paths = [try folder.write("first", to: "a"), try folder.write("second", to: "b")]
        let opened = paths.map { open($0, O_RDONLY | O_CLOEXEC) }
        defer { for descriptor in opened { close(descriptor) } }
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        let host = WorkerChannel(descriptor: pair[0]), worker = WorkerChannel(descriptor: pair[1])
        try host.send(WorkerFrame.encode(.finish), deadline: .now + .seconds(30))
        try host.sendDescriptors(opened, deadline: .now + .seconds(30))
        #expect(try WorkerFrame.decodeRequest(worker.receive(deadline: .now + .seconds(30))) == .finish)
        let received = try worker.receiveDescriptors(count: 2, deadline: .now + .seconds(30))
        defer { for descriptor in received { close(descriptor) } }
        #expect(received.count == 2)
        for (sent, got) in zip(opened, received) {
            var before = stat(), after = stat()
            #expect(fstat(sent, &before) == 0 && fstat(got, &after) == 0)
            #expect(before.st_ino == after.st_ino && before.st_dev == after.st_dev)
            #expect(
                fcntl(got, F_GETFD) & FD_CLOEXEC != 0, "a handed descriptor must not leak into what the worker starts")
        }
    }

    @Test("fewer descriptors than announced are refused, and those that came are closed")
    func fewerRefused() throws {
        let folder = try TemporaryFolder()
        let descriptor = open(try folder.write("only", to: "a"), O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        try WorkerChannel(descriptor: pair[0]).sendDescriptors([descriptor], deadline: .now + .seconds(30))
        #expect(throws: WorkerChannel.Failure.malformed) {
            try WorkerChannel(descriptor: pair[1]).receiveDescriptors(count: 2, deadline: .now + .seconds(30))
        }
    }
}
