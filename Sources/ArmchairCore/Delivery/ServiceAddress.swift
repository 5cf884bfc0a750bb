/// An address Armchair sends to: `https`, or `http` to loopback for tests.
///
/// ``Configuration/validate()`` checks ``Configuration/feedbackEndpoint`` and
/// ``Configuration/reviewServer`` with ``check(_:)``, before anything is sent; the senders keep the
/// checked address and send to its ``text``, exactly as it was given.
///
/// ```swift
/// let server = try ServiceAddress.check("https://odrs.gnome.org/1.0/reviews/api")
/// print(server.host)  // odrs.gnome.org
/// ```
///
/// The address must be an absolute URL with a host (RFC 3986): `scheme://host`, then an optional
/// `:port`, path, `?query` and `#fragment`; user information before an `@` is allowed and skipped.
/// Nothing is percent-encoded for you, so the address sent is the one you gave: a space or
/// another character a URL may not hold (a letter outside ASCII, `"`, `<`, `>`, `\`, `^`, `{`, `|`,
/// `}`, a backquote, a `%` that does not start an encoded byte) is refused, with a reason that
/// names the character unless it is in the host. An international host must be written as `xn--…`.
public struct ServiceAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address as it was given, such as `https://odrs.gnome.org/1.0/reviews/api`.
    public let text: String
    /// The scheme, lower-cased: `https`, or `http` for a loopback address.
    public let scheme: String
    /// The host as written, such as `odrs.gnome.org`; an IPv6 address without its brackets, such
    /// as `::1`.
    public let host: String

    /// Checks `address`: an absolute `https` URL, or an `http` URL to `127.0.0.1`, `[::1]` or
    /// `localhost`.
    ///
    /// - Parameter address: The address, such as `https://feedback.example.org/notes`.
    /// - Throws: ``FeedbackEndpointError`` saying what is wrong with it.
    public init(checking address: String) throws(FeedbackEndpointError) {
        let components: Components
        do {
            components = try Self.components(of: address)
        } catch {
            throw FeedbackEndpointError(address: address, reason: error.reason)
        }
        let scheme = components.scheme.lowercased()
        switch scheme {
        case "https": break
        case "http" where ["127.0.0.1", "::1", "localhost"].contains(components.host.lowercased()): break
        case "http":
            throw FeedbackEndpointError(address: address, reason: "it must use https (http only to loopback)")
        default: throw FeedbackEndpointError(address: address, reason: "the scheme must be https")
        }
        self.init(text: address, scheme: scheme, host: components.host)
    }

    private init(text: String, scheme: String, host: String) {
        self.text = text
        self.scheme = scheme
        self.host = host
    }

    /// Checks `address`, as ``init(checking:)`` does.
    ///
    /// - Parameter address: The address, such as `https://feedback.example.org/notes`.
    /// - Returns: The checked address.
    /// - Throws: ``FeedbackEndpointError`` saying what is wrong with it.
    public static func check(_ address: String) throws(FeedbackEndpointError) -> ServiceAddress {
        try ServiceAddress(checking: address)
    }

    /// The address as it was given: ``text``.
    public var description: String { text }

    /// This address with `path` added to its path, with exactly one `/` between, before any query
    /// or fragment: `https://host/api` and `https://host/api/` both give `https://host/api/submit`.
    ///
    /// Leading slashes of `path` are dropped, and what a path may not hold (a space, `%`, `?`, `#`,
    /// a letter outside ASCII…) is percent-encoded, as `URL.appendingPathComponent(_:)` does.
    ///
    /// - Parameter path: One or more path segments, such as `submit`.
    /// - Returns: The longer address, with the same scheme and host.
    package func appendingPathComponent(_ path: String) -> ServiceAddress {
        let scalars = text.unicodeScalars
        // `check` found `scheme://`; the authority ends at the path, query or fragment.
        let authorityStart = scalars.index(scalars.firstIndex(of: ":")!, offsetBy: 3)
        let pathStart = scalars[authorityStart...].firstIndex { "/?#".unicodeScalars.contains($0) } ?? scalars.endIndex
        let pathEnd = scalars[pathStart...].firstIndex { $0 == "?" || $0 == "#" } ?? scalars.endIndex
        var encoded = ""
        for byte in path.utf8.drop(while: { $0 == UInt8(ascii: "/") }) {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80 && (URICharacter.isPathCharacter(scalar) || scalar == "/") {
                encoded.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        let separator = scalars[pathStart..<pathEnd].last == "/" ? "" : "/"
        return ServiceAddress(
            text: String(scalars[..<pathEnd]) + separator + encoded + String(scalars[pathEnd...]),
            scheme: scheme, host: host)
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
