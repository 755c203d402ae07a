#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls the server makes, in one place with the Linux and macOS spellings side by side.
package enum Socket {
    /// Why listening failed, in words.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// A non-blocking TCP socket listening on `host` (an IPv4 or IPv6 address) and `port` (0: any
    /// free port); the descriptor and the port it got.
    package static func listen(host: String, port: UInt16) throws(Failure) -> (descriptor: Int32, port: UInt16) {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST | AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let info = list else {
            throw Failure(description: "\(host) is not an IP address (use 127.0.0.1, ::1 or 0.0.0.0)")
        }
        defer { freeaddrinfo(list) }
        let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard descriptor >= 0 else { throw Failure(description: "no socket: \(lastError())") }
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let why = lastError()
            close(descriptor)
            throw Failure(description: "cannot listen on \(host):\(port): \(why)")
        }
        guard listenCall(descriptor, 511) == 0 else {
            let why = lastError()
            close(descriptor)
            throw Failure(description: "cannot listen on \(host):\(port): \(why)")
        }
        setNonBlocking(descriptor)
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        var actual = port
        if bound == 0 {
            if Int32(address.ss_family) == AF_INET {
                actual = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) } }
            } else if Int32(address.ss_family) == AF_INET6 {
                actual = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) } }
            }
        }
        return (descriptor, actual)
    }

    private static func listenCall(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.listen(descriptor, backlog)
        #else
        return Darwin.listen(descriptor, backlog)
        #endif
    }

    /// A connection waiting on `listener`, non-blocking; nil when there is none (or it failed).
    package static func accept(_ listener: Int32) -> Int32? {
        #if canImport(Glibc)
        let descriptor = Glibc.accept(listener, nil, nil)
        #else
        let descriptor = Darwin.accept(listener, nil, nil)
        #endif
        guard descriptor >= 0 else { return nil }
        setNonBlocking(descriptor)
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var yes: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
    }

    package enum ReadResult { case bytes(Int), end, wouldBlock, failed }

    /// Reads what is there into `buffer`.
    package static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> ReadResult {
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 { return .bytes(count) }
        if count == 0 { return .end }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .failed
    }

    /// Writes what the socket takes of `bytes[from...]`: how many bytes, or nil when it failed.
    package static func write(_ descriptor: Int32, _ bytes: [UInt8], from: Int) -> Int? {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + from, $0.count - from, flags) }
        if count >= 0 { return count }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : nil
    }

    package static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    package static func setNonBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL, 0)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    }

    /// The soft limit of open descriptors, raised to the hard limit: one per connection.
    package static func raiseDescriptorLimit() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(rlimitResource(resource), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 65536)
            if setrlimit(rlimitResource(resource), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    #if canImport(Glibc)
    private static func rlimitResource(_ value: Int32) -> __rlimit_resource_t { __rlimit_resource_t(UInt32(value)) }
    #else
    private static func rlimitResource(_ value: Int32) -> Int32 { value }
    #endif

    /// Seconds on a clock that only goes forward.
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// This machine's network addresses (IPv4, or IPv6 when `ipv6`) that are up and not
    /// loopback or link-local, in the order the system lists its interfaces.
    package static func networkAddresses(ipv6: Bool = false) -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let list = first else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        var next: UnsafeMutablePointer<ifaddrs>? = list
        while let entry = next {
            next = entry.pointee.ifa_next
            let flags = Int32(entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0, let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == (ipv6 ? AF_INET6 : AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            if ipv6 {
                var value = UnsafeRawPointer(address).assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_addr
                guard inet_ntop(AF_INET6, &value, &text, socklen_t(text.count)) != nil else { continue }
            } else {
                var value = UnsafeRawPointer(address).assumingMemoryBound(to: sockaddr_in.self).pointee.sin_addr
                guard inet_ntop(AF_INET, &value, &text, socklen_t(text.count)) != nil else { continue }
            }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if name.hasPrefix("fe80:") || name.hasPrefix("169.254.") { continue }
            found.append(name)
        }
        return found
    }

    package static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
