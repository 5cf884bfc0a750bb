public import ArmchairCore

/// Talks to an Open Desktop Ratings Service server: the service behind the reviews in GNOME
/// Software and KDE Discover.
///
/// A review is `POST <server>/submit` with a JSON body (`Content-Type: application/json;
/// charset=utf-8`). The server answers `{"success": true}`, or an HTTP 400 with
/// `{"success": false, "msg": "…"}`; "already reviewed this app" means this user already has a
/// review of the app there. The server must be `https`, or `http` on loopback for tests.
public struct ODRSClient: Sendable {
    /// The API root, such as `https://odrs.gnome.org/1.0/reviews/api`.
    public let server: ServiceAddress
    /// The longest a request may take, in seconds.
    public let timeout: Double

    /// GNOME's server, the one GNOME Software and KDE Discover use.
    public static let gnomeServer = Configuration.gnomeReviewServer

    /// Creates a client for `server`.
    ///
    /// - Parameters:
    ///   - server: The API root.
    ///   - timeout: The longest a request may take, in seconds: from 1 to 3600, a value outside
    ///     that is taken as the nearest, and NaN as the default 30.
    /// - Throws: `FeedbackEndpointError` when `server` is not `https` or loopback `http`.
    public init(server: String = gnomeServer, timeout: Double = 30) throws(FeedbackEndpointError) {
        self.server = try ServiceAddress.check(server)
        self.timeout = HTTPSession.usableTimeout(timeout)
    }

    /// How a submission went.
    public enum SubmitResult: Sendable, Hashable {
        /// The server stored the review.
        case published
        /// The server already has a review of this app by this user.
        case alreadyReviewed
        /// The server refused the review; sending it again cannot help. The server's reason.
        case refused(String)
        /// The server could not be reached, or failed; trying later may work. What happened.
        case failed(String)
    }

    /// Submits `review`.
    public func submit(_ review: ODRSReview) async -> SubmitResult {
        let request = HTTPRequest(
            url: server.appendingPathComponent("submit").text,
            headers: [("Content-Type", "application/json; charset=utf-8")],
            body: (try? JSONValueEncoder().encode(review.body)) ?? [])
        guard let response = await HTTPSession.exchange(request, within: timeout) else {
            return .failed("the review server could not be reached")
        }
        let status = response.status
        let answer = try? JSONValueDecoder().decode(Answer.self, from: response.body)
        switch (status, answer) {
        case (200..<300, let answer?) where answer.success:
            return .published
        case (200..<500, let answer?) where !answer.success:
            let reason = answer.msg ?? "no reason given"
            return reason == "already reviewed this app" ? .alreadyReviewed : .refused(reason)
        case (400..<500, _):
            return .refused("HTTP \(status)")
        default:
            // A server error, or an answer that is not the service's: it may pass.
            return .failed("HTTP \(status)")
        }
    }

    /// The server's JSON answer.
    private struct Answer: Decodable {
        var success: Bool
        var msg: String?
    }
}
