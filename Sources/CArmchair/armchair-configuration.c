/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"
#include "armchair-quick-checks-private.h"

#include <string.h>

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
  /* Every setting's value, by property ID (0 unused): its default until it is set. C keeps them,
   * so that making and filling a configuration never needs Armchair's engine; an engine gets a
   * copy of them when it is made (armchair_configuration_make_swift). */
  GValue values[ARMCHAIR_CONFIGURATION_N_PROPS];
};

G_DEFINE_FINAL_TYPE (ArmchairConfiguration, armchair_configuration, G_TYPE_OBJECT)

/* The property IDs and the properties come from settings/settings.toml, in
 * armchair-configuration-properties.c; their gtk-doc text is there too. */
static GParamSpec *properties[ARMCHAIR_CONFIGURATION_N_PROPS];

static gint
compare_strings (gconstpointer a, gconstpointer b, gpointer user_data)
{
  return strcmp (a, b);
}

/* An a{si} dictionary as Swift keeps one: each name once (the last entry wins), sorted by name. */
static GVariant *
normalized_counts (GVariant *counts)
{
  g_autoptr (GTree) sorted = g_tree_new_full (compare_strings, NULL, g_free, NULL);
  GVariantBuilder builder;
  GVariantIter iter;
  const char *name;
  gint32 count;

  g_variant_iter_init (&iter, counts);
  while (g_variant_iter_next (&iter, "{&si}", &name, &count))
    g_tree_insert (sorted, g_strdup (name), GINT_TO_POINTER (count));
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  for (GTreeNode *node = g_tree_node_first (sorted); node != NULL; node = g_tree_node_next (node))
    g_variant_builder_add (&builder, "{si}", g_tree_node_key (node), GPOINTER_TO_INT (g_tree_node_value (node)));
  return g_variant_builder_end (&builder);
}

/* Event scenarios as Swift keeps them: in the order given, each one's requirements normalized. */
static GVariant *
normalized_scenarios (GVariant *scenarios)
{
  GVariantBuilder builder;
  GVariantIter iter;
  const char *name;
  GVariant *requirements;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sa{si}}"));
  g_variant_iter_init (&iter, scenarios);
  while (g_variant_iter_next (&iter, "{&s@a{si}}", &name, &requirements))
    {
      g_variant_builder_add (&builder, "{s@a{si}}", name, normalized_counts (requirements));
      g_variant_unref (requirements);
    }
  return g_variant_builder_end (&builder);
}

void
armchair_warn_unknown_state_key (const char *key)
{
  g_warning ("Ignoring the key name for \"%s\", which is not a state key (such as use-count or first-use-date)", key);
}

/* Key names as Swift keeps them: only state keys (the others warned about and left out), each once
 * (the last entry wins), sorted by key. */
static GVariant *
normalized_key_names (GVariant *names)
{
  g_autoptr (GTree) sorted = g_tree_new_full (compare_strings, NULL, NULL, g_free);
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key;
  const char *name;

  g_variant_iter_init (&iter, names);
  while (g_variant_iter_next (&iter, "{&s&s}", &key, &name))
    {
      if (!armchair_quick_state_key_is_known (key))
        {
          armchair_warn_unknown_state_key (key);
          continue;
        }
      g_tree_insert (sorted, (gpointer) g_intern_string (key), g_strdup (name));
    }
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  for (GTreeNode *node = g_tree_node_first (sorted); node != NULL; node = g_tree_node_next (node))
    g_variant_builder_add (&builder, "{ss}", g_tree_node_key (node), g_tree_node_value (node));
  return g_variant_builder_end (&builder);
}

/* Stores @value as the setting @id, as Swift's Configuration would hold it. */
static void
store (ArmchairConfiguration *self, guint id, const GValue *value)
{
  GParamSpec *pspec = properties[id];
  GValue *stored = &self->values[id];

  if ((G_IS_PARAM_SPEC_STRING (pspec) && g_value_get_string (value) == NULL) ||
      (G_IS_PARAM_SPEC_VARIANT (pspec) && g_value_get_variant (value) == NULL))
    /* NULL restores the default: NULL for an optional text, empty for a dictionary. (A copy: a
     * variant's g_param_value_set_default() would not own its value.) */
    g_value_copy (g_param_spec_get_default_value (pspec), stored);
  else if (id == ARMCHAIR_CONFIGURATION_PROP_EVENT_WEIGHTS)
    g_value_take_variant (stored, normalized_counts (g_value_get_variant (value)));
  else if (id == ARMCHAIR_CONFIGURATION_PROP_EVENT_SCENARIOS)
    g_value_take_variant (stored, normalized_scenarios (g_value_get_variant (value)));
  else if (id == ARMCHAIR_CONFIGURATION_PROP_KEY_NAMES)
    g_value_take_variant (stored, normalized_key_names (g_value_get_variant (value)));
  else
    g_value_copy (value, stored);
}

static void
armchair_configuration_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  ArmchairConfiguration *self = ARMCHAIR_CONFIGURATION (object);

  if (id == ARMCHAIR_CONFIGURATION_PROP_0 || id >= ARMCHAIR_CONFIGURATION_N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
      return;
    }
  /* The two construct-only settings read back as their getters return them: NULL when never
   * given, which store() would not keep apart from a default. */
  if (id == ARMCHAIR_CONFIGURATION_PROP_APP_ID || id == ARMCHAIR_CONFIGURATION_PROP_APP_VERSION)
    g_value_copy (value, &self->values[id]);
  else
    store (self, id, value);
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
  g_value_copy (&self->values[id], value);
}

static void
armchair_configuration_finalize (GObject *object)
{
  ArmchairConfiguration *self = ARMCHAIR_CONFIGURATION (object);

  for (guint id = 1; id < ARMCHAIR_CONFIGURATION_N_PROPS; id++)
    g_value_unset (&self->values[id]);
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
  for (guint id = 1; id < ARMCHAIR_CONFIGURATION_N_PROPS; id++)
    {
      g_value_init (&self->values[id], properties[id]->value_type);
      g_value_copy (g_param_spec_get_default_value (properties[id]), &self->values[id]);
    }
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
 * On another thread than the main one, before Armchair's engine is loaded, the file is read in C
 * alone: one that only the engine can read is refused with an error that says so.
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
  const ArmchairSwiftCore *core;
  ArmchairSwiftConfiguration *box;

  g_return_val_if_fail (app_id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = armchair_configuration_new (app_id, app_version);
  if (armchair_configuration_load_quick (self, path))
    return g_steal_pointer (&self);
  /* A file C is not sure to read as the engine does: the engine reads it, with its exact errors.
   * It loads on the main thread only; there, without it (warned about), Armchair is off and the
   * defaults do. */
  core = armchair_engine_module_core ();
  if (core == NULL && !armchair_c_api_is_main_thread ())
    {
      g_set_error (error, ARMCHAIR_ERROR, ARMCHAIR_ERROR_SETTINGS_FILE,
                   "%s: this settings file has what only Armchair's engine reads, and the engine loads on the main "
                   "thread alone: read the file there to have each problem named", path != NULL ? path : app_id);
      return NULL;
    }
  if (core == NULL)
    return g_steal_pointer (&self);
  box = armchair_configuration_make_swift (self, core);
  if (core->configuration_load (box, path, error))
    armchair_configuration_take_swift_values (self, core, box);
  else
    g_clear_object (&self);
  core->configuration_release (box);
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

  return g_value_get_string (&self->values[ARMCHAIR_CONFIGURATION_PROP_APP_ID]);
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

  return g_value_get_string (&self->values[ARMCHAIR_CONFIGURATION_PROP_APP_VERSION]);
}

/* @counts (a{si}) with @name counting @count, or without it for 0. */
static GVariant *
with_count (GVariant *counts, const char *name, int count)
{
  g_autoptr (GVariant) built = NULL;
  GVariantBuilder builder;
  GVariantIter iter;
  const char *existing;
  gint32 value;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  g_variant_iter_init (&iter, counts);
  while (g_variant_iter_next (&iter, "{&si}", &existing, &value))
    if (strcmp (existing, name) != 0)
      g_variant_builder_add (&builder, "{si}", existing, value);
  if (count != 0)
    g_variant_builder_add (&builder, "{si}", name, count);
  built = g_variant_ref_sink (g_variant_builder_end (&builder));
  return normalized_counts (built);
}

/* @scenarios (a{sa{si}}) with @scenario requiring @count of @event: the first scenario of that
 * name changes (or a new one is added at the end), and one left without requirements goes. */
static GVariant *
with_requirement (GVariant *scenarios, const char *scenario, const char *event, int count)
{
  g_autoptr (GVariant) empty = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{si}"), NULL, 0));
  GVariantBuilder builder;
  GVariantIter iter;
  const char *name;
  GVariant *requirements;
  gboolean found = FALSE;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sa{si}}"));
  g_variant_iter_init (&iter, scenarios);
  while (g_variant_iter_next (&iter, "{&s@a{si}}", &name, &requirements))
    {
      if (!found && strcmp (name, scenario) == 0)
        {
          g_autoptr (GVariant) changed = g_variant_ref_sink (with_count (requirements, event, count));

          found = TRUE;
          if (g_variant_n_children (changed) > 0)
            g_variant_builder_add (&builder, "{s@a{si}}", name, changed);
        }
      else
        g_variant_builder_add (&builder, "{s@a{si}}", name, requirements);
      g_variant_unref (requirements);
    }
  if (!found && count != 0)
    g_variant_builder_add (&builder, "{s@a{si}}", scenario, with_count (empty, event, count));
  return g_variant_builder_end (&builder);
}

/* @names (a{ss}) with @key stored under @name, or under its default for NULL. */
static GVariant *
with_key_name (GVariant *names, const char *key, const char *name)
{
  g_autoptr (GVariant) built = NULL;
  GVariantBuilder builder;
  GVariantIter iter;
  const char *existing;
  const char *value;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_variant_iter_init (&iter, names);
  while (g_variant_iter_next (&iter, "{&s&s}", &existing, &value))
    if (strcmp (existing, key) != 0)
      g_variant_builder_add (&builder, "{ss}", existing, value);
  if (name != NULL)
    g_variant_builder_add (&builder, "{ss}", key, name);
  built = g_variant_ref_sink (g_variant_builder_end (&builder));
  return normalized_key_names (built);
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

  g_value_take_variant (&self->values[ARMCHAIR_CONFIGURATION_PROP_EVENT_WEIGHTS],
                        with_count (g_value_get_variant (&self->values[ARMCHAIR_CONFIGURATION_PROP_EVENT_WEIGHTS]),
                                    event, weight));
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

  g_value_take_variant (&self->values[ARMCHAIR_CONFIGURATION_PROP_EVENT_SCENARIOS],
                        with_requirement (g_value_get_variant (&self->values[ARMCHAIR_CONFIGURATION_PROP_EVENT_SCENARIOS]),
                                          scenario, event, count));
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

  if (!armchair_quick_state_key_is_known (key))
    {
      armchair_warn_unknown_state_key (key);
      return;
    }
  g_value_take_variant (&self->values[ARMCHAIR_CONFIGURATION_PROP_KEY_NAMES],
                        with_key_name (g_value_get_variant (&self->values[ARMCHAIR_CONFIGURATION_PROP_KEY_NAMES]),
                                       key, name));
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
 * On another thread than the main one, before Armchair's engine is loaded, the check is C's
 * alone: a configuration only the engine can judge is refused with an error that says so.
 *
 * Returns: %TRUE when the configuration can be used; else %FALSE with @error set to
 *   %ARMCHAIR_ERROR_CONFIGURATION listing every problem
 *
 * Since: 1.0
 */
gboolean
armchair_configuration_validate (ArmchairConfiguration *self, GError **error)
{
  const ArmchairSwiftCore *core;
  ArmchairSwiftConfiguration *box;
  gboolean valid;

  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (armchair_configuration_check_quick (self))
    return TRUE;
  /* C is not sure: the engine checks, with its exact errors. It loads on the main thread only;
   * there, without it (warned about), Armchair is off and nothing is used. */
  core = armchair_engine_module_core ();
  if (core == NULL && !armchair_c_api_is_main_thread ())
    {
      g_set_error_literal (error, ARMCHAIR_ERROR, ARMCHAIR_ERROR_CONFIGURATION,
                           "This configuration has settings only Armchair's engine checks, and the engine loads on "
                           "the main thread alone: validate it there");
      return FALSE;
    }
  if (core == NULL)
    return TRUE;
  box = armchair_configuration_make_swift (self, core);
  valid = core->configuration_validate (box, error);
  core->configuration_release (box);
  return valid;
}

ArmchairConfiguration *
armchair_configuration_copy_internal (ArmchairConfiguration *self)
{
  ArmchairConfiguration *copy = g_object_new (ARMCHAIR_TYPE_CONFIGURATION, NULL);

  for (guint id = 1; id < ARMCHAIR_CONFIGURATION_N_PROPS; id++)
    g_value_copy (&self->values[id], &copy->values[id]);
  return copy;
}

ArmchairSwiftConfiguration *
armchair_configuration_make_swift (ArmchairConfiguration *self, const ArmchairSwiftCore *core)
{
  ArmchairSwiftConfiguration *box = core->configuration_new ();

  /* In the properties' order, which is settings.toml's: update-policy before update-grace-days. */
  for (guint id = 1; id < ARMCHAIR_CONFIGURATION_N_PROPS; id++)
    core->configuration_set (box, properties[id]->name, &self->values[id]);
  return box;
}

void
armchair_configuration_take_swift_values (ArmchairConfiguration *self, const ArmchairSwiftCore *core,
                                          ArmchairSwiftConfiguration *box)
{
  for (guint id = 1; id < ARMCHAIR_CONFIGURATION_N_PROPS; id++)
    core->configuration_get (box, properties[id]->name, &self->values[id]);
}
