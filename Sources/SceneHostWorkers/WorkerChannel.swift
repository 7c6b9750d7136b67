#if canImport(Glibc)
import Glibc
#endif
import SceneHostCore

/// One end of the socket between the host and a scene worker, moving whole frames (`WorkerFrame`).
///
/// The host's end is non-blocking and every wait has a deadline, so a worker that stops reading
/// or writing (hung in plugin code) can only make the host's request time out. Writes use
/// `MSG_NOSIGNAL`: a worker that died makes a write fail, never raises SIGPIPE in the host.
package struct WorkerChannel {
    /// Why a frame could not be moved.
    package enum Failure: Error, Equatable {
        /// The deadline passed before the whole frame moved.
        case timedOut
        /// The other end is closed (the worker ended, or the host did).
        case closed
        /// What came is not a frame: a payload that does not decode, or a length of 0.
        case malformed
        /// A frame announced longer than `WorkerFrame.maximumSize` (`bytes`).
        case tooLarge(bytes: Int)
    }

    package let descriptor: Int32

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Sends `bytes` whole, waiting at most until `deadline` (nil: as long as it takes).
    package func send(_ bytes: [UInt8], deadline: ContinuousClock.Instant?) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.send(descriptor, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
                continue
            }
            if sent < 0 && errno == EINTR { continue }
            if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                try wait(for: Int16(POLLOUT), until: deadline)
                continue
            }
            throw .closed
        }
    }

    /// Receives one frame's payload, waiting at most until `deadline` (nil: as long as it takes).
    package func receive(deadline: ContinuousClock.Instant?) throws(Failure) -> [UInt8] {
        let header = try read(WorkerFrame.headerSize, deadline: deadline)
        let length: Int
        do {
            length = try WorkerFrame.length(of: header)
        } catch let tooLarge as WorkerFrame.TooLarge {
            throw .tooLarge(bytes: tooLarge.bytes)
        } catch {
            throw .malformed
        }
        return try read(length, deadline: deadline)
    }

    private func read(_ count: Int, deadline: ContinuousClock.Instant?) throws(Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.recv(descriptor, base + offset, count - offset, 0)
            }
            if got > 0 {
                offset += got
                continue
            }
            if got == 0 { throw .closed }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: Int16(POLLIN), until: deadline)
                continue
            }
            throw .closed
        }
        return bytes
    }

    /// Waits until the socket is ready for `events`, or throws `timedOut` at the deadline.
    func wait(for events: Int16, until deadline: ContinuousClock.Instant?) throws(Failure) {
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                if left <= .zero { throw .timedOut }
                timeout = Int32(clamping: left.wholeMilliseconds + 1)
            }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, timeout)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw .closed }
        }
    }
}
