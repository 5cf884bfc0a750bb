#define _GNU_SOURCE
#include "armchair-private.h"
#include <sys/syscall.h>
#include <unistd.h>

G_DEFINE_QUARK (armchair-error-quark, armchair_error)

gboolean armchair_c_api_is_main_thread (void) { return syscall (SYS_gettid) == getpid (); }

/* ArmchairConfiguration: plain C storage; Swift reads it through the getters. */
struct _ArmchairConfiguration {
  GObject parent_instance;
  char *app_id;
  char *app_version;
  double days_until_prompt;
  gboolean debug_enabled;
  gboolean allows_debug_in_release_builds;
};

G_DEFINE_FINAL_TYPE (ArmchairConfiguration, armchair_configuration, G_TYPE_OBJECT)

enum { PROP_0, PROP_APP_ID, PROP_APP_VERSION, PROP_DAYS_UNTIL_PROMPT, PROP_DEBUG_ENABLED,
       PROP_ALLOWS_DEBUG_IN_RELEASE_BUILDS, N_PROPS };
static GParamSpec *configuration_props[N_PROPS];

static void
armchair_configuration_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  ArmchairConfiguration *self = ARMCHAIR_CONFIGURATION (object);
  switch (id) {
  case PROP_APP_ID: g_free (self->app_id); self->app_id = g_value_dup_string (value); break;
  case PROP_APP_VERSION: g_free (self->app_version); self->app_version = g_value_dup_string (value); break;
  case PROP_DAYS_UNTIL_PROMPT: self->days_until_prompt = g_value_get_double (value); break;
  case PROP_DEBUG_ENABLED: self->debug_enabled = g_value_get_boolean (value); break;
  case PROP_ALLOWS_DEBUG_IN_RELEASE_BUILDS: self->allows_debug_in_release_builds = g_value_get_boolean (value); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
  }
}

static void
armchair_configuration_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  ArmchairConfiguration *self = ARMCHAIR_CONFIGURATION (object);
  switch (id) {
  case PROP_APP_ID: g_value_set_string (value, self->app_id); break;
  case PROP_APP_VERSION: g_value_set_string (value, self->app_version); break;
  case PROP_DAYS_UNTIL_PROMPT: g_value_set_double (value, self->days_until_prompt); break;
  case PROP_DEBUG_ENABLED: g_value_set_boolean (value, self->debug_enabled); break;
  case PROP_ALLOWS_DEBUG_IN_RELEASE_BUILDS: g_value_set_boolean (value, self->allows_debug_in_release_builds); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
  }
}

static void
armchair_configuration_finalize (GObject *object)
{
  ArmchairConfiguration *self = ARMCHAIR_CONFIGURATION (object);
  g_free (self->app_id);
  g_free (self->app_version);
  G_OBJECT_CLASS (armchair_configuration_parent_class)->finalize (object);
}

static void
armchair_configuration_class_init (ArmchairConfigurationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->set_property = armchair_configuration_set_property;
  object_class->get_property = armchair_configuration_get_property;
  object_class->finalize = armchair_configuration_finalize;
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  configuration_props[PROP_APP_ID] = g_param_spec_string ("app-id", NULL, NULL, NULL, flags | G_PARAM_CONSTRUCT_ONLY);
  configuration_props[PROP_APP_VERSION] = g_param_spec_string ("app-version", NULL, NULL, NULL, flags | G_PARAM_CONSTRUCT_ONLY);
  /**
   * ArmchairConfiguration:days-until-prompt:
   *
   * Days after the first use before the prompt may appear.
   */
  configuration_props[PROP_DAYS_UNTIL_PROMPT] = g_param_spec_double ("days-until-prompt", NULL, NULL, 0, 3650, 30, flags);
  configuration_props[PROP_DEBUG_ENABLED] = g_param_spec_boolean ("debug-enabled", NULL, NULL, FALSE, flags);
  configuration_props[PROP_ALLOWS_DEBUG_IN_RELEASE_BUILDS] = g_param_spec_boolean ("allows-debug-in-release-builds", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, configuration_props);
}

static void armchair_configuration_init (ArmchairConfiguration *self) { self->days_until_prompt = 30; }

/**
 * armchair_configuration_new:
 * @app_id: the application ID, e.g. `org.example.Notes`
 * @app_version: (nullable): the version the user runs
 *
 * Returns: (transfer full): a new configuration with the defaults.
 */
ArmchairConfiguration *
armchair_configuration_new (const char *app_id, const char *app_version)
{
  g_return_val_if_fail (app_id != NULL, NULL);
  return g_object_new (ARMCHAIR_TYPE_CONFIGURATION, "app-id", app_id, "app-version", app_version, NULL);
}

double armchair_configuration_get_days_until_prompt (ArmchairConfiguration *self)
{ g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), 0); return self->days_until_prompt; }
void armchair_configuration_set_days_until_prompt (ArmchairConfiguration *self, double days)
{
  g_return_if_fail (ARMCHAIR_IS_CONFIGURATION (self));
  if (self->days_until_prompt == days) return;
  self->days_until_prompt = days;
  g_object_notify_by_pspec (G_OBJECT (self), configuration_props[PROP_DAYS_UNTIL_PROMPT]);
}
const char *armchair_configuration_get_app_id (ArmchairConfiguration *self)
{ g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), NULL); return self->app_id; }
const char *armchair_configuration_get_app_version (ArmchairConfiguration *self)
{ g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), NULL); return self->app_version; }
gboolean armchair_configuration_get_debug_enabled (ArmchairConfiguration *self)
{ g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), FALSE); return self->debug_enabled; }
gboolean armchair_configuration_get_allows_debug_in_release_builds (ArmchairConfiguration *self)
{ g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), FALSE); return self->allows_debug_in_release_builds; }

/* ArmchairEngine: a GObject around a retained Swift RatingEngine. */
struct _ArmchairEngine {
  GObject parent_instance;
  void *swift_engine;
};

G_DEFINE_FINAL_TYPE (ArmchairEngine, armchair_engine, G_TYPE_OBJECT)

static void
armchair_engine_finalize (GObject *object)
{
  ArmchairEngine *self = ARMCHAIR_ENGINE (object);
  g_clear_pointer (&self->swift_engine, armchair_swift_engine_release);
  G_OBJECT_CLASS (armchair_engine_parent_class)->finalize (object);
}

static void armchair_engine_class_init (ArmchairEngineClass *klass) { G_OBJECT_CLASS (klass)->finalize = armchair_engine_finalize; }
static void armchair_engine_init (ArmchairEngine *self) { (void) self; }

ArmchairEngine *
armchair_engine_new_for_swift_engine (void *retained_engine)
{
  ArmchairEngine *self = g_object_new (ARMCHAIR_TYPE_ENGINE, NULL);
  self->swift_engine = retained_engine;
  return self;
}

void *armchair_engine_get_swift_engine (ArmchairEngine *self) { return self->swift_engine; }

/**
 * armchair_engine_new:
 * @configuration: the settings
 * @error: return location for a #GError
 *
 * Makes an engine without any toolkit, for an app that shows its own prompt.
 *
 * Returns: (transfer full): the engine, or %NULL with @error set
 */
ArmchairEngine *
armchair_engine_new (ArmchairConfiguration *configuration, GError **error)
{
  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (configuration), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), NULL);
  void *engine = armchair_swift_engine_create (configuration, error);
  return engine ? armchair_engine_new_for_swift_engine (engine) : NULL;
}

/**
 * armchair_engine_significant_event:
 * @self: the engine
 * @name: (nullable): the event's name
 *
 * Counts a significant event and shows the prompt if the rules allow.
 */
void
armchair_engine_significant_event (ArmchairEngine *self, const char *name)
{
  g_return_if_fail (ARMCHAIR_IS_ENGINE (self));
  g_return_if_fail (armchair_c_api_is_main_thread ());
  armchair_swift_engine_significant_event (self->swift_engine, name);
}

/**
 * armchair_engine_should_prompt:
 * @self: the engine
 *
 * Returns: whether the rules allow the prompt now
 */
gboolean
armchair_engine_should_prompt (ArmchairEngine *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_ENGINE (self), FALSE);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), FALSE);
  return armchair_swift_engine_should_prompt (self->swift_engine);
}

/**
 * armchair_engine_explain:
 * @self: the engine
 *
 * Returns: (transfer full): the decision with its reasons, as `armchair explain` prints it
 */
char *
armchair_engine_explain (ArmchairEngine *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_ENGINE (self), NULL);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), NULL);
  return armchair_swift_engine_explain (self->swift_engine);
}
