import CArmchairCurl

/// One request through libcurl, run on a thread of its own (`Sources/CArmchairCurl`), and
/// awaited without holding a thread of Swift's.
final class CurlExchange: @unchecked Sendable {
    // Safe to share: after `init`, the C side touches the handle only on its own thread until it
    // calls back, and `armchairhttp_exchange_cancel` may be called from any thread.
    private let handle: OpaquePointer

    /// Sets up `request`; `nil` when libcurl cannot take it.
    init?(_ request: HTTPRequest, timeoutMilliseconds: Int, responseLimit: Int) {
        guard let handle = armchairhttp_exchange_new(request.url, timeoutMilliseconds, responseLimit) else {
            return nil
        }
        self.handle = handle
        // A line break or NUL in a header would end it early and start another.
        let headersAdded = request.headers.allSatisfy { header in
            let line = "\(header.name): \(header.value)"
            return !line.utf8.contains { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") || $0 == 0 }
                && armchairhttp_exchange_add_header(handle, line)
        }
        let bodySet = request.body.withUnsafeBufferPointer { bytes in
            armchairhttp_exchange_set_body(handle, bytes.baseAddress, bytes.count)
        }
        // Once `handle` is stored, `deinit` frees it, also when this returns `nil`.
        guard headersAdded, bodySet else { return nil }
    }

    deinit { armchairhttp_exchange_free(handle) }

    /// Runs the exchange to its end: the answer, or `nil` after any failure or once the task is
    /// cancelled.
    func run() async -> HTTPResponse? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<HTTPResponse?, Never>) in
                let waiter = Unmanaged.passRetained(Waiter(exchange: self, continuation: continuation))
                let started = armchairhttp_exchange_start(
                    handle,
                    { _, context in
                        guard let context else { return }
                        let waiter = Unmanaged<Waiter>.fromOpaque(context).takeRetainedValue()
                        waiter.continuation.resume(returning: waiter.exchange.response)
                    }, waiter.toOpaque())
                if !started {
                    waiter.release()
                    continuation.resume(returning: nil)
                }
            }
        } onCancel: {
            armchairhttp_exchange_cancel(handle)
        }
    }

    /// The answer of an exchange that ended, or `nil` when it failed.
    private var response: HTTPResponse? {
        guard armchairhttp_exchange_succeeded(handle) else { return nil }
        var length = 0
        let bytes = armchairhttp_exchange_body(handle, &length)
        let body = bytes.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
        return HTTPResponse(status: armchairhttp_exchange_status(handle), body: body)
    }

    /// What the C side's callback needs: the exchange, kept alive until then, and who waits.
    private final class Waiter {
        let exchange: CurlExchange
        let continuation: CheckedContinuation<HTTPResponse?, Never>

        init(exchange: CurlExchange, continuation: CheckedContinuation<HTTPResponse?, Never>) {
            self.exchange = exchange
            self.continuation = continuation
        }
    }
}
