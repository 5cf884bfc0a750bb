public import ArmchairCore

/// Posts feedback as JSON to the developer's HTTPS endpoint.
///
/// The request is `POST <endpoint>` with `Content-Type: application/json`, an
/// `Idempotency-Key: <message id>` header, and this body (keys sorted; `replyEmail` and
/// `systemDetails` only when the user gave them; shown indented, sent without whitespace):
///
/// ```json
/// {
///   "appID" : "org.example.Notes",
///   "appName" : "Notes",
///   "appVersion" : "2.4.1",
///   "date" : "2026-11-23T10:14:03Z",
///   "id" : "6f1c0c7e-3f0b-4d43-9a4f-3f8b1f7f2c11",
///   "locale" : "de_DE",
///   "replyEmail" : "ada@example.org",
///   "systemDetails" : [ { "name" : "Operating system", "value" : "Debian GNU/Linux 12 (bookworm)" } ],
///   "text" : "Exporting to PDF loses the page margins."
/// }
/// ```
///
/// Any 2xx answer confirms delivery. A 4xx answer is final (`FeedbackError/isPermanent`): the
/// receiver refused this message, and sending it again cannot help. A 5xx answer, a timeout or a
/// network error may pass. A receiver should store each `id` once: a message may arrive again
/// after the app was killed between the receiver's answer and removing it from the outbox.
///
/// The endpoint must be `https`, except on loopback (`http://127.0.0.1`, `http://[::1]`,
/// `http://localhost`) for tests. Nothing of the message is ever logged.
public struct HTTPFeedbackSender: FeedbackSender {
    /// The endpoint.
    public let endpoint: ServiceAddress
    /// The longest a request may take, in seconds.
    public let timeout: Double

    /// Creates a sender to `endpoint`.
    ///
    /// - Parameters:
    ///   - endpoint: The receiver's address.
    ///   - timeout: The longest a request may take, in seconds: from 1 to 3600, a value outside
    ///     that is taken as the nearest, and NaN as the default 30.
    /// - Throws: `FeedbackEndpointError` when `endpoint` is not an `https` URL or a loopback `http` URL.
    public init(endpoint: String, timeout: Double = 30) throws(FeedbackEndpointError) {
        self.endpoint = try ServiceAddress.check(endpoint)
        self.timeout = HTTPSession.usableTimeout(timeout)
    }

    public func send(_ message: FeedbackMessage) async throws(FeedbackError) {
        let request = HTTPRequest(
            url: endpoint.text,
            headers: [("Content-Type", "application/json"), ("Idempotency-Key", message.id)],
            body: (try? JSONValueEncoder().encode(message)) ?? [])
        guard let response = await HTTPSession.exchange(request, within: timeout) else {
            throw FeedbackError(DefaultStrings.feedbackUnreachable)
        }
        let status = response.status
        switch status {
        case 200..<300:
            return
        case 400..<500:
            throw FeedbackError(
                DefaultStrings.format(DefaultStrings.feedbackRefused, "HTTP \(status)"), isPermanent: true)
        default:
            throw FeedbackError(DefaultStrings.format(DefaultStrings.feedbackRefused, "HTTP \(status)"))
        }
    }
}
