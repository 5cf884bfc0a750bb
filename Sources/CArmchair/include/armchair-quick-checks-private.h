/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_QUICK_CHECKS_PRIVATE_H
#define ARMCHAIR_QUICK_CHECKS_PRIVATE_H

/* Quick checks in C of what the Swift behind libarmchair-1 reports as a GError before an app's
 * first frame: a settings file, a configuration's values, the app's installed AppStream metadata.
 * Not installed, not scanned.
 *
 * Each check answers "surely fine" (TRUE: Swift would accept it, and read exactly the values
 * given back) or "not sure" (FALSE: anything else, an error or not). A caller that gets FALSE
 * loads Swift at once and lets it say what is wrong, so the checks never make error messages. They
 * read the process's environment and the files as Swift does, with plain C and GLib: no GTK, no
 * Swift. */

#include <glib-object.h>

G_BEGIN_DECLS

/* One setting of a settings file: the ArmchairConfiguration property it sets (a static string)
 * and its value, of the property's type. */
typedef struct {
  const char *name;
  GValue value;
} ArmchairSettingValue;

void armchair_setting_value_free (ArmchairSettingValue *setting);

/* Finds the settings file as Swift's `Configuration(appID:file: .installed)` does: the first
 * armchair/<app-id>.armchair that exists (lstat (), so a dangling link counts, which Swift then
 * fails to read) under $XDG_DATA_HOME (else ~/.local/share, from $HOME, else from the user
 * database), the running program's <prefix>/share, then each of $XDG_DATA_DIRS. TRUE when the
 * search is sure, with *@path_out the file Swift reads (transfer full), or NULL when there is none
 * (Swift then uses the defaults); FALSE when the search itself is not sure (an application ID
 * Swift refuses; text in the environment Swift would read otherwise), with *@path_out NULL. */
gboolean armchair_settings_file_find_installed (const char *app_id, char **path_out);

/* Reads the settings file at @path as Swift's `ConfigurationFile(path:appID:)` does, when that
 * surely succeeds: every group known and written once, every key known and written once, every
 * value what its setting takes (numbers written as 30 or 0.5 within Configuration.Bounds, flags,
 * choices, texts that are not blank or, for a dialog's title or message, empty; event names and
 * state keys) and everything Configuration.validate() checks valid. The application ID takes no
 * part: Swift leaves its problems to the caller.
 *
 * TRUE with *@settings_out (transfer full, of ArmchairSettingValue) the settings of the [Armchair]
 * and [Texts] groups in file order, then event-weights, event-scenarios and key-names as GVariant
 * dictionaries in Swift's order, for the groups the file has: set on a new configuration, they
 * give the one Swift reads. FALSE when not sure (a problem or not), with *@settings_out NULL. */
gboolean armchair_settings_file_read_quick (const char *path, GPtrArray **settings_out);

/* Checks the properties of @configuration, an ArmchairConfiguration, as Swift's
 * Configuration.validate() does: the application ID, a version that is not blank, each number and
 * count within its range (update-grace-days under keep-counters only), the events of the scenarios
 * and weights, the key prefix and key names, the feedback address and endpoints, the folders and
 * the review URL template. TRUE when validate() surely passes. */
gboolean armchair_configuration_values_check_quick (GObject *configuration);

/* Checks what Swift's `Configuration.installed(appID:metainfo: .installed…)` asks of the app's
 * AppStream metadata before it reads the settings file: @app_id is an application ID validate()
 * accepts; the file $ARMCHAIR_METAINFO names, or the one AppMetainfo.find finds, is well-formed XML
 * (GMarkup) whose root is a <component> with @app_id's <id> (or its .desktop form); and its
 * releases (those of releases/<id>.releases.xml for <releases type="external"/>) include a stable
 * one out for more than a minute with a version that is not blank, and none that may be current
 * with a version C cannot judge. The settings file and the configuration it makes are the other
 * checks' to judge. TRUE when Swift surely takes a version from the metadata, with *@path_out
 * (optional, transfer full) the file; FALSE when not sure. */
gboolean armchair_metainfo_check_quick (const char *app_id, char **path_out);

/* Between the quick checks, inside the library (not exported). */

/* How a key of the settings file's [Armchair] group is written, and what it sets. */
typedef enum {
  ARMCHAIR_QUICK_NUMBER,     /* a double from 0 to maximum */
  ARMCHAIR_QUICK_GRACE_DAYS, /* update-grace-days: a number, read with update-policy */
  ARMCHAIR_QUICK_COUNT,      /* an int from minimum to maximum */
  ARMCHAIR_QUICK_FLAG,       /* a boolean: true, false, 1 or 0 */
  ARMCHAIR_QUICK_TEXT,       /* a string that is not blank */
  ARMCHAIR_QUICK_CHOICE,     /* an enum, by the choices' names */
} ArmchairQuickKind;

/* One choice of an enum setting: its name in the file, its value in C. */
typedef struct {
  const char *name;
  int value;
} ArmchairQuickChoice;

/* A key of the [Armchair] group, which is also the property it sets. */
typedef struct {
  const char *name;
  ArmchairQuickKind kind;
  double minimum;
  double maximum;
  /* For a choice: its enum type's get-type function, and the choices, NULL-terminated. */
  GType (*enum_type) (void);
  const ArmchairQuickChoice *choices;
} ArmchairQuickSetting;

/* A key of the [Texts] group, and the property it sets. */
typedef struct {
  const char *key;
  const char *property;
  /* A dialog's title or message, which an empty text hides. */
  gboolean hideable;
} ArmchairQuickText;

/* Generated from settings/settings.toml (armchair-quick-checks-settings.c): the tables end with an
 * entry whose name (key) is NULL. */
G_GNUC_INTERNAL extern const ArmchairQuickSetting armchair_quick_settings[];
G_GNUC_INTERNAL extern const ArmchairQuickText armchair_quick_texts[];
G_GNUC_INTERNAL extern const int armchair_quick_scenario_count_bound;
/* The most one event may count: EventName.maximumWeight. */
#define ARMCHAIR_QUICK_EVENT_WEIGHT_MAXIMUM 1000

/* The rules of Configuration.validate() and of the settings file for one value, on its UTF-8
 * bytes; TRUE only when Swift surely agrees (armchair-quick-rules.c). */
G_GNUC_INTERNAL char *armchair_quick_trimmed (const char *value);
G_GNUC_INTERNAL gboolean armchair_quick_text_is_surely_blank (const char *text);
G_GNUC_INTERNAL gboolean armchair_quick_text_is_surely_not_blank (const char *text);
G_GNUC_INTERNAL gboolean armchair_quick_application_id_is_valid (const char *app_id);
G_GNUC_INTERNAL gboolean armchair_quick_event_name_is_valid (const char *name);
G_GNUC_INTERNAL gboolean armchair_quick_state_key_name_is_valid (const char *name);
G_GNUC_INTERNAL gboolean armchair_quick_state_key_is_known (const char *key);
/* Every state key, NULL-terminated. */
G_GNUC_INTERNAL const char *const *armchair_quick_state_keys (void);
G_GNUC_INTERNAL gboolean armchair_quick_email_is_valid (const char *address);
G_GNUC_INTERNAL gboolean armchair_quick_service_address_is_valid (const char *address);
G_GNUC_INTERNAL gboolean armchair_quick_review_url_template_is_valid (const char *template);
G_GNUC_INTERNAL gboolean armchair_quick_path_is_absolute (const char *path);
G_GNUC_INTERNAL gboolean armchair_quick_text_setting_is_valid (const char *name, const char *value);
G_GNUC_INTERNAL gboolean armchair_quick_separators_are_plain (const char *text, const char *separators);

/* The process's environment and data folders as Swift reads them (armchair-quick-data-folders.c);
 * FALSE when Swift might read them otherwise. */
G_GNUC_INTERNAL gboolean armchair_quick_environment_value (const char *name, const char **value_out);
G_GNUC_INTERNAL gboolean armchair_quick_program_location (char **prefix_out, char **folder_out);
G_GNUC_INTERNAL gboolean armchair_quick_data_home (gboolean from_user_database, char **folder_out);
G_GNUC_INTERNAL gboolean armchair_quick_system_data_folders (GPtrArray *folders);
G_GNUC_INTERNAL gboolean armchair_quick_add_folder (GPtrArray *folders, char *folder);

/* Reads a whole regular file of at most @limit bytes as Swift's FileSystem.read does: NULL for
 * anything else (armchair-quick-data-folders.c). */
G_GNUC_INTERNAL GBytes *armchair_quick_read_file (const char *path, gsize limit);

G_END_DECLS

#endif
