/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_GTK_SUPPORT_H
#define ARMCHAIR_GTK_SUPPORT_H

/// Whether the calling thread is the process's main thread, where Swift's main actor runs.
int armchair_is_main_thread(void);

/// Attaches to the default GLib main context a source that runs the work queued on libdispatch's main queue (main-actor tasks and
/// DispatchQueue.main blocks) whenever libdispatch signals some, but only while the main thread
/// iterates the context it is attached to. libdispatch's main queue may be drained on the main
/// thread only: when another thread iterates the context (an app whose loop runs on a worker), the
/// source neither drains nor polls its descriptor, so it cannot spin there; the work waits for the
/// main thread. Call it once. (The header names no GLib type: a Clang module that included GLib's
/// headers would take their declarations from the CGLib module that Swift code imports.)
void armchair_main_queue_source_attach(void);

/// Whether the main-queue source is draining the main queue now: the caller runs inside
/// main-actor work that the source started, where a nested main loop cannot run more of it.
int armchair_main_queue_is_draining(void);

#endif
