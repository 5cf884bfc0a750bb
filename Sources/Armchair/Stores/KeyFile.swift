/// The GKeyFile text format (the `.desktop` / `.ini` syntax GLib reads), for the state file.
///
/// ```
/// # comment
/// [Group]
/// key=value
/// ```
///
/// Values are escaped as GLib escapes them: `\\`, `\n`, `\t`, `\r`, and `\s` for a leading space.
/// The file can be read with `g_key_file_load_from_file()` and edited in any text editor.
struct KeyFile: Equatable {
    /// The groups in file order, each with its entries in file order.
    var groups: [(name: String, entries: [(key: String, value: String)])] = []

    static func == (lhs: KeyFile, rhs: KeyFile) -> Bool {
        lhs.groups.count == rhs.groups.count
            && zip(lhs.groups, rhs.groups).allSatisfy { left, right in
                left.name == right.name && left.entries.count == right.entries.count
                    && zip(left.entries, right.entries).allSatisfy { $0 == $1 }
            }
    }

    /// The entries of the group `name` as a dictionary, or `nil` without such a group.
    ///
    /// As in GLib, a group written twice is one group, and a repeated key keeps its last value.
    func values(in name: String) -> [String: String]? {
        let matching = groups.filter { $0.name == name }
        guard !matching.isEmpty else { return nil }
        return Dictionary(matching.flatMap(\.entries), uniquingKeysWith: { _, last in last })
    }

    /// Why a text is not a key file.
    struct SyntaxError: Error, Equatable, CustomStringConvertible {
        var line: Int
        var problem: String
        var description: String { line > 0 ? "line \(line): \(problem)" : problem }
    }

    /// Parses key-file text.
    init(parsing bytes: [UInt8]) throws(SyntaxError) {
        if bytes.contains(0) { throw SyntaxError(line: 0, problem: "it contains binary data (a NUL byte)") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SyntaxError(line: 0, problem: "it is not UTF-8 text")
        }
        // GLib splits lines at "\n" alone and compares single characters, so the parser works on
        // Unicode scalars: as Swift characters, "\r\n" or "=" with a combining mark would not match.
        var lineNumber = 0
        for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine[...]
            if line.last == "\r" { line.removeLast() }
            while let first = line.first, first == " " || first == "\t" { line.removeFirst() }
            if line.isEmpty || line.first == "#" { continue }
            if line.first == "[" {
                while let last = line.last, last == " " || last == "\t" { line.removeLast() }
                guard line.last == "]", line.count > 2 else {
                    throw SyntaxError(line: lineNumber, problem: "a group name must be written [Name]")
                }
                groups.append((String(String.UnicodeScalarView(line.dropFirst().dropLast())), []))
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw SyntaxError(line: lineNumber, problem: "expected key=value, a [Group] or a # comment")
            }
            guard !groups.isEmpty else {
                throw SyntaxError(line: lineNumber, problem: "a key comes before the first [Group]")
            }
            var key = line[..<equals]
            while let last = key.last, last == " " || last == "\t" { key.removeLast() }
            var value = line[line.index(after: equals)...]
            while let first = value.first, first == " " || first == "\t" { value.removeFirst() }
            guard !key.isEmpty else { throw SyntaxError(line: lineNumber, problem: "a key is empty") }
            groups[groups.count - 1].entries.append(
                (String(String.UnicodeScalarView(key)), Self.unescaped(String.UnicodeScalarView(value))))
        }
    }

    init() {}

    /// Appends a group with `entries`, sorted by key so the file is easy to read and to compare.
    mutating func append(group name: String, _ entries: [String: String]) {
        groups.append((name, entries.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
    }

    /// The file's text, starting with `comment` lines.
    func text(comment: [String] = []) -> String {
        var text = comment.map { "# \($0)\n" }.joined()
        for (index, group) in groups.enumerated() {
            if index > 0 || !comment.isEmpty { text += "\n" }
            text += "[\(group.name)]\n"
            for (key, value) in group.entries {
                text += "\(key)=\(Self.escaped(value))\n"
            }
        }
        return text
    }

    static func escaped(_ value: String) -> String {
        var result = String.UnicodeScalarView()
        for (offset, scalar) in value.unicodeScalars.enumerated() {
            switch scalar {
            case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": result.append(contentsOf: "\\n".unicodeScalars)
            case "\t": result.append(contentsOf: "\\t".unicodeScalars)
            case "\r": result.append(contentsOf: "\\r".unicodeScalars)
            case " " where offset == 0: result.append(contentsOf: "\\s".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// Undoes ``escaped(_:)``; an unknown escape is kept as written, as GLib's raw value is.
    static func unescaped(_ value: String.UnicodeScalarView) -> String {
        var result = String.UnicodeScalarView()
        var iterator = value.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            switch iterator.next() {
            case "\\": result.append("\\")
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "s": result.append(" ")
            case let other?: result.append(contentsOf: ["\\", other])
            case nil: result.append("\\")
            }
        }
        return String(result)
    }
}
