/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_SWIFT_PRIVATE_H
#define ARMCHAIR_SWIFT_PRIVATE_H

/* The line between libarmchair's C and the Swift behind it: not installed, not scanned.
 *
 * The C side reaches Swift only through the tables here, which one Swift function each returns
 * (armchair_swift_core (), and armchair_gtk3_swift ()/armchair_gtk4_swift () in the toolkit
 * modules), and only once the engine module is loaded (armchair-engine-module-private.h). Swift fills each field with one of its functions, and the compiler checks that
 * function against the field's type as Swift imports it: a changed parameter, a changed enum or
 * handle type, or a field without a function fails the Swift build (scripts/check-entry-points.py
 * proves it). Every pointer is non-null unless marked ARMCHAIR_NULLABLE.
 *
 * Each Swift object C holds has a handle type of its own, a one-member struct that C never reads:
 * Swift imports each as a distinct UnsafeMutablePointer<…>, so an engine is never passed where a
 * binding is expected. A handle C receives from a function named *_new or *_create, or from
 * binding_engine, is a reference C owns and gives back with the matching *_release.
 *
 * Threads: the configuration's, feedback's and step's functions, and every *_release, may be
 * called from any thread; the others only on the main thread (is_main_thread), after the C
 * function checked its arguments. */

#include "armchair.h"

G_BEGIN_DECLS

#ifdef __clang__
#define ARMCHAIR_NULLABLE _Nullable
#define ARMCHAIR_NONNULL _Nonnull
#pragma clang assume_nonnull begin
#else
#define ARMCHAIR_NULLABLE
#define ARMCHAIR_NONNULL
#endif

/* Where a Swift function reports a failure: a GError location, which may be NULL. */
#define ARMCHAIR_ERROR_OUT GError *ARMCHAIR_NULLABLE *ARMCHAIR_NULLABLE

/* The handles: what C holds of each Swift object. */
typedef struct { char swift_object; } ArmchairSwiftConfiguration;  /* Swift's ConfigurationBox */
typedef struct { char swift_object; } ArmchairSwiftEngine;         /* Swift's RatingEngine */
typedef struct { char swift_object; } ArmchairSwiftBinding;        /* a toolkit's ApplicationBinding */
typedef struct { char swift_object; } ArmchairSwiftFeedbackCompletion; /* a feedback request's result */
typedef struct { char swift_object; } ArmchairSwiftStepCompletion;     /* a prompt step's choice */

/* How an ArmchairFeedbackRequest ended: delivered, failed with the app's message, or dropped
 * without a result (finalized, or cancelled). */
typedef enum {
  ARMCHAIR_FEEDBACK_RESULT_DELIVERED,
  ARMCHAIR_FEEDBACK_RESULT_FAILED,
  ARMCHAIR_FEEDBACK_RESULT_DROPPED,
} ArmchairFeedbackResult;

/* What happened in the app before its binding's Swift was there (the binding attaches when the
 * engine module is loaded, after the app's first frame): handed over once, as the binding starts.
 * Times are g_get_monotonic_time ()'s, 0 for never. */
typedef struct {
  /* Launches (activate, open, command-line) not reported yet, and whether the last one came
   * through open or command-line, whose handler may still activate as part of it. */
  guint launches;
  gboolean absorbs_activation;
  /* Since when one of the app's windows has been active, if one is now. */
  gint64 active_since;
  /* The last key, click, touch or scroll in one of the app's windows. */
  gint64 last_input;
  /* The application is shutting down: the binding saves what it has, and ends. */
  gboolean shutting_down;
} ArmchairHeadStart;

/* libarmchair-1's Swift: every entry point of the core, in one table. */
typedef struct {
  /* Whether the caller runs on Swift's main actor: the process's main thread (a GTK app's), or
   * work of libdispatch's main queue. Any thread. */
  gboolean (*is_main_thread) (void);

  /* ArmchairConfiguration's settings, behind a lock. */
  ArmchairSwiftConfiguration *ARMCHAIR_NONNULL (*ARMCHAIR_NONNULL configuration_new) (void);
  void (*configuration_release) (ArmchairSwiftConfiguration *configuration);
  void (*configuration_set) (ArmchairSwiftConfiguration *configuration, const char *name, const GValue *value);
  void (*configuration_get) (ArmchairSwiftConfiguration *configuration, const char *name, GValue *value);
  gboolean (*configuration_load) (ArmchairSwiftConfiguration *configuration, const char *ARMCHAIR_NULLABLE path,
                                  ARMCHAIR_ERROR_OUT error);
  gboolean (*configuration_validate) (ArmchairSwiftConfiguration *configuration, ARMCHAIR_ERROR_OUT error);
  /* Fills in what the app says of itself and @configuration does not: its name from
   * g_set_application_name (), then its name, version and languages from its installed AppStream
   * metadata, as a toolkit's attach does. Main thread. */
  void (*configuration_fill_from_app) (ArmchairSwiftConfiguration *configuration);
  void (*configuration_set_event_weight) (ArmchairSwiftConfiguration *configuration, const char *event, int weight);
  void (*configuration_set_scenario_requirement) (ArmchairSwiftConfiguration *configuration, const char *scenario,
                                                  const char *event, int count);
  void (*configuration_set_key_name) (ArmchairSwiftConfiguration *configuration, const char *key,
                                      const char *ARMCHAIR_NULLABLE name);

  /* ArmchairEngine's RatingEngine. create returns NULL with @error set for an unusable
   * configuration; connect makes the engine report to @object's signals. */
  ArmchairSwiftEngine *ARMCHAIR_NULLABLE (*ARMCHAIR_NONNULL engine_create) (ArmchairSwiftConfiguration *configuration,
                                                           ARMCHAIR_ERROR_OUT error);
  void (*engine_connect) (ArmchairSwiftEngine *engine, ArmchairEngine *object);
  /* Any thread: the engine goes on the main thread, later, never during the call. */
  void (*engine_release) (ArmchairSwiftEngine *engine);
  void (*engine_app_launched) (ArmchairSwiftEngine *engine);
  void (*engine_app_entered_foreground) (ArmchairSwiftEngine *engine);
  gboolean (*engine_app_will_quit) (ArmchairSwiftEngine *engine);
  void (*engine_add_active_usage) (ArmchairSwiftEngine *engine, double seconds);
  void (*engine_significant_event) (ArmchairSwiftEngine *engine, const char *name, int weight, gboolean may_prompt);
  gboolean (*engine_should_prompt) (ArmchairSwiftEngine *engine);
  ArmchairDecision *ARMCHAIR_NULLABLE (*ARMCHAIR_NONNULL engine_get_decision) (ArmchairSwiftEngine *engine);
  char *ARMCHAIR_NULLABLE (*ARMCHAIR_NONNULL engine_explain) (ArmchairSwiftEngine *engine);
  ArmchairPromptStatus (*engine_show_prompt_if_allowed) (ArmchairSwiftEngine *engine);
  gboolean (*engine_show_prompt) (ArmchairSwiftEngine *engine);
  gboolean (*engine_show_prompt_with_flow) (ArmchairSwiftEngine *engine, ArmchairPromptFlow flow);
  ArmchairPromptStatus (*engine_show_prompt_when_online) (ArmchairSwiftEngine *engine, ArmchairPromptFlow flow);
  void (*engine_record_prompt_shown) (ArmchairSwiftEngine *engine);
  void (*engine_record_answer) (ArmchairSwiftEngine *engine, ArmchairAnswer answer);
  void (*engine_rate_app) (ArmchairSwiftEngine *engine);
  void (*engine_close_prompt) (ArmchairSwiftEngine *engine);
  void (*engine_open_review_page) (ArmchairSwiftEngine *engine);
  gboolean (*engine_reconfigure) (ArmchairSwiftEngine *engine, ArmchairSwiftConfiguration *configuration,
                                  ARMCHAIR_ERROR_OUT error);
  char *ARMCHAIR_NULLABLE (*ARMCHAIR_NONNULL engine_dup_review_uri) (ArmchairSwiftEngine *engine);
  void (*engine_reset) (ArmchairSwiftEngine *engine);
  void (*engine_reset_usage_counters) (ArmchairSwiftEngine *engine);
  gboolean (*engine_flush) (ArmchairSwiftEngine *engine);

  /* The result of an ArmchairFeedbackRequest and the choice of an ArmchairPromptStep: any
   * thread, once each. */
  void (*feedback_complete) (ArmchairSwiftFeedbackCompletion *completion, ArmchairFeedbackResult result,
                             const char *ARMCHAIR_NULLABLE message);
  void (*feedback_release) (ArmchairSwiftFeedbackCompletion *completion);
  void (*step_complete) (ArmchairSwiftStepCompletion *completion, ArmchairChoice choice);
  void (*step_release) (ArmchairSwiftStepCompletion *completion);

  /* ArmchairApplicationBinding's Swift binding, which a toolkit's attach made. engine returns a
   * new reference to its engine; get_setting and set_setting read and change the property @name
   * (a setting of settings/settings.toml); release ends the binding (any thread: at once on the
   * main thread, later from another). */
  ArmchairSwiftEngine *ARMCHAIR_NONNULL (*ARMCHAIR_NONNULL binding_engine) (ArmchairSwiftBinding *binding);
  void (*binding_get_setting) (ArmchairSwiftBinding *binding, const char *name, GValue *value);
  void (*binding_set_setting) (ArmchairSwiftBinding *binding, const char *name, const GValue *value);
  guint (*binding_mark_busy) (ArmchairSwiftBinding *binding, const char *reason);
  void (*binding_unmark_busy) (ArmchairSwiftBinding *binding, guint cookie);
  void (*binding_release) (ArmchairSwiftBinding *binding);
  /* Hands the binding what happened before it was there: the app's windows and launches so far,
   * and @head_start. */
  void (*binding_catch_up) (ArmchairSwiftBinding *binding, const ArmchairHeadStart *head_start);
} ArmchairSwiftCore;

/* A toolkit library's Swift: what differs per toolkit. */
typedef struct {
  /* Attaches Armchair to @application (a GtkApplication of the library's GTK), with
   * @configuration, or with what the app installs when it is NULL; the binding, or NULL with
   * @error set. Main thread. */
  ArmchairSwiftBinding *ARMCHAIR_NULLABLE (*ARMCHAIR_NONNULL attach) (GApplication *application,
                                                     ArmchairSwiftConfiguration *ARMCHAIR_NULLABLE configuration,
                                                     ARMCHAIR_ERROR_OUT error);
} ArmchairSwiftToolkit;

/* The core's table, which Swift makes once; any thread. */
const ArmchairSwiftCore *armchair_swift_core (void);

#ifdef __clang__
#pragma clang assume_nonnull end
#endif

G_END_DECLS

#endif
