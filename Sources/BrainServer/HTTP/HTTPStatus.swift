/// The status codes the server answers with, and their reason phrases.
package enum HTTPStatus: Int, Sendable, Equatable, CaseIterable {
    case `continue` = 100
    case ok = 200
    case created = 201
    case noContent = 204
    case seeOther = 303
    case notModified = 304
    case badRequest = 400
    case unauthorized = 401
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case conflict = 409
    case gone = 410
    case lengthRequired = 411
    case payloadTooLarge = 413
    case uriTooLong = 414
    case unsupportedMediaType = 415
    case misdirected = 421
    case unprocessable = 422
    case tooManyRequests = 429
    case headersTooLarge = 431
    case internalError = 500
    case notImplemented = 501
    case unavailable = 503
    case versionNotSupported = 505

    package var reason: String {
        switch self {
        case .continue: return "Continue"
        case .ok: return "OK"
        case .created: return "Created"
        case .noContent: return "No Content"
        case .seeOther: return "See Other"
        case .notModified: return "Not Modified"
        case .badRequest: return "Bad Request"
        case .unauthorized: return "Unauthorized"
        case .forbidden: return "Forbidden"
        case .notFound: return "Not Found"
        case .methodNotAllowed: return "Method Not Allowed"
        case .requestTimeout: return "Request Timeout"
        case .conflict: return "Conflict"
        case .gone: return "Gone"
        case .lengthRequired: return "Length Required"
        case .payloadTooLarge: return "Content Too Large"
        case .uriTooLong: return "URI Too Long"
        case .unsupportedMediaType: return "Unsupported Media Type"
        case .misdirected: return "Misdirected Request"
        case .unprocessable: return "Unprocessable Content"
        case .tooManyRequests: return "Too Many Requests"
        case .headersTooLarge: return "Request Header Fields Too Large"
        case .internalError: return "Internal Server Error"
        case .notImplemented: return "Not Implemented"
        case .unavailable: return "Service Unavailable"
        case .versionNotSupported: return "HTTP Version Not Supported"
        }
    }
}
