/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"

/**
 * ArmchairConfiguration:
 *
 * Everything that decides when Armchair asks, and what the prompt says.
 *
 * Only [property@Armchair.Configuration:app-id] is required; every other setting is a property with
 * the default it documents. The property names are the keys of the app's settings file
 * (`<app-id>.armchair`, see [ctor@Armchair.Configuration.new_from_file]), so a file and code read
 * the same.
 *
 * ```c
 * g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new ("org.example.Notes", "2.4.1");
 * g_object_set (configuration, "significant-events-until-prompt", 5,
 *               "threshold-combination", ARMCHAIR_THRESHOLD_COMBINATION_DAYS_THEN_ANY, NULL);
 * ```
 *
 * ```python
 * configuration = Armchair.Configuration.new("org.example.Notes", "2.4.1")
 * configuration.props.significant_events_until_prompt = 5
 * ```
 *
 * Numeric properties accept the range Armchair accepts; a value out of range is refused by
 * GObject with a warning and the setting keeps its value. Whatever passes the ranges but still
 * cannot work (an event name with a space, a feedback address that is not one, a number that is
 * not a number) is reported with every problem at once, as %ARMCHAIR_ERROR_CONFIGURATION, by
 * [method@Armchair.Configuration.validate] and by whatever makes an engine from the configuration.
 *
 * An engine copies the configuration when it is made: later changes do not reach it.
 *
 * The object may be used from any thread, one thread at a time; the main thread is the usual
 * place.
 *
 * Since: 1.0
 */
struct _ArmchairConfiguration {
  GObject parent_instance;
  /* The Swift Configuration, in a retained box: the only copy of every setting and default. */
  ArmchairSwiftConfiguration *box;
  /* Copies of the two construct-only settings, for the getters that return them unowned. */
  char *app_id;
  char *app_version;
};

G_DEFINE_FINAL_TYPE (ArmchairConfiguration, armchair_configuration, G_TYPE_OBJECT)

/* The property IDs and the properties come from settings/settings.toml, in
 * armchair-configuration-properties.c; their gtk-doc text is there too. */
static GParamSpec *properties[ARMCHAIR_CONFIGURATION_N_PROPS];

static void
armchair_configuration_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  ArmchairConfiguration *self = ARMCHAIR_CONFIGURATION (object);

  if (id == ARMCHAIR_CONFIGURATION_PROP_0 || id >= ARMCHAIR_CONFIGURATION_N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
      return;
    }
  if (id == ARMCHAIR_CONFIGURATION_PROP_APP_ID)
    {
      g_free (self->app_id);
      self->app_id = g_value_dup_string (value);
    }
  else if (id == ARMCHAIR_CONFIGURATION_PROP_APP_VERSION)
    {
      g_free (self->app_version);
      self->app_version = g_value_dup_string (value);
    }
  armchair_swift_core ()->configuration_set (self->box, pspec->name, value);
}

static void
armchair_configuration_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  ArmchairConfiguration *self = ARMCHAIR_CONFIGURATION (object);

  if (id == ARMCHAIR_CONFIGURATION_PROP_0 || id >= ARMCHAIR_CONFIGURATION_N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
      return;
    }
  /* The two construct-only settings read as their getters return them: NULL when never given. */
  if (id == ARMCHAIR_CONFIGURATION_PROP_APP_ID)
    g_value_set_string (value, self->app_id);
  else if (id == ARMCHAIR_CONFIGURATION_PROP_APP_VERSION)
    g_value_set_string (value, self->app_version);
  else
    armchair_swift_core ()->configuration_get (self->box, pspec->name, value);
}

static void
armchair_configuration_finalize (GObject *object)
{
  ArmchairConfiguration *self = ARMCHAIR_CONFIGURATION (object);

  g_clear_pointer (&self->box, armchair_swift_core ()->configuration_release);
  g_clear_pointer (&self->app_id, g_free);
  g_clear_pointer (&self->app_version, g_free);
  G_OBJECT_CLASS (armchair_configuration_parent_class)->finalize (object);
}

static void
armchair_configuration_class_init (ArmchairConfigurationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = armchair_configuration_set_property;
  object_class->get_property = armchair_configuration_get_property;
  object_class->finalize = armchair_configuration_finalize;
  armchair_configuration_install_properties (object_class, properties);
}

static void
armchair_configuration_init (ArmchairConfiguration *self)
{
  self->box = armchair_swift_core ()->configuration_new ();
}

/**
 * armchair_configuration_new:
 * @app_id: the application ID, such as `org.example.Notes`
 * @app_version: (nullable): the version running, such as `2.4.1`; %NULL when unknown
 *
 * Creates a configuration with Armchair's defaults. An app ID that cannot be used is reported
 * when the configuration is validated or an engine is made from it.
 *
 * Returns: (transfer full): the new configuration
 *
 * Since: 1.0
 */
ArmchairConfiguration *
armchair_configuration_new (const char *app_id, const char *app_version)
{
  g_return_val_if_fail (app_id != NULL, NULL);

  return g_object_new (ARMCHAIR_TYPE_CONFIGURATION, "app-id", app_id, "app-version", app_version, NULL);
}

/**
 * armchair_configuration_new_from_file:
 * @app_id: the application ID, such as `org.example.Notes`; it names the file
 * @app_version: (nullable): the version running; %NULL when unknown
 * @path: (nullable) (type filename): the settings file to read, which must exist; %NULL for
 *   the one the app installed
 * @error: return location for a [struct@GLib.Error]
 *
 * Creates a configuration from the app's settings file, `<app-id>.armchair`, a GLib key file
 * whose keys are the names of this object's properties. Set properties afterwards to override
 * the file: code wins.
 *
 * With @path %NULL the file is looked for under `armchair/` in `$XDG_DATA_HOME`, the program's
 * installation prefix (`<prefix>/share`) and `$XDG_DATA_DIRS`, in that order; when none is
 * installed the defaults apply.
 *
 * Returns: (transfer full): the configuration, or %NULL with @error set to
 *   %ARMCHAIR_ERROR_SETTINGS_FILE naming the file and the line of each problem
 *
 * Since: 1.0
 */
ArmchairConfiguration *
armchair_configuration_new_from_file (const char *app_id, const char *app_version, const char *path, GError **error)
{
  g_autoptr (ArmchairConfiguration) self = NULL;

  g_return_val_if_fail (app_id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = armchair_configuration_new (app_id, app_version);
  if (!armchair_swift_core ()->configuration_load (self->box, path, error))
    return NULL;
  return g_steal_pointer (&self);
}

/**
 * armchair_configuration_get_app_id:
 * @self: a configuration
 *
 * Gets the application ID the configuration was made for: the ID of the app's
 * [class@Gio.Application], which also names its state file.
 *
 * Returns: (transfer none) (nullable): the application ID; %NULL only for a configuration made
 *   without one (with [ctor@GObject.Object.new]), which cannot be used
 *
 * Since: 1.0
 */
const char *
armchair_configuration_get_app_id (ArmchairConfiguration *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), NULL);

  return self->app_id;
}

/**
 * armchair_configuration_get_app_version:
 * @self: a configuration
 *
 * Gets the version of the app, as the app gave it.
 *
 * Returns: (transfer none) (nullable): the application's version, or %NULL when unknown
 *
 * Since: 1.0
 */
const char *
armchair_configuration_get_app_version (ArmchairConfiguration *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), NULL);

  return self->app_version;
}

/**
 * armchair_configuration_set_event_weight:
 * @self: a configuration
 * @event: the event's name: ASCII letters, digits, `_`, `-` and `.`
 * @weight: how much the event counts, from 1 to 1000; 0 forgets the weight (it counts 1)
 *
 * Sets one entry of [property@Armchair.Configuration:event-weights].
 *
 * Since: 1.0
 */
void
armchair_configuration_set_event_weight (ArmchairConfiguration *self, const char *event, int weight)
{
  g_return_if_fail (ARMCHAIR_IS_CONFIGURATION (self));
  g_return_if_fail (event != NULL);

  armchair_swift_core ()->configuration_set_event_weight (self->box, event, weight);
  g_object_notify_by_pspec (G_OBJECT (self), properties[ARMCHAIR_CONFIGURATION_PROP_EVENT_WEIGHTS]);
}

/**
 * armchair_configuration_set_scenario_requirement:
 * @self: a configuration
 * @scenario: the scenario's name, shown in explanations
 * @event: an event's name
 * @count: how many times @event must have happened for @scenario to be complete; 0 removes
 *   @event from it, and a scenario without events is removed
 *
 * Sets one requirement of one of the [property@Armchair.Configuration:event-scenarios], creating
 * the scenario if needed.
 *
 * Since: 1.0
 */
void
armchair_configuration_set_scenario_requirement (ArmchairConfiguration *self,
                                                 const char            *scenario,
                                                 const char            *event,
                                                 int                    count)
{
  g_return_if_fail (ARMCHAIR_IS_CONFIGURATION (self));
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (event != NULL);

  armchair_swift_core ()->configuration_set_scenario_requirement (self->box, scenario, event, count);
  g_object_notify_by_pspec (G_OBJECT (self), properties[ARMCHAIR_CONFIGURATION_PROP_EVENT_SCENARIOS]);
}

/**
 * armchair_configuration_set_key_name:
 * @self: a configuration
 * @key: a state key, such as `use-count` or `first-use-date`
 * @name: (nullable): the name to store it under, after the prefix; %NULL for the default
 *
 * Sets one entry of [property@Armchair.Configuration:key-names]. An unknown @key is ignored with a
 * warning.
 *
 * Since: 1.0
 */
void
armchair_configuration_set_key_name (ArmchairConfiguration *self, const char *key, const char *name)
{
  g_return_if_fail (ARMCHAIR_IS_CONFIGURATION (self));
  g_return_if_fail (key != NULL);

  armchair_swift_core ()->configuration_set_key_name (self->box, key, name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[ARMCHAIR_CONFIGURATION_PROP_KEY_NAMES]);
}

static GParamSpec *
text_property (const char *key)
{
  g_autofree char *name = g_strconcat ("text-", key, NULL);

  return g_object_class_find_property (g_type_class_peek (ARMCHAIR_TYPE_CONFIGURATION), name);
}

/**
 * armchair_configuration_set_text:
 * @self: a configuration
 * @key: a key of the settings file's `[Texts]` group, such as `title` or `rate-button`
 * @text: (nullable): the text, used as it is in every language; %NULL for Armchair's
 *   translated default
 *
 * Sets the property `text-<key>`, for code that holds the key in a variable.
 *
 * Since: 1.0
 */
void
armchair_configuration_set_text (ArmchairConfiguration *self, const char *key, const char *text)
{
  GParamSpec *pspec;

  g_return_if_fail (ARMCHAIR_IS_CONFIGURATION (self));
  g_return_if_fail (key != NULL);
  pspec = text_property (key);
  if (pspec == NULL)
    {
      g_critical ("%s: \"%s\" is not a key of the [Texts] group (such as title or rate-button)", G_STRFUNC, key);
      return;
    }

  g_object_set (self, pspec->name, text, NULL);
}

/**
 * armchair_configuration_dup_text:
 * @self: a configuration
 * @key: a key of the settings file's `[Texts]` group, such as `title`
 *
 * Gets a copy of a text of the dialogs that the app set, by its settings file key.
 *
 * Returns: (transfer full) (nullable): the text set for @key, or %NULL when Armchair's default
 *   is used
 *
 * Since: 1.0
 */
char *
armchair_configuration_dup_text (ArmchairConfiguration *self, const char *key)
{
  GParamSpec *pspec;
  char *text = NULL;

  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);
  pspec = text_property (key);
  if (pspec == NULL)
    {
      g_critical ("%s: \"%s\" is not a key of the [Texts] group (such as title or rate-button)", G_STRFUNC, key);
      return NULL;
    }

  g_object_get (self, pspec->name, &text, NULL);
  return text;
}

/**
 * armchair_configuration_validate:
 * @self: a configuration
 * @error: return location for a [struct@GLib.Error]
 *
 * Checks every setting, as making an engine does.
 *
 * Returns: %TRUE when the configuration can be used; else %FALSE with @error set to
 *   %ARMCHAIR_ERROR_CONFIGURATION listing every problem
 *
 * Since: 1.0
 */
gboolean
armchair_configuration_validate (ArmchairConfiguration *self, GError **error)
{
  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return armchair_swift_core ()->configuration_validate (self->box, error);
}

void
armchair_warn_unknown_state_key (const char *key)
{
  g_warning ("Ignoring the key name for \"%s\", which is not a state key (such as use-count or first-use-date)", key);
}

ArmchairSwiftConfiguration *
armchair_configuration_get_box (ArmchairConfiguration *self)
{
  return self->box;
}
