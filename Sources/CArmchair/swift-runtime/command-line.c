/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

/* The Swift runtime's command-line lookup, as libarmchair-1's private runtime has it.
 *
 * The toolchain's static Swift runtime finds `CommandLine.arguments` with a static constructor
 * that reads all of /proc/self/maps as the library is loaded, to find the process's stack: in a
 * GTK app several hundred lines the kernel must write, about a millisecond of every app's
 * start-up, for arguments the library never uses. Defining the runtime's two functions here, under
 * the names the renamed runtime calls them by (`_armchair1_…`), keeps that object out of the link.
 * The arguments are read from /proc/self/cmdline instead, the first time they are asked for, if
 * ever. (Swift calls the first with its own calling convention, which for a pointer in and a
 * pointer out uses the same registers as C on x86-64 and arm64.)
 *
 * Meson compiles this file into libarmchair-1 only; SwiftPM's builds use the runtime as it is. */
#include <glib.h>
#include <string.h>

char **_armchair1__swift_stdlib_getUnsafeArgvArgc (int *count);
void _armchair1__swift_stdlib_overrideUnsafeArgvArgc (char **arguments, int count);

static char **override_arguments;
static int override_count;

void
_armchair1__swift_stdlib_overrideUnsafeArgvArgc (char **arguments, int count)
{
  override_arguments = arguments;
  override_count = count;
}

char **
_armchair1__swift_stdlib_getUnsafeArgvArgc (int *count)
{
  static gsize once;
  static char **arguments;
  static int argument_count;

  if (override_arguments != NULL)
    {
      *count = override_count;
      return override_arguments;
    }
  if (g_once_init_enter (&once))
    {
      /* Kept for the life of the process, as the runtime's own copy would be. */
      gchar *contents = NULL;
      gsize length = 0;
      GPtrArray *list = g_ptr_array_new ();
      if (g_file_get_contents ("/proc/self/cmdline", &contents, &length, NULL))
        for (gsize offset = 0; offset < length; offset += strlen (contents + offset) + 1)
          g_ptr_array_add (list, contents + offset);
      argument_count = (int) list->len;
      g_ptr_array_add (list, NULL);
      arguments = (char **) g_ptr_array_free (list, FALSE);
      g_once_init_leave (&once, 1);
    }
  *count = argument_count;
  return arguments;
}
