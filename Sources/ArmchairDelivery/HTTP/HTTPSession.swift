import Foundation
import FoundationNetworking

/// One URL session for every sender: no cookies, no cache, no credentials kept.
enum HTTPSession {
    static let shared: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration)
    }()

    /// `seconds` as a timeout a request can wait: from 1 to 3600 seconds, NaN as the default 30.
    static func usableTimeout(_ seconds: Double) -> Double {
        seconds.isNaN ? 30 : min(max(seconds, 1), 3_600)
    }

    /// The body and response to `request`, or `nil` after a network error or when `seconds` pass
    /// first.
    ///
    /// The whole exchange is bounded here: the URL session's own timeout only limits the time
    /// between bytes, so a server that accepts the request and then stalls would hold it forever.
    static func exchange(_ request: URLRequest, within seconds: Double) async -> (Data, URLResponse)? {
        let seconds = usableTimeout(seconds)
        return await withTaskGroup(of: (Data, URLResponse)?.self) { group in
            group.addTask { try? await shared.data(for: request) }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
