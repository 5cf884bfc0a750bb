/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_SUPPORT_H
#define ARMCHAIR_SUPPORT_H

/// The process's environment, `NAME=value` strings ending in NULL; NULL itself after the program
/// called clearenv(). Swift's own `environ` assumes it is never NULL and stops the program.
char **armchair_environment(void);

/// The absolute path of the file this code was loaded from: the shared library
/// (`libarmchair-1.so.0`) when Armchair runs inside one, else the program; NULL when unknown.
/// Hidden: the C library does not export it.
__attribute__((visibility("hidden")))
const char *armchairsupport_code_file(void);

/// Removes the entries of the open `folder` whose names start with `prefix`; names it cannot
/// remove are left. Hidden: the C library does not export it.
__attribute__((visibility("hidden")))
void armchairsupport_remove_entries(int folder, const char *prefix);

#endif
