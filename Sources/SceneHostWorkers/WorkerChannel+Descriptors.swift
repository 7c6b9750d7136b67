#if canImport(Glibc)
import Glibc
#endif

extension WorkerChannel {
    /// The most descriptors one `sendDescriptors` moves (the kernel's `SCM_MAX_FD` is 253).
    static let maximumDescriptors = 200

    /// Sends `descriptors` (duplicates arrive at the other end) with one marker byte, after the
    /// frame that announced them (`WorkerStartMessage.handedFiles`). The caller keeps its own.
    func sendDescriptors(_ descriptors: [Int32], deadline: ContinuousClock.Instant?) throws(Failure) {
        guard !descriptors.isEmpty else { return }
        guard descriptors.count <= Self.maximumDescriptors else { throw .malformed }
        let controlLength = Self.controlLength(descriptors.count)
        var control = [UInt8](repeating: 0, count: controlLength)
        var marker: UInt8 = 1
        while true {
            let sent = control.withUnsafeMutableBytes { controlBuffer -> Int in
                withUnsafeMutablePointer(to: &marker) { markerPointer -> Int in
                    guard let base = controlBuffer.baseAddress else { return -1 }
                    let header = base.assumingMemoryBound(to: cmsghdr.self)
                    header.pointee.cmsg_len = Self.cmsgLength(descriptors.count)
                    header.pointee.cmsg_level = SOL_SOCKET
                    header.pointee.cmsg_type = Int32(SCM_RIGHTS)
                    let data = base + MemoryLayout<cmsghdr>.stride
                    descriptors.withUnsafeBytes { source in
                        if let from = source.baseAddress { data.copyMemory(from: from, byteCount: source.count) }
                    }
                    var vector = iovec(iov_base: UnsafeMutableRawPointer(markerPointer), iov_len: 1)
                    return withUnsafeMutablePointer(to: &vector) { vectorPointer -> Int in
                        var message = msghdr()
                        message.msg_iov = vectorPointer
                        message.msg_iovlen = 1
                        message.msg_control = base
                        message.msg_controllen = controlLength
                        return sendmsg(descriptor, &message, Int32(MSG_NOSIGNAL))
                    }
                }
            }
            if sent == 1 { return }
            if sent < 0 && errno == EINTR { continue }
            if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                try wait(for: Int16(POLLOUT), until: deadline)
                continue
            }
            throw .closed
        }
    }

    /// Receives the `count` descriptors `sendDescriptors` sent (close-on-exec here); anything else
    /// (no marker, fewer or more descriptors, or something that is not one) is `malformed`, and
    /// whatever did arrive is closed.
    package func receiveDescriptors(count: Int, deadline: ContinuousClock.Instant?) throws(Failure) -> [Int32] {
        guard count > 0 else { return [] }
        guard count <= Self.maximumDescriptors else { throw .malformed }
        let controlLength = Self.controlLength(count)
        var control = [UInt8](repeating: 0, count: controlLength)
        var marker: UInt8 = 0
        while true {
            var flags: Int32 = 0
            var controlUsed = 0
            let got = control.withUnsafeMutableBytes { controlBuffer -> Int in
                withUnsafeMutablePointer(to: &marker) { markerPointer -> Int in
                    var vector = iovec(iov_base: UnsafeMutableRawPointer(markerPointer), iov_len: 1)
                    return withUnsafeMutablePointer(to: &vector) { vectorPointer -> Int in
                        var message = msghdr()
                        message.msg_iov = vectorPointer
                        message.msg_iovlen = 1
                        message.msg_control = controlBuffer.baseAddress
                        message.msg_controllen = controlLength
                        let result = recvmsg(descriptor, &message, Int32(MSG_CMSG_CLOEXEC))
                        flags = message.msg_flags
                        controlUsed = Int(message.msg_controllen)
                        return result
                    }
                }
            }
            if got < 0 && errno == EINTR { continue }
            if got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                try wait(for: Int16(POLLIN), until: deadline)
                continue
            }
            if got == 0 { throw .closed }
            guard got == 1 else { throw .closed }
            let received = Self.descriptors(in: control, used: controlUsed)
            guard marker == 1, flags & Int32(MSG_CTRUNC) == 0, received.count == count else {
                for descriptor in received { close(descriptor) }
                throw .malformed
            }
            return received
        }
    }

    /// The `SCM_RIGHTS` descriptors in the first `used` bytes of `control`.
    private static func descriptors(in control: [UInt8], used: Int) -> [Int32] {
        let headerSize = MemoryLayout<cmsghdr>.stride
        guard used >= headerSize else { return [] }
        return control.withUnsafeBytes { buffer -> [Int32] in
            guard let base = buffer.baseAddress else { return [] }
            let header = base.loadUnaligned(as: cmsghdr.self)
            guard header.cmsg_level == SOL_SOCKET, header.cmsg_type == Int32(SCM_RIGHTS) else { return [] }
            let length = min(Int(header.cmsg_len), used)
            let count = max(0, (length - headerSize) / MemoryLayout<Int32>.size)
            return (0..<count).map {
                base.loadUnaligned(fromByteOffset: headerSize + $0 * MemoryLayout<Int32>.size, as: Int32.self)
            }
        }
    }

    /// `CMSG_LEN`: the header and `count` descriptors.
    private static func cmsgLength(_ count: Int) -> Int {
        MemoryLayout<cmsghdr>.stride + count * MemoryLayout<Int32>.size
    }

    /// `CMSG_SPACE`: `cmsgLength` rounded up to the alignment of a length.
    private static func controlLength(_ count: Int) -> Int {
        let alignment = MemoryLayout<Int>.size
        return (cmsgLength(count) + alignment - 1) / alignment * alignment
    }
}
