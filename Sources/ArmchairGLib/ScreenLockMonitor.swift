import CGLib
package import Logging

/// Tells whether the screen is locked or the screensaver is on, from the Inhibit portal's
/// monitoring session (`org.freedesktop.portal.Inhibit.CreateMonitor`), which any app may open,
/// inside Flatpak too, without a permission.
///
/// It opens one session on the connection it is given (the application's own, so that no second
/// connection to the bus is made) and reports each `StateChanged` the portal sends to it. When the
/// session is about to end (`session-state` 2, "query end"), it acknowledges at once with
/// `QueryEndResponse`, as the portal asks of every monitor: Armchair never holds up a logout.
/// Where no portal runs, or it has no Inhibit backend, the call fails and nothing is reported: the
/// screen counts as unlocked. ``close()`` closes the session.
@MainActor
package final class ScreenLockMonitor {
    private static let portal = "org.freedesktop.portal.Desktop"
    private static let portalPath = "/org/freedesktop/portal/desktop"
    private static let inhibitInterface = "org.freedesktop.portal.Inhibit"

    /// The session's object path, which the portal derives from the connection's unique name and
    /// the token Armchair chose.
    package let sessionPath: String
    private let connection: OpaquePointer
    private let report: @MainActor (Bool) -> Void
    private let logger: Logger
    private var subscription: guint = 0
    private var isClosed = false
    /// The last state reported, so that only changes are.
    private var isLocked = false

    /// Opens a monitoring session on `connection`.
    ///
    /// - Parameters:
    ///   - connection: A connection to the session bus, referenced while the monitor lives.
    ///   - logger: Where a missing portal is noted, at debug level.
    ///   - report: Called on the main actor when the screen is locked or unlocked.
    package init(
        connection: OpaquePointer, logger: Logger,
        report: @escaping @MainActor (_ isLocked: Bool) -> Void
    ) {
        self.connection = connection
        self.report = report
        self.logger = logger
        g_object_ref(UnsafeMutableRawPointer(connection))
        let token = "armchair_\(UInt32.random(in: 1...UInt32.max))"
        let sender = g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
        let senderElement = String(sender.drop { $0 == ":" }).replacingAll(".", with: "_")
        sessionPath = "\(Self.portalPath)/session/\(senderElement)/\(token)"
        subscribe()
        createSession(token: token)
    }

    /// Closes the session; nothing more is reported.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        subscription = 0
        call(path: sessionPath, interface: "org.freedesktop.portal.Session", method: "Close", parameters: nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    // MARK: Private

    private func subscribe() {
        let weakSelf = Unmanaged.passRetained(WeakMonitor(self)).toOpaque()
        subscription = g_dbus_connection_signal_subscribe(
            // No arg0 match on the session: the bus matches arg0 against strings only, and the
            // session is an object path. The portal sends the signal to its owner alone.
            connection, Self.portal, Self.inhibitInterface, "StateChanged", Self.portalPath, nil,
            G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                guard let data, let parameters else { return }
                let state = ScreenLockMonitor.state(from: parameters)
                let monitor = UncheckedSendable(data)
                MainThread.run {
                    Unmanaged<WeakMonitor>.fromOpaque(monitor.value).takeUnretainedValue().monitor?.received(state)
                }
            }, weakSelf, { data in if let data { Unmanaged<WeakMonitor>.fromOpaque(data).release() } })
    }

    private func createSession(token: String) {
        let options = g_variant_builder_new(g_variant_type_checked_("a{sv}"))
        g_variant_builder_add_value(
            options,
            g_variant_new_dict_entry(
                g_variant_new_string("handle_token"), g_variant_new_variant(g_variant_new_string(token))))
        g_variant_builder_add_value(
            options,
            g_variant_new_dict_entry(
                g_variant_new_string("session_handle_token"), g_variant_new_variant(g_variant_new_string(token))))
        var children = [g_variant_new_string(""), g_variant_builder_end(options)]
        g_variant_builder_unref(options)
        let parameters = g_variant_new_tuple(&children, 2)
        let logger = UncheckedSendable(logger)
        call(path: Self.portalPath, interface: Self.inhibitInterface, method: "CreateMonitor", parameters: parameters) {
            error in
            logger.value.debug(
                "No screen-lock monitor from the Inhibit portal (\(error)): the rating prompt does not know when the screen is locked."
            )
        }
    }

    /// The screensaver and session state in a `StateChanged` signal's `(oa{sv})`.
    nonisolated private static func state(from parameters: OpaquePointer) -> PortalState {
        guard g_variant_is_of_type(parameters, g_variant_type_checked_("(oa{sv})")) != 0,
            let session = g_variant_get_child_value(parameters, 0),
            let dictionary = g_variant_get_child_value(parameters, 1)
        else { return PortalState(session: "", locked: false, queryEnd: false) }
        defer {
            g_variant_unref(session)
            g_variant_unref(dictionary)
        }
        var locked: gboolean = 0
        var sessionState: guint32 = 0
        let lockedValue = g_variant_lookup_value(dictionary, "screensaver-active", g_variant_type_checked_("b"))
        if let lockedValue {
            locked = g_variant_get_boolean(lockedValue)
            g_variant_unref(lockedValue)
        }
        let stateValue = g_variant_lookup_value(dictionary, "session-state", g_variant_type_checked_("u"))
        if let stateValue {
            sessionState = g_variant_get_uint32(stateValue)
            g_variant_unref(stateValue)
        }
        let path = g_variant_get_string(session, nil).map { String(cString: $0) } ?? ""
        return PortalState(session: path, locked: locked != 0, queryEnd: sessionState == 2)
    }

    /// What a `StateChanged` signal said, for which session.
    private struct PortalState: Sendable {
        var session: String
        var locked: Bool
        /// Whether the session is about to end ("query end").
        var queryEnd: Bool
    }

    private func received(_ state: PortalState) {
        guard !isClosed, state.session == sessionPath else { return }
        if state.queryEnd {
            call(
                path: Self.portalPath, interface: Self.inhibitInterface, method: "QueryEndResponse",
                parameters: g_variant_new_tuple([g_variant_new_object_path(sessionPath)], 1))
        }
        guard state.locked != isLocked else { return }
        isLocked = state.locked
        report(state.locked)
    }

    /// Calls `method` on the portal without waiting; `failed` gets the error message, if any.
    private func call(
        path: String, interface: String, method: String, parameters: OpaquePointer?,
        failed: (@Sendable (String) -> Void)? = nil
    ) {
        let box = failed.map { Unmanaged.passRetained(FailureHandler($0)).toOpaque() }
        g_dbus_connection_call(
            connection, Self.portal, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, 5000,
            nil,
            { source, result, data in
                var error: UnsafeMutablePointer<GError>?
                let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
                if let reply { g_variant_unref(reply) }
                let handler = data.map { Unmanaged<FailureHandler>.fromOpaque($0).takeRetainedValue() }
                if let error {
                    handler?.failed(error.pointee.message.map { String(cString: $0) } ?? "unknown error")
                    g_error_free(error)
                }
            }, box)
    }

    /// The monitor, held weakly by the signal subscription.
    private final class WeakMonitor: @unchecked Sendable {
        weak var monitor: ScreenLockMonitor?
        init(_ monitor: ScreenLockMonitor) { self.monitor = monitor }
    }

    private final class FailureHandler: @unchecked Sendable {
        let failed: @Sendable (String) -> Void
        init(_ failed: @escaping @Sendable (String) -> Void) { self.failed = failed }
    }
}

extension String {
    /// This string with every `target` replaced by `replacement`.
    fileprivate func replacingAll(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
