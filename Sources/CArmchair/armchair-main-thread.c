/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#include "armchair-private.h"

/* The C functions' check before they enter Swift's main actor, as Swift recognises it, so that
 * the isolation can never trap. The toolkit libraries' C calls it too. */
gboolean
armchair_c_api_is_main_thread (void)
{
  return armchair_swift_core ()->is_main_thread ();
}
