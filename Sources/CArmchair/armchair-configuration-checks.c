/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"
#include "armchair-quick-checks-private.h"

/* What ArmchairConfiguration asks of the quick checks (armchair-quick-checks-private.h), which
 * answer without the engine when they are sure. */

gboolean
armchair_configuration_load_quick (ArmchairConfiguration *self, const char *path)
{
  g_autofree char *installed = NULL;
  g_autoptr (GPtrArray) settings = NULL;

  if (path == NULL)
    {
      if (!armchair_settings_file_find_installed (armchair_configuration_get_app_id (self), &installed))
        return FALSE;
      /* No settings file installed: the defaults, as the engine has them. */
      if (installed == NULL)
        return TRUE;
      path = installed;
    }
  if (!armchair_settings_file_read_quick (path, &settings))
    return FALSE;
  for (guint i = 0; i < settings->len; i++)
    {
      ArmchairSettingValue *setting = g_ptr_array_index (settings, i);

      g_object_set_property (G_OBJECT (self), setting->name, &setting->value);
    }
  return TRUE;
}

gboolean
armchair_configuration_check_quick (ArmchairConfiguration *self)
{
  return armchair_configuration_values_check_quick (G_OBJECT (self));
}
