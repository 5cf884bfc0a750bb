import ArmchairCore
import CGLib

/// Opens an address with the desktop's handler for its scheme, through GIO
/// (`g_app_info_launch_default_for_uri_async`), for the C library's engines made without a toolkit:
/// `armchair_engine_rate_app()` opens the software centre from a terminal app too. Inside Flatpak,
/// GIO goes through the OpenURI portal by itself.
enum DesktopAddressOpener {
    /// Opens `uri`; GIO's answer comes through the app's main loop.
    ///
    /// - Throws: `OpenURIError` with GIO's reason when no handler could open it.
    @MainActor
    static func open(_ uri: String) async throws(OpenURIError) {
        let failure: String? = await withCheckedContinuation { continuation in
            let waiting = CReference.retain(Waiting(continuation))
            g_app_info_launch_default_for_uri_async(uri, nil, nil, Self.launched, waiting)
        }
        if let failure { throw OpenURIError(uri: uri, reason: failure) }
    }

    /// The continuation of one opening, handed through GIO's callback.
    private final class Waiting {
        let continuation: CheckedContinuation<String?, Never>
        init(_ continuation: CheckedContinuation<String?, Never>) { self.continuation = continuation }
    }

    private static let launched: GAsyncReadyCallback = { _, result, data in
        guard let data else { return }
        var error: UnsafeMutablePointer<GError>?
        let opened = g_app_info_launch_default_for_uri_finish(result, &error) != 0
        let failure = opened ? nil : error.map { String(cString: $0.pointee.message) } ?? "it could not be opened"
        g_clear_error(&error)
        CReference.take(data, as: Waiting.self).continuation.resume(returning: failure)
    }
}
