/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_ERROR_H
#define ARMCHAIR_ERROR_H

#if !defined(ARMCHAIR_INSIDE) && !defined(ARMCHAIR_COMPILATION)
#error "Only <armchair.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * ARMCHAIR_ERROR:
 *
 * The error domain of Armchair, `armchair-error-quark`. Its codes are [error@Armchair.Error].
 *
 * Since: 1.0
 */
#define ARMCHAIR_ERROR (armchair_error_quark ())
GQuark armchair_error_quark (void);

/**
 * ArmchairError:
 * @ARMCHAIR_ERROR_CONFIGURATION: a setting has an unusable value; the message lists every
 *   problem, one line each, naming the setting by its property name (`feedback-email`)
 * @ARMCHAIR_ERROR_SETTINGS_FILE: the app's settings file cannot be read or has unusable
 *   values; the message names the file and the line of each problem
 * @ARMCHAIR_ERROR_ALREADY_ATTACHED: Armchair is already attached to this application
 * @ARMCHAIR_ERROR_METAINFO: attached with no configuration, the app's AppStream metadata is
 *   missing, cannot be read, or lists no current release; the message names the file, or
 *   every folder searched
 *
 * Errors in the %ARMCHAIR_ERROR domain.
 *
 * Since: 1.0
 */
typedef enum {
  ARMCHAIR_ERROR_CONFIGURATION,
  ARMCHAIR_ERROR_SETTINGS_FILE,
  ARMCHAIR_ERROR_ALREADY_ATTACHED,
  ARMCHAIR_ERROR_METAINFO,
} ArmchairError;

GType armchair_error_get_type (void) G_GNUC_CONST;
#define ARMCHAIR_TYPE_ERROR (armchair_error_get_type ())

G_END_DECLS

#endif
