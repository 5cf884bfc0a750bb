#define _GNU_SOURCE
#include "ArmchairGtkSupport.h"

#include <sys/syscall.h>
#include <unistd.h>

// libdispatch's hooks for a foreign run loop (CoreFoundation uses them); exported on Linux.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

int armchair_dispatch_main_queue_handle(void) {
    return _dispatch_get_main_queue_handle_4CF();
}

void armchair_dispatch_drain_main_queue(void) {
    _dispatch_main_queue_callback_4CF(0);
}

int armchair_is_main_thread(void) {
    // The main thread's thread ID is the process ID.
    return syscall(SYS_gettid) == getpid();
}
