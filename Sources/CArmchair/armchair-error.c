/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "Armchair"
#include "armchair-error.h"

/**
 * armchair_error_quark:
 *
 * Gets the error domain of Armchair; C code uses %ARMCHAIR_ERROR instead.
 *
 * Returns: the quark of `armchair-error-quark`
 *
 * Since: 1.0
 */
G_DEFINE_QUARK (armchair-error-quark, armchair_error)

G_DEFINE_ENUM_TYPE (ArmchairError, armchair_error,
  G_DEFINE_ENUM_VALUE (ARMCHAIR_ERROR_CONFIGURATION, "configuration"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_ERROR_SETTINGS_FILE, "settings-file"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_ERROR_ALREADY_ATTACHED, "already-attached"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_ERROR_METAINFO, "metainfo"))
