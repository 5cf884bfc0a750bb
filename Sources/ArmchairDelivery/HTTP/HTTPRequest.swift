/// A POST request: where it goes, its header lines and its body.
struct HTTPRequest: Sendable {
    /// The address, `https`, or `http` on loopback.
    var url: String
    /// The request's own headers, in order, such as `("Content-Type", "application/json")`.
    var headers: [(name: String, value: String)]
    /// The body.
    var body: [UInt8]
}
