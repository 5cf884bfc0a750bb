/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#include "armchair-private.h"
#include "armchair-quick-checks-private.h"

#include <math.h>
#include <string.h>

/* Swift's Configuration.validate() in C, on the values of an ArmchairConfiguration's properties
 * (Sources/ArmchairCore/Configuration/Configuration+Validation.swift is the reference). */


/* The text settings validate() checks, each by the rule armchair_quick_text_setting_is_valid ()
 * gives it. */
static const char *const checked_texts[] = {
  "feedback-endpoint", "review-server", "feedback-email", "key-prefix", "synced-folder", "locale-directory",
  "review-url-template", NULL,
};

static char *
string_property (GObject *configuration, const char *name)
{
  char *value = NULL;

  g_object_get (configuration, name, &value, NULL);
  return value;
}

static GVariant *
variant_property (GObject *configuration, const char *name)
{
  GVariant *value = NULL;

  g_object_get (configuration, name, &value, NULL);
  return value;
}

/* Each entry of the a{si} @counts names a valid event and counts it from 1 to @maximum. Swift
 * reads the entries into a dictionary, where a later entry of the same name wins: with every
 * entry valid, whichever wins is. */
static gboolean
counts_are_valid (GVariant *counts, int maximum)
{
  GVariantIter iter;
  const char *event;
  gint32 count;

  g_variant_iter_init (&iter, counts);
  while (g_variant_iter_next (&iter, "{&si}", &event, &count))
    if (!armchair_quick_event_name_is_valid (event) || count < 1 || count > maximum)
      return FALSE;
  return TRUE;
}

static gboolean
scenarios_are_valid (GVariant *scenarios)
{
  GVariantIter iter;
  GVariant *requirements;

  g_variant_iter_init (&iter, scenarios);
  while (g_variant_iter_next (&iter, "{&s@a{si}}", NULL, &requirements))
    {
      gboolean valid = g_variant_n_children (requirements) > 0
                       && counts_are_valid (requirements, armchair_quick_scenario_count_bound);

      g_variant_unref (requirements);
      if (!valid)
        return FALSE;
    }
  return TRUE;
}

/* Each entry names a state key and gives it a name a key may hold. Swift leaves out an entry for
 * a key it does not know; C, whose list may be older, is not sure of one. */
static gboolean
key_names_are_valid (GVariant *key_names)
{
  GVariantIter iter;
  const char *key;
  const char *name;

  g_variant_iter_init (&iter, key_names);
  while (g_variant_iter_next (&iter, "{&s&s}", &key, &name))
    if (!armchair_quick_state_key_is_known (key) || !armchair_quick_state_key_name_is_valid (name))
      return FALSE;
  return TRUE;
}

static gboolean
numbers_are_valid (GObject *configuration)
{
  ArmchairUpdatePolicy update_policy;

  g_object_get (configuration, "update-policy", &update_policy, NULL);
  for (const ArmchairQuickSetting *setting = armchair_quick_settings; setting->name != NULL; setting++)
    {
      double number;
      int count;

      switch (setting->kind)
        {
        case ARMCHAIR_QUICK_GRACE_DAYS:
          /* Checked as part of the update policy: not under reset-counters, which keeps them aside. */
          if (update_policy != ARMCHAIR_UPDATE_POLICY_KEEP_COUNTERS)
            break;
          G_GNUC_FALLTHROUGH;
        case ARMCHAIR_QUICK_NUMBER:
          g_object_get (configuration, setting->name, &number, NULL);
          if (!(isfinite (number) && number >= 0 && number <= setting->maximum))
            return FALSE;
          break;
        case ARMCHAIR_QUICK_COUNT:
          g_object_get (configuration, setting->name, &count, NULL);
          if (count < setting->minimum || count > setting->maximum)
            return FALSE;
          break;
        default:
          break;
        }
    }
  return TRUE;
}

gboolean
armchair_configuration_values_check_quick (GObject *configuration)
{
  g_autofree char *app_id = string_property (configuration, "app-id");
  g_autofree char *app_version = string_property (configuration, "app-version");
  g_autoptr (GVariant) scenarios = variant_property (configuration, "event-scenarios");
  g_autoptr (GVariant) weights = variant_property (configuration, "event-weights");
  g_autoptr (GVariant) key_names = variant_property (configuration, "key-names");

  if (app_id == NULL || !armchair_quick_application_id_is_valid (app_id))
    return FALSE;
  if (app_version != NULL && !armchair_quick_text_is_surely_not_blank (app_version))
    return FALSE;
  if (!numbers_are_valid (configuration))
    return FALSE;
  if ((scenarios != NULL && !scenarios_are_valid (scenarios))
      || (weights != NULL && !counts_are_valid (weights, ARMCHAIR_QUICK_EVENT_WEIGHT_MAXIMUM))
      || (key_names != NULL && !key_names_are_valid (key_names)))
    return FALSE;
  for (const char *const *name = checked_texts; *name != NULL; name++)
    {
      g_autofree char *value = string_property (configuration, *name);

      if (value != NULL && !armchair_quick_text_setting_is_valid (*name, value))
        return FALSE;
    }
  return TRUE;
}
