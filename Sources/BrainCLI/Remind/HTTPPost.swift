import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP(S) POST for the ntfy notifier, waiting for the answer's status.
///
/// On Linux, URLSession lives in FoundationNetworking, which links libcurl and its 28 libraries
/// (TLS, Kerberos, LDAP…) into the program: the dynamic loader mapped and relocated them before
/// every command, 4–5 ms of `brain --version`'s 8 ms (docs/PERFORMANCE.md, "Step 24: the cold
/// index"). Only ntfy needs them, so libcurl is loaded here, when a reminder goes to ntfy. On
/// Darwin URLSession is part of Foundation and costs nothing at start.
enum HTTPPost {
    /// Posts `body` to `url` with `headers` ("Name: value"); the status, or why there is none.
    static func send(url: String, headers: [String], body: [UInt8], timeout: Int) -> Result<Int, NotifyFailure> {
        #if canImport(Glibc)
        return Curl.post(url: url, headers: headers, body: body, timeout: timeout)
        #elseif canImport(Darwin)
        return session(url: url, headers: headers, body: body, timeout: timeout)
        #endif
    }

    #if canImport(Darwin)
    private static func session(url: String, headers: [String], body: [UInt8], timeout: Int) -> Result<Int, NotifyFailure> {
        guard let target = URL(string: url) else { return .failure(NotifyFailure(description: "\(url) is no URL")) }
        var request = URLRequest(url: target, timeoutInterval: TimeInterval(timeout))
        request.httpMethod = "POST"
        for header in headers {
            guard let colon = header.firstIndex(of: ":") else { continue }
            request.setValue(header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces), forHTTPHeaderField: String(header[..<colon]))
        }
        request.httpBody = Data(body)
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        let session = URLSession(configuration: .ephemeral)
        let task = session.dataTask(with: request) { _, response, error in
            if let error {
                box.result = .failure(NotifyFailure(description: error.localizedDescription))
            } else {
                box.result = .success((response as? HTTPURLResponse)?.statusCode ?? 0)
            }
            done.signal()
        }
        task.resume()
        done.wait()
        session.finishTasksAndInvalidate()
        return box.result
    }

    private final class ResultBox: @unchecked Sendable {
        var result: Result<Int, NotifyFailure> = .success(0)
    }
    #endif
}

#if canImport(Glibc)
/// libcurl's easy interface, opened with `dlopen` on first use. `curl_easy_setopt` and
/// `curl_easy_getinfo` are variadic, which Swift cannot call; on Linux (x86-64 and AArch64) a
/// variadic argument that is an integer or a pointer is passed as a fixed one is, so they are
/// called with one `Int` argument (a `long`, or a pointer's bits). The option numbers are
/// libcurl's fixed ABI (curl/curl.h).
private enum Curl {
    typealias Easy = OpaquePointer
    typealias Init = @convention(c) () -> Easy?
    typealias Call = @convention(c) (Easy?, Int32, Int) -> Int32
    typealias Perform = @convention(c) (Easy?) -> Int32
    typealias Cleanup = @convention(c) (Easy?) -> Void
    typealias StrError = @convention(c) (Int32) -> UnsafePointer<CChar>?
    typealias ListAppend = @convention(c) (OpaquePointer?, UnsafePointer<CChar>) -> OpaquePointer?
    typealias ListFree = @convention(c) (OpaquePointer?) -> Void
    typealias Write = @convention(c) (UnsafeMutableRawPointer?, Int, Int, UnsafeMutableRawPointer?) -> Int

    static let url: Int32 = 10002, postFields: Int32 = 10015, postFieldSize: Int32 = 60, httpHeader: Int32 = 10023
    static let timeout: Int32 = 13, writeFunction: Int32 = 20011, noSignal: Int32 = 99, post: Int32 = 47
    static let responseCode: Int32 = 0x200002

    /// The response's body is not wanted (libcurl would print it to standard output).
    static let discard: Write = { _, size, count, _ in size * count }

    static func post(url target: String, headers: [String], body: [UInt8], timeout seconds: Int) -> Result<Int, NotifyFailure> {
        guard let library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL) else {
            return .failure(NotifyFailure(description: "libcurl is not installed (Debian: apt install libcurl4)"))
        }
        func symbol<T>(_ name: String, _: T.Type) -> T? { dlsym(library, name).map { unsafeBitCast($0, to: T.self) } }
        guard let initialize = symbol("curl_easy_init", Init.self), let setopt = symbol("curl_easy_setopt", Call.self),
              let getinfo = symbol("curl_easy_getinfo", Call.self), let perform = symbol("curl_easy_perform", Perform.self),
              let cleanup = symbol("curl_easy_cleanup", Cleanup.self), let strerror = symbol("curl_easy_strerror", StrError.self),
              let append = symbol("curl_slist_append", ListAppend.self), let free = symbol("curl_slist_free_all", ListFree.self)
        else { return .failure(NotifyFailure(description: "libcurl lacks its easy interface")) }
        guard let easy = initialize() else { return .failure(NotifyFailure(description: "libcurl could not start")) }
        defer { cleanup(easy) }
        var list: OpaquePointer?
        for header in headers { list = header.withCString { append(list, $0) } }
        defer { free(list) }
        let code: Int32 = target.withCString { url in
            body.withUnsafeBufferPointer { bytes in
                var code: Int32 = 0
                for (option, value) in [(Curl.url, Int(bitPattern: url)), (noSignal, 1), (post, 1),
                                        (postFieldSize, bytes.count), (postFields, Int(bitPattern: bytes.baseAddress)),
                                        (httpHeader, Int(bitPattern: UnsafeRawPointer(list))), (timeout, seconds),
                                        (writeFunction, unsafeBitCast(discard, to: Int.self))] where code == 0 {
                    code = setopt(easy, option, value)
                }
                return code == 0 ? perform(easy) : code
            }
        }
        guard code == 0 else { return .failure(NotifyFailure(description: strerror(code).map { String(cString: $0) } ?? "libcurl error \(code)")) }
        var status = 0
        _ = withUnsafeMutablePointer(to: &status) { getinfo(easy, responseCode, Int(bitPattern: $0)) }
        return .success(status)
    }
}
#endif
