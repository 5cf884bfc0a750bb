import CGLib

/// An XML element read with GLib's `GMarkup`: its name, attributes, own text and children.
///
/// `GMarkup` reads the XML that GLib and GTK files use: elements, attributes, text, the five
/// predefined entities and character references; it skips the XML declaration, comments and
/// `<!DOCTYPE …>`, and refuses anything malformed with the line and character of the fault.
package struct MarkupElement: Sendable, Hashable {
    /// The element's name, such as `release`.
    package var name: String
    /// The element's attributes by name, such as `xml:lang`.
    package var attributes: [String: String] = [:]
    /// The element's own text (not its children's), as written.
    package var text = ""
    /// The child elements, in document order.
    package var children: [MarkupElement] = []

    /// The children named `name`.
    package func children(named name: String) -> [MarkupElement] {
        children.filter { $0.name == name }
    }

    /// The first child named `name`.
    package func child(named name: String) -> MarkupElement? {
        children.first { $0.name == name }
    }

    /// Reads `bytes`, a whole XML document, into its root element.
    ///
    /// - Throws: ``MarkupError`` with GLib's description of the fault ("Error on line 4 char 2: …").
    package static func parse(_ bytes: [UInt8]) throws(MarkupError) -> MarkupElement {
        let builder = TreeBuilder()
        var parser = GMarkupParser(
            start_element: startElement, end_element: endElement, text: textRead, passthrough: nil, error: nil)
        let context = g_markup_parse_context_new(
            &parser, G_MARKUP_PREFIX_ERROR_POSITION, Unmanaged.passUnretained(builder).toOpaque(), nil)
        defer { g_markup_parse_context_free(context) }
        var error: UnsafeMutablePointer<GError>?
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                g_markup_parse_context_parse(context, $0.baseAddress, gssize($0.count), &error) != 0
            }
        }
        guard parsed, g_markup_parse_context_end_parse(context, &error) != 0, let root = builder.root else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "the document has no element"
            g_clear_error(&error)
            throw MarkupError(message: message)
        }
        return root
    }
}

/// Why an XML document could not be read.
package struct MarkupError: Error, Sendable, Hashable {
    /// GLib's description, with the line and character of the fault.
    package let message: String
}

/// Builds the tree from `GMarkup`'s callbacks: the open elements on a stack.
private final class TreeBuilder {
    var open: [MarkupElement] = []
    var root: MarkupElement?
}

private func builder(_ data: gpointer?) -> TreeBuilder {
    Unmanaged<TreeBuilder>.fromOpaque(data!).takeUnretainedValue()
}

private let startElement:
    @convention(c) (
        OpaquePointer?, UnsafePointer<gchar>?, UnsafeMutablePointer<UnsafePointer<gchar>?>?,
        UnsafeMutablePointer<UnsafePointer<gchar>?>?, gpointer?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
    ) -> Void = { _, name, names, values, data, _ in
        var element = MarkupElement(name: name.map { String(cString: $0) } ?? "")
        var index = 0
        while let attribute = names?[index], let value = values?[index] {
            element.attributes[String(cString: attribute)] = String(cString: value)
            index += 1
        }
        builder(data).open.append(element)
    }

private let endElement:
    @convention(c) (
        OpaquePointer?, UnsafePointer<gchar>?, gpointer?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
    )
        -> Void = { _, _, data, _ in
            let builder = builder(data)
            guard let element = builder.open.popLast() else { return }
            if builder.open.isEmpty {
                builder.root = element
            } else {
                builder.open[builder.open.count - 1].children.append(element)
            }
        }

private let textRead:
    @convention(c) (
        OpaquePointer?, UnsafePointer<gchar>?, gsize, gpointer?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
    ) -> Void = { _, text, length, data, _ in
        let builder = builder(data)
        guard let text, !builder.open.isEmpty else { return }
        let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
        builder.open[builder.open.count - 1].text += String(decoding: bytes, as: UTF8.self)
    }
