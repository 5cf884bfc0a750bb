/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define _GNU_SOURCE
#include "ArmchairGtkSupport.h"

#include <glib.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

// libdispatch's hooks for a foreign run loop (CoreFoundation uses them); exported on Linux.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

int armchair_is_main_thread(void) {
    // The main thread's thread ID is the process ID.
    return syscall(SYS_gettid) == getpid();
}

typedef struct {
    GSource source;
    // libdispatch's eventfd, readable while work is queued on the main queue.
    GPollFD descriptor;
} MainQueueSource;

// Only the main thread touches it: the source dispatches there alone.
static int draining_depth = 0;

int armchair_main_queue_is_draining(void) {
    return draining_depth > 0;
}

static gboolean prepare(GSource *source, gint *timeout) {
    MainQueueSource *self = (MainQueueSource *)source;
    // Set while the iterating thread prepares, before GLib collects the descriptors to poll:
    // another thread polls nothing here, and sleeps instead of waking for work it may not run.
    self->descriptor.events = armchair_is_main_thread() ? G_IO_IN : 0;
    *timeout = -1;
    return FALSE;
}

static gboolean check(GSource *source) {
    MainQueueSource *self = (MainQueueSource *)source;
    return armchair_is_main_thread() && (self->descriptor.revents & G_IO_IN);
}

static gboolean dispatch(GSource *source, GSourceFunc callback, gpointer data) {
    MainQueueSource *self = (MainQueueSource *)source;
    (void)callback;
    (void)data;
    // Read the eventfd first: left unread, it stays readable and GLib would spin.
    uint64_t counter = 0;
    ssize_t ignored = read(self->descriptor.fd, &counter, sizeof counter);
    (void)ignored;
    draining_depth++;
    _dispatch_main_queue_callback_4CF(0);
    draining_depth--;
    return G_SOURCE_CONTINUE;
}

static GSourceFuncs main_queue_source_funcs = {
    .prepare = prepare,
    .check = check,
    .dispatch = dispatch,
};

void armchair_main_queue_source_attach(void) {
    GSource *source = g_source_new(&main_queue_source_funcs, sizeof(MainQueueSource));
    MainQueueSource *self = (MainQueueSource *)source;
    self->descriptor.fd = _dispatch_get_main_queue_handle_4CF();
    self->descriptor.events = G_IO_IN;
    g_source_add_poll(source, &self->descriptor);
    g_source_set_name(source, "Armchair: Swift main-actor work");
    g_source_attach(source, NULL);
    g_source_unref(source);
}
