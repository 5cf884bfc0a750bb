/// What os-release says of the computer the person uses: the distribution's name for a review, and
/// the operating system in the details a person may add to feedback.
///
/// Inside a Flatpak sandbox, `/etc/os-release` describes the runtime (the Freedesktop or GNOME
/// runtime), not the person's distribution. Flatpak mounts the host's file at
/// `/run/host/os-release`, as the os-release specification asks container managers to, so that
/// file comes first; outside a container it does not exist, and `/etc/os-release`, else
/// `/usr/lib/os-release`, is read, as the specification says.
package struct OperatingSystemRelease: Sendable, Equatable {
    /// The file the values come from.
    package var path: String
    /// The file's assignments, unquoted.
    package var values: [String: String]

    /// Where os-release is looked for, in order: the first file that can be read is used.
    package static let searchPaths = ["/run/host/os-release", "/etc/os-release", "/usr/lib/os-release"]

    /// The first readable file of `paths`, or `nil` when none is.
    package static func current(searching paths: [String] = searchPaths) -> OperatingSystemRelease? {
        for path in paths {
            guard case .contents(let bytes)? = try? FileSystem.read(path, limit: 65_536) else { continue }
            return OperatingSystemRelease(path: path, text: String(decoding: bytes, as: UTF8.self))
        }
        return nil
    }

    /// Reads `text`, os-release's shell-like assignments (`KEY=value`, `KEY="value"`, `KEY='value'`,
    /// with `\"`, `\\`, `\$` and `` \` `` escaped in double quotes); comments and other lines are
    /// skipped, and the last assignment of a key wins.
    package init(path: String, text: String) {
        self.path = path
        values = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let line = line.drop { $0 == " " || $0 == "\t" }
            guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals])
            guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
                continue
            }
            values[key] = Self.unquoted(line[line.index(after: equals)...])
        }
    }

    /// A value, or `nil` when the file does not set it or sets it empty.
    package subscript(key: String) -> String? {
        guard let value = values[key], !value.isEmpty else { return nil }
        return value
    }

    /// Whether the file is the host's, seen from inside a sandbox or container.
    package var isTheHosts: Bool { path == Self.searchPaths[0] }

    private static func unquoted(_ raw: Substring) -> String {
        let value = raw.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()
        guard let quote = value.first, quote == "\"" || quote == "'" else { return String(value) }
        guard value.count >= 2, value.last == quote else { return String(value.dropFirst()) }
        let inner = value.dropFirst().dropLast()
        guard quote == "\"" else { return String(inner) }
        var result = ""
        var escaped = false
        for character in inner {
            if escaped || character != "\\" {
                result.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return result
    }
}
