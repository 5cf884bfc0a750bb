/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

/* The quick checks of libarmchair-1 (Sources/CArmchair/armchair-quick-*.c, compiled into this
 * program) against the Swift they stand in for, in the same process, on real files: whenever a
 * quick check says fine, Swift must say fine too and read the same values (a disagreement fails
 * the test), and every ordinary file and configuration must be fine to the quick checks (their use
 * before an app's first frame depends on it).
 *
 * Swift is asked through the engine modules' tables (armchair-swift-private.h), which the program
 * loads itself from the armchair-1 folder beside libarmchair-1, never through the library's
 * public functions: those answer from the quick checks whenever they are sure, and the test would
 * compare the quick checks with themselves.
 *
 *   quick-checks --source-root DIR [--case-seed N] [--cases N] [--seconds S]
 *
 * The corpora are the project's own settings files and metadata, the examples of its documentation
 * and tests, hand-written edge cases, every value of the generators' pools alone, and --cases
 * files, configurations and metadata a generator makes from --case-seed (0: a fresh seed, printed),
 * or as many as fit in --seconds (shared by the tests that generate). Swift searches the installed
 * folders for a program in a `bin` folder only, so the program first runs a copy of itself from
 * <temporary folder>/prefix/bin, with every XDG folder in the temporary folder. A GLib test
 * program (TAP); each test prints its figures. */

#define _GNU_SOURCE /* dladdr */
#include <armchair-gtk3.h>
#include <dlfcn.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "armchair-quick-checks-private.h"
#include "armchair-swift-private.h"

#define APP_ID "org.example.Notes"

extern char **environ;

static char *source_root;
static gint64 seed = 1;
static int generated_cases = 1000;
static double seconds;
/* The temporary folder, whose prefix/bin/ holds this program. */
static char *work;
/* Swift: the core engine module's table and the GTK 3 engine module's (load_swift ()). */
static const ArmchairSwiftCore *swift_core;
static const ArmchairSwiftToolkit *swift_gtk3;

/* What a test found. */
typedef struct {
  const char *what;
  guint cases;
  guint swift_fine;
  guint quick_fine;
  guint disagreements;
} Tally;

static void
report (const Tally *tally)
{
  g_test_message ("%s: %u cases, %u fine to Swift, %u fine to the quick check (%.1f%%), %u disagreements",
                  tally->what, tally->cases, tally->swift_fine, tally->quick_fine,
                  tally->swift_fine > 0 ? 100.0 * tally->quick_fine / tally->swift_fine : 100.0, tally->disagreements);
  if (tally->disagreements > 0)
    g_test_fail ();
}

static void
disagree (Tally *tally, const char *input, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
disagree (Tally *tally, const char *input, const char *format, ...)
{
  va_list arguments;
  g_autofree char *message = NULL;
  g_autofree char *escaped = g_strescape (input, NULL);

  va_start (arguments, format);
  message = g_strdup_vprintf (format, arguments);
  va_end (arguments);
  if (tally->disagreements++ < 20)
    g_test_message ("DISAGREEMENT (%s): %s\n  input: \"%s\"", tally->what, message, escaped);
}

/* The tests that generate cases, which share --seconds. */
#define GENERATING_TESTS 4

/* Whether a generating test may make one more case. */
static gboolean
more_cases (int made, gint64 start)
{
  if (seconds > 0)
    return g_get_monotonic_time () - start < seconds / GENERATING_TESTS * G_USEC_PER_SEC;
  return made < generated_cases;
}

static void
write_file (const char *path, const char *contents, gssize length)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  /* Without fsync (): the files are thrown away. GLib 2.74 writes over an existing file without
   * truncating it then, so the file goes first. */
  g_unlink (path);
  g_file_set_contents_full (path, contents, length, G_FILE_SET_CONTENTS_NONE, 0600, &error);
  g_assert_no_error (error);
}

static void
remove_tree (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileEnumerator) children = NULL;
  GFileInfo *info;

  children = g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                                        NULL, NULL);
  while (children != NULL && (info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, g_file_info_get_name (info), NULL);
      struct stat status;

      if (lstat (child, &status) == 0 && S_ISDIR (status.st_mode))
        remove_tree (child);
      else
        g_unlink (child);
      g_object_unref (info);
    }
  g_rmdir (path);
}

static const char *
pick (GRand *rand, const char *const *choices)
{
  return choices[g_rand_int_range (rand, 0, g_strv_length ((char **) choices))];
}

static gboolean
chance (GRand *rand, double probability)
{
  return g_rand_double (rand) < probability;
}

static gboolean
values_equal (const GValue *a, const GValue *b)
{
  switch (G_TYPE_FUNDAMENTAL (G_VALUE_TYPE (a)))
    {
    case G_TYPE_STRING: return g_strcmp0 (g_value_get_string (a), g_value_get_string (b)) == 0;
    case G_TYPE_DOUBLE: return g_value_get_double (a) == g_value_get_double (b);
    case G_TYPE_INT: return g_value_get_int (a) == g_value_get_int (b);
    case G_TYPE_BOOLEAN: return g_value_get_boolean (a) == g_value_get_boolean (b);
    case G_TYPE_ENUM: return g_value_get_enum (a) == g_value_get_enum (b);
    case G_TYPE_VARIANT:
      if (g_value_get_variant (a) == NULL || g_value_get_variant (b) == NULL)
        return g_value_get_variant (a) == g_value_get_variant (b);
      return g_variant_equal (g_value_get_variant (a), g_value_get_variant (b));
    default: g_assert_not_reached ();
    }
}

/* MARK: Swift */

/* Opens @file of @folder/armchair-1/ as libarmchair-1 does (armchair-engine-module.c), and returns
 * its @entry point's table. */
static const void *
open_engine_module (const char *folder, const char *file, const char *entry)
{
  g_autofree char *path = g_build_filename (folder, "armchair-1", file, NULL);
  const void *(*entry_point) (void);
  void *handle = dlopen (path, RTLD_NOW | RTLD_LOCAL);

  if (handle == NULL)
    g_error ("cannot load the engine module %s: %s", path, dlerror ());
  entry_point = (const void *(*) (void)) dlsym (handle, entry);
  if (entry_point == NULL)
    g_error ("the engine module %s has no %s", path, entry);
  return entry_point ();
}

/* Loads the engine modules beside the libarmchair-1 this program runs with, the core first (the
 * GTK 3 module links it). On the main thread: libdispatch binds Swift's main actor to the thread
 * that loads it. */
static void
load_swift (void)
{
  Dl_info info = { 0 };
  g_autofree char *library = NULL;
  g_autofree char *folder = NULL;

  /* A function of the library's own, found as the dynamic loader bound it: this program holds
   * copies of the quick checks, whose addresses would name the program. */
  if (dladdr (dlsym (RTLD_DEFAULT, "armchair_configuration_new"), &info) == 0 || info.dli_fname == NULL)
    g_error ("cannot find the folder of libarmchair-1");
  library = g_canonicalize_filename (info.dli_fname, NULL);
  folder = g_path_get_dirname (library);
  g_test_message ("Swift from %s/armchair-1", folder);
  swift_core = open_engine_module (folder, "libarmchair-engine.so", "armchair_swift_core");
  swift_gtk3 = open_engine_module (folder, "libarmchair-engine-gtk3.so", "armchair_gtk3_swift");
}

static gint
compare_parameter_ids (gconstpointer a, gconstpointer b)
{
  guint first = (*(GParamSpec *const *) a)->param_id;
  guint second = (*(GParamSpec *const *) b)->param_id;

  return first < second ? -1 : first > second;
}

/* ArmchairConfiguration's properties in the order of their IDs, which is the order in which
 * armchair_configuration_make_swift () sets them on Swift (update-policy before
 * update-grace-days); free with g_free (). */
static GParamSpec **
configuration_properties (guint *count)
{
  g_autoptr (GTypeClass) class = g_type_class_ref (ARMCHAIR_TYPE_CONFIGURATION);
  GParamSpec **properties = g_object_class_list_properties (G_OBJECT_CLASS (class), count);

  qsort (properties, *count, sizeof *properties, compare_parameter_ids);
  return properties;
}

/* Swift's configuration with every property of @configuration, set by name as
 * armchair_configuration_make_swift () sets them; give it back with configuration_release. */
static ArmchairSwiftConfiguration *
swift_configuration_new (ArmchairConfiguration *configuration)
{
  ArmchairSwiftConfiguration *box = swift_core->configuration_new ();
  guint count;
  g_autofree GParamSpec **properties = configuration_properties (&count);

  for (guint i = 0; i < count; i++)
    {
      g_auto (GValue) value = G_VALUE_INIT;

      g_value_init (&value, properties[i]->value_type);
      g_object_get_property (G_OBJECT (configuration), properties[i]->name, &value);
      swift_core->configuration_set (box, properties[i]->name, &value);
    }
  return box;
}

/* Swift's reading of the settings file at @path (NULL: the one the app installed) for @app_id and
 * @app_version, or NULL with @error set. */
static ArmchairSwiftConfiguration *
swift_read_settings_file (const char *app_id, const char *app_version, const char *path, GError **error)
{
  g_autoptr (ArmchairConfiguration) defaults = armchair_configuration_new (app_id, app_version);
  ArmchairSwiftConfiguration *box = swift_configuration_new (defaults);

  if (swift_core->configuration_load (box, path, error))
    return box;
  swift_core->configuration_release (box);
  return NULL;
}

/* Swift's value of the property @property of @box, into @value (unset). */
static void
swift_get (ArmchairSwiftConfiguration *box, GParamSpec *property, GValue *value)
{
  g_value_init (value, property->value_type);
  swift_core->configuration_get (box, property->name, value);
}

/* Whether Swift's Configuration.validate () passes @configuration. */
static gboolean
swift_validates (ArmchairConfiguration *configuration, GError **error)
{
  ArmchairSwiftConfiguration *box = swift_configuration_new (configuration);
  gboolean valid = swift_core->configuration_validate (box, error);

  swift_core->configuration_release (box);
  return valid;
}

/* MARK: Settings files */

/* Reads @path with the quick check and with Swift's configuration_load, and compares: when the
 * quick check reads it, Swift must read it too, and every property must be what the quick check
 * read, or the default it left. Returns whether the quick check read it. */
static gboolean
compare_settings_file (Tally *tally, const char *path, const char *text, gboolean *swift_fine)
{
  g_autoptr (GPtrArray) settings = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (ArmchairConfiguration) defaults = NULL;
  g_autofree GParamSpec **properties = NULL;
  ArmchairSwiftConfiguration *read;
  guint count;
  gboolean quick = armchair_settings_file_read_quick (path, &settings);

  read = swift_read_settings_file (APP_ID, "1.0", path, &error);
  tally->cases++;
  tally->swift_fine += read != NULL;
  tally->quick_fine += quick;
  *swift_fine = read != NULL;
  if (!quick)
    {
      if (read != NULL)
        swift_core->configuration_release (read);
      return FALSE;
    }
  if (read == NULL)
    {
      disagree (tally, text, "the quick check read it; Swift: %s", error->message);
      return TRUE;
    }
  defaults = armchair_configuration_new (APP_ID, "1.0");
  properties = configuration_properties (&count);
  for (guint i = 0; i < count; i++)
    {
      GParamSpec *property = properties[i];
      g_auto (GValue) expected = G_VALUE_INIT;
      g_auto (GValue) actual = G_VALUE_INIT;
      g_autofree char *expected_text = NULL;
      g_autofree char *actual_text = NULL;
      const GValue *given = NULL;

      for (guint j = 0; j < settings->len; j++)
        {
          ArmchairSettingValue *setting = g_ptr_array_index (settings, j);

          if (strcmp (setting->name, property->name) == 0)
            given = &setting->value;
        }
      g_value_init (&expected, property->value_type);
      if (given != NULL && G_VALUE_TYPE (given) != property->value_type)
        {
          disagree (tally, text, "%s: the quick check gave a %s", property->name, G_VALUE_TYPE_NAME (given));
          continue;
        }
      if (given != NULL)
        g_value_copy (given, &expected);
      else
        g_object_get_property (G_OBJECT (defaults), property->name, &expected);
      swift_get (read, property, &actual);
      if (values_equal (&expected, &actual))
        continue;
      expected_text = g_strdup_value_contents (&expected);
      actual_text = g_strdup_value_contents (&actual);
      disagree (tally, text, "%s: the quick check read %s, Swift %s", property->name, expected_text, actual_text);
    }
  swift_core->configuration_release (read);
  return TRUE;
}

/* The examples of the documentation and the tests: ordinary files, which the quick check must
 * read. */
static const char *const ordinary_files[] = {
  /* README.md, GettingStarted.md */
  "[Armchair]\ndays-until-prompt=14\nuses-until-prompt=10\nasks-satisfaction-first=true\nfeedback-email=notes@example.org\n",
  /* ConfigurationReference.md */
  "# Armchair settings for org.example.Notes; values set in code win.\n[Armchair]\napp-name=Notes\n"
  "days-until-prompt=14\nuses-until-prompt=10\nthreshold-combination=days-then-any\ndecline-policy=this-version\n"
  "update-policy=keep-counters\nupdate-grace-days=7\nasks-satisfaction-first=true\n"
  "feedback-email=notes@example.org\ntranslation-domain=notes\n"
  "review-url-template=https://example.org/review?app={appID}&from={campaign}\n\n[Event Weights]\nexport=2\n\n"
  "[Scenario collaborator]\nshare=1\ncomment=2\n\n[Texts]\nrate-button=_Rate Notes\n"
  "thank-you-message=Thank you. We read every message.\n\n[Key Names]\nuse-count=launches\n",
  /* Migrating.md */
  "[Armchair]\ndays-until-prompt=14\nuses-until-prompt=11\nsignificant-events-until-prompt=5\n"
  "days-before-reminding=3\nshould-prompt-if-rated=false\n\n[Texts]\ntitle=Enjoying Notes?\n",
  /* docs/reference/using-armchair.md */
  "[Armchair]\nquiet-time=8\nprompts-over-fullscreen=true\n",
  "[Armchair]\ndays-until-prompt=10\nsignificant-events-until-prompt=5\nfeedback-email=notes@example.org\n",
  /* Tests/Swift/ArmchairTests/ConfigurationFileTests.swift: every setting, in every group */
  "# Notes' Armchair settings\n[Armchair]\napp-name=Notes\ndays-until-prompt=14.5\nuses-until-prompt=10\n"
  "significant-events-until-prompt=4\nuses-per-week-for-prompt=2\nactive-usage-minutes-until-prompt=90\n"
  "threshold-combination=days-then-any\ndays-before-reminding=3\ntracks-new-versions=false\n"
  "should-prompt-if-rated=0\ndecline-policy=this-version\ndays-before-asking-again-after-decline=180\n"
  "update-policy=keep-counters\nupdate-grace-days=5\nmax-prompts-per-year=2\nminimum-days-between-prompts=60\n"
  "skips-prompt-after-crash=false\nprompt-at-launch=false\nallows-debug-in-release-builds=true\n"
  "asks-satisfaction-first=true\nfeedback-email=notes@example.org\n"
  "feedback-endpoint=https://feedback.example.org/notes\nfeedback-character-limit=500\nkey-prefix=notes\n"
  "translation-domain=notes\nreview-url-template=https://example.org/review?app={appID}\ncampaign-code=spring\n"
  "in-app-reviews=true\nreview-server=https://odrs.example.org/1.0/reviews/api\n"
  "locale-directory=/usr/share/notes/locale\nis-game=true\n\n[Event Weights]\nexport=3\n\n"
  "[Scenario power-user]\nexport=2\nshare=1\n\n[Texts]\ntitle=Enjoying Notes?\nthank-you-message=Thanks!\n"
  "close-button=_Done\nrate-instead-button=_Rate Notes\nfeedback-request-cancel-button=_Not Now\n"
  "mail-subject=[Notes] %1$s feedback\nmail-reply-to=Write back to %1$s\nmail-message-id=Reference %1$s\n"
  "mail-could-not-open=No mail app (%1$s).\n\n[Key Names]\nuse-count=launches",
  "# nothing set yet\n",
  "[Armchair]\nupdate-policy=reset-counters\n",
  "[Armchair]\nupdate-grace-days=7\n",
  "[Texts]\ntitle=\nsatisfaction-message=\n",
  "[Armchair]\napp-name=Notes from the file\nuses-until-prompt=5\ndays-until-prompt=2\n",
  "[Armchair]\nuses-until-prompt=7\n",
  "[Armchair]\nlocale-directory=/usr/share/notes/locale\n",
  /* Tests/Swift/LibArmchairTests, Tests/Library/clients, the end-to-end tests */
  "[Armchair]\ndays-until-prompt=14\nthreshold-combination=days-then-any\nupdate-policy=keep-counters\n"
  "update-grace-days=5\nfeedback-email=feedback@example.org\n\n[Event Weights]\nexport=2\n\n"
  "[Scenario power-user]\nexport=3\n",
  "[Armchair]\nquiet-time=9\nwaits-for-active-window=false\n",
  "[Armchair]\nallows-debug-in-release-builds=true\n",
  "[Armchair]\napp-name=Example App\n[Texts]\ntitle=\n",
  "[Armchair]\napp-name=Example App\n[Texts]\nmessage=\n",
  "[Armchair]\nuses-until-prompt=5\ndays-until-prompt=1\n",
  /* Typical files of apps: comments, blank lines, CRLF, spaces around =, a translated text */
  "# Settings\r\n[Armchair]\r\ndays-until-prompt = 21\r\nuses-until-prompt = 15\r\n\r\n[Texts]\r\n"
  "title = Gefällt Ihnen Notes?\r\n",
  "\n\n  [Armchair]  \n\tprompt-delay=2.5\n  waits-for-network=0\nfeedback-endpoint=http://127.0.0.1:8080/feedback\n",
  "[Armchair]\nreview-server=http://[::1]:8080/1.0/reviews/api\nkey-prefix=org.example.Notes.v1\n"
  "[Key Names]\nfirst-use-date=first-launch\nuse-count=launches\n",
  NULL,
};

/* Hand-written files where Swift's reading has subtleties: the quick check may say "not sure" of
 * any of them, but never read one otherwise than Swift. */
static const char *const edge_files[] = {
  "", "\n", "[Armchair]", "[]\n", "[ ]\n", "[Armchair\n", "key=value\n", "[Armchair]\n=5\n", "[Armchair]\nno equals\n",
  "[Armchair]\n[Armchair]\n", "[Armchair]\nuses-until-prompt=3\nuses-until-prompt=4\n",
  "[Armchair]\nuses-until-prompt=3\n[Texts]\ntitle=x\n[Armchair]\ndays-until-prompt=4\n",
  "[Armchair]\ndays-until-prompt=1e2\n", "[Armchair]\ndays-until-prompt=0x10\n", "[Armchair]\ndays-until-prompt=+5\n",
  "[Armchair]\ndays-until-prompt=-0\n", "[Armchair]\ndays-until-prompt=nan\n", "[Armchair]\ndays-until-prompt=inf\n",
  "[Armchair]\ndays-until-prompt=.5\n", "[Armchair]\ndays-until-prompt=5.\n", "[Armchair]\ndays-until-prompt=3650\n",
  "[Armchair]\ndays-until-prompt=3650.0000000001\n", "[Armchair]\ndays-until-prompt=0.1\n",
  "[Armchair]\ndays-until-prompt=0.30000000000000004\n", "[Armchair]\ndays-until-prompt=\\s7\\t\n",
  "[Armchair]\ndays-until-prompt=7\\n\n", "[Armchair]\ndays-until-prompt=7\\v\n", "[Armchair]\ndays-until-prompt=7\v\n",
  "[Armchair]\ndays-until-prompt=7\xc2\xa0\n", "[Armchair]\ndays-until-prompt=\xd9\xa3\n",
  "[Armchair]\nuses-until-prompt=007\n", "[Armchair]\nuses-until-prompt=+5\n", "[Armchair]\nuses-until-prompt=-0\n",
  "[Armchair]\nuses-until-prompt=1000000\n", "[Armchair]\nuses-until-prompt=1000001\n",
  "[Armchair]\nuses-until-prompt=9223372036854775807\n", "[Armchair]\nuses-until-prompt=3.0\n",
  "[Armchair]\nmax-prompts-per-year=0\n", "[Armchair]\nfeedback-character-limit=0\n",
  "[Armchair]\ntracks-new-versions=TRUE\n", "[Armchair]\ntracks-new-versions= true \n",
  "[Armchair]\nthreshold-combination=Days-Then-Any\n", "[Armchair]\nthreshold-combination=\\sall\n",
  "[Armchair]\nupdate-policy=reset-counters\nupdate-grace-days=7\n",
  "[Armchair]\nupdate-grace-days=7\nupdate-policy=reset-counters\n",
  "[Armchair]\nupdate-grace-days=7\nupdate-policy=keep-counters\n", "[Armchair]\nupdate-grace-days=3651\n",
  "[Armchair]\napp-name=\n", "[Armchair]\napp-name= \n", "[Armchair]\napp-name=\\s\n", "[Armchair]\napp-name=\xc2\xa0\n",
  "[Armchair]\napp-name=\xe8\xa9\x95\xe4\xbe\xa1\n", "[Armchair]\napp-name= \xcc\x81\n", "[Armchair]\napp-name=\xd8\x80\n",
  "[Armchair]\napp-name=Notes \\\\ backslash \\q\n", "[Armchair]\napp-name=trailing\\\n",
  "[Armchair]\nusesUntilPrompt=4\n", "[Armchair]\ntitle=Hi\n", "[Armchair]\nsynced-folder=/tmp/x\n",
  "[Armchair]\napp-id=org.example.Other\n", "[Armchair]\napp-version=2.0\n", "[Armchair]\ndebug-enabled=true\n",
  "[Armchair]\nevent-weights=x\n", "[Armchair]\nuses-until-prompt\xcc\x81=3\n",
  "[Texts]\ntitle[de]=Hallo\n", "[Texts]\nrate-button=\n", "[Texts]\nrate-button=\\s\n", "[Texts]\ntitle=\\t\\n\n",
  "[Texts]\ntitle=\xc2\xa0\n", "[Texts]\nthank-you-message=\xe2\x80\x83\n", "[Texts]\ntilte=Hi\n",
  "[Event Weights]\n", "[Event Weights]\nexport=0\n", "[Event Weights]\nexport=1000\n", "[Event Weights]\nexport=1001\n",
  "[Event Weights]\nbad name=1\n", "[Event Weights]\ncaf\xc3\xa9=1\n", "[Event Weights]\ncafe\xcc\x81=1\ncaf\xc3\xa9=2\n",
  "[Event Weights]\n=1\n", "[Event Weights]\nb=1\na=2\nc=3\n",
  "[Scenario pros]\n", "[Scenario pros]\nexport=0\n", "[Scenario ]\nexport=1\n", "[Scenario]\nexport=1\n",
  "[Scenario pros]\nexport=1000000\n", "[Scenario pros]\nexport=1000001\n",
  "[Scenario b]\nz=1\ny=2\n[Scenario a]\nx=3\n", "[Scenario \xcc\x81]\nexport=1\n",
  "[Key Names]\nuse-count=launches\n", "[Key Names]\nuse-counts=x\n", "[Key Names]\nuse-count=\n",
  "[Key Names]\nuse-count= x\n", "[Key Names]\nuse-count=x \n", "[Key Names]\nuse-count=#x\n",
  "[Key Names]\nuse-count=a=b\n", "[Key Names]\nuse-count=a[b\n", "[Key Names]\nuse-count=n\xc3\xb6tes\n",
  "[Key Names]\nuse-count=x\\ty\n", "[Key Names]\nuse-count=x\xcc\x81 \n",
  "[Mystery]\n", "[armchair]\n", "[Armchair]\x00\n", "[Armchair]\n\xff\n", "\xef\xbb\xbf[Armchair]\n",
  "[Armchair]\r\nuses-until-prompt=3\r\r\n", "[Armchair]\nuses-until-prompt=3\r\n",
  "[Armchair]\nfeedback-email=a@b\n", "[Armchair]\nfeedback-email=a@b.c\n", "[Armchair]\nfeedback-email=@b.c\n",
  "[Armchair]\nfeedback-email=a@-b.c\n", "[Armchair]\nfeedback-email=\xc3\xbc@example.org\n",
  "[Armchair]\nfeedback-endpoint=http://example.org/\n", "[Armchair]\nfeedback-endpoint=https://\n",
  "[Armchair]\nfeedback-endpoint=https://host:99999/\n", "[Armchair]\nfeedback-endpoint=https://h\xc3\xa9.org/\n",
  "[Armchair]\nreview-url-template=https://x/{foo}\n", "[Armchair]\nreview-url-template={appID}:x\n",
  "[Armchair]\nreview-url-template=https://x/\xc3\xa9\n", "[Armchair]\nlocale-directory=share/locale\n",
  "[Armchair]\nlocale-directory=/\xcc\x81x\n", "[Armchair]\nkey-prefix= notes\n", "[Armchair]\nkey-prefix=#notes\n",
  NULL,
};

static void
compare_files (Tally *tally, const char *const *files, gboolean ordinary)
{
  g_autofree char *path = g_build_filename (work, "notes.armchair", NULL);

  for (const char *const *text = files; *text != NULL; text++)
    {
      gboolean swift_fine;

      write_file (path, *text, -1);
      if (!compare_settings_file (tally, path, *text, &swift_fine) && ordinary)
        disagree (tally, *text, "an ordinary file the quick check is not sure of (Swift: %s)",
                  swift_fine ? "fine" : "refused");
      if (ordinary && !swift_fine)
        disagree (tally, *text, "an ordinary file Swift refuses");
    }
}

static void
test_settings_file_corpus (void)
{
  Tally ordinary = { .what = "ordinary settings files" };
  Tally edge = { .what = "edge-case settings files" };
  const char *project_files[] = {
    "data/io.github.armchairlinux.Demo.armchair",
    "Tests/Fuzz/Seeds/settings.armchair",
    "Tests/Flatpak/swift-notes/data/org.example.Notes.armchair",
  };
  const char edge_with_nul[] = "[Armchair]\nuses-until-prompt=3\n\0\n";
  g_autofree char *nul_path = g_build_filename (work, "nul.armchair", NULL);
  gboolean swift_fine;

  for (guint i = 0; i < G_N_ELEMENTS (project_files); i++)
    {
      g_autofree char *path = g_build_filename (source_root, project_files[i], NULL);
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      if (!compare_settings_file (&ordinary, path, text, &swift_fine) || !swift_fine)
        disagree (&ordinary, text, "a file of the project (%s) is not fine to both", project_files[i]);
    }
  compare_files (&ordinary, ordinary_files, TRUE);
  compare_files (&edge, edge_files, FALSE);
  write_file (nul_path, edge_with_nul, sizeof edge_with_nul - 1);
  compare_settings_file (&edge, nul_path, "a NUL byte", &swift_fine);
  report (&ordinary);
  report (&edge);
}

/* Values for the generators, each kind in two pools: the ordinary, and the near misses where
 * Swift's reading has subtleties. A case is mostly ordinary, with a near miss or two, so that a
 * wrong rule for one value shows in a case that is otherwise fine. */
typedef struct {
  const char *const *ordinary;
  const char *const *unusual;
} Pool;

static const Pool numbers = {
  (const char *const[]) { "0", "30", "14.5", ".5", "1.", "0.01", "2.25", "7", "60", " 7 ", "\\s3", "3\\t", NULL },
  (const char *const[]) { "3650", "3600", "1000", "1000000", "1e2", "0x10", "+5", "-0", "-1", "nan", "inf", "3651",
                          "1e-400", "0.0000000000000000000001", "00012", "1_0", "", "abc", "\xd9\xa3", "5\xc2\xa0",
                          "99999999999999999999", "0.1", "59.999999999999999", "60.000000000000001", "7\\v", "7\v",
                          "-7", "1..2", ".", NULL },
};
static const Pool counts = {
  (const char *const[]) { "1", "3", "10", "20", "007", " 5", NULL },
  (const char *const[]) { "0", "21", "500", "+5", "-0", "-2", "1000000", "1000001", "99999999999", "3.0", "", "100000",
                          "100001", "x", "1e3", "\xd9\xa3", NULL },
};
static const Pool flags = {
  (const char *const[]) { "true", "false", "1", "0", " true ", NULL },
  (const char *const[]) { "TRUE", "yes", "true\\n", "", "2", "-1", "tru\xc3\xa9", NULL },
};
static const Pool texts = {
  (const char *const[]) { "Notes", "Enjoying Notes?", "_Rate Notes", "Gef\xc3\xa4llt Ihnen Notes?", "%1$s feedback",
                          "a\\nb", "x", " leading", "tab\\tbed", NULL },
  (const char *const[]) { "", " ", "\\s", "\\t", "\xe8\xa9\x95\xe4\xbe\xa1", "\xc2\xa0", " \xcc\x81", "\xd8\x80",
                          "\\", "\\s\xcc\x81", "\xe2\x80\x83x", NULL },
};
static const Pool emails = {
  (const char *const[]) { "feedback@example.org", "a@b.c", "a.b+tag@sub.example.co.uk", NULL },
  (const char *const[]) { "@x.y", "a@b", "a@-b.c", "a@b-.c", "a b@c.d", "a@@b.c", "\xc3\xbc@example.org",
                          "a@ex\xc3\xa4mple.org", "<a>@b.c", "a@b..c", "a@b.c ", "a@.b.c", "a@b.c-",
                          "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@b.c", NULL },
};
static const Pool addresses = {
  (const char *const[]) { "https://feedback.example.org/notes", "https://odrs.gnome.org/1.0/reviews/api",
                          "http://127.0.0.1:8080/x", "http://localhost/x", "http://[::1]:9/x", "https://host:00080/",
                          "https://user:pw@host/", "https://host/?q=1#f", "https://[::ffff:1.2.3.4]/", NULL },
  (const char *const[]) { "http://LOCALHOST/x", "http://example.org", "https://", "https://host:99999", "https://host:/",
                          "https://us er@host", "https://host/a b", "https://host/%zz", "https://host/%41",
                          "https://host/#a#b", "https://[fe80::1%25eth0]/", "https://[v1.x]/",
                          "https://[1:2:3:4:5:6:7:8]/", "https://[1::2::3]/", "https://[::ffff:1.2.3.256]/",
                          "https://[1:2:3:4::5:6:7:8]/", "https://[1:2:3:4:5:6:7:8:9]/", "https://[::1:2:3:4:5:6:7]/",
                          "https://[1:2:3:4:5:6:7::]/", "https://[:1:2:3:4:5:6:7]/", "https://[12345::]/",
                          "https://h\xc3\xa9llo.org/", "https://xn--hllo-bpa.org/", "ftp://x.org/", "HTTPS://X.ORG/",
                          "https://a%80b/", "https://a%41b/", "://host", "https:host", "https://host/{x}",
                          "https://[::1", "https://[::1]x/", "https://a@b@host/", "https://host:65535/",
                          "https://host:65536/", "https://[]/", "https://[fe80::1%eth0]/", "https://[v.x]/",
                          "http://[::1]/", "https://host/%", "https://host/%4", "https://a[b@host/",
                          "https://a%zz@host/", "https://a%41@host/", "https://:@host/", NULL },
};
static const Pool templates = {
  (const char *const[]) { "https://example.org/review?app={appID}&from={campaign}", "appstream://{appID}",
                          "mailto:{appID}", NULL },
  (const char *const[]) { "{appID}:x", "x", ":x", "https:", "https://x/{foo}", "https://x/{", "https://x/}",
                          "1http://x", "https://x/\xc3\xa9", "https://x/a b", "https://x/{{appID}}",
                          "{campaign}{appID}:", "https://x/}{", "{appID}", NULL },
};
static const Pool folders = {
  (const char *const[]) { "/usr/share/notes/locale", "/", "/opt/x", NULL },
  (const char *const[]) { "share/locale", "/\xcc\x81x", "//x", "", "/x\xc3\xa9/", "~/x", " /x", NULL },
};
static const Pool key_names = {
  (const char *const[]) { "notes", "launches", "a.b", "org.example.Notes.v1", NULL },
  (const char *const[]) { " notes", "notes ", "#notes", "no=tes", "no[tes", "n\xc3\xb6tes", "", "x\\ty", "x\xcc\x81 ",
                          "a]b", "no#tes", NULL },
};
static const Pool events = {
  (const char *const[]) { "export", "share", "a.b-c_d", "E", "x-1", "0",
                          "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij1234", NULL },
  (const char *const[]) { "", "bad name", "caf\xc3\xa9", "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij12345",
                          "a/b", NULL },
};
static const Pool state_keys = {
  (const char *const[]) { "use-count", "first-use-date", "prompt-dates", "sessions", "prompt-hold", NULL },
  (const char *const[]) { "use-counts", "Use-Count", "", NULL },
};
static const Pool weights = {
  (const char *const[]) { "1", "2", "3", "1000", NULL },
  (const char *const[]) { "1001", "0", "-1", " 3", NULL },
};
static const char *const snippets[] = {
  " ", "\t", "\r", "\n", "\r\n", "#", "=", "[", "]", "\\", "\\s", "\\n", "\xcc\x81", "\xc2\xa0", "\xe2\x84\xaa",
  "\xd8\x80", "\xff", "\xc3\xa9", "\x0b", "0", ".", "-", NULL,
};

/* Both pools of @pool, the ordinary first. */
static GStrv
every_value (const Pool *pool)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_strv_builder_addv (builder, (const char **) pool->ordinary);
  g_strv_builder_addv (builder, (const char **) pool->unusual);
  return g_strv_builder_end (builder);
}

/* The chance of a near miss for each value of a case. */
#define UNUSUAL 0.04

static const char *
draw (GRand *rand, const Pool *pool)
{
  return pick (rand, chance (rand, UNUSUAL) ? pool->unusual : pool->ordinary);
}

/* The pool of a text setting that validate() checks. */
static const Pool *
text_pool (const char *name)
{
  if (strcmp (name, "feedback-email") == 0)
    return &emails;
  if (strcmp (name, "feedback-endpoint") == 0 || strcmp (name, "review-server") == 0)
    return &addresses;
  if (strcmp (name, "review-url-template") == 0)
    return &templates;
  if (strcmp (name, "locale-directory") == 0 || strcmp (name, "synced-folder") == 0)
    return &folders;
  if (strcmp (name, "key-prefix") == 0)
    return &key_names;
  return &texts;
}

/* The choices of a choice setting, and their near misses. */
static const Pool *
choices_of (const ArmchairQuickSetting *setting)
{
  static const char *const unusual[] = { "any", " all", "Forever", "", "reset-counters\\n", "keep_counters", NULL };
  static GHashTable *pools;
  Pool *pool;

  if (pools == NULL)
    pools = g_hash_table_new (g_str_hash, g_str_equal);
  pool = g_hash_table_lookup (pools, setting->name);
  if (pool == NULL)
    {
      GPtrArray *names = g_ptr_array_new ();

      for (const ArmchairQuickChoice *choice = setting->choices; choice->name != NULL; choice++)
        g_ptr_array_add (names, (char *) choice->name);
      g_ptr_array_add (names, NULL);
      pool = g_new0 (Pool, 1);
      pool->ordinary = (const char *const *) g_ptr_array_free (names, FALSE);
      pool->unusual = unusual;
      g_hash_table_insert (pools, (char *) setting->name, pool);
    }
  return pool;
}

/* The values the generators give a key of the [Armchair] group. */
static const Pool *
pool_for (const ArmchairQuickSetting *setting)
{
  switch (setting->kind)
    {
    case ARMCHAIR_QUICK_NUMBER:
    case ARMCHAIR_QUICK_GRACE_DAYS:
      return &numbers;
    case ARMCHAIR_QUICK_COUNT:
      return &counts;
    case ARMCHAIR_QUICK_FLAG:
      return &flags;
    case ARMCHAIR_QUICK_CHOICE:
      return choices_of (setting);
    default:
      return text_pool (setting->name);
    }
}

static void
append_entries (GRand *rand, GString *file, const Pool *keys, const Pool *values, int most)
{
  for (int count = g_rand_int_range (rand, 0, most + 1); count > 0; count--)
    g_string_append_printf (file, "%s=%s\n", draw (rand, keys), draw (rand, values));
}

/* A settings file: ordinary groups and values with a near miss now and then, and now and then a
 * byte-level change (a snippet inserted, a byte removed, a line repeated, CRLF). */
static char *
generate_settings_file (GRand *rand)
{
  GString *file = g_string_new (NULL);
  guint settings = 0;
  gboolean used[5] = { FALSE };

  while (armchair_quick_settings[settings].name != NULL)
    settings++;
  for (int groups = g_rand_int_range (rand, 0, 5); groups > 0; groups--)
    {
      int group = g_rand_int_range (rand, 0, 5);

      /* A group written twice is a near miss too. */
      if (used[group] && group != 2 && !chance (rand, UNUSUAL))
        continue;
      used[group] = TRUE;
      if (chance (rand, 0.2))
        g_string_append (file, pick (rand, (const char *const[]) { "# comment\n", "\n", "  \n", " # indented\n", NULL }));
      switch (group)
        {
        case 0:
          g_string_append (file, "[Armchair]\n");
          for (int count = g_rand_int_range (rand, 0, 6); count > 0; count--)
            {
              const ArmchairQuickSetting *setting = &armchair_quick_settings[g_rand_int_range (rand, 0, settings)];
              const char *equals = pick (rand, (const char *const[]) { "=", "=", "=", " = ", "\t=", "= ", NULL });

              if (strstr (file->str, setting->name) != NULL && !chance (rand, UNUSUAL))
                continue;
              g_string_append_printf (file, "%s%s%s\n", setting->name, equals, draw (rand, pool_for (setting)));
            }
          if (chance (rand, UNUSUAL))
            g_string_append (file, pick (rand, (const char *const[]) { "usesUntilPrompt=3\n", "title=x\n",
                                                                       "app-version=1\n", "synced-folder=/x\n",
                                                                       "days-until-prompt[de]=3\n", NULL }));
          break;
        case 1:
          g_string_append (file, "[Event Weights]\n");
          append_entries (rand, file, &events, &weights, 3);
          break;
        case 2:
          g_string_append_printf (file, "[Scenario %s]\n",
                                  chance (rand, UNUSUAL) ? pick (rand, (const char *const[]) { "", "x\xcc\x81", "a]b", NULL })
                                                         : pick (rand, (const char *const[]) { "power-user", "pros", "a b", NULL }));
          append_entries (rand, file, &events, &counts, 3);
          break;
        case 3:
          g_string_append (file, "[Texts]\n");
          for (int count = g_rand_int_range (rand, 0, 5); count > 0; count--)
            g_string_append_printf (file, "%s=%s\n", armchair_quick_texts[g_rand_int_range (rand, 0, 25)].key,
                                    draw (rand, &texts));
          break;
        default:
          g_string_append (file, "[Key Names]\n");
          append_entries (rand, file, &state_keys, &key_names, 2);
        }
    }
  for (int changes = chance (rand, 0.2) ? g_rand_int_range (rand, 1, 3) : 0; changes > 0 && file->len > 0; changes--)
    {
      guint position = g_rand_int_range (rand, 0, file->len);

      switch (g_rand_int_range (rand, 0, 4))
        {
        case 0:
          g_string_insert (file, position, pick (rand, snippets));
          break;
        case 1:
          g_string_erase (file, position, 1);
          break;
        case 2:
          {
            g_autofree char *text = g_string_free (g_steal_pointer (&file), FALSE);
            g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
            g_autofree char *joined = g_strjoinv ("\r\n", lines);

            file = g_string_new (joined);
            break;
          }
        default:
          {
            const char *start = file->str + position;
            const char *end = strchr (start, '\n');

            while (start > file->str && start[-1] != '\n')
              start--;
            if (end != NULL)
              g_string_append_len (file, start, end - start + 1);
          }
        }
    }
  return g_string_free (file, FALSE);
}

static GRand *
seeded (void)
{
  if (seed == 0)
    seed = g_get_real_time ();
  g_test_message ("case seed %" G_GINT64_FORMAT " (run again with --case-seed %" G_GINT64_FORMAT ")", seed, seed);
  return g_rand_new_with_seed ((guint32) seed);
}

static void
test_settings_file_generated (void)
{
  Tally tally = { .what = "generated settings files" };
  g_autoptr (GRand) rand = seeded ();
  g_autofree char *path = g_build_filename (work, "generated.armchair", NULL);
  gint64 start = g_get_monotonic_time ();

  for (int made = 0; more_cases (made, start); made++)
    {
      g_autofree char *text = generate_settings_file (rand);
      gboolean swift_fine;

      write_file (path, text, -1);
      compare_settings_file (&tally, path, text, &swift_fine);
    }
  report (&tally);
}

/* A file Swift cannot read as it is: too large, a folder, a FIFO, missing. */
static void
test_settings_file_unreadable (void)
{
  Tally tally = { .what = "unreadable settings files" };
  g_autofree char *large = g_build_filename (work, "large.armchair", NULL);
  g_autofree char *folder = g_build_filename (work, "folder.armchair", NULL);
  g_autofree char *fifo = g_build_filename (work, "fifo.armchair", NULL);
  g_autofree char *missing = g_build_filename (work, "missing.armchair", NULL);
  g_autoptr (GString) text = g_string_new ("[Armchair]\n");
  gboolean swift_fine;

  while (text->len <= 64 * 1024)
    g_string_append (text, "# padding\n");
  write_file (large, text->str, -1);
  g_mkdir (folder, 0700);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (const char *const *path = (const char *const[]) { large, folder, fifo, missing, NULL }; *path != NULL; path++)
    compare_settings_file (&tally, *path, *path, &swift_fine);
  report (&tally);
  g_assert_cmpuint (tally.swift_fine, ==, 0);
  g_assert_cmpuint (tally.quick_fine, ==, 0);
}

static void
compare_settings_text (Tally *tally, const char *text)
{
  g_autofree char *path = g_build_filename (work, "value.armchair", NULL);
  gboolean swift_fine;

  write_file (path, text, -1);
  compare_settings_file (tally, path, text, &swift_fine);
}

/* Every value of the generators' pools, each alone in a file: the rules one by one. */
static void
test_settings_file_values (void)
{
  Tally tally = { .what = "settings files of one value" };
  g_auto (GStrv) text_values = every_value (&texts);

  for (const ArmchairQuickSetting *setting = armchair_quick_settings; setting->name != NULL; setting++)
    {
      g_auto (GStrv) values = every_value (pool_for (setting));

      for (char **value = values; *value != NULL; value++)
        {
          g_autofree char *text = g_strdup_printf ("[Armchair]\n%s=%s\n", setting->name, *value);

          compare_settings_text (&tally, text);
        }
    }
  for (const char *const *key = (const char *const[]) { "title", "rate-button", NULL }; *key != NULL; key++)
    for (char **value = text_values; *value != NULL; value++)
      {
        g_autofree char *text = g_strdup_printf ("[Texts]\n%s=%s\n", *key, *value);

        compare_settings_text (&tally, text);
      }
  for (const char *const *group = (const char *const[]) { "Event Weights", "Scenario pros", "Key Names", NULL };
       *group != NULL; group++)
    {
      gboolean names = g_str_equal (*group, "Key Names");
      g_auto (GStrv) keys = every_value (names ? &state_keys : &events);
      g_auto (GStrv) values = every_value (names ? &key_names : g_str_equal (*group, "Event Weights") ? &weights : &counts);

      for (char **key = keys; *key != NULL; key++)
        for (char **value = values; *value != NULL; value++)
          {
            g_autofree char *text = g_strdup_printf ("[%s]\n%s=%s\n", *group, *key, *value);

            compare_settings_text (&tally, text);
          }
    }
  report (&tally);
}

/* MARK: Where the settings file is installed */

/* Sets the environment to @entries (NAME=value), as an app may have it: an entry may come twice. */
static void
use_environment (GPtrArray *entries)
{
  static char **current;

  g_clear_pointer (&current, g_strfreev);
  g_ptr_array_add (entries, NULL);
  current = g_strdupv ((char **) entries->pdata);
  environ = current;
}

/* A settings file under each data folder, each with its own uses-until-prompt, so that the
 * configuration Swift reads says which it found; then the search under environments that vary
 * the folders. */
static void
test_settings_file_installed (void)
{
  Tally tally = { .what = "installed settings files" };
  g_autoptr (GRand) rand = seeded ();
  char **saved = environ;
  /* Some pairs of folders Swift takes for one: canonically equivalent names. */
  const char *roots[] = { "home/.local/share", "data-home", "data-home-2", "data-a", "data-b", "prefix/share",
                          "caf\xc3\xa9-x", "cafe\xcc\x81-x", "x\xe2\x84\xaax", "xKx" };
  /* What goes between two folders of a variable, and before one: a character that is not ASCII
   * beside a separator makes Swift's split differ. */
  const Pool separators = { (const char *const[]) { ":", NULL },
                            (const char *const[]) { "::", ":\xcc\x81", "\xd8\x80:", "\xcc\x81:", NULL } };
  const Pool starts = { (const char *const[]) { "/", NULL },
                        (const char *const[]) { "/\xcc\x81", "//", "/./", NULL } };
  gint64 start = g_get_monotonic_time ();

  for (int made = 0; more_cases (made, start); made++)
    {
      g_autoptr (GPtrArray) entries = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GString) described = g_string_new (NULL);
      g_auto (GValue) swift_uses = G_VALUE_INIT;
      g_autoptr (GError) error = NULL;
      ArmchairSwiftConfiguration *read;
      gboolean swift_fine;
      g_autofree char *found = NULL;
      gboolean sure;
      int uses = 20;

      for (guint i = 0; i < G_N_ELEMENTS (roots); i++)
        {
          g_autofree char *root = g_build_filename (work, roots[i], NULL);
          g_autofree char *file = g_build_filename (root, "armchair", APP_ID ".armchair", NULL);
          g_autofree char *text = g_strdup_printf ("[Armchair]\nuses-until-prompt=%u\n", 100 + i);

          remove_tree (root);
          if (chance (rand, 0.4))
            write_file (file, text, -1);
          else if (chance (rand, 0.05))
            g_assert_cmpint (g_mkdir_with_parents (file, 0700), ==, 0);
          else if (chance (rand, 0.05))
            {
              g_autofree char *folder = g_path_get_dirname (file);

              g_mkdir_with_parents (folder, 0700);
              g_assert_cmpint (symlink ("nowhere", file), ==, 0);
            }
        }
      g_ptr_array_add (entries, g_strdup ("LANG=C.UTF-8"));
      for (int count = g_rand_int_range (rand, 0, 6); count > 0; count--)
        {
          const char *name = pick (rand, (const char *const[]) { "XDG_DATA_HOME", "HOME", "XDG_DATA_DIRS", NULL });
          g_autoptr (GString) value = g_string_new (NULL);

          for (int parts = g_rand_int_range (rand, 0, 4); parts > 0; parts--)
            {
              const char *root = roots[g_rand_int_range (rand, 0, G_N_ELEMENTS (roots))];

              if (value->len > 0 || chance (rand, 0.1))
                g_string_append (value, draw (rand, &separators));
              if (strcmp (name, "HOME") == 0 && strcmp (root, "home/.local/share") == 0)
                root = "home";
              if (chance (rand, 0.9))
                g_string_append_printf (value, "%s%s/", draw (rand, &starts), work + 1);
              g_string_append (value, root);
              if (chance (rand, 0.2))
                g_string_append_c (value, '/');
            }
          if (chance (rand, UNUSUAL))
            g_string_append (value, pick (rand, snippets));
          g_ptr_array_add (entries, g_strdup_printf ("%s=%s", name, value->str));
          g_string_append_printf (described, "%s=%s\n", name, value->str);
        }
      use_environment (entries);
      sure = armchair_settings_file_find_installed (APP_ID, &found);
      read = swift_read_settings_file (APP_ID, NULL, NULL, &error);
      environ = saved;
      swift_fine = read != NULL;
      tally.cases++;
      tally.swift_fine += swift_fine;
      if (swift_fine)
        {
          g_value_init (&swift_uses, G_TYPE_INT);
          swift_core->configuration_get (read, "uses-until-prompt", &swift_uses);
          swift_core->configuration_release (read);
        }
      if (!sure)
        continue;
      if (found != NULL)
        {
          g_autofree char *text = NULL;
          g_autofree char *folder = g_path_get_dirname (found);
          g_autofree char *root = g_path_get_dirname (folder);

          if (!g_file_get_contents (found, &text, NULL, NULL))
            {
              if (swift_fine)
                disagree (&tally, described->str, "the quick search found %s, which Swift cannot have read", found);
              continue;
            }
          uses = atoi (strchr (text, '=') + 1);
        }
      tally.quick_fine++;
      if (!swift_fine)
        disagree (&tally, described->str, "the quick search found %s; Swift: %s", found ? found : "none",
                  error->message);
      else if (g_value_get_int (&swift_uses) != uses)
        disagree (&tally, described->str, "the quick search found %s (uses %d), Swift read uses %d",
                  found ? found : "none", uses, g_value_get_int (&swift_uses));
    }
  for (guint i = 0; i < G_N_ELEMENTS (roots); i++)
    {
      g_autofree char *root = g_build_filename (work, roots[i], NULL);

      remove_tree (root);
    }
  report (&tally);
}

/* MARK: Configurations */

static const Pool app_ids = {
  (const char *const[]) { APP_ID, "org.example.notes-app", "io.github.x_y.Z", "a.b", NULL },
  (const char *const[]) { "maps", "org..x", "org.9x.y", ".org.x", "org.x.", "org.ex\xc3\xa4mple.x", "", "org.x y.z",
                          NULL },
};
static const Pool versions = {
  (const char *const[]) { "1.0", "2.4.1", "46.beta", " 1.0", NULL },
  (const char *const[]) { "", " ", "\t", "\xc2\xa0", "\xe2\x80\x83", "\xd9\xa1.\xd9\xa2", " \xcc\x81", "\n", NULL },
};

/* A configuration made through the public API: each property now and then, from the pools. */
static ArmchairConfiguration *
generate_configuration (GRand *rand, GString *described)
{
  const char *app_id = draw (rand, &app_ids);
  const char *version = chance (rand, 0.3) ? NULL : draw (rand, &versions);
  ArmchairConfiguration *configuration = armchair_configuration_new (app_id, version);
  GObjectClass *class = G_OBJECT_GET_CLASS (configuration);

  g_string_append_printf (described, "app-id=%s app-version=%s", app_id, version ? version : "(null)");
  for (const ArmchairQuickSetting *setting = armchair_quick_settings; setting->name != NULL; setting++)
    {
      GParamSpec *property = g_object_class_find_property (class, setting->name);
      g_auto (GValue) value = G_VALUE_INIT;
      g_autofree char *text = NULL;

      if (!chance (rand, 0.15))
        continue;
      g_value_init (&value, property->value_type);
      if (G_IS_PARAM_SPEC_DOUBLE (property))
        {
          GParamSpecDouble *range = G_PARAM_SPEC_DOUBLE (property);
          const double edges[] = { 0, -0.0, range->maximum, nextafter (range->maximum, 0), 1e-300, 0.5 };

          g_value_set_double (&value, chance (rand, 0.5) ? g_rand_double_range (rand, 0, range->maximum)
                                                         : edges[g_rand_int_range (rand, 0, G_N_ELEMENTS (edges))]);
        }
      else if (G_IS_PARAM_SPEC_INT (property))
        {
          GParamSpecInt *range = G_PARAM_SPEC_INT (property);

          g_value_set_int (&value, g_rand_int_range (rand, range->minimum, range->maximum + 1));
        }
      else if (G_IS_PARAM_SPEC_BOOLEAN (property))
        g_value_set_boolean (&value, g_rand_boolean (rand));
      else if (G_IS_PARAM_SPEC_ENUM (property))
        g_value_set_enum (&value, g_rand_int_range (rand, 0, 2));
      else
        g_value_set_string (&value, chance (rand, 0.1) ? NULL : draw (rand, text_pool (setting->name)));
      g_object_set_property (G_OBJECT (configuration), setting->name, &value);
      text = g_strdup_value_contents (&value);
      g_string_append_printf (described, " %s=%s", setting->name, text);
    }
  if (chance (rand, 0.2))
    {
      const char *folder = draw (rand, &folders);

      g_object_set (configuration, "synced-folder", folder, NULL);
      g_string_append_printf (described, " synced-folder=%s", folder);
    }
  for (int count = chance (rand, 0.3) ? g_rand_int_range (rand, 1, 4) : 0; count > 0; count--)
    {
      const char *event = draw (rand, &events);
      int weight = atoi (draw (rand, &weights));

      armchair_configuration_set_event_weight (configuration, event, weight);
      g_string_append_printf (described, " weight %s=%d", event, weight);
    }
  for (int count = chance (rand, 0.3) ? g_rand_int_range (rand, 1, 4) : 0; count > 0; count--)
    {
      const char *scenario = pick (rand, (const char *const[]) { "pros", "power-user", "", NULL });
      const char *event = draw (rand, &events);
      int requirement = atoi (draw (rand, &counts));

      armchair_configuration_set_scenario_requirement (configuration, scenario, event, requirement);
      g_string_append_printf (described, " scenario %s %s=%d", scenario, event, requirement);
    }
  if (chance (rand, UNUSUAL))
    {
      g_object_set (configuration, "event-scenarios", g_variant_new_parsed ("{'empty': @a{si} {}}"), NULL);
      g_string_append (described, " an empty scenario");
    }
  for (int count = chance (rand, 0.3) ? g_rand_int_range (rand, 1, 3) : 0; count > 0; count--)
    {
      const char *key = pick (rand, (const char *const[]) { "use-count", "first-use-date", "sessions", NULL });
      const char *name = chance (rand, 0.1) ? NULL : draw (rand, &key_names);

      armchair_configuration_set_key_name (configuration, key, name);
      g_string_append_printf (described, " key %s=%s", key, name ? name : "(null)");
    }
  return configuration;
}

static void
compare_configuration (Tally *tally, ArmchairConfiguration *configuration, const char *described)
{
  g_autoptr (GError) error = NULL;
  gboolean quick = armchair_configuration_values_check_quick (G_OBJECT (configuration));
  gboolean swift = swift_validates (configuration, &error);

  tally->cases++;
  tally->swift_fine += swift;
  tally->quick_fine += quick;
  if (quick && !swift)
    disagree (tally, described, "the quick check found it valid; Swift: %s", error->message);
}

/* The text settings validate() checks: each value of their pools, alone. */
static const char *const checked_settings[] = {
  "feedback-endpoint", "review-server", "feedback-email", "key-prefix", "synced-folder", "locale-directory",
  "review-url-template", NULL,
};

/* Every value of the generators' pools, each alone in a configuration, and the ends of each range. */
static void
test_configuration_values (void)
{
  Tally tally = { .what = "configurations of one value" };
  g_auto (GStrv) ids = every_value (&app_ids);
  g_auto (GStrv) version_values = every_value (&versions);
  g_auto (GStrv) event_values = every_value (&events);
  g_auto (GStrv) weight_values = every_value (&weights);
  g_auto (GStrv) count_values = every_value (&counts);
  g_auto (GStrv) name_values = every_value (&key_names);

  for (char **id = ids; *id != NULL; id++)
    {
      g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new (*id, NULL);

      compare_configuration (&tally, configuration, *id);
    }
  for (char **version = version_values; *version != NULL; version++)
    {
      g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new (APP_ID, *version);

      compare_configuration (&tally, configuration, *version);
    }
  for (const char *const *name = checked_settings; *name != NULL; name++)
    {
      g_auto (GStrv) values = every_value (text_pool (*name));

      for (char **value = values; *value != NULL; value++)
        {
          g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new (APP_ID, NULL);
          g_autofree char *described = g_strdup_printf ("%s=%s", *name, *value);

          g_object_set (configuration, *name, *value, NULL);
          compare_configuration (&tally, configuration, described);
        }
    }
  for (const ArmchairQuickSetting *setting = armchair_quick_settings; setting->name != NULL; setting++)
    for (int end = 0; end < 4; end++)
      {
        g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new (APP_ID, NULL);
        g_autofree char *described = g_strdup_printf ("%s, end %d", setting->name, end);

        if (setting->kind == ARMCHAIR_QUICK_COUNT)
          g_object_set (configuration, setting->name, end % 2 ? (int) setting->maximum : (int) setting->minimum, NULL);
        else if (setting->kind == ARMCHAIR_QUICK_NUMBER || setting->kind == ARMCHAIR_QUICK_GRACE_DAYS)
          {
            const double ends[] = { -0.0, setting->maximum, nextafter (setting->maximum, 0), 1e-300 };

            if (end >= 2)
              g_object_set (configuration, "update-policy", ARMCHAIR_UPDATE_POLICY_RESET_COUNTERS, NULL);
            g_object_set (configuration, setting->name, ends[end], NULL);
          }
        else
          continue;
        compare_configuration (&tally, configuration, described);
      }
  for (char **event = event_values; *event != NULL; event++)
    {
      for (char **weight = weight_values; *weight != NULL; weight++)
        {
          g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new (APP_ID, NULL);
          g_autofree char *described = g_strdup_printf ("weight %s=%s", *event, *weight);

          armchair_configuration_set_event_weight (configuration, *event, atoi (*weight));
          compare_configuration (&tally, configuration, described);
        }
      for (char **count = count_values; *count != NULL; count++)
        {
          g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new (APP_ID, NULL);
          g_autofree char *described = g_strdup_printf ("scenario %s=%s", *event, *count);

          armchair_configuration_set_scenario_requirement (configuration, "pros", *event, atoi (*count));
          compare_configuration (&tally, configuration, described);
        }
    }
  for (char **name = name_values; *name != NULL; name++)
    {
      g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new (APP_ID, NULL);

      armchair_configuration_set_key_name (configuration, "use-count", *name);
      compare_configuration (&tally, configuration, *name);
    }
  {
    g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new (APP_ID, NULL);

    g_object_set (configuration, "event-scenarios", g_variant_new_parsed ("{'empty': @a{si} {}}"), NULL);
    compare_configuration (&tally, configuration, "an empty scenario");
  }
  report (&tally);
}

static void
test_configuration_generated (void)
{
  Tally tally = { .what = "generated configurations" };
  g_autoptr (GRand) rand = seeded ();
  gint64 start = g_get_monotonic_time ();

  for (int made = 0; more_cases (made, start); made++)
    {
      g_autoptr (GString) described = g_string_new (NULL);
      g_autoptr (ArmchairConfiguration) configuration = generate_configuration (rand, described);

      compare_configuration (&tally, configuration, described->str);
    }
  report (&tally);
}

/* The configurations Swift reads from the ordinary files are valid to the quick check. */
static void
test_configuration_ordinary (void)
{
  Tally tally = { .what = "ordinary configurations" };
  g_autofree char *path = g_build_filename (work, "ordinary.armchair", NULL);
  guint count;
  g_autofree GParamSpec **properties = configuration_properties (&count);

  for (const char *const *text = ordinary_files; *text != NULL; text++)
    {
      g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new (APP_ID, "1.0");
      g_autoptr (GError) error = NULL;
      ArmchairSwiftConfiguration *read;
      gboolean quick;
      gboolean swift;

      write_file (path, *text, -1);
      read = swift_read_settings_file (APP_ID, "1.0", path, &error);
      g_assert_no_error (error);
      /* What Swift read, for the quick check (the ID and version were given at construction). */
      for (guint i = 0; i < count; i++)
        if ((properties[i]->flags & G_PARAM_CONSTRUCT_ONLY) == 0)
          {
            g_auto (GValue) value = G_VALUE_INIT;

            swift_get (read, properties[i], &value);
            g_object_set_property (G_OBJECT (configuration), properties[i]->name, &value);
          }
      quick = armchair_configuration_values_check_quick (G_OBJECT (configuration));
      swift = swift_core->configuration_validate (read, NULL);
      swift_core->configuration_release (read);
      tally.cases++;
      tally.swift_fine += swift;
      tally.quick_fine += quick;
      if (quick && !swift)
        disagree (&tally, *text, "the quick check found it valid, Swift did not");
      if (!quick)
        disagree (&tally, *text, "an ordinary configuration the quick check is not sure of");
    }
  report (&tally);
}

/* MARK: AppStream metadata */

/* The data folders the metadata may be in, under the temporary folder. */
static const char *const data_roots[] = { "prefix/share", "data-home", "data-a", "data-b", NULL };

static const Pool release_types = {
  (const char *const[]) { "stable", "development", NULL },
  (const char *const[]) { "Stable", "snapshot", "", " stable", NULL },
};
static const Pool release_versions = {
  (const char *const[]) { "1.0", "2.10", "2.9", "3.0~beta", " 2.0 ", "\n1.1\n", NULL },
  (const char *const[]) { "", " ", "&#160;", "1.0&#13;", "\xcc\x81", "\xc2\xa0" "1", "&#9;", "&#13;&#10;", "&#13;",
                          " \xcc\x81" "1", "1\xd8\x80 ", NULL },
};
static const Pool release_dates = {
  (const char *const[]) { "2020-01-01", "2026-01-05", "2099-01-01", "2020-01-01T10:00:00Z", " 2021-03-04 ", NULL },
  (const char *const[]) { "yesterday", "2020-1-1", "2021-03-04T00:00:00+02:00", "", "\xd9\xa2\xd9\xa0",
                          "2099-01-01&#13;", "&#13;2099-01-01", "2099-01-01 ", "2099-1-1", "2099-01-01T00:00:00",
                          "now-30", "now+30", "now-90", "now+90", NULL },
};
static const Pool release_timestamps = {
  (const char *const[]) { "1577836800", "4102444800", NULL },
  (const char *const[]) { "1.5e9", " 123 ", "abc", "", "0", "4102444800&#13;", "+4102444800", "4102444800.0",
                          "now-30", "now+30", "now-90", "now+90", "0x7fffffff", "inf", "nan", NULL },
};

/* @value, with "now-30" and the like as that many seconds from now (a date as a timestamp too). */
static char *
release_time (const char *value, gboolean as_date)
{
  g_autoptr (GDateTime) time = NULL;
  int offset;

  if (!g_str_has_prefix (value, "now"))
    return g_strdup (value);
  offset = atoi (value + 3);
  time = g_date_time_new_from_unix_utc (g_get_real_time () / G_USEC_PER_SEC + offset);
  return as_date ? g_date_time_format_iso8601 (time) : g_strdup_printf ("%" G_GINT64_FORMAT, g_date_time_to_unix (time));
}

static char *
generate_release (GRand *rand)
{
  GString *release = g_string_new ("<release");

  if (chance (rand, 0.3))
    g_string_append_printf (release, " type=\"%s\"", draw (rand, &release_types));
  if (chance (rand, 0.95))
    g_string_append_printf (release, " version=\"%s\"", draw (rand, &release_versions));
  if (chance (rand, 0.8))
    {
      g_autofree char *date = release_time (draw (rand, &release_dates), TRUE);

      g_string_append_printf (release, " date=\"%s\"", date);
    }
  if (chance (rand, 0.15))
    {
      g_autofree char *timestamp = release_time (draw (rand, &release_timestamps), FALSE);

      g_string_append_printf (release, " timestamp=\"%s\"", timestamp);
    }
  if (chance (rand, UNUSUAL))
    g_string_append (release, " version=\"9.9\"");
  g_string_append (release, chance (rand, 0.5) ? "/>" : "><description><p>Notes</p></description></release>");
  return g_string_free (release, FALSE);
}

static char *
generate_releases (GRand *rand)
{
  GString *releases = g_string_new (NULL);

  for (int count = g_rand_int_range (rand, 0, 4); count > 0; count--)
    {
      g_autofree char *release = generate_release (rand);

      g_string_append_printf (releases, "    %s\n", release);
    }
  return g_string_free (releases, FALSE);
}

/* A MetaInfo file for @app_id, mostly well-formed and right, with the near misses Swift reads its
 * own way; sets *@external to the releases file it wants beside it (NULL for none). */
static char *
generate_metainfo (GRand *rand, const char *app_id, char **external)
{
  GString *file = g_string_new (NULL);
  g_autofree char *releases = generate_releases (rand);
  const char *id = app_id;

  *external = NULL;
  if (chance (rand, 0.5))
    g_string_append (file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  if (chance (rand, UNUSUAL))
    g_string_append (file, "<!-- before -->\n<other/>\n");
  g_string_append_printf (file, "<%s type=\"desktop-application\">\n",
                          chance (rand, UNUSUAL) ? pick (rand, (const char *const[]) { "components", "x", NULL }) : "component");
  if (chance (rand, UNUSUAL))
    id = pick (rand, (const char *const[]) { "org.example.Other", "", APP_ID ".desktop", "org.example", NULL });
  if (chance (rand, UNUSUAL))
    g_string_append (file, "  <name><id>org.example.Other</id></name>\n");
  if (!chance (rand, UNUSUAL))
    g_string_append_printf (file, "  <id>%s%s%s</id>\n",
                            chance (rand, 0.2) ? draw (rand, &(Pool) { (const char *const[]) { " ", "\n  ", "\t", NULL },
                                                                       (const char *const[]) { "&#13;", "\xcc\x81", " \xcc\x81", NULL } })
                                               : "",
                            id,
                            chance (rand, 0.2) ? draw (rand, &(Pool) { (const char *const[]) { " ", "\n", "<!-- c -->", NULL },
                                                                       (const char *const[]) { "&#13;", "x", "\xd8\x80 ", NULL } })
                                               : "");
  g_string_append (file, "  <name>Notes</name>\n  <name xml:lang=\"de\">Notizen</name>\n");
  if (chance (rand, UNUSUAL))
    g_string_append (file, "  <id>org.example.Second</id>\n");
  if (chance (rand, 0.15))
    {
      g_string_append (file, "  <releases type=\"external\"/>\n");
      if (!chance (rand, UNUSUAL))
        *external = g_strdup_printf ("<%s>\n%s</%s>\n", chance (rand, UNUSUAL) ? "x" : "releases", releases,
                                     chance (rand, UNUSUAL) ? "y" : "releases");
    }
  else if (!chance (rand, UNUSUAL))
    g_string_append_printf (file, "  <releases>\n%s  </releases>\n", releases);
  if (chance (rand, UNUSUAL))
    g_string_append (file, "  <releases>\n    <release version=\"7.0\" date=\"2020-01-01\"/>\n  </releases>\n");
  g_string_append (file, "</component>\n");
  if (chance (rand, UNUSUAL))
    g_string_append (file, "<other/>\n");
  if (chance (rand, UNUSUAL))
    g_string_insert (file, g_rand_int_range (rand, 0, file->len), pick (rand, (const char *const[]) { "<", "&", "\xff", "<x>", NULL }));
  return g_string_free (file, FALSE);
}

/* Whether Swift's GTK 3 attach succeeds on an application with @app_id and no configuration: what
 * it reports as an error is what the metadata check stands in for. */
static gboolean
swift_attaches (const char *app_id, GError **error)
{
  g_autoptr (GtkApplication) application = gtk_application_new (app_id, G_APPLICATION_DEFAULT_FLAGS);
  ArmchairSwiftBinding *binding = swift_gtk3->attach (G_APPLICATION (application), NULL, error);

  if (binding == NULL)
    return FALSE;
  swift_core->binding_release (binding);
  return TRUE;
}

static void
remove_metainfo (void)
{
  for (const char *const *root = data_roots; *root != NULL; root++)
    for (const char *const *kind = (const char *const[]) { "metainfo", "appdata", NULL }; *kind != NULL; kind++)
      {
        g_autofree char *folder = g_build_filename (work, *root, *kind, NULL);

        remove_tree (folder);
      }
}

static void
compare_metainfo (Tally *tally, const char *app_id, const char *described)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  gboolean quick = armchair_metainfo_check_quick (app_id, &path);
  gboolean swift = swift_attaches (app_id, &error);

  tally->cases++;
  tally->swift_fine += swift;
  tally->quick_fine += quick;
  if (quick && !swift)
    disagree (tally, described, "the quick check found %s fine; Swift: %s", path, error->message);
}

/* The project's demo metadata and the system's, installed where Swift looks: ordinary files, which
 * the quick check must find fine. */
static void
test_metainfo_corpus (void)
{
  Tally tally = { .what = "ordinary metadata" };
  struct {
    const char *app_id;
    const char *path;
  } files[] = {
    { "io.github.armchairlinux.Demo", "data/io.github.armchairlinux.Demo.metainfo.xml.in" },
    { "org.freedesktop.appstream.cli", "/usr/share/metainfo/org.freedesktop.appstream.cli.metainfo.xml" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *source = g_path_is_absolute (files[i].path) ? g_strdup (files[i].path)
                                                                    : g_build_filename (source_root, files[i].path, NULL);
      g_autofree char *text = NULL;
      g_autofree char *name = g_strconcat (files[i].app_id, ".metainfo.xml", NULL);

      if (!g_file_get_contents (source, &text, NULL, NULL))
        {
          g_test_message ("%s is not on this system", source);
          continue;
        }
      for (const char *const *root = data_roots; *root != NULL; root++)
        {
          g_autofree char *path = g_build_filename (work, *root, "metainfo", name, NULL);
          guint before = tally.quick_fine;

          remove_metainfo ();
          write_file (path, text, -1);
          compare_metainfo (&tally, files[i].app_id, path);
          if (tally.quick_fine == before)
            disagree (&tally, path, "ordinary metadata the quick check is not sure of");
        }
    }
  remove_metainfo ();
  report (&tally);
}

/* Installs @text as the app's metadata in the first of $XDG_DATA_DIRS, and @external (unless
 * NULL) as its external releases, then compares. */
static void
compare_installed_metainfo (Tally *tally, const char *text, const char *external)
{
  g_autofree char *path = g_build_filename (work, "data-a", "metainfo", APP_ID ".metainfo.xml", NULL);
  g_autofree char *releases = g_build_filename (work, "data-a", "metainfo", "releases", APP_ID ".releases.xml", NULL);
  g_autofree char *described = g_strdup_printf ("%s\nreleases: %s", text, external ? external : "none");

  remove_metainfo ();
  write_file (path, text, -1);
  if (external != NULL)
    write_file (releases, external, -1);
  compare_metainfo (tally, APP_ID, described);
}

static void
compare_release (Tally *tally, const char *format, const char *value, gboolean as_date)
{
  g_autofree char *time = release_time (value, as_date);
  g_autofree char *release = g_strdup_printf (format, time);
  g_autofree char *text = g_strdup_printf ("<component>\n  <id>" APP_ID "</id>\n  <releases>\n    %s\n  </releases>\n"
                                           "</component>\n", release);

  compare_installed_metainfo (tally, text, NULL);
}

/* Every value of the generators' pools, each in a release of its own or in the <id>, and the
 * near misses of the document's structure. */
static void
test_metainfo_values (void)
{
  Tally tally = { .what = "metadata of one value" };
  g_auto (GStrv) version_values = every_value (&release_versions);
  g_auto (GStrv) date_values = every_value (&release_dates);
  g_auto (GStrv) timestamp_values = every_value (&release_timestamps);
  g_auto (GStrv) type_values = every_value (&release_types);
  const char *release = "<release version=\"1.0\" date=\"2020-01-01\"/>";
  const char *future = "<release version=\"2.0\" date=\"2099-01-01\"/>";
  const char *structures[][2] = {
    { "<other/>\n<component><id>" APP_ID "</id><releases>%s</releases></component>\n", NULL },
    { "<component><id>" APP_ID "</id><releases>%s</releases></component>\n<other/>\n", NULL },
    { "<component><id>" APP_ID "</id><releases>%s</releases></component>\n<component><id>x.y</id></component>\n", NULL },
    { "<components><id>" APP_ID "</id><releases>%s</releases></components>\n", NULL },
    { "<component><name><id>" APP_ID "</id></name><releases>%s</releases></component>\n", NULL },
    { "<component><id>x.y</id><id>" APP_ID "</id><releases>%s</releases></component>\n", NULL },
    { "<component><id>" APP_ID "</id><id>x.y</id><releases>%s</releases></component>\n", NULL },
    { "<component><id>" APP_ID "<b/></id><releases>%s</releases></component>\n", NULL },
    { "<component><id>org.example.<b>x</b>Notes</id><releases>%s</releases></component>\n", NULL },
    { "<component><id><![CDATA[" APP_ID "]]></id><releases>%s</releases></component>\n", NULL },
    { "<component><id>" APP_ID ".desktop</id><releases>%s</releases></component>\n", NULL },
    { "<component><id>org.example</id><releases>%s</releases></component>\n", NULL },
    { "<component><id>" APP_ID "</id><releases><releases>%s</releases></releases></component>\n", NULL },
    { "<component><id>" APP_ID "</id><x><releases>%s</releases></x></component>\n", NULL },
    { "<component><id>" APP_ID "</id><releases/><releases>%s</releases></component>\n", NULL },
    { "<component><id>" APP_ID "</id><releases>%s</releases><releases type=\"external\"/></component>\n", NULL },
    { "<component><id>" APP_ID "</id><releases type=\"external\">%s</releases></component>\n", NULL },
    { "<component><id>" APP_ID "</id><releases type=\"external\">%s</releases></component>\n",
      "<releases><release version=\"2.0\" date=\"2099-01-01\"/></releases>" },
    { "<component><id>" APP_ID "</id><releases type=\"external\"/>%s</component>\n",
      "<releases><release version=\"2.0\" date=\"2020-01-01\"/></releases>" },
    { "<component><id>" APP_ID "</id><releases type=\"external\"/>%s</component>\n",
      "<x><release version=\"2.0\" date=\"2020-01-01\"/></x>" },
    { "<component><id>" APP_ID "</id><releases type=\"external\"/>%s</component>\n",
      "<releases><releases><release version=\"2.0\" date=\"2020-01-01\"/></releases></releases>" },
    { "<component><id>" APP_ID "</id><releases type=\"external\"/>%s</component>\n",
      "<releases><release version=\"2.0\" date=\"2020-01-01\"/>" },
    { "<component><id>" APP_ID "</id><releases type=\"External\"/>%s</component>\n",
      "<releases><release version=\"2.0\" date=\"2020-01-01\"/></releases>" },
    { "<component><id>" APP_ID "</id><releases type=\"external\" type=\"x\">%s</releases></component>\n",
      "<releases><release version=\"2.0\" date=\"2020-01-01\"/></releases>" },
    { "<component><id>" APP_ID "</id><releases>%s</releases>", NULL },
    { "<component><id>" APP_ID "</id><releases>%s</releases></component>\n\xff", NULL },
  };

  for (char **value = version_values; *value != NULL; value++)
    compare_release (&tally, "<release version=\"%s\" date=\"2020-01-01\"/>", *value, FALSE);
  for (char **value = date_values; *value != NULL; value++)
    compare_release (&tally, "<release version=\"1.0\" date=\"%s\"/>", *value, TRUE);
  for (char **value = timestamp_values; *value != NULL; value++)
    {
      compare_release (&tally, "<release version=\"1.0\" timestamp=\"%s\"/>", *value, FALSE);
      compare_release (&tally, "<release version=\"1.0\" timestamp=\"%s\" date=\"2020-01-01\"/>", *value, FALSE);
      compare_release (&tally, "<release version=\"1.0\" timestamp=\"%s\" date=\"2099-01-01\"/>", *value, FALSE);
    }
  for (char **value = type_values; *value != NULL; value++)
    compare_release (&tally, "<release type=\"%s\" version=\"1.0\" date=\"2020-01-01\"/>", *value, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (structures); i++)
    for (const char *const *releases = (const char *const[]) { release, future, NULL }; *releases != NULL; releases++)
      {
        g_autofree char *text = g_strdup_printf (structures[i][0], *releases);

        compare_installed_metainfo (&tally, text, structures[i][1]);
      }
  remove_metainfo ();
  report (&tally);
}

static void
test_metainfo_generated (void)
{
  Tally tally = { .what = "generated metadata" };
  g_autoptr (GRand) rand = seeded ();
  gint64 start = g_get_monotonic_time ();
  g_autofree char *named_folder = g_build_filename (work, "named", NULL);
  g_autofree char *named = g_build_filename (named_folder, "notes.metainfo.xml", NULL);

  for (int made = 0; more_cases (made, start); made++)
    {
      const char *app_id = chance (rand, UNUSUAL) ? pick (rand, (const char *const[]) { APP_ID ".desktop", "org.example.notes", NULL })
                                                  : APP_ID;
      g_autofree char *external = NULL;
      g_autofree char *text = generate_metainfo (rand, APP_ID, &external);
      const char *root = data_roots[g_rand_int_range (rand, 0, 4)];
      const char *kind = chance (rand, 0.85) ? "metainfo" : "appdata";
      g_autofree char *name = g_strdup_printf ("%s%s", APP_ID, pick (rand, (const char *const[]) {
                                                 ".metainfo.xml", ".metainfo.xml", ".appdata.xml", ".desktop.metainfo.xml", NULL }));
      g_autofree char *path = g_build_filename (work, root, kind, name, NULL);
      g_autofree char *described = NULL;
      gboolean by_name = chance (rand, 0.1);

      remove_metainfo ();
      remove_tree (named_folder);
      if (by_name)
        {
          g_free (path);
          path = g_strdup (named);
          setenv ("ARMCHAIR_METAINFO", path, TRUE);
        }
      if (!chance (rand, UNUSUAL))
        write_file (path, text, -1);
      else if (chance (rand, 0.5))
        g_mkdir_with_parents (path, 0700);
      if (external != NULL)
        {
          g_autofree char *folder = g_path_get_dirname (path);
          const char *id = strstr (text, "<id>" APP_ID ".desktop</id>") != NULL ? APP_ID ".desktop" : APP_ID;
          g_autofree char *releases = g_strdup_printf ("%s/releases/%s.releases.xml", folder, id);

          write_file (releases, external, -1);
        }
      described = g_strdup_printf ("%s (app %s) holds:\n%s\nreleases: %s", path, app_id, text, external ? external : "none");
      compare_metainfo (&tally, app_id, described);
      unsetenv ("ARMCHAIR_METAINFO");
    }
  remove_metainfo ();
  report (&tally);
}

/* MARK: Timing */

/* How long each check takes, for the record: the first call (which meets cold caches and makes
 * GLib's types) and the mean of the next 200. */
static void
test_timing (void)
{
  g_autofree char *settings = g_build_filename (source_root, "data/io.github.armchairlinux.Demo.armchair", NULL);
  g_autofree char *demo_metainfo = g_build_filename (source_root, "data/io.github.armchairlinux.Demo.metainfo.xml.in", NULL);
  g_autofree char *demo_text = NULL;
  g_autofree char *installed = g_build_filename (work, "prefix/share/metainfo/io.github.armchairlinux.Demo.metainfo.xml", NULL);
  g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new_from_file (APP_ID, "1.0", settings, NULL);
  const char *names[] = { "settings_file_find_installed", "settings_file_read_quick (the demo's file)",
                          "configuration_values_check_quick", "metainfo_check_quick (the demo's metadata)" };

  g_assert_true (g_file_get_contents (demo_metainfo, &demo_text, NULL, NULL));
  remove_metainfo ();
  write_file (installed, demo_text, -1);
  for (guint check = 0; check < G_N_ELEMENTS (names); check++)
    {
      double first = 0;
      gint64 start = 0;

      for (int round = 0; round <= 200; round++)
        {
          g_autoptr (GPtrArray) values = NULL;
          g_autofree char *path = NULL;
          gint64 before = g_get_monotonic_time ();
          gboolean fine;

          switch (check)
            {
            case 0: fine = armchair_settings_file_find_installed (APP_ID, &path); break;
            case 1: fine = armchair_settings_file_read_quick (settings, &values); break;
            case 2: fine = armchair_configuration_values_check_quick (G_OBJECT (configuration)); break;
            default: fine = armchair_metainfo_check_quick ("io.github.armchairlinux.Demo", &path);
            }
          g_assert_true (fine);
          if (round == 0)
            {
              first = g_get_monotonic_time () - before;
              start = g_get_monotonic_time ();
            }
        }
      g_test_message ("%s: first call %.0f microseconds, then %.1f each", names[check], first,
                      (g_get_monotonic_time () - start) / 200.0);
    }
  remove_metainfo ();
}

/* MARK: The program */

/* Runs a copy of this program from <temporary folder>/prefix/bin, where Swift takes it for an
 * installed program, and removes the folder after; FALSE when it cannot run there. The folder is
 * in memory (/dev/shm) where that allows programs, for the thousands of files the tests write. */
static gboolean
run_installed_copy (const char *self, char **argv, const char *parent, int *status)
{
  g_autofree char *template = g_build_filename (parent, "armchair-quick-checks-XXXXXX", NULL);
  g_autofree char *folder = g_mkdtemp (g_strdup (template));
  g_autofree char *bin = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *contents = NULL;
  gsize length;
  gboolean ran;

  if (folder == NULL)
    return FALSE;
  bin = g_build_filename (folder, "prefix", "bin", NULL);
  copy = g_build_filename (bin, "quick-checks", NULL);
  g_assert_true (g_file_get_contents (self, &contents, &length, NULL));
  g_assert_cmpint (g_mkdir_with_parents (bin, 0700), ==, 0);
  g_assert_true (g_file_set_contents_full (copy, contents, length, G_FILE_SET_CONTENTS_NONE, 0700, NULL));
  argv[0] = copy;
  ran = g_spawn_sync (NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, status, NULL);
  remove_tree (folder);
  return ran;
}

int
main (int argc, char **argv)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *bin = g_path_get_dirname (self);
  g_autofree char *bin_name = g_path_get_basename (bin);
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  GOptionEntry options[] = {
    { "source-root", 0, 0, G_OPTION_ARG_FILENAME, &source_root, "The project's folder", "DIR" },
    { "case-seed", 0, 0, G_OPTION_ARG_INT64, &seed, "The generator's seed (0: a fresh one)", "N" },
    { "cases", 0, 0, G_OPTION_ARG_INT, &generated_cases, "Generated cases per test", "N" },
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, "Generate cases for this long in all instead", "S" },
    { NULL },
  };

  if (strcmp (bin_name, "bin") != 0)
    {
      int status = 1;

      if (!run_installed_copy (self, argv, "/dev/shm", &status) && !run_installed_copy (self, argv, g_get_tmp_dir (), &status))
        g_error ("cannot run a copy of %s from a temporary folder", self);
      return WIFEXITED (status) ? WEXITSTATUS (status) : 1;
    }
  {
    g_autofree char *prefix = g_path_get_dirname (bin);

    work = g_path_get_dirname (prefix);
  }
  g_test_init (&argc, &argv, NULL);
  g_option_context_add_main_entries (context, options, NULL);
  g_assert_true (g_option_context_parse (context, &argc, &argv, NULL));
  g_assert_nonnull (source_root);
  /* Swift's own warnings (a file it refuses, a key it does not know) are its business here. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);

  /* Every folder Swift reads or writes in the temporary folder (setenv (), not g_setenv (), which
   * warns once threads run, as they do in a test that has loaded the library). */
  for (const char *const *variable = (const char *const[]) { "HOME=home", "XDG_DATA_HOME=data-home",
                                                             "XDG_DATA_DIRS=data-a:data-b", "XDG_STATE_HOME=state",
                                                             NULL };
       *variable != NULL; variable++)
    {
      g_auto (GStrv) parts = g_strsplit (*variable, "=", 2);
      g_auto (GStrv) folders = g_strsplit (parts[1], ":", -1);
      g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *value = NULL;

      for (char **folder = folders; *folder != NULL; folder++)
        g_ptr_array_add (paths, g_build_filename (work, *folder, NULL));
      g_ptr_array_add (paths, NULL);
      value = g_strjoinv (":", (char **) paths->pdata);
      setenv (parts[0], value, TRUE);
    }
  unsetenv ("ARMCHAIR_METAINFO");
  load_swift ();

  g_test_add_func ("/quick-checks/settings-file/corpus", test_settings_file_corpus);
  g_test_add_func ("/quick-checks/settings-file/unreadable", test_settings_file_unreadable);
  g_test_add_func ("/quick-checks/settings-file/values", test_settings_file_values);
  g_test_add_func ("/quick-checks/settings-file/generated", test_settings_file_generated);
  g_test_add_func ("/quick-checks/settings-file/installed", test_settings_file_installed);
  g_test_add_func ("/quick-checks/configuration/ordinary", test_configuration_ordinary);
  g_test_add_func ("/quick-checks/configuration/values", test_configuration_values);
  g_test_add_func ("/quick-checks/configuration/generated", test_configuration_generated);
  g_test_add_func ("/quick-checks/metainfo/corpus", test_metainfo_corpus);
  g_test_add_func ("/quick-checks/metainfo/values", test_metainfo_values);
  g_test_add_func ("/quick-checks/metainfo/generated", test_metainfo_generated);
  g_test_add_func ("/quick-checks/timing", test_timing);
  return g_test_run ();
}
