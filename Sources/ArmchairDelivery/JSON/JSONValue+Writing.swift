extension JSONValue {
    /// How JSON text is laid out. Keys are sorted either way, so the same value is always the
    /// same bytes.
    package enum Layout: Sendable, Hashable {
        /// No whitespace at all: `{"a":1,"b":[true,null]}`. For request bodies.
        case compact
        /// One member or element a line, indented by two spaces, ` : ` between a key and its
        /// value, as Foundation's `JSONEncoder` writes with `.prettyPrinted`. For files people
        /// may read.
        case prettyPrinted
    }

    /// The value as UTF-8 JSON text, written as Foundation's `JSONEncoder` writes it with
    /// `.sortedKeys` (and `.prettyPrinted` for ``Layout/prettyPrinted``).
    ///
    /// Object keys are sorted by their UTF-8 bytes. Strings escape `"`, `\`, `/` (as `\/`) and
    /// the control characters U+0000 to U+001F (`\n`, `\t`, …, else `\u001f`); everything else,
    /// non-ASCII text included, is written as it is. There is no newline at the end.
    package func text(_ layout: Layout) -> [UInt8] {
        var writer = JSONWriter(isPretty: layout == .prettyPrinted)
        writer.write(self, level: 0)
        return writer.output
    }
}

/// Writes a ``JSONValue`` as text.
private struct JSONWriter {
    let isPretty: Bool
    var output: [UInt8] = []

    init(isPretty: Bool) { self.isPretty = isPretty }

    mutating func write(_ value: JSONValue, level: Int) {
        switch value {
        case .null: append("null")
        case .bool(let truth): append(truth ? "true" : "false")
        case .number(let text): append(text)
        case .string(let text): writeString(text)
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, level: level) { writer, index in
                writer.write(elements[index], level: level + 1)
            }
        case .object(let members):
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            writeContainer(open: "{", close: "}", count: sorted.count, level: level) { writer, index in
                writer.writeString(sorted[index].key)
                writer.append(writer.isPretty ? " : " : ":")
                writer.write(sorted[index].value, level: level + 1)
            }
        }
    }

    /// Brackets around `count` items that `writeItem` writes. Pretty printed, an empty array or
    /// object still has its two line breaks (`[`, empty line, `]`), as `JSONEncoder` writes it.
    private mutating func writeContainer(
        open: String, close: String, count: Int, level: Int, writeItem: (inout JSONWriter, Int) -> Void
    ) {
        append(open)
        for index in 0..<count {
            if index > 0 { append(",") }
            if isPretty {
                append("\n")
                indent(level + 1)
            }
            writeItem(&self, index)
        }
        if isPretty {
            append(count == 0 ? "\n\n" : "\n")
            indent(level)
        }
        append(close)
    }

    private mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        // Every byte escaped is ASCII, and no ASCII byte is ever part of a longer UTF-8 sequence.
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "/"): append("\\/")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0x00..<0x20:
                append("\\u00")
                output.append(Self.hexDigits[Int(byte >> 4)])
                output.append(Self.hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func indent(_ level: Int) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    private mutating func append(_ text: String) { output.append(contentsOf: text.utf8) }
}
