/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_CONFIGURATION_H
#define ARMCHAIR_CONFIGURATION_H

#if !defined(ARMCHAIR_INSIDE) && !defined(ARMCHAIR_COMPILATION)
#error "Only <armchair.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

#define ARMCHAIR_TYPE_CONFIGURATION (armchair_configuration_get_type ())
G_DECLARE_FINAL_TYPE (ArmchairConfiguration, armchair_configuration, ARMCHAIR, CONFIGURATION, GObject)

ArmchairConfiguration *armchair_configuration_new (const char *app_id, const char *app_version) G_GNUC_WARN_UNUSED_RESULT;
ArmchairConfiguration *armchair_configuration_new_from_file (const char  *app_id,
                                                             const char  *app_version,
                                                             const char  *path,
                                                             GError     **error) G_GNUC_WARN_UNUSED_RESULT;

const char *armchair_configuration_get_app_id (ArmchairConfiguration *self);
const char *armchair_configuration_get_app_version (ArmchairConfiguration *self);

void armchair_configuration_set_event_weight (ArmchairConfiguration *self, const char *event, int weight);
void armchair_configuration_set_scenario_requirement (ArmchairConfiguration *self,
                                                      const char            *scenario,
                                                      const char            *event,
                                                      int                    count);
void armchair_configuration_set_key_name (ArmchairConfiguration *self, const char *key, const char *name);
void armchair_configuration_set_text (ArmchairConfiguration *self, const char *key, const char *text);
char *armchair_configuration_dup_text (ArmchairConfiguration *self, const char *key) G_GNUC_WARN_UNUSED_RESULT;

gboolean armchair_configuration_validate (ArmchairConfiguration *self, GError **error);

G_END_DECLS

#endif
