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
        var values: [String: String]?
        for group in groups where group.name == name {
            if values == nil { values = Dictionary(minimumCapacity: group.entries.count) }
            for (key, value) in group.entries { values?[key] = value }
        }
        return values
    }

    /// Why a text is not a key file.
    struct SyntaxError: Error, Equatable, CustomStringConvertible {
        var line: Int
        var problem: String
        var description: String { line > 0 ? "line \(line): \(problem)" : problem }
    }

    /// Parses key-file text.
    ///
    /// GLib splits lines at `\n` alone and compares single bytes, so the parser works on the UTF-8
    /// bytes (as Swift characters, `\r\n` or `=` followed by a combining mark would not match).
    init(parsing bytes: [UInt8]) throws(SyntaxError) {
        if bytes.contains(0) { throw SyntaxError(line: 0, problem: "it contains binary data (a NUL byte)") }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw SyntaxError(line: 0, problem: "it is not UTF-8 text")
        }
        func isBlank(_ byte: UInt8) -> Bool { byte == .space || byte == .tab }
        var lineNumber = 0
        for rawLine in bytes.split(separator: .newline, omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine[...]
            if line.last == .carriageReturn { line.removeLast() }
            while let first = line.first, isBlank(first) { line.removeFirst() }
            if line.isEmpty || line.first == .hash { continue }
            if line.first == .openBracket {
                while let last = line.last, isBlank(last) { line.removeLast() }
                guard line.last == .closeBracket, line.count > 2 else {
                    throw SyntaxError(line: lineNumber, problem: "a group name must be written [Name]")
                }
                groups.append((String(decoding: line.dropFirst().dropLast(), as: UTF8.self), []))
                continue
            }
            guard let equals = line.firstIndex(of: .equals) else {
                throw SyntaxError(line: lineNumber, problem: "expected key=value, a [Group] or a # comment")
            }
            guard !groups.isEmpty else {
                throw SyntaxError(line: lineNumber, problem: "a key comes before the first [Group]")
            }
            var key = line[..<equals]
            while let last = key.last, isBlank(last) { key.removeLast() }
            var value = line[(equals + 1)...]
            while let first = value.first, isBlank(first) { value.removeFirst() }
            guard !key.isEmpty else { throw SyntaxError(line: lineNumber, problem: "a key is empty") }
            groups[groups.count - 1].entries.append((String(decoding: key, as: UTF8.self), Self.unescaped(value)))
        }
    }

    init() {}

    /// Appends a group with `entries`, sorted by key so the file is easy to read and to compare.
    ///
    /// A dictionary's elements are already `(key:value:)` pairs: sorted, they are the entries.
    mutating func append(group name: String, _ entries: [String: String]) {
        groups.append((name, entries.sorted { $0.key < $1.key }))
    }

    /// The file's bytes, starting with `comment` lines, and whether ``init(parsing:)`` gives back
    /// every entry from them exactly as it is here: then a writer need not parse what it wrote to
    /// know what the file holds.
    ///
    /// The text is written straight into one buffer, since the state file is written at every
    /// change. Every value reads back but one with a NUL byte, which makes the file binary; a key
    /// does not when it is empty, starts with a space, a tab, `#` or `[`, ends with a space or a
    /// tab, or holds `=`, a line feed, a carriage return or a NUL byte.
    func encoded(comment: [String] = []) -> (bytes: [UInt8], readsBack: Bool) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1_024)
        var readsBack = true
        for line in comment {
            bytes.append(.hash)
            bytes.append(.space)
            bytes += line.utf8
            bytes.append(.newline)
        }
        for (index, group) in groups.enumerated() {
            if index > 0 || !comment.isEmpty { bytes.append(.newline) }
            bytes.append(.openBracket)
            bytes += group.name.utf8
            bytes.append(.closeBracket)
            bytes.append(.newline)
            for (key, value) in group.entries {
                let keyStart = bytes.count
                bytes += key.utf8
                readsBack = readsBack && Self.readsBack(key: bytes[keyStart...])
                bytes.append(.equals)
                readsBack = Self.appendEscaped(value, to: &bytes) && readsBack
                bytes.append(.newline)
            }
        }
        return (bytes, readsBack)
    }

    /// Whether a key written as `key` is read back as it is.
    private static func readsBack(key: ArraySlice<UInt8>) -> Bool {
        guard let first = key.first, let last = key.last else { return false }
        switch first {
        case .space, .tab, .hash, .openBracket: return false
        default: break
        }
        switch last {
        case .space, .tab: return false
        default: break
        }
        return !key.contains { $0 == .equals || $0 == .newline || $0 == .carriageReturn || $0 == 0 }
    }

    /// Appends `value` escaped as GLib escapes it.
    ///
    /// A value with nothing to escape, as nearly every one is, is appended in one copy.
    ///
    /// - Returns: Whether it is read back as it is: false when it holds a NUL byte.
    private static func appendEscaped(_ value: String, to bytes: inout [UInt8]) -> Bool {
        if value.utf8.first != .space, !value.utf8.contains(where: needsEscape) {
            bytes += value.utf8
            return true
        }
        var readsBack = true
        var isFirst = true
        for byte in value.utf8 {
            let escape: UInt8? =
                switch byte {
                case .backslash: .backslash
                case .newline: UInt8(ascii: "n")
                case .tab: UInt8(ascii: "t")
                case .carriageReturn: UInt8(ascii: "r")
                case .space where isFirst: UInt8(ascii: "s")
                default: nil
                }
            if byte == 0 { readsBack = false }
            if let escape {
                bytes.append(.backslash)
                bytes.append(escape)
            } else {
                bytes.append(byte)
            }
            isFirst = false
        }
        return readsBack
    }

    /// Whether `byte` is escaped, or (a NUL byte) keeps the value from reading back, wherever it is.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == .backslash || byte == .newline || byte == .tab || byte == .carriageReturn || byte == 0
    }

    /// Undoes the escaping of ``encoded(comment:)``; an unknown escape is kept as written, as GLib's raw value is.
    static func unescaped<Bytes: Collection<UInt8>>(_ value: Bytes) -> String {
        guard value.contains(.backslash) else { return String(decoding: value, as: UTF8.self) }
        var result: [UInt8] = []
        var iterator = value.makeIterator()
        while let byte = iterator.next() {
            guard byte == .backslash else {
                result.append(byte)
                continue
            }
            switch iterator.next() {
            case .backslash: result.append(.backslash)
            case UInt8(ascii: "n"): result.append(.newline)
            case UInt8(ascii: "t"): result.append(.tab)
            case UInt8(ascii: "r"): result.append(.carriageReturn)
            case UInt8(ascii: "s"): result.append(.space)
            case let other?: result += [.backslash, other]
            case nil: result.append(.backslash)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension UInt8 {
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let hash = UInt8(ascii: "#")
    fileprivate static let equals = UInt8(ascii: "=")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let closeBracket = UInt8(ascii: "]")
}
