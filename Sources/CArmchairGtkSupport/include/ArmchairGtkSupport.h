#ifndef ARMCHAIR_GTK_SUPPORT_H
#define ARMCHAIR_GTK_SUPPORT_H

/// The file descriptor libdispatch signals when work is queued on the main queue (an eventfd on
/// Linux), so a GLib main loop can wake up for it.
int armchair_dispatch_main_queue_handle(void);

/// Runs the work queued on libdispatch's main queue: main-actor tasks and DispatchQueue.main.
void armchair_dispatch_drain_main_queue(void);

/// Whether the calling thread is the process's main thread, where Swift's main actor runs.
int armchair_is_main_thread(void);

#endif
