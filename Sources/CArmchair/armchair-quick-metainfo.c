/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#include "armchair-private.h"
#include "armchair-quick-checks-private.h"

#include <string.h>
#include <sys/stat.h>

/* The app's installed AppStream metadata in C, as Swift's `Configuration.installed(appID:metainfo:
 * .installed…)` finds and reads it (Sources/ArmchairGLib/AppMetainfo.swift, MarkupElement.swift and
 * Sources/ArmchairCore/Platform/MetainfoSearch.swift are the reference): found, read with the same
 * GMarkup parser, describing the app, and giving a current version. */

/* AppMetainfo.sizeLimit. */
#define METAINFO_LIMIT (16 * 1024 * 1024)
/* How far a release's time must be from now for C to be sure which side of Swift's own "now" it
 * falls on: Swift reads the clock a little later. */
#define CLOCK_MARGIN_SECONDS 60.0

/* A <release>: the attributes the current version depends on, each the last of its name, as
 * Swift's dictionary of attributes keeps it. */
typedef struct {
  char *type;
  char *version;
  char *date;
  char *timestamp;
} Release;

static void
release_free (Release *release)
{
  g_free (release->type);
  g_free (release->version);
  g_free (release->date);
  g_free (release->timestamp);
  g_free (release);
}

/* What MarkupElement's tree would give the checks, gathered as GMarkup reads: the root is the last
 * element at the top (as Swift's tree builder keeps it), its first <id> and first <releases>, and
 * their <release> children. */
typedef struct {
  /* Reading releases/<id>.releases.xml, whose root holds the releases. */
  gboolean releases_file;
  int depth;
  char *root;
  gboolean has_id;
  gboolean in_id;
  GString *id;
  gboolean has_releases;
  gboolean in_releases;
  char *releases_type;
  GPtrArray *releases;
} MarkupReader;

static const char *
attribute (const char **names, const char **values, const char *name)
{
  const char *value = NULL;

  for (int i = 0; names[i] != NULL; i++)
    if (strcmp (names[i], name) == 0)
      value = values[i];
  return value;
}

static void
start_element (G_GNUC_UNUSED GMarkupParseContext *context, const char *name, const char **names,
               const char **values, gpointer data, G_GNUC_UNUSED GError **error)
{
  MarkupReader *reader = data;

  reader->depth++;
  if (reader->depth == 1)
    {
      g_free (reader->root);
      reader->root = g_strdup (name);
      reader->has_id = FALSE;
      g_string_truncate (reader->id, 0);
      reader->has_releases = FALSE;
      g_clear_pointer (&reader->releases_type, g_free);
      g_ptr_array_set_size (reader->releases, 0);
      reader->in_releases = reader->releases_file;
      return;
    }
  if (reader->depth == 2 && !reader->releases_file)
    {
      if (strcmp (name, "id") == 0 && !reader->has_id)
        reader->has_id = reader->in_id = TRUE;
      else if (strcmp (name, "releases") == 0 && !reader->has_releases)
        {
          reader->has_releases = reader->in_releases = TRUE;
          reader->releases_type = g_strdup (attribute (names, values, "type"));
        }
      return;
    }
  if (reader->in_releases && reader->depth == (reader->releases_file ? 2 : 3) && strcmp (name, "release") == 0)
    {
      Release *release = g_new0 (Release, 1);

      release->type = g_strdup (attribute (names, values, "type"));
      release->version = g_strdup (attribute (names, values, "version"));
      release->date = g_strdup (attribute (names, values, "date"));
      release->timestamp = g_strdup (attribute (names, values, "timestamp"));
      g_ptr_array_add (reader->releases, release);
    }
}

static void
end_element (G_GNUC_UNUSED GMarkupParseContext *context, G_GNUC_UNUSED const char *name, gpointer data,
             G_GNUC_UNUSED GError **error)
{
  MarkupReader *reader = data;

  if (reader->depth == 2 && !reader->releases_file)
    reader->in_id = reader->in_releases = FALSE;
  reader->depth--;
}

/* An element's own text, not its children's: Swift adds text to the innermost open element. */
static void
text_read (G_GNUC_UNUSED GMarkupParseContext *context, const char *text, gsize length, gpointer data,
           G_GNUC_UNUSED GError **error)
{
  MarkupReader *reader = data;

  if (reader->in_id && reader->depth == 2)
    g_string_append_len (reader->id, text, length);
}

/* Reads the XML document at @path into @reader as AppMetainfo.readDocument does: FALSE when Swift
 * cannot read it or GMarkup finds it malformed, or it has no element. */
static gboolean
read_document (const char *path, MarkupReader *reader)
{
  static const GMarkupParser parser = { start_element, end_element, text_read, NULL, NULL };
  g_autoptr (GBytes) bytes = armchair_quick_read_file (path, METAINFO_LIMIT);
  GMarkupParseContext *context;
  gboolean parsed;

  if (bytes == NULL)
    return FALSE;
  context = g_markup_parse_context_new (&parser, G_MARKUP_PREFIX_ERROR_POSITION, reader, NULL);
  parsed = g_markup_parse_context_parse (context, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL)
           && g_markup_parse_context_end_parse (context, NULL);
  g_markup_parse_context_free (context);
  return parsed && reader->root != NULL;
}

/* @text without the spaces, tabs and line breaks around it, as AppMetainfo's trimmingWhitespace
 * (which drops characters, not bytes); NULL when Swift might trim it otherwise: with a carriage
 * return (which a line feed makes one character, neither of the four), or a character outside
 * ASCII beside what is trimmed (a mark that would join it). */
static char *
trimmed (const char *text)
{
  const char *start = text;
  const char *end = text + strlen (text);

  if (strchr (text, '\r') != NULL)
    return NULL;
  while (start < end && strchr (" \t\n", *start) != NULL)
    start++;
  while (end > start && strchr (" \t\n", end[-1]) != NULL)
    end--;
  if ((start > text && start < end && (guchar) *start >= 0x80)
      || (end < text + strlen (text) && end > start && (guchar) end[-1] >= 0x80))
    return NULL;
  return g_strndup (start, end - start);
}

typedef enum {
  RELEASED,
  NOT_YET_RELEASED,
  NOT_SURE,
} ReleaseTime;

/* AppMetainfo.releaseTime against @now: its timestamp, else its date, else none (released). */
static ReleaseTime
release_time (const Release *release, double now)
{
  g_autofree char *text = NULL;
  double time;

  if (release->timestamp != NULL)
    {
      text = trimmed (release->timestamp);
      if (text == NULL || strlen (text) < 1 || strlen (text) > 15 || strspn (text, "0123456789") != strlen (text))
        return NOT_SURE;
      time = g_ascii_strtod (text, NULL);
    }
  else if (release->date != NULL)
    {
      g_autoptr (GTimeZone) utc = g_time_zone_new_utc ();
      g_autoptr (GDateTime) date = NULL;
      g_autofree char *iso = NULL;

      text = trimmed (release->date);
      if (text == NULL)
        return NOT_SURE;
      for (const char *p = text; *p != '\0'; p++)
        if ((guchar) *p >= 0x80)
          return NOT_SURE;
      iso = strlen (text) == 10 ? g_strconcat (text, "T00:00:00Z", NULL) : g_strdup (text);
      date = g_date_time_new_from_iso8601 (iso, utc);
      if (date == NULL)
        return RELEASED;
      time = g_date_time_to_unix (date);
    }
  else
    return RELEASED;
  if (time <= now - CLOCK_MARGIN_SECONDS)
    return RELEASED;
  return time > now + CLOCK_MARGIN_SECONDS ? NOT_YET_RELEASED : NOT_SURE;
}

/* AppMetainfo.currentVersion gives a version that Configuration.validate() finds not blank: a
 * stable release surely out with a version, and no release that may count with a version C is not
 * sure of. */
static gboolean
has_current_version (GPtrArray *releases)
{
  double now = g_get_real_time () / 1e6;
  gboolean found = FALSE;

  for (guint i = 0; i < releases->len; i++)
    {
      const Release *release = g_ptr_array_index (releases, i);
      g_autofree char *version = NULL;
      ReleaseTime time;

      if (release->type != NULL && strcmp (release->type, "stable") != 0)
        continue;
      time = release_time (release, now);
      if (time == NOT_YET_RELEASED || release->version == NULL)
        continue;
      version = trimmed (release->version);
      if (version != NULL && *version == '\0')
        continue;
      if (version == NULL || !armchair_quick_text_is_surely_not_blank (version))
        return FALSE;
      found |= time == RELEASED;
    }
  return found;
}

/* MetainfoSearch: the first of the app's file names that exists in the metainfo folders, then the
 * appdata ones, of the program's <prefix>/share and (unless the program runs from a build folder)
 * the XDG data folders. */
static gboolean
find_metainfo (const char *app_id, char **path_out)
{
  g_autoptr (GPtrArray) folders = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *prefix = NULL;
  g_autofree char *program_folder = NULL;
  gboolean searches_installed = TRUE;
  const char *ids[] = { app_id, NULL, NULL };
  g_autofree char *desktop_id = NULL;

  *path_out = NULL;
  if (!armchair_quick_program_location (&prefix, &program_folder))
    return FALSE;
  if (prefix != NULL)
    {
      if (!armchair_quick_add_folder (folders, g_strconcat (prefix, "/share", NULL)))
        return FALSE;
    }
  else if (program_folder != NULL)
    searches_installed = strcmp (program_folder, "/bin") == 0 || strcmp (program_folder, "/sbin") == 0;
  if (searches_installed)
    {
      g_autofree char *home = NULL;

      if (!armchair_quick_data_home (FALSE, &home))
        return FALSE;
      if (home != NULL && !armchair_quick_add_folder (folders, g_steal_pointer (&home)))
        return FALSE;
      if (!armchair_quick_system_data_folders (folders))
        return FALSE;
    }
  if (!g_str_has_suffix (app_id, ".desktop"))
    ids[1] = desktop_id = g_strconcat (app_id, ".desktop", NULL);
  for (int kind = 0; kind < 2; kind++)
    for (guint i = 0; i < folders->len; i++)
      for (int j = 0; ids[j] != NULL; j++)
        for (int suffix = 0; suffix < 2; suffix++)
          {
            g_autofree char *path = g_strconcat (g_ptr_array_index (folders, i), kind == 0 ? "/metainfo/" : "/appdata/",
                                                 ids[j], suffix == 0 ? ".metainfo.xml" : ".appdata.xml", NULL);
            struct stat status;

            if (lstat (path, &status) == 0)
              {
                *path_out = g_steal_pointer (&path);
                return TRUE;
              }
          }
  return FALSE;
}

gboolean
armchair_metainfo_check_quick (const char *app_id, char **path_out)
{
  const char *named;
  g_autofree char *path = NULL;
  g_autofree char *id = NULL;
  g_autoptr (GPtrArray) releases = g_ptr_array_new_with_free_func ((GDestroyNotify) release_free);
  g_autoptr (GString) id_text = g_string_new (NULL);
  MarkupReader reader = { .id = id_text, .releases = releases };
  gboolean usable;

  if (!armchair_quick_application_id_is_valid (app_id))
    return FALSE;
  if (!armchair_quick_environment_value ("ARMCHAIR_METAINFO", &named))
    return FALSE;
  if (named != NULL && *named != '\0')
    {
      struct stat status;

      if (!armchair_quick_separators_are_plain (named, "/") || lstat (named, &status) != 0)
        return FALSE;
      path = g_strdup (named);
    }
  else if (!find_metainfo (app_id, &path))
    return FALSE;

  usable = read_document (path, &reader) && strcmp (reader.root, "component") == 0;
  if (usable)
    {
      id = trimmed (reader.id->str);
      usable = id != NULL
               && (strcmp (id, app_id) == 0
                   || (g_str_has_prefix (id, app_id) && strcmp (id + strlen (app_id), ".desktop") == 0)
                   || (g_str_has_prefix (app_id, id) && strcmp (app_id + strlen (id), ".desktop") == 0));
    }
  if (usable && reader.has_releases && g_strcmp0 (reader.releases_type, "external") == 0)
    {
      /* MetainfoSearch.externalReleasesPath, beside the file (FileSystem.directory (of:)). */
      const char *slash = strrchr (path, '/');
      g_autofree char *folder = slash == NULL ? g_strdup (".") : slash == path ? g_strdup ("/") : g_strndup (path, slash - path);
      g_autofree char *external = g_strconcat (folder, "/releases/", id, ".releases.xml", NULL);
      struct stat status;

      g_clear_pointer (&reader.root, g_free);
      reader.releases_file = TRUE;
      usable = lstat (external, &status) == 0 && read_document (external, &reader);
    }
  usable = usable && has_current_version (releases);
  g_free (reader.root);
  g_free (reader.releases_type);
  if (usable && path_out != NULL)
    *path_out = g_steal_pointer (&path);
  return usable;
}
