extension ServiceAddress {
    /// Whether `literal`, the inside of a host's brackets, is an IPv6 address, optionally with an
    /// RFC 6874 zone (`fe80::1%25eth0`: unreserved characters and percent-encoded bytes after
    /// `%25`), or an IPvFuture literal (`v1.x`), as RFC 3986 has them.
    static func isIPLiteral(_ literal: Substring.UnicodeScalarView) -> Bool {
        if literal.first == "v" || literal.first == "V" {
            let rest = literal.dropFirst()
            guard let dot = rest.firstIndex(of: "."), dot > rest.startIndex else { return false }
            let version = rest[..<dot]
            let text = rest[rest.index(after: dot)...]
            return version.allSatisfy(URICharacter.isHexDigit) && !text.isEmpty
                && text.allSatisfy { URICharacter.isUnreserved($0) || URICharacter.isSubDelimiter($0) || $0 == ":" }
        }
        guard let percent = literal.firstIndex(of: "%") else { return isIPv6(literal) }
        let zone = literal[percent...].dropFirst(3)
        return literal[percent...].starts(with: "%25".unicodeScalars) && !zone.isEmpty && isIPv6(literal[..<percent])
            && (try? requireOnly(zone, where: URICharacter.isUnreserved)) != nil
    }

    /// Whether `scalars` is an IPv6 address: eight groups of one to four hex digits, the last two
    /// possibly written as an IPv4 address, and one run of zero groups possibly elided as `::`.
    private static func isIPv6(_ scalars: Substring.UnicodeScalarView) -> Bool {
        var groups = scalars.split(separator: ":", omittingEmptySubsequences: false)
        // A leading or trailing `::` leaves two empty groups at that end; keep one as the elision.
        if groups.first?.isEmpty == true {
            guard groups.count > 1, groups[1].isEmpty else { return false }
            groups.removeFirst()
        }
        if groups.last?.isEmpty == true {
            guard groups.count > 1, groups[groups.count - 2].isEmpty else { return false }
            groups.removeLast()
        }
        let elisions = groups.filter(\.isEmpty).count
        guard elisions <= 1 else { return false }
        var count = 0
        for (position, group) in groups.enumerated() where !group.isEmpty {
            if position == groups.count - 1 && group.contains(".") {
                guard isIPv4(group) else { return false }
                count += 2
            } else {
                guard group.count <= 4, group.allSatisfy(URICharacter.isHexDigit) else { return false }
                count += 1
            }
        }
        return elisions == 1 ? count <= 7 : count == 8
    }

    /// Whether `scalars` is four decimal numbers from 0 to 255 with dots between.
    private static func isIPv4(_ scalars: Substring.UnicodeScalarView) -> Bool {
        let parts = scalars.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy(URICharacter.isDigit)
                    && (Int(String(part)) ?? 256) <= 255
            }
    }
}
