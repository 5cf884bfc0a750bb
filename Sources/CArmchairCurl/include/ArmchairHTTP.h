/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_HTTP_H
#define ARMCHAIR_HTTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// One HTTP POST through libcurl, run on a thread of its own. These functions are private to the
/// library: hidden from its exported symbols, and named outside the `armchair_` C API.
///
/// The caller creates an exchange, adds headers and the body, starts it, and frees it once `done`
/// was called (or after a start that returned false). `armchairhttp_exchange_cancel` may be
/// called from any thread until the exchange is freed.
typedef struct ArmchairHTTPExchange ArmchairHTTPExchange;

/// Called once, on the exchange's thread, when it ended; the exchange is not touched afterwards.
typedef void (*ArmchairHTTPDone)(ArmchairHTTPExchange *exchange, void *context);

/// A POST of nothing to `url` (`http` or `https`), which must end within `timeout_ms`
/// milliseconds, redirects included. Its answer may have at most `response_limit` bytes. NULL when
/// libcurl cannot be set up.
__attribute__((visibility("hidden")))
ArmchairHTTPExchange *armchairhttp_exchange_new(const char *url, long timeout_ms, size_t response_limit);

/// Adds the request header `line`, such as `Content-Type: application/json`. False when out of memory.
__attribute__((visibility("hidden")))
bool armchairhttp_exchange_add_header(ArmchairHTTPExchange *exchange, const char *line);

/// Sends a copy of the `length` bytes at `bytes` as the body. False when out of memory.
__attribute__((visibility("hidden")))
bool armchairhttp_exchange_set_body(ArmchairHTTPExchange *exchange, const uint8_t *bytes, size_t length);

/// Starts the exchange on a new thread that calls `done` with `context` at the end. False when no
/// thread could be started; `done` is then never called.
__attribute__((visibility("hidden")))
bool armchairhttp_exchange_start(ArmchairHTTPExchange *exchange, ArmchairHTTPDone done, void *context);

/// Stops the exchange soon; it then ends as failed. Harmless after the end.
__attribute__((visibility("hidden")))
void armchairhttp_exchange_cancel(ArmchairHTTPExchange *exchange);

/// Whether the exchange ended with a complete answer; false after a network error, a timeout, a
/// cancellation or an answer longer than the limit.
__attribute__((visibility("hidden")))
bool armchairhttp_exchange_succeeded(const ArmchairHTTPExchange *exchange);

/// The HTTP status of the final answer, after redirects; 0 without one.
__attribute__((visibility("hidden")))
long armchairhttp_exchange_status(const ArmchairHTTPExchange *exchange);

/// The body of the final answer, decoded (gzip and the like), and its length in `length`.
__attribute__((visibility("hidden")))
const uint8_t *armchairhttp_exchange_body(const ArmchairHTTPExchange *exchange, size_t *length);

/// Frees the exchange; only once `done` was called, or when it was never started.
__attribute__((visibility("hidden")))
void armchairhttp_exchange_free(ArmchairHTTPExchange *exchange);

#endif
