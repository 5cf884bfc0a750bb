#ifndef ARMCHAIR_H
#define ARMCHAIR_H

#include <glib-object.h>

G_BEGIN_DECLS

#define ARMCHAIR_ERROR (armchair_error_quark ())
GQuark armchair_error_quark (void);

/**
 * ArmchairError:
 * @ARMCHAIR_ERROR_CONFIGURATION: a setting has an unusable value.
 *
 * Errors in the %ARMCHAIR_ERROR domain.
 */
typedef enum {
  ARMCHAIR_ERROR_CONFIGURATION,
} ArmchairError;

#define ARMCHAIR_TYPE_CONFIGURATION (armchair_configuration_get_type ())
G_DECLARE_FINAL_TYPE (ArmchairConfiguration, armchair_configuration, ARMCHAIR, CONFIGURATION, GObject)

ArmchairConfiguration *armchair_configuration_new (const char *app_id, const char *app_version);
double armchair_configuration_get_days_until_prompt (ArmchairConfiguration *self);
void armchair_configuration_set_days_until_prompt (ArmchairConfiguration *self, double days);
const char *armchair_configuration_get_app_id (ArmchairConfiguration *self);
const char *armchair_configuration_get_app_version (ArmchairConfiguration *self);
gboolean armchair_configuration_get_debug_enabled (ArmchairConfiguration *self);
gboolean armchair_configuration_get_allows_debug_in_release_builds (ArmchairConfiguration *self);

#define ARMCHAIR_TYPE_ENGINE (armchair_engine_get_type ())
G_DECLARE_FINAL_TYPE (ArmchairEngine, armchair_engine, ARMCHAIR, ENGINE, GObject)

ArmchairEngine *armchair_engine_new (ArmchairConfiguration *configuration, GError **error);
void armchair_engine_significant_event (ArmchairEngine *self, const char *name);
gboolean armchair_engine_should_prompt (ArmchairEngine *self);
char *armchair_engine_explain (ArmchairEngine *self);

G_END_DECLS

#endif
