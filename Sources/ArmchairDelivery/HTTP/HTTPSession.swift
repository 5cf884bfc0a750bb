/// How every sender talks HTTP: through libcurl, with no cookies, no cache and no credentials
/// kept, and nothing kept between two requests.
enum HTTPSession {
    /// The longest answer read; a longer one counts as a network error. The services answer a few
    /// hundred bytes of JSON.
    static let responseLimit = 1 << 20

    /// `seconds` as a timeout a request can wait: from 1 to 3600 seconds, NaN as the default 30.
    static func usableTimeout(_ seconds: Double) -> Double {
        seconds.isNaN ? 30 : min(max(seconds, 1), 3_600)
    }

    /// The answer to `request`, or `nil` after a network error, when the task is cancelled or when
    /// `seconds` pass first.
    ///
    /// The whole exchange is bounded, from the name lookup to the last byte of the answer,
    /// redirects included: a server that accepts the request and then stalls holds it no longer.
    static func exchange(
        _ request: HTTPRequest, within seconds: Double, responseLimit: Int = responseLimit
    ) async -> HTTPResponse? {
        guard
            let exchange = CurlExchange(
                request, timeoutMilliseconds: Int(usableTimeout(seconds) * 1_000), responseLimit: max(responseLimit, 0))
        else { return nil }
        return await exchange.run()
    }
}
