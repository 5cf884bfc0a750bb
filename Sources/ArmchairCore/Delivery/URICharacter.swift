/// The character classes of RFC 3986 (section 2), for ``ServiceAddress`` and review URL templates.
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

    /// Whether `scalars` is a URI scheme: a letter, then letters, digits, `+`, `-` and `.`.
    static func isScheme(_ scalars: some Collection<Unicode.Scalar>) -> Bool {
        guard let first = scalars.first, isLetter(first) else { return false }
        return scalars.allSatisfy { isLetter($0) || isDigit($0) || "+-.".unicodeScalars.contains($0) }
    }

    /// `!$&'()*+,;=`: the delimiters a component may hold as they are.
    static func isSubDelimiter(_ scalar: Unicode.Scalar) -> Bool { "!$&'()*+,;=".unicodeScalars.contains(scalar) }

    /// What a path segment holds besides percent-encoded bytes (`pchar`): unreserved characters,
    /// sub-delimiters, `:` and `@`.
    static func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isUnreserved(scalar) || isSubDelimiter(scalar) || scalar == ":" || scalar == "@"
    }
}
