import CGLib
package import Logging

/// Hands the engine's messages to GLib's structured logging, in the `Armchair` log domain: what a
/// C, Python or JavaScript app expects of a GLib library.
///
/// `G_MESSAGES_DEBUG=Armchair` shows the decisions (debug level), an app's
/// `g_log_set_writer_func` receives every message, and journald keeps their fields (`MESSAGE`,
/// `PRIORITY`, `GLIB_DOMAIN`, `CODE_FILE`, `CODE_LINE`, `CODE_FUNC`). Every level is handed on:
/// GLib's writer decides what to show, as it does for `g_debug`.
///
/// | swift-log | GLib | syslog priority |
/// |---|---|---|
/// | trace, debug | `G_LOG_LEVEL_DEBUG` | 7 |
/// | info | `G_LOG_LEVEL_INFO` | 6 |
/// | notice | `G_LOG_LEVEL_MESSAGE` | 5 |
/// | warning, error | `G_LOG_LEVEL_WARNING` | 4 |
/// | critical | `G_LOG_LEVEL_CRITICAL` | 3 |
///
/// `G_LOG_LEVEL_CRITICAL`, which `G_DEBUG=fatal-criticals` makes fatal, is kept for swift-log's
/// critical level, which the engine never uses: an error it recovers from is a warning.
package struct GLibLogHandler: LogHandler {
    /// The GLib log domain.
    package static let domain = "Armchair"

    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?
    package var logLevel: Logger.Level = .trace

    /// A handler with no metadata, handing on every level.
    package init() {}

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        let (level, priority) = Self.glibLevel(of: event.level)
        var message = event.message.description
        let metadata = self.metadata.merging(event.metadata ?? [:]) { $1 }
        if !metadata.isEmpty {
            let pairs = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            message += " (" + pairs.joined(separator: ", ") + ")"
        }
        let fields = [
            ("MESSAGE", message), ("PRIORITY", priority), ("GLIB_DOMAIN", Self.domain), ("CODE_FILE", event.file),
            ("CODE_LINE", String(event.line)), ("CODE_FUNC", event.function),
        ]
        let strings = fields.map { (g_strdup($0.0), g_strdup($0.1)) }
        defer {
            for (key, value) in strings {
                g_free(key)
                g_free(value)
            }
        }
        var logFields = strings.map { GLogField(key: $0.0, value: UnsafeRawPointer($0.1), length: -1) }
        g_log_structured_array(level, &logFields, gsize(logFields.count))
    }

    private static func glibLevel(of level: Logger.Level) -> (GLogLevelFlags, String) {
        switch level {
        case .trace, .debug: (G_LOG_LEVEL_DEBUG, "7")
        case .info: (G_LOG_LEVEL_INFO, "6")
        case .notice: (G_LOG_LEVEL_MESSAGE, "5")
        case .warning, .error: (G_LOG_LEVEL_WARNING, "4")
        case .critical: (G_LOG_LEVEL_CRITICAL, "3")
        }
    }
}

extension Logger {
    /// The logger of the C library's engines: GLib's structured logging, domain `Armchair`.
    package static var glib: Logger {
        Logger(label: GLibLogHandler.domain) { _ in GLibLogHandler() }
    }
}
