/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

/* armchair-version.h is made from armchair-version.h.in by Meson (configure_file, with the project's
 * version). SwiftPM, which cannot configure a file, compiles the copy in Sources/CArmchair/include/,
 * which the Meson build checks against its own (Sources/CArmchair/meson.build). */

#ifndef ARMCHAIR_VERSION_H
#define ARMCHAIR_VERSION_H

#if !defined(ARMCHAIR_INSIDE) && !defined(ARMCHAIR_COMPILATION)
#error "Only <armchair.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/**
 * ARMCHAIR_MAJOR_VERSION:
 *
 * The major version of the libarmchair headers an app is compiled with (1 in 1.2.3).
 *
 * The library an app runs with may be newer: [func@Armchair.get_major_version] tells.
 *
 * Since: 1.0
 */
#define ARMCHAIR_MAJOR_VERSION (1)

/**
 * ARMCHAIR_MINOR_VERSION:
 *
 * The minor version of the libarmchair headers an app is compiled with (2 in 1.2.3).
 *
 * The library an app runs with may be newer: [func@Armchair.get_minor_version] tells.
 *
 * Since: 1.0
 */
#define ARMCHAIR_MINOR_VERSION (0)

/**
 * ARMCHAIR_MICRO_VERSION:
 *
 * The micro version of the libarmchair headers an app is compiled with (3 in 1.2.3).
 *
 * The library an app runs with may be newer: [func@Armchair.get_micro_version] tells.
 *
 * Since: 1.0
 */
#define ARMCHAIR_MICRO_VERSION (0)

/**
 * ARMCHAIR_VERSION_S:
 *
 * The version of the libarmchair headers an app is compiled with, as a string ("1.2.3"), for
 * printing and concatenation.
 *
 * Since: 1.0
 */
#define ARMCHAIR_VERSION_S "1.0.0"

/**
 * ARMCHAIR_CHECK_VERSION:
 * @major: the major version an app needs
 * @minor: the minor version an app needs
 * @micro: the micro version an app needs
 *
 * Whether the libarmchair headers an app is compiled with are version @major.@minor.@micro or
 * newer, for the preprocessor:
 *
 * ```c
 * #if ARMCHAIR_CHECK_VERSION (1, 1, 0)
 *   // what came in libarmchair 1.1
 * #endif
 * ```
 *
 * Returns: %TRUE if the headers are that version or newer
 *
 * Since: 1.0
 */
#define ARMCHAIR_CHECK_VERSION(major, minor, micro) \
  (ARMCHAIR_MAJOR_VERSION > (major) || \
   (ARMCHAIR_MAJOR_VERSION == (major) && ARMCHAIR_MINOR_VERSION > (minor)) || \
   (ARMCHAIR_MAJOR_VERSION == (major) && ARMCHAIR_MINOR_VERSION == (minor) && ARMCHAIR_MICRO_VERSION >= (micro)))

guint armchair_get_major_version (void) G_GNUC_CONST;
guint armchair_get_minor_version (void) G_GNUC_CONST;
guint armchair_get_micro_version (void) G_GNUC_CONST;

G_END_DECLS

#endif
