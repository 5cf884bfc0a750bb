/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define _GNU_SOURCE /* gettid */
#include <unistd.h>

#include "armchair-private.h"

/* The C functions' check before they enter Swift's main actor, as Swift recognises it, so that
 * the isolation can never trap: once the engine is loaded, Swift's own answer (the main thread,
 * or work of libdispatch's main queue); before, the process's main thread, which is all that can
 * call then. The toolkit libraries' C calls it too. */
gboolean
armchair_c_api_is_main_thread (void)
{
  const ArmchairSwiftCore *core = armchair_engine_module_peek_core ();

  if (core != NULL)
    return core->is_main_thread ();
  return gettid () == getpid ();
}
