/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_CURL_LIBRARY_H
#define ARMCHAIR_CURL_LIBRARY_H

#include <curl/curl.h>

/// The libcurl functions an exchange calls, from `libcurl.so.4` opened on first use.
///
/// Linking libcurl would load it, and the TLS, LDAP and Kerberos libraries it needs, into every
/// app at start-up (about 11 ms and 5 MiB of memory measured with a Python app), although most
/// runs never send anything. Opened when the first request is made, it costs only the runs that
/// send feedback or a review.
typedef struct {
    CURLcode (*global_init)(long flags);
    curl_version_info_data *(*version_info)(CURLversion version);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *easy, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *easy, CURLINFO info, ...);
    void (*easy_cleanup)(CURL *easy);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned count, int timeout_ms, int *ready);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *queued);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
} ArmchairCurlLibrary;

/// libcurl, opened and initialised once (thread-safe); NULL when the system has no usable
/// `libcurl.so.4`, which then fails each request as a network error would.
__attribute__((visibility("hidden")))
const ArmchairCurlLibrary *armchairhttp_curl(void);

#endif
