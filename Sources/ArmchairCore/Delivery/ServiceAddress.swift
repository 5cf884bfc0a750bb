public import struct FoundationEssentials.URL

/// The addresses Armchair sends to: `https`, or `http` to loopback for tests.
///
/// ``Configuration/validate()`` checks ``Configuration/feedbackEndpoint`` and
/// ``Configuration/reviewServer`` with it, before anything is sent.
public enum ServiceAddress {
    /// Checks `address`: an absolute `https` URL, or an `http` URL to `127.0.0.1`, `[::1]` or
    /// `localhost`.
    ///
    /// - Returns: The address as a URL.
    /// - Throws: ``FeedbackEndpointError`` saying what is wrong with it.
    public static func check(_ address: String) throws(FeedbackEndpointError) -> URL {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else { throw FeedbackEndpointError(address: address, reason: "it is not an absolute URL") }
        switch scheme {
        case "https": return url
        case "http" where ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased()): return url
        case "http":
            throw FeedbackEndpointError(address: address, reason: "it must use https (http only to loopback)")
        default: throw FeedbackEndpointError(address: address, reason: "the scheme must be https")
        }
    }
}

/// A feedback endpoint or review server that cannot be used.
public struct FeedbackEndpointError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The address as it was given.
    public var address: String
    /// What is wrong with it.
    public var reason: String
    public var description: String { "The feedback endpoint \"\(address)\" cannot be used: \(reason)" }
}
