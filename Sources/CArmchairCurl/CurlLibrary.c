/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#include "CurlLibrary.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <pthread.h>
#include <stdio.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static ArmchairCurlLibrary library;
static const ArmchairCurlLibrary *loaded;

/// `name` from `handle`, or NULL after saying which function the library lacks.
static void *function(void *handle, const char *name) {
    void *address = dlsym(handle, name);
    if (!address) fprintf(stderr, "Armchair: libcurl.so.4 has no %s; nothing will be sent.\n", name);
    return address;
}

static void load(void) {
    // RTLD_LOCAL: the app's own libcurl, if it has one, is not replaced by this one or vice versa.
    void *handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        fprintf(stderr, "Armchair: %s; feedback and reviews cannot be sent.\n", dlerror());
        return;
    }
#define LOAD(field, name) (library.field = (__typeof__(library.field))function(handle, name))
    bool complete = LOAD(global_init, "curl_global_init") && LOAD(version_info, "curl_version_info")
        && LOAD(easy_init, "curl_easy_init") && LOAD(easy_setopt, "curl_easy_setopt")
        && LOAD(easy_getinfo, "curl_easy_getinfo") && LOAD(easy_cleanup, "curl_easy_cleanup")
        && LOAD(multi_init, "curl_multi_init") && LOAD(multi_add_handle, "curl_multi_add_handle")
        && LOAD(multi_remove_handle, "curl_multi_remove_handle") && LOAD(multi_perform, "curl_multi_perform")
        && LOAD(multi_poll, "curl_multi_poll") && LOAD(multi_wakeup, "curl_multi_wakeup")
        && LOAD(multi_info_read, "curl_multi_info_read") && LOAD(multi_cleanup, "curl_multi_cleanup")
        && LOAD(slist_append, "curl_slist_append") && LOAD(slist_free_all, "curl_slist_free_all");
#undef LOAD
    // The library stays open for the life of the process: exchanges may still run on their threads.
    if (complete && library.global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK) loaded = &library;
}

const ArmchairCurlLibrary *armchairhttp_curl(void) {
    pthread_once(&once, load);
    return loaded;
}
