/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"

/* TEMPORARY until the quick checks land: never sure, so the engine always decides. */
gboolean
armchair_configuration_load_quick (ArmchairConfiguration *self, const char *path)
{
  return FALSE;
}

gboolean
armchair_configuration_check_quick (ArmchairConfiguration *self)
{
  return FALSE;
}

gboolean
armchair_metainfo_check_quick (const char *app_id, char **path_out)
{
  return FALSE;
}
