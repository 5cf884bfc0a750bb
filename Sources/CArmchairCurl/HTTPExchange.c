/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define _GNU_SOURCE
#include "ArmchairHTTP.h"
#include "CurlLibrary.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ArmchairHTTPExchange {
    const ArmchairCurlLibrary *curl;
    CURL *easy;
    CURLM *multi;
    struct curl_slist *headers;
    char *user_agent;
    uint8_t *response;
    size_t response_length;
    size_t response_capacity;
    size_t response_limit;
    bool response_too_long;
    CURLcode result;
    long status;
    atomic_bool cancelled;
    ArmchairHTTPDone done;
    void *context;
};

/// Appends what arrived of the answer's body, up to the limit; a longer answer stops the transfer.
static size_t receive(char *data, size_t size, size_t count, void *user) {
    ArmchairHTTPExchange *exchange = user;
    size_t length = size * count;
    if (length > exchange->response_limit - exchange->response_length) {
        exchange->response_too_long = true;
        return 0;
    }
    size_t needed = exchange->response_length + length;
    if (needed > exchange->response_capacity) {
        size_t capacity = exchange->response_capacity ? exchange->response_capacity : 4096;
        while (capacity < needed) capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        uint8_t *grown = realloc(exchange->response, capacity);
        if (!grown) return 0;
        exchange->response = grown;
        exchange->response_capacity = capacity;
    }
    if (length) memcpy(exchange->response + exchange->response_length, data, length);
    exchange->response_length = needed;
    return length;
}

/// Aborts the transfer once the exchange was cancelled.
static int progress(void *user, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total,
                    curl_off_t uploaded) {
    (void)download_total, (void)downloaded, (void)upload_total, (void)uploaded;
    ArmchairHTTPExchange *exchange = user;
    return atomic_load(&exchange->cancelled) ? 1 : 0;
}

/// The User-Agent URLSession sends on Linux: the program's name, and libcurl's version.
static char *user_agent(const ArmchairCurlLibrary *curl) {
    const curl_version_info_data *version = curl->version_info(CURLVERSION_NOW);
    char *text = NULL;
    if (asprintf(&text, "%s (unknown version) curl/%s", program_invocation_short_name,
                 version && version->version ? version->version : "unknown") < 0)
        return NULL;
    return text;
}

ArmchairHTTPExchange *armchairhttp_exchange_new(const char *url, long timeout_ms, size_t response_limit) {
    if (!url || timeout_ms <= 0) return NULL;
    const ArmchairCurlLibrary *curl = armchairhttp_curl();
    if (!curl) return NULL;
    ArmchairHTTPExchange *exchange = calloc(1, sizeof *exchange);
    if (!exchange) return NULL;
    exchange->curl = curl;
    atomic_init(&exchange->cancelled, false);
    exchange->result = CURLE_FAILED_INIT;
    exchange->response_limit = response_limit;
    exchange->easy = curl->easy_init();
    exchange->multi = curl->multi_init();
    exchange->user_agent = user_agent(curl);
    // No `Expect: 100-continue` wait before the body, as URLSession.
    exchange->headers = curl->slist_append(NULL, "Expect:");
    if (!exchange->easy || !exchange->multi || !exchange->user_agent || !exchange->headers) {
        armchairhttp_exchange_free(exchange);
        return NULL;
    }
    CURL *easy = exchange->easy;
    // Only http: and https:, and a redirect of an https: request only to another https: address.
    bool secure = strncmp(url, "https:", 6) == 0;
    bool set = curl->easy_setopt(easy, CURLOPT_URL, url) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, secure ? "https" : "http,https") == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 1L) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_MAXREDIRS, 20L) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_TIMEOUT_MS, timeout_ms) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_NOSIGNAL, 1L) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_SSL_VERIFYPEER, 1L) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_SSL_VERIFYHOST, 2L) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "") == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_USERAGENT, exchange->user_agent) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_WRITEFUNCTION, receive) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_WRITEDATA, exchange) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, progress) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_XFERINFODATA, exchange) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_NOPROGRESS, 0L) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_POST, 1L) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)0) == CURLE_OK
        && curl->easy_setopt(easy, CURLOPT_POSTFIELDS, "") == CURLE_OK;
    if (!set) {
        armchairhttp_exchange_free(exchange);
        return NULL;
    }
    return exchange;
}

bool armchairhttp_exchange_add_header(ArmchairHTTPExchange *exchange, const char *line) {
    if (!exchange || !line) return false;
    struct curl_slist *headers = exchange->curl->slist_append(exchange->headers, line);
    if (!headers) return false;
    exchange->headers = headers;
    return true;
}

bool armchairhttp_exchange_set_body(ArmchairHTTPExchange *exchange, const uint8_t *bytes, size_t length) {
    if (!exchange || (!bytes && length)) return false;
    // The size first: COPYPOSTFIELDS copies that many bytes, zeros included.
    return exchange->curl->easy_setopt(exchange->easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)length) == CURLE_OK
        && exchange->curl->easy_setopt(exchange->easy, CURLOPT_COPYPOSTFIELDS, length ? (const char *)bytes : "") == CURLE_OK;
}

/// Runs the transfer to its end, then calls `done`.
static void *run(void *data) {
    ArmchairHTTPExchange *exchange = data;
    int running = 1;
    CURLMcode code = CURLM_OK;
    while (code == CURLM_OK && running && !atomic_load(&exchange->cancelled)) {
        code = exchange->curl->multi_perform(exchange->multi, &running);
        // Wakes at least once a second, and at once on armchairhttp_exchange_cancel.
        if (code == CURLM_OK && running) code = exchange->curl->multi_poll(exchange->multi, NULL, 0, 1000, NULL);
    }
    int queued = 0;
    CURLMsg *message;
    while ((message = exchange->curl->multi_info_read(exchange->multi, &queued))) {
        if (message->msg == CURLMSG_DONE && message->easy_handle == exchange->easy)
            exchange->result = message->data.result;
    }
    if (running || atomic_load(&exchange->cancelled)) exchange->result = CURLE_ABORTED_BY_CALLBACK;
    exchange->curl->easy_getinfo(exchange->easy, CURLINFO_RESPONSE_CODE, &exchange->status);
    exchange->curl->multi_remove_handle(exchange->multi, exchange->easy);
    exchange->done(exchange, exchange->context);
    return NULL;
}

bool armchairhttp_exchange_start(ArmchairHTTPExchange *exchange, ArmchairHTTPDone done, void *context) {
    if (!exchange || !done) return false;
    exchange->done = done;
    exchange->context = context;
    if (exchange->curl->easy_setopt(exchange->easy, CURLOPT_HTTPHEADER, exchange->headers) != CURLE_OK
        || exchange->curl->multi_add_handle(exchange->multi, exchange->easy) != CURLM_OK)
        return false;
    // The thread starts with every signal blocked, so that none of the app's handlers runs on it
    // and a write to a closed connection gives EPIPE, never a SIGPIPE that ends the app.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_attr_t attributes;
    pthread_t thread;
    int started = pthread_attr_init(&attributes);
    if (started == 0) {
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        started = pthread_create(&thread, &attributes, run, exchange);
        pthread_attr_destroy(&attributes);
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (started != 0) {
        exchange->curl->multi_remove_handle(exchange->multi, exchange->easy);
        return false;
    }
    return true;
}

void armchairhttp_exchange_cancel(ArmchairHTTPExchange *exchange) {
    if (!exchange) return;
    atomic_store(&exchange->cancelled, true);
    exchange->curl->multi_wakeup(exchange->multi);
}

bool armchairhttp_exchange_succeeded(const ArmchairHTTPExchange *exchange) {
    return exchange && exchange->result == CURLE_OK && !exchange->response_too_long;
}

long armchairhttp_exchange_status(const ArmchairHTTPExchange *exchange) {
    return exchange ? exchange->status : 0;
}

const uint8_t *armchairhttp_exchange_body(const ArmchairHTTPExchange *exchange, size_t *length) {
    if (length) *length = exchange ? exchange->response_length : 0;
    return exchange ? exchange->response : NULL;
}

void armchairhttp_exchange_free(ArmchairHTTPExchange *exchange) {
    if (!exchange) return;
    if (exchange->multi && exchange->easy) exchange->curl->multi_remove_handle(exchange->multi, exchange->easy);
    if (exchange->multi) exchange->curl->multi_cleanup(exchange->multi);
    if (exchange->easy) exchange->curl->easy_cleanup(exchange->easy);
    exchange->curl->slist_free_all(exchange->headers);
    free(exchange->user_agent);
    free(exchange->response);
    free(exchange);
}
