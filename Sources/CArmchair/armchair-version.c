/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#include "armchair-version.h"

/**
 * armchair_get_major_version:
 *
 * Gets the major version of the libarmchair an app runs with (1 in 1.2.3).
 *
 * This is the library's version, which may be newer than that of the headers the app was compiled
 * with, %ARMCHAIR_MAJOR_VERSION.
 *
 * Returns: the major version of the library
 *
 * Since: 1.0
 */
guint
armchair_get_major_version (void)
{
  return ARMCHAIR_MAJOR_VERSION;
}

/**
 * armchair_get_minor_version:
 *
 * Gets the minor version of the libarmchair an app runs with (2 in 1.2.3).
 *
 * This is the library's version, which may be newer than that of the headers the app was compiled
 * with, %ARMCHAIR_MINOR_VERSION.
 *
 * Returns: the minor version of the library
 *
 * Since: 1.0
 */
guint
armchair_get_minor_version (void)
{
  return ARMCHAIR_MINOR_VERSION;
}

/**
 * armchair_get_micro_version:
 *
 * Gets the micro version of the libarmchair an app runs with (3 in 1.2.3).
 *
 * This is the library's version, which may be newer than that of the headers the app was compiled
 * with, %ARMCHAIR_MICRO_VERSION.
 *
 * Returns: the micro version of the library
 *
 * Since: 1.0
 */
guint
armchair_get_micro_version (void)
{
  return ARMCHAIR_MICRO_VERSION;
}
