/// An error the API answers with: a status, a stable `code` a program can test and a `message`
/// in the words the command line uses.
package struct APIError: Error, Sendable, Equatable, Encodable {
    package var status: HTTPStatus
    package var code: String
    package var message: String

    package init(status: HTTPStatus, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    private enum CodingKeys: String, CodingKey { case error }
    private enum ErrorKeys: String, CodingKey { case code, message, status }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var error = container.nestedContainer(keyedBy: ErrorKeys.self, forKey: .error)
        try error.encode(code, forKey: .code)
        try error.encode(message, forKey: .message)
        try error.encode(status.rawValue, forKey: .status)
    }

    /// `{"schemaVersion": 1, "error": {"code", "message", "status"}}` with the status.
    package var response: HTTPResponse {
        var response = HTTPResponse.json(self, status: status)
        if status == .methodNotAllowed { response.headers.append(HTTPHeader("Allow", allow)) }
        return response
    }

    /// The methods of a 405, set by the router.
    package var allow = ""

    /// The error a parser failure answers with.
    package static func protocolError(_ status: HTTPStatus, _ why: String) -> APIError {
        let code: String
        switch status {
        case .uriTooLong: code = "uri-too-long"
        case .headersTooLarge: code = "headers-too-large"
        case .payloadTooLarge: code = "body-too-large"
        case .lengthRequired: code = "length-required"
        case .requestTimeout: code = "timeout"
        case .versionNotSupported: code = "version-not-supported"
        case .unavailable: code = "busy"
        default: code = "bad-request"
        }
        return APIError(status: status, code: code, message: why)
    }
}
