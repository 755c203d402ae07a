/// What `brain serve --json` prints: the address, the limits and the routes, without serving.
package struct ServerDescription: Encodable, Sendable {
    package var listen: String
    package var headerBytes: Int
    package var bodyBytes: Int
    package var connections: Int
    package var headerTimeoutSeconds: Double
    package var bodyTimeoutSeconds: Double
    package var idleTimeoutSeconds: Double
    package var routes: [String]

    package init(listen: ListenAddress, limits: HTTPLimits) {
        self.listen = listen.description
        headerBytes = limits.headerBytes
        bodyBytes = limits.bodyBytes
        connections = limits.connections
        headerTimeoutSeconds = limits.headerTimeout
        bodyTimeoutSeconds = limits.bodyTimeout
        idleTimeoutSeconds = limits.idleTimeout
        routes = Router.routeList
    }
}
