/// The final answer to a request, after redirects.
struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status, such as 200.
    var status: Int
    /// The body, decoded when it came compressed.
    var body: [UInt8]
}
