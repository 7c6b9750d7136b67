#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SceneHostCore

/// The host's end of a scene worker's channel, as async I/O: frames are written and read by a
/// thread of the link's own, so the supervisor's task never blocks on a worker, and awaits what it
/// reads (`next`).
///
/// The thread reads whatever the socket holds at once into a buffer and cuts frames from it (one
/// `recv` for many small frames, never one per header and one per payload), decodes each, and
/// applies what the worker sends unasked (`WorkerReply.changed`: a screen its background work
/// changed) to its session at once, through `unasked`: a live page wakes when the worker sends,
/// not when the next request comes. Every other frame is the answer to the request in flight, handed
/// to `next` in order; one that comes when no request is in flight is garbage, as is anything that
/// does not decode. The request's deadline is kept by the same thread (its `poll` timeout): when it
/// passes, `next` gets `.failed(.timedOut)`. After a failure the link hands on nothing more.
///
/// Why a thread and not SwiftNIO: `run` and the workers link no web stack, and one worker needs one
/// socket watched; the thread blocks only in `poll` (docs/decisions.md, "The worker client").
package final class WorkerLink: Sendable {
    /// What the link hands the supervisor: a frame answering the request in flight (with its size,
    /// header included), or why no more will come.
    package enum Event: Sendable {
        case reply(WorkerReply, bytes: Int)
        case failed(WorkerChannel.Failure)
    }

    /// Something to write, in order.
    private enum Outbound: Sendable {
        case bytes([UInt8])
        /// Descriptors passed with `SCM_RIGHTS` once every byte before them is written (the caller keeps its own).
        case descriptors([Int32])
    }

    private struct State: Sendable {
        var outbound: [Outbound] = []
        var events: [Event] = []
        var waiter: CheckedContinuation<Event, Never>?
        /// When the request in flight times out, and how far each restore step moves that (nil: none in flight).
        var deadline: ContinuousClock.Instant?
        var renewal: Duration = .zero
        /// A request was sent and its answer has not come.
        var awaiting = false
        /// A failure was handed on: nothing more is.
        var failed = false
        /// The host let the link go: its thread closes the socket and ends.
        var closing = false
        /// The session the request in flight is for: its answer's report is applied to it here, in
        /// the order frames came, so an unasked change after the answer is never undone by it.
        var target: WorkerSession?
        /// The size of the last request frame, header included (the benchmark's).
        var lastRequestBytes = 0
    }

    private let state = Mutex(State())
    private let descriptor: Int32
    /// A pipe written to wake the thread (something to send, a new deadline, the end).
    private let wake: (read: Int32, write: Int32)
    /// Applies an unasked frame to its session.
    private let unasked: @Sendable (UInt64, SessionReport) -> Void
    /// Told when the link failed while no request was in flight.
    private let failedIdle: @Sendable () -> Void

    /// Takes `descriptor` (non-blocking, the host's end of the socket pair) and starts the link's
    /// thread. `unasked` applies a frame the worker sent unasked; `failed` is told of a failure met
    /// while no request was in flight (kept for `takeIdleFailure`).
    package init(
        descriptor: Int32, unasked: @escaping @Sendable (UInt64, SessionReport) -> Void,
        failed: @escaping @Sendable () -> Void
    ) throws(WorkerError) {
        var pair: [Int32] = [0, 0]
        guard pipe(&pair) == 0 else {
            close(descriptor)
            throw .workerUnavailable(reason: "cannot create its channel's wake-up: \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
        for end in pair {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        self.wake = (pair[0], pair[1])
        self.unasked = unasked
        self.failedIdle = failed
        let thread = Thread { [self] in self.serve() }
        thread.name = "scene-host.worker-link"
        thread.start()
    }

    /// Sends one request frame for `session` (the report its answer carries is applied to it before
    /// `next` hands the answer on); its answer is due by `deadline`, each restore step moving the
    /// deadline to `renewal` from then.
    package func send(
        _ frame: [UInt8], for session: WorkerSession?, deadline: ContinuousClock.Instant, renewal: Duration
    ) {
        state.withLock { state in
            state.outbound.append(.bytes(frame))
            state.awaiting = true
            state.target = session
            state.deadline = deadline
            state.renewal = renewal
            state.lastRequestBytes = frame.count
        }
        signal()
    }

    /// Passes `descriptors` after the frames sent so far (`WorkerChannel.sendDescriptors`).
    package func send(descriptors: [Int32]) {
        guard !descriptors.isEmpty else { return }
        state.withLock { $0.outbound.append(.descriptors(descriptors)) }
        signal()
    }

    /// The size of the last request frame sent, header included.
    var lastRequestBytes: Int { state.withLock { $0.lastRequestBytes } }

    /// The next answer to the request in flight, or the failure that ended the link.
    package func next() async -> Event {
        await withCheckedContinuation { (continuation: CheckedContinuation<Event, Never>) in
            let ready: Event? = state.withLock { state in
                guard state.events.isEmpty else { return state.events.removeFirst() }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The failure the link met while no request was in flight (the worker ended, or wrote
    /// garbage, between requests), taken; nil when there is none.
    func takeIdleFailure() -> WorkerChannel.Failure? {
        state.withLock { state in
            guard case .failed(let failure)? = state.events.first else { return nil }
            state.events.removeFirst()
            return failure
        }
    }

    /// Lets the link go: its thread closes the socket and ends. Nothing more is handed on.
    package func shutdown() {
        state.withLock { $0.closing = true }
        signal()
    }

    private func signal() {
        var one: UInt8 = 1
        // A full pipe already wakes the thread: a write that fails for it is of no matter.
        _ = write(wake.write, &one, 1)
    }

    /// Hands `event` to the waiting `next`, or keeps it for the next one.
    private func post(_ event: Event) {
        let (waiter, idle): (CheckedContinuation<Event, Never>?, Bool) = state.withLock { state in
            var idle = false
            if case .failed = event {
                idle = !state.awaiting
                state.failed = true
                state.awaiting = false
                state.deadline = nil
                state.target = nil
            }
            guard let waiter = state.waiter else {
                state.events.append(event)
                return (nil, idle)
            }
            state.waiter = nil
            return (waiter, idle)
        }
        waiter?.resume(returning: event)
        if idle { failedIdle() }
    }

    // MARK: The link's thread

    private func serve() {
        var input = [UInt8]()
        var start = 0
        var pending: [UInt8] = []
        var written = 0
        var stopped = false
        while true {
            let (closing, deadline, awaiting, queued) = state.withLock {
                state -> (Bool, ContinuousClock.Instant?, Bool, [Outbound]) in
                let queued = state.outbound
                state.outbound = []
                return (state.closing, state.deadline, state.awaiting, queued)
            }
            if closing { break }
            for item in queued where !stopped {
                switch item {
                case .bytes(let bytes):
                    pending.append(contentsOf: bytes)
                case .descriptors(let descriptors):
                    // Descriptors follow the bytes before them: those go first, however long it takes.
                    if !flush(&pending, &written, until: deadline) || !sendDescriptors(descriptors, until: deadline) {
                        stopped = true
                        post(.failed(deadline.map { ContinuousClock.now >= $0 } == true ? .timedOut : .closed))
                    }
                }
            }
            if !stopped, awaiting, let deadline, ContinuousClock.now >= deadline {
                stopped = true
                post(.failed(.timedOut))
            }
            var entries = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            if !stopped {
                entries.append(
                    pollfd(
                        fd: descriptor, events: Int16(POLLIN) | (written < pending.count ? Int16(POLLOUT) : 0),
                        revents: 0))
            }
            var timeout: Int32 = -1
            if !stopped, awaiting, let deadline {
                timeout = Int32(clamping: max(0, (deadline - ContinuousClock.now).wholeMilliseconds + 1))
            }
            let ready = poll(&entries, nfds_t(entries.count), timeout)
            if ready < 0 && errno != EINTR { break }
            if entries[0].revents != 0 {
                var bytes = [UInt8](repeating: 0, count: 64)
                while read(wake.read, &bytes, bytes.count) > 0 {}
            }
            guard !stopped, entries.count > 1, entries[1].revents != 0 else { continue }
            let events = entries[1].revents
            if events & Int16(POLLOUT) != 0, written < pending.count {
                switch writeSome(pending, &written) {
                case .some(true): if written == pending.count { pending = []; written = 0 }
                case .some(false): break
                case .none:
                    stopped = true
                    post(.failed(.closed))
                    continue
                }
            }
            if events & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 {
                if let failure = readFrames(&input, &start) {
                    stopped = true
                    post(.failed(failure))
                }
            }
        }
        close(descriptor)
        close(wake.read)
        close(wake.write)
    }

    /// Writes what the socket takes now: true when some went, false when none could (it is full),
    /// nil when the other end is gone.
    private func writeSome(_ bytes: [UInt8], _ written: inout Int) -> Bool? {
        let sent = bytes.withUnsafeBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return Glibc.send(descriptor, base + written, buffer.count - written, Int32(MSG_NOSIGNAL))
        }
        if sent > 0 {
            written += sent
            return true
        }
        if sent < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { return false }
        return nil
    }

    /// Writes every pending byte, waiting for the socket at most until `deadline`.
    private func flush(_ pending: inout [UInt8], _ written: inout Int, until deadline: ContinuousClock.Instant?) -> Bool
    {
        let channel = WorkerChannel(descriptor: descriptor)
        do throws(WorkerChannel.Failure) {
            if written < pending.count { try channel.send(Array(pending[written...]), deadline: deadline) }
        } catch {
            return false
        }
        pending = []
        written = 0
        return true
    }

    private func sendDescriptors(_ descriptors: [Int32], until deadline: ContinuousClock.Instant?) -> Bool {
        do throws(WorkerChannel.Failure) {
            try WorkerChannel(descriptor: descriptor).sendDescriptors(descriptors, deadline: deadline)
            return true
        } catch {
            return false
        }
    }

    /// Reads what the socket holds and hands on every whole frame in it; the failure that ends the
    /// link, if one came (the other end closed, garbage, a frame announced too large).
    private func readFrames(_ input: inout [UInt8], _ start: inout Int) -> WorkerChannel.Failure? {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let got = chunk.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return Glibc.recv(descriptor, base, buffer.count, 0)
        }
        if got < 0 {
            if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            return .closed
        }
        if got == 0 { return .closed }
        input.append(contentsOf: chunk[0..<got])
        while input.count - start >= WorkerFrame.headerSize {
            let length: Int
            do {
                length = try WorkerFrame.length(of: Array(input[start..<(start + WorkerFrame.headerSize)]))
            } catch let tooLarge as WorkerFrame.TooLarge {
                return .tooLarge(bytes: tooLarge.bytes)
            } catch {
                return .malformed
            }
            let end = start + WorkerFrame.headerSize + length
            guard input.count >= end else { break }
            let payload = Array(input[(start + WorkerFrame.headerSize)..<end])
            start = end
            guard let reply = try? WorkerFrame.decodeReply(payload) else { return .malformed }
            if case .changed(let id, let report) = reply {
                // Sent before the answer, in order: applied as it comes. It never moves the deadline.
                unasked(id, report)
                continue
            }
            let answers: (Bool, WorkerSession?) = state.withLock { state in
                guard state.awaiting else { return (false, nil) }
                if case .progress = reply {
                    state.deadline = ContinuousClock.now + state.renewal
                    return (true, nil)
                }
                state.awaiting = false
                state.deadline = nil
                defer { state.target = nil }
                return (true, state.target)
            }
            // An answer with no request in flight: plugin code writing a frame of its own.
            guard answers.0 else { return .malformed }
            if let session = answers.1 {
                switch reply {
                case .session(_, let report, _), .settled(let report, _, _): session.apply(report)
                case .ready, .loadFailed, .progress, .called, .closed, .changed: break
                }
            }
            post(.reply(reply, bytes: WorkerFrame.headerSize + payload.count))
        }
        if start == input.count {
            input.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 20 {
            input.removeSubrange(0..<start)
            start = 0
        }
        return nil
    }
}
