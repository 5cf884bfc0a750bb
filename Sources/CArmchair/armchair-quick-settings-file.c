/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#include "armchair-private.h"
#include "armchair-quick-checks-private.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The settings file (<app-id>.armchair) in C: where Swift's `Configuration(appID:file: .installed)`
 * finds it, and what Swift's ConfigurationFile reads in it. Swift's KeyFile and
 * ConfigurationFileReader are the reference; what they accept and C does not understand exactly
 * (a key or group written twice, a number written otherwise than 30 or 0.5, a value that is not
 * ASCII where Swift trims or compares it…) makes the reading say "not sure". */

/* ConfigurationFile.sizeLimit. */
#define SETTINGS_FILE_LIMIT (64 * 1024)

void
armchair_setting_value_free (ArmchairSettingValue *setting)
{
  g_value_unset (&setting->value);
  g_free (setting);
}

static GValue *
add_setting (GPtrArray *settings, const char *name, GType type)
{
  ArmchairSettingValue *setting = g_new0 (ArmchairSettingValue, 1);

  setting->name = name;
  g_value_init (&setting->value, type);
  g_ptr_array_add (settings, setting);
  return &setting->value;
}

gboolean
armchair_settings_file_find_installed (const char *app_id, char **path_out)
{
  g_autoptr (GPtrArray) folders = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *home = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *program_folder = NULL;

  *path_out = NULL;
  if (!armchair_quick_application_id_is_valid (app_id))
    return FALSE;
  if (!armchair_quick_data_home (TRUE, &home) || !armchair_quick_program_location (&prefix, &program_folder))
    return FALSE;
  if (home != NULL && !armchair_quick_add_folder (folders, g_steal_pointer (&home)))
    return FALSE;
  if (prefix != NULL && !armchair_quick_add_folder (folders, g_strconcat (prefix, "/share", NULL)))
    return FALSE;
  if (!armchair_quick_system_data_folders (folders))
    return FALSE;
  for (guint i = 0; i < folders->len; i++)
    {
      g_autofree char *path = g_strconcat (g_ptr_array_index (folders, i), "/armchair/", app_id, ".armchair", NULL);
      struct stat status;

      if (lstat (path, &status) == 0)
        {
          *path_out = g_steal_pointer (&path);
          return TRUE;
        }
    }
  return TRUE;
}

typedef enum {
  GROUP_NONE,
  GROUP_SETTINGS,
  GROUP_WEIGHTS,
  GROUP_SCENARIO,
  GROUP_TEXTS,
  GROUP_KEY_NAMES,
} GroupKind;

/* One entry of a dictionary the file gives: an event and its weight or count, or a state key and
 * its name. */
typedef struct {
  char *key;
  int count;
  char *name;
} Entry;

static void
entry_free (Entry *entry)
{
  g_free (entry->key);
  g_free (entry->name);
  g_free (entry);
}

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  return strcmp ((*(Entry *const *) a)->key, (*(Entry *const *) b)->key);
}

/* The file read so far. */
typedef struct {
  GPtrArray *settings;       /* what it sets: ArmchairSettingValue */
  GHashTable *groups;        /* each group met */
  GHashTable *keys;          /* each key met, as "<group>\n<key>" */
  GroupKind group;           /* the group being read */
  char *group_name;
  GPtrArray *entries;        /* the events of the scenario being read: Entry */
  GPtrArray *weights;        /* [Event Weights]: Entry */
  GPtrArray *key_names;      /* [Key Names]: Entry */
  GVariantBuilder scenarios; /* a{sa{si}}, the scenarios read */
  gboolean has_scenarios;
  int update_policy;         /* the update-policy read, or -1 */
  gboolean has_grace_days;   /* whether update-grace-days was read */
} Reader;

/* SettingValue.number for numbers written as 30, 0.5, .5 or 1.: digits with at most one point, at
 * most 20 characters, which strtod and Swift's Double (text) round alike. */
static gboolean
parse_number (const char *value, double *number_out)
{
  g_autofree char *text = armchair_quick_trimmed (value);
  gboolean digits = FALSE;
  gboolean point = FALSE;

  if (text == NULL || strlen (text) > 20)
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '.' && !point)
        point = TRUE;
      else if (*p >= '0' && *p <= '9')
        digits = TRUE;
      else
        return FALSE;
    }
  if (!digits)
    return FALSE;
  *number_out = g_ascii_strtod (text, NULL);
  return TRUE;
}

/* SettingValue.count for 1 to 9 digits. */
static gboolean
parse_count (const char *value, int *count_out)
{
  g_autofree char *text = armchair_quick_trimmed (value);
  size_t length;

  if (text == NULL)
    return FALSE;
  length = strlen (text);
  if (length < 1 || length > 9 || strspn (text, "0123456789") != length)
    return FALSE;
  *count_out = atoi (text);
  return TRUE;
}

static gboolean
read_setting (Reader *reader, const char *key, const char *value)
{
  const ArmchairQuickSetting *setting = armchair_quick_settings;
  g_autofree char *choice = NULL;
  double number;
  int count;

  while (setting->name != NULL && strcmp (setting->name, key) != 0)
    setting++;
  switch (setting->name == NULL ? -1 : (int) setting->kind)
    {
    case ARMCHAIR_QUICK_NUMBER:
    case ARMCHAIR_QUICK_GRACE_DAYS:
      if (!parse_number (value, &number) || number > setting->maximum)
        return FALSE;
      reader->has_grace_days |= setting->kind == ARMCHAIR_QUICK_GRACE_DAYS;
      g_value_set_double (add_setting (reader->settings, setting->name, G_TYPE_DOUBLE), number);
      return TRUE;
    case ARMCHAIR_QUICK_COUNT:
      if (!parse_count (value, &count) || count < setting->minimum || count > setting->maximum)
        return FALSE;
      g_value_set_int (add_setting (reader->settings, setting->name, G_TYPE_INT), count);
      return TRUE;
    case ARMCHAIR_QUICK_FLAG:
      choice = armchair_quick_trimmed (value);
      if (choice == NULL || !g_strv_contains ((const char *const[]) { "true", "1", "false", "0", NULL }, choice))
        return FALSE;
      g_value_set_boolean (add_setting (reader->settings, setting->name, G_TYPE_BOOLEAN),
                           strcmp (choice, "true") == 0 || strcmp (choice, "1") == 0);
      return TRUE;
    case ARMCHAIR_QUICK_TEXT:
      if (!armchair_quick_text_is_surely_not_blank (value) || !armchair_quick_text_setting_is_valid (setting->name, value))
        return FALSE;
      g_value_set_string (add_setting (reader->settings, setting->name, G_TYPE_STRING), value);
      return TRUE;
    case ARMCHAIR_QUICK_CHOICE:
      choice = armchair_quick_trimmed (value);
      for (const ArmchairQuickChoice *option = setting->choices; choice != NULL && option->name != NULL; option++)
        if (strcmp (option->name, choice) == 0)
          {
            if (strcmp (setting->name, "update-policy") == 0)
              reader->update_policy = option->value;
            g_value_set_enum (add_setting (reader->settings, setting->name, setting->enum_type ()), option->value);
            return TRUE;
          }
      return FALSE;
    default:
      return FALSE;
    }
}

static gboolean
read_text (Reader *reader, const char *key, const char *value)
{
  const ArmchairQuickText *text = armchair_quick_texts;

  while (text->key != NULL && strcmp (text->key, key) != 0)
    text++;
  if (text->key == NULL)
    return FALSE;
  if (armchair_quick_text_is_surely_blank (value))
    {
      if (!text->hideable)
        return FALSE;
      value = "";
    }
  else if (!armchair_quick_text_is_surely_not_blank (value))
    return FALSE;
  g_value_set_string (add_setting (reader->settings, text->property, G_TYPE_STRING), value);
  return TRUE;
}

static gboolean
read_entry (Reader *reader, const char *key, const char *value)
{
  g_autofree char *seen = g_strconcat (reader->group_name, "\n", key, NULL);
  Entry *entry;
  int count;

  if (!g_hash_table_add (reader->keys, g_steal_pointer (&seen)))
    return FALSE;
  switch (reader->group)
    {
    case GROUP_SETTINGS:
      return read_setting (reader, key, value);
    case GROUP_TEXTS:
      return read_text (reader, key, value);
    case GROUP_WEIGHTS:
    case GROUP_SCENARIO:
      if (!armchair_quick_event_name_is_valid (key) || !parse_count (value, &count) || count < 1)
        return FALSE;
      if (count > (reader->group == GROUP_WEIGHTS ? ARMCHAIR_QUICK_EVENT_WEIGHT_MAXIMUM : armchair_quick_scenario_count_bound))
        return FALSE;
      entry = g_new0 (Entry, 1);
      entry->key = g_strdup (key);
      entry->count = count;
      g_ptr_array_add (reader->group == GROUP_WEIGHTS ? reader->weights : reader->entries, entry);
      return TRUE;
    case GROUP_KEY_NAMES:
      if (!armchair_quick_state_key_is_known (key) || !armchair_quick_state_key_name_is_valid (value))
        return FALSE;
      entry = g_new0 (Entry, 1);
      entry->key = g_strdup (key);
      entry->name = g_strdup (value);
      g_ptr_array_add (reader->key_names, entry);
      return TRUE;
    default:
      return FALSE;
    }
}

/* An a{si} of @entries, sorted by name as Swift's VariantDictionary.counts sorts them. */
static GVariant *
counts (GPtrArray *entries)
{
  GVariantBuilder builder;

  g_ptr_array_sort (entries, compare_entries);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (entries, i);

      g_variant_builder_add (&builder, "{si}", entry->key, entry->count);
    }
  return g_variant_builder_end (&builder);
}

/* Ends the group being read: a scenario must list an event. */
static gboolean
end_group (Reader *reader)
{
  if (reader->group != GROUP_SCENARIO)
    return TRUE;
  if (reader->entries->len == 0)
    return FALSE;
  g_variant_builder_add (&reader->scenarios, "{s@a{si}}", reader->group_name + strlen ("Scenario "),
                         counts (reader->entries));
  g_ptr_array_set_size (reader->entries, 0);
  reader->has_scenarios = TRUE;
  return TRUE;
}

static gboolean
begin_group (Reader *reader, const char *name)
{
  if (!end_group (reader))
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (*p < 0x20 || *p > 0x7e)
      return FALSE;
  if (!g_hash_table_add (reader->groups, g_strdup (name)))
    return FALSE;
  g_free (reader->group_name);
  reader->group_name = g_strdup (name);
  if (strcmp (name, "Armchair") == 0)
    reader->group = GROUP_SETTINGS;
  else if (strcmp (name, "Event Weights") == 0)
    reader->group = GROUP_WEIGHTS;
  else if (strcmp (name, "Texts") == 0)
    reader->group = GROUP_TEXTS;
  else if (strcmp (name, "Key Names") == 0)
    reader->group = GROUP_KEY_NAMES;
  else if (g_str_has_prefix (name, "Scenario "))
    reader->group = GROUP_SCENARIO;
  else
    return FALSE;
  return TRUE;
}

/* KeyFile.unescaped: \\, \n, \t, \r and \s; any other escape stays as written. */
static char *
unescaped (const char *start, const char *end)
{
  GString *value = g_string_sized_new (end - start);

  for (const char *p = start; p < end; p++)
    {
      if (*p != '\\' || p + 1 == end)
        {
          g_string_append_c (value, *p);
          continue;
        }
      p++;
      switch (*p)
        {
        case '\\': g_string_append_c (value, '\\'); break;
        case 'n': g_string_append_c (value, '\n'); break;
        case 't': g_string_append_c (value, '\t'); break;
        case 'r': g_string_append_c (value, '\r'); break;
        case 's': g_string_append_c (value, ' '); break;
        default:
          g_string_append_c (value, '\\');
          g_string_append_c (value, *p);
        }
    }
  return g_string_free (value, FALSE);
}

static gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t';
}

/* One line, as KeyFile reads it: a comment, a [Group] or a key=value. */
static gboolean
read_line (Reader *reader, const char *start, const char *end)
{
  const char *equals;
  const char *key_end;
  const char *value;
  g_autofree char *key = NULL;
  g_autofree char *text = NULL;

  if (end > start && end[-1] == '\r')
    end--;
  while (start < end && is_blank (*start))
    start++;
  if (start == end || *start == '#')
    return TRUE;
  if (*start == '[')
    {
      g_autofree char *name = NULL;

      while (end > start && is_blank (end[-1]))
        end--;
      if (end[-1] != ']' || end - start <= 2)
        return FALSE;
      name = g_strndup (start + 1, end - start - 2);
      return begin_group (reader, name);
    }
  equals = memchr (start, '=', end - start);
  if (equals == NULL || reader->group == GROUP_NONE)
    return FALSE;
  key_end = equals;
  while (key_end > start && is_blank (key_end[-1]))
    key_end--;
  value = equals + 1;
  while (value < end && is_blank (*value))
    value++;
  if (key_end == start)
    return FALSE;
  key = g_strndup (start, key_end - start);
  text = unescaped (value, end);
  return read_entry (reader, key, text);
}

static gboolean
read_lines (Reader *reader, const char *text, gsize size)
{
  const char *end = text + size;

  if (memchr (text, '\0', size) != NULL || !g_utf8_validate_len (text, size, NULL))
    return FALSE;
  for (const char *line = text;; )
    {
      const char *newline = memchr (line, '\n', end - line);

      if (!read_line (reader, line, newline != NULL ? newline : end))
        return FALSE;
      if (newline == NULL)
        break;
      line = newline + 1;
    }
  if (!end_group (reader))
    return FALSE;
  /* ConfigurationFileReader: update-grace-days applies only with keep-counters. */
  return !(reader->update_policy == ARMCHAIR_UPDATE_POLICY_RESET_COUNTERS && reader->has_grace_days);
}

gboolean
armchair_settings_file_read_quick (const char *path, GPtrArray **settings_out)
{
  g_autoptr (GBytes) bytes = armchair_quick_read_file (path, SETTINGS_FILE_LIMIT);
  g_autoptr (GPtrArray) settings = g_ptr_array_new_with_free_func ((GDestroyNotify) armchair_setting_value_free);
  g_autoptr (GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  g_autoptr (GPtrArray) weights = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  g_autoptr (GPtrArray) key_names = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  Reader reader = { settings, groups, keys, GROUP_NONE, NULL, entries, weights, key_names, .update_policy = -1 };
  gboolean read;

  *settings_out = NULL;
  if (bytes == NULL)
    return FALSE;
  g_variant_builder_init (&reader.scenarios, G_VARIANT_TYPE ("a{sa{si}}"));
  read = read_lines (&reader, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_free (reader.group_name);
  if (!read)
    {
      g_variant_builder_clear (&reader.scenarios);
      return FALSE;
    }
  if (weights->len > 0)
    g_value_take_variant (add_setting (settings, "event-weights", G_TYPE_VARIANT), g_variant_ref_sink (counts (weights)));
  if (reader.has_scenarios)
    g_value_take_variant (add_setting (settings, "event-scenarios", G_TYPE_VARIANT),
                          g_variant_ref_sink (g_variant_builder_end (&reader.scenarios)));
  else
    g_variant_builder_clear (&reader.scenarios);
  if (key_names->len > 0)
    {
      GVariantBuilder builder;

      g_ptr_array_sort (key_names, compare_entries);
      g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
      for (guint i = 0; i < key_names->len; i++)
        {
          Entry *entry = g_ptr_array_index (key_names, i);

          g_variant_builder_add (&builder, "{ss}", entry->key, entry->name);
        }
      g_value_take_variant (add_setting (settings, "key-names", G_TYPE_VARIANT),
                            g_variant_ref_sink (g_variant_builder_end (&builder)));
    }
  *settings_out = g_steal_pointer (&settings);
  return TRUE;
}
