extension ServiceAddress {
    /// The parts of an absolute URL that the rules look at.
    struct Components: Hashable {
        /// The scheme as written.
        var scheme: String
        /// The host as written; an IP literal without its brackets.
        var host: String
    }

    /// Why a text is not an absolute URL that can be sent to as it is.
    enum Malformation: Error, Hashable {
        /// It lacks a scheme, `//`, or a host, or its authority does not parse.
        case notAbsolute
        /// It holds a character RFC 3986 does not allow where it stands.
        case character(Unicode.Scalar)
        /// Its host holds a letter outside ASCII, or a percent-encoded byte outside ASCII: an
        /// international name not written as `xn--…`.
        case internationalHost
        /// Its port is more than 65535.
        case portOutOfRange

        /// What is wrong, in the words of ``FeedbackEndpointError/reason``.
        var reason: String {
            switch self {
            case .notAbsolute:
                return "it is not an absolute URL"
            case .character(let scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "it contains the character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex); "
                    + "percent-encode it"
            case .internationalHost:
                return "its host must be written in ASCII (an international domain name as xn--…)"
            case .portOutOfRange:
                return "its port is more than 65535"
            }
        }
    }

    /// Parses `text` as an absolute URL with an authority (RFC 3986, section 3):
    /// `scheme://[userinfo@]host[:port][/path][?query][#fragment]`.
    ///
    /// The host is a registered name, an IPv6 address or an IPvFuture literal in brackets (IPv6
    /// with an RFC 6874 zone, `%25…`, allowed); path, query and fragment may hold what RFC 3986
    /// allows there, including percent-encoded bytes, and nothing else: nothing is encoded on the
    /// way, so the text is sent exactly as it was given. The structure and the host are checked
    /// before the other characters, so what `URL(string:)` refused is ``Malformation/notAbsolute``,
    /// as it was when the check used `URL`.
    ///
    /// - Returns: The scheme and host as written.
    /// - Throws: The first ``Malformation`` found.
    static func components(of text: String) throws(Malformation) -> Components {
        let scalars = text.unicodeScalars
        guard let colon = scalars.firstIndex(of: ":"), isScheme(scalars[..<colon]) else { throw .notAbsolute }
        let slashes = scalars[scalars.index(after: colon)...]
        guard slashes.starts(with: "//".unicodeScalars) else { throw .notAbsolute }
        let authorityStart = scalars.index(slashes.startIndex, offsetBy: 2)
        let authorityEnd =
            scalars[authorityStart...].firstIndex { "/?#".unicodeScalars.contains($0) } ?? scalars.endIndex
        let authority = scalars[authorityStart..<authorityEnd]

        // The last `@` ends the user information, as in URL(string:).
        let at = authority.lastIndex(of: "@")
        let userInfo = at.map { authority[..<$0] }
        let hostAndPort = at.map { authority[authority.index(after: $0)...] } ?? authority
        let host: Substring.UnicodeScalarView
        let port: Substring.UnicodeScalarView?
        let isLiteral = hostAndPort.first == "["
        if isLiteral {
            guard let close = hostAndPort.firstIndex(of: "]") else { throw .notAbsolute }
            host = hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]
            let rest = hostAndPort[hostAndPort.index(after: close)...]
            guard rest.isEmpty || rest.first == ":" else { throw .notAbsolute }
            port = rest.isEmpty ? nil : rest.dropFirst()
            guard isIPLiteral(host) else { throw .notAbsolute }
        } else {
            let portColon = hostAndPort.firstIndex(of: ":")
            host = hostAndPort[..<(portColon ?? hostAndPort.endIndex)]
            port = portColon.map { hostAndPort[hostAndPort.index(after: $0)...] }
        }
        guard !host.isEmpty, port?.allSatisfy(URICharacter.isDigit) ?? true else { throw .notAbsolute }

        if !isLiteral {
            // URL(string:) refuses a host with a character a host may not hold; so does this.
            do {
                try requireOnly(host) {
                    URICharacter.isUnreserved($0) || URICharacter.isSubDelimiter($0) || !$0.isASCII
                }
            } catch {
                throw .notAbsolute
            }
            // Every `%` starts an encoded byte by now; from %80 on, the byte is not ASCII either.
            let encodesNonASCII = zip(host, host.dropFirst()).contains {
                $0 == "%" && "89ABCDEFabcdef".unicodeScalars.contains($1)
            }
            guard host.allSatisfy(\.isASCII), !encodesNonASCII else { throw .internationalHost }
        }
        if let userInfo {
            try requireOnly(userInfo) {
                URICharacter.isUnreserved($0) || URICharacter.isSubDelimiter($0) || $0 == ":" || $0 == "@"
            }
        }
        try requireOnly(scalars[authorityEnd...]) { URICharacter.isPathCharacter($0) || $0 == "/" || $0 == "?" }
        if let digits = port?.drop(while: { $0 == "0" }), digits.count > 5 || Int(String(digits)) ?? 0 > 65535 {
            throw .portOutOfRange
        }
        return Components(scheme: String(scalars[..<colon]), host: String(host))
    }

    /// Whether `scalars` is a scheme: a letter, then letters, digits, `+`, `-` and `.`; or nothing,
    /// which `URL(string:)` took as a scheme too, so that `://host` is refused for its scheme.
    private static func isScheme(_ scalars: Substring.UnicodeScalarView) -> Bool {
        scalars.isEmpty || URICharacter.isScheme(scalars)
    }

    /// Throws for the first scalar of `scalars` that `isAllowed` refuses, for a `%` that does not
    /// start a percent-encoded byte, and for a second `#`: the first one starts the fragment (an
    /// authority never holds one, since it ends at the first `#`).
    static func requireOnly(
        _ scalars: Substring.UnicodeScalarView, where isAllowed: (Unicode.Scalar) -> Bool
    ) throws(Malformation) {
        var index = scalars.startIndex
        var isInFragment = false
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "%" {
                let encoded = scalars[index...].dropFirst().prefix(2)
                guard encoded.count == 2, encoded.allSatisfy(URICharacter.isHexDigit) else {
                    throw .character(scalar)
                }
                index = encoded.endIndex
                continue
            }
            if scalar == "#" && !isInFragment {
                isInFragment = true
            } else if !isAllowed(scalar) {
                throw .character(scalar)
            }
            index = scalars.index(after: index)
        }
    }
}
