#define G_LOG_DOMAIN "Armchair"
#define _GNU_SOURCE
#include "armchair-private.h"

#include <sys/syscall.h>
#include <unistd.h>

/* The Swift side is @MainActor, which on Linux is the process's first thread: the one whose
 * thread ID is the process ID. */
gboolean
armchair_is_main_thread (void)
{
  return syscall (SYS_gettid) == getpid ();
}
