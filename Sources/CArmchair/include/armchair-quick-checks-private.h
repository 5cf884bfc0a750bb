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
G_GNUC_INTERNAL gboolean armchair_quick_email_is_valid (const char *address);
G_GNUC_INTERNAL gboolean armchair_quick_service_address_is_valid (const char *address);
G_GNUC_INTERNAL gboolean armchair_quick_review_url_template_is_valid (const char *template);
G_GNUC_INTERNAL gboolean armchair_quick_path_is_absolute (const char *path);
G_GNUC_INTERNAL gboolean armchair_quick_text_setting_is_valid (const char *name, const char *value);
G_GNUC_INTERNAL gboolean armchair_quick_separators_are_plain (const char *text, const char *separators);

G_END_DECLS

#endif
