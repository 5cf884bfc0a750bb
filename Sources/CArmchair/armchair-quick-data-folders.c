/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#include "armchair-quick-checks-private.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where Swift looks for installed files, read as Swift reads it (ProcessEnvironment,
 * RunningExecutable, XDGDataFolders, FileSystem.read), for the settings file and the AppStream
 * metadata. Each function says FALSE ("not sure") where Swift might read the same bytes otherwise:
 * text that is not UTF-8 (Swift repairs it), a character outside ASCII beside a separator (Swift
 * splits by character), two folders Swift might take for one (it compares canonically). */

extern char **environ;

/* The value of the environment variable @name as ProcessEnvironment.current has it: the last
 * entry of that name wins; NULL when there is none (also after clearenv ()). */
gboolean
armchair_quick_environment_value (const char *name, const char **value_out)
{
  size_t length = strlen (name);
  const char *value = NULL;

  for (char **entry = environ; entry != NULL && *entry != NULL; entry++)
    if (strncmp (*entry, name, length) == 0 && (*entry)[length] == '=')
      value = *entry + length + 1;
  /* Swift splits the entry at its first "=" character, which a combining mark would extend. */
  if (value != NULL && ((guchar) value[0] >= 0x80 || !g_utf8_validate (value, -1, NULL)))
    return FALSE;
  *value_out = value;
  return TRUE;
}

/* RunningExecutable.installationPrefix (of:): <prefix> for <prefix>/bin/x, sbin/x, libexec/x and
 * libexec/x/y; NULL for a program elsewhere, or in /bin itself. */
static char *
installation_prefix (const char *path)
{
  g_auto (GStrv) parts = g_strsplit (path, "/", -1);
  g_autoptr (GPtrArray) folders = g_ptr_array_new ();
  g_autofree char *joined = NULL;
  guint prefix_length;

  for (char **part = parts; *part != NULL; part++)
    if (**part != '\0')
      g_ptr_array_add (folders, *part);
  if (folders->len > 0)
    g_ptr_array_set_size (folders, folders->len - 1);
  if (folders->len > 0 && g_strv_contains ((const char *const[]) { "bin", "sbin", "libexec", NULL },
                                           g_ptr_array_index (folders, folders->len - 1)))
    prefix_length = folders->len - 1;
  else if (folders->len >= 2 && strcmp (g_ptr_array_index (folders, folders->len - 2), "libexec") == 0)
    prefix_length = folders->len - 2;
  else
    return NULL;
  if (prefix_length == 0)
    return NULL;
  g_ptr_array_set_size (folders, prefix_length);
  g_ptr_array_add (folders, NULL);
  joined = g_strjoinv ("/", (char **) folders->pdata);
  return g_strconcat ("/", joined, NULL);
}

/* The running program as RunningExecutable.path reads it (/proc/self/exe, without the suffix of
 * a program replaced on disk): its installation prefix (NULL when it has none) and its folder
 * (NULL when the path cannot be read, as Swift then has no program). */
gboolean
armchair_quick_program_location (char **prefix_out, char **folder_out)
{
  const char deleted[] = " (deleted)";
  char path[PATH_MAX + 1];
  ssize_t length = readlink ("/proc/self/exe", path, PATH_MAX);
  char *slash;

  *prefix_out = NULL;
  *folder_out = NULL;
  if (length <= 0)
    return TRUE;
  path[length] = '\0';
  if (!armchair_quick_separators_are_plain (path, "/"))
    return FALSE;
  if (g_str_has_suffix (path, deleted))
    {
      length -= strlen (deleted);
      /* A prepended mark before the space would make " (deleted)" no suffix to Swift. */
      if (length > 0 && (guchar) path[length - 1] >= 0x80)
        return FALSE;
      path[length] = '\0';
    }
  slash = strrchr (path, '/');
  *prefix_out = installation_prefix (path);
  *folder_out = slash == NULL ? g_strdup (".") : slash == path ? g_strdup ("/") : g_strndup (path, slash - path);
  return TRUE;
}

/* XDGDataFolders.absolute: @path without one trailing slash, or NULL when it is relative. */
static gboolean
absolute_folder (const char *path, char **folder_out)
{
  size_t length = strlen (path);

  if (!armchair_quick_separators_are_plain (path, "/"))
    return FALSE;
  if (path[0] != '/')
    {
      *folder_out = NULL;
      return TRUE;
    }
  if (length > 1 && path[length - 1] == '/')
    length--;
  *folder_out = g_strndup (path, length);
  return TRUE;
}

/* XDGDataFolders.home: $XDG_DATA_HOME, else ~/.local/share from $HOME, else (for the settings
 * file, not the metadata) from the user database; NULL when none is absolute. */
gboolean
armchair_quick_data_home (gboolean from_user_database, char **folder_out)
{
  const char *data_home;
  const char *home;
  g_autofree char *folder = NULL;

  if (!armchair_quick_environment_value ("XDG_DATA_HOME", &data_home))
    return FALSE;
  if (data_home != NULL)
    {
      if (!absolute_folder (data_home, &folder))
        return FALSE;
      if (folder != NULL)
        {
          *folder_out = g_steal_pointer (&folder);
          return TRUE;
        }
    }
  if (!armchair_quick_environment_value ("HOME", &home))
    return FALSE;
  if (home == NULL && from_user_database)
    {
      struct passwd *entry = getpwuid (getuid ());

      home = entry != NULL ? entry->pw_dir : NULL;
      if (home != NULL && !g_utf8_validate (home, -1, NULL))
        return FALSE;
    }
  if (home != NULL && !absolute_folder (home, &folder))
    return FALSE;
  *folder_out = folder == NULL ? NULL : g_strconcat (strcmp (folder, "/") == 0 ? "" : folder, "/.local/share", NULL);
  return TRUE;
}

/* XDGDataFolders.system: each absolute folder of $XDG_DATA_DIRS (default /usr/local/share and
 * /usr/share), added to @folders. */
gboolean
armchair_quick_system_data_folders (GPtrArray *folders)
{
  const char *data_dirs;
  g_auto (GStrv) parts = NULL;

  if (!armchair_quick_environment_value ("XDG_DATA_DIRS", &data_dirs))
    return FALSE;
  if (data_dirs == NULL || *data_dirs == '\0')
    data_dirs = "/usr/local/share:/usr/share";
  if (!armchair_quick_separators_are_plain (data_dirs, ":"))
    return FALSE;
  parts = g_strsplit (data_dirs, ":", -1);
  for (char **part = parts; *part != NULL; part++)
    {
      char *folder = NULL;

      if (**part == '\0')
        continue;
      if (!absolute_folder (*part, &folder))
        return FALSE;
      if (folder != NULL && !armchair_quick_add_folder (folders, folder))
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_ascii (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if ((guchar) *p >= 0x80)
      return FALSE;
  return TRUE;
}

static gboolean
has_unassigned_character (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_type (g_utf8_get_char (p)) == G_UNICODE_UNASSIGNED)
      return TRUE;
  return FALSE;
}

/* Whether Swift might find the different texts @a and @b equal: canonically equivalent, by GLib's
 * Unicode tables, or holding a character those tables (perhaps older than Swift's) do not know. */
static gboolean
may_be_equal_to_swift (const char *a, const char *b)
{
  g_autofree char *decomposed_a = NULL;
  g_autofree char *decomposed_b = NULL;

  if (is_ascii (a) && is_ascii (b))
    return FALSE;
  if (has_unassigned_character (a) || has_unassigned_character (b))
    return TRUE;
  decomposed_a = g_utf8_normalize (a, -1, G_NORMALIZE_NFD);
  decomposed_b = g_utf8_normalize (b, -1, G_NORMALIZE_NFD);
  return g_strcmp0 (decomposed_a, decomposed_b) == 0;
}

/* Adds @folder (taking it) to @folders unless it is there already, as Swift drops a folder seen
 * before; FALSE when Swift might take it for one of them although its bytes differ. */
gboolean
armchair_quick_add_folder (GPtrArray *folders, char *folder)
{
  g_autofree char *owned = folder;

  for (guint i = 0; i < folders->len; i++)
    {
      const char *known = g_ptr_array_index (folders, i);

      if (strcmp (known, folder) == 0)
        return TRUE;
      if (may_be_equal_to_swift (known, folder))
        return FALSE;
    }
  g_ptr_array_add (folders, g_steal_pointer (&owned));
  return TRUE;
}

/* FileSystem.read: a regular file of at most @limit bytes, opened without blocking (a FIFO is
 * refused, not waited for); NULL for anything else. */
GBytes *
armchair_quick_read_file (const char *path, gsize limit)
{
  int descriptor = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  struct stat status;
  g_autoptr (GByteArray) contents = NULL;

  if (descriptor < 0)
    return NULL;
  if (fstat (descriptor, &status) != 0 || !S_ISREG (status.st_mode) || (gsize) status.st_size > limit)
    {
      close (descriptor);
      return NULL;
    }
  contents = g_byte_array_sized_new (status.st_size + 1);
  for (;;)
    {
      guint8 buffer[16384];
      ssize_t count = read (descriptor, buffer, sizeof buffer);

      if (count < 0 && errno == EINTR)
        continue;
      if (count <= 0 || contents->len + (gsize) count > limit)
        {
          close (descriptor);
          return count == 0 ? g_byte_array_free_to_bytes (g_steal_pointer (&contents)) : NULL;
        }
      g_byte_array_append (contents, buffer, count);
    }
}
