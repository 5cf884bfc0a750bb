/// The character classes of RFC 3986 (section 2), for ``ServiceAddress``.
enum URICharacter {
    /// `A`–`Z` and `a`–`z`.
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// `0`–`9`.
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// `0`–`9`, `A`–`F` and `a`–`f`.
    static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    /// Letters, digits, `-`, `.`, `_` and `~`: what never needs percent-encoding.
    static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || isDigit(scalar) || "-._~".unicodeScalars.contains(scalar)
    }

    /// `!$&'()*+,;=`: the delimiters a component may hold as they are.
    static func isSubDelimiter(_ scalar: Unicode.Scalar) -> Bool { "!$&'()*+,;=".unicodeScalars.contains(scalar) }

    /// What a path segment holds besides percent-encoded bytes (`pchar`): unreserved characters,
    /// sub-delimiters, `:` and `@`.
    static func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isUnreserved(scalar) || isSubDelimiter(scalar) || scalar == ":" || scalar == "@"
    }
}
