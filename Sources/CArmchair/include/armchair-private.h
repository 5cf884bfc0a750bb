/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_PRIVATE_H
#define ARMCHAIR_PRIVATE_H

/* Between the C types and the Swift behind them, and for the toolkit libraries: not installed,
 * not scanned. Every armchair_swift_* function is implemented in Swift (@_cdecl) and entered only
 * from a C function that has already checked its arguments: type, NULL and, for the engine, the
 * main thread. */

#include "armchair.h"

G_BEGIN_DECLS

/* A toolkit binding's scheduler settings (Swift's PromptScheduler.Settings), as ArmchairGtk3Binding
 * and ArmchairGtk4Binding expose them as properties. */
typedef struct {
  double prompt_delay;
  double quiet_time;
  gboolean prompts_over_fullscreen;
  gboolean waits_for_active_window;
  gboolean waits_for_network;
} ArmchairSchedulerSettings;

/* ArmchairConfiguration's property IDs, made from settings/settings.toml with the properties'
 * ranges, which are Configuration.Bounds. */
#include "armchair-configuration-properties-private.h"

/* Whether the caller runs on Swift's main actor, which the engine's Swift side needs: the process's
 * main thread (a GTK app's), or work of libdispatch's main queue. Any thread may ask. */
gboolean armchair_c_api_is_main_thread (void);

/* ArmchairConfiguration's Swift box; any thread, one at a time (the box has a lock). */
void *armchair_swift_configuration_box_new (void);
void armchair_swift_configuration_box_release (void *box);
void armchair_swift_configuration_set (void *box, const char *name, const GValue *value);
void armchair_swift_configuration_get (void *box, const char *name, GValue *value);
gboolean armchair_swift_configuration_load (void *box, const char *path, GError **error);
gboolean armchair_swift_configuration_validate (void *box, GError **error);
void armchair_swift_configuration_set_event_weight (void *box, const char *event, int weight);
void armchair_swift_configuration_set_scenario_requirement (void *box, const char *scenario, const char *event, int count);
void armchair_swift_configuration_set_key_name (void *box, const char *key, const char *name);
void *armchair_configuration_get_box (ArmchairConfiguration *self);
/* Warns that a key-names entry names no state key (and is ignored). */
void armchair_warn_unknown_state_key (const char *key);

/* ArmchairDecision, filled by Swift: its construct-only properties, and the explanation that
 * armchair_decision_to_string() returns. */
ArmchairDecision *armchair_decision_new_internal (gboolean           should_prompt,
                                                  gboolean           gates_passed,
                                                  gboolean           thresholds_met,
                                                  gboolean           debug_override,
                                                  const char        *headline,
                                                  const char *const *reasons,
                                                  const char        *explanation);

/* ArmchairFeedbackRequest, made by Swift for one message: its fields, and @completion, the Swift
 * box that the request completes once (taking over the box's reference). */
ArmchairFeedbackRequest *armchair_feedback_request_new_internal (const char *id,
                                                                 const char *text,
                                                                 const char *reply_email,
                                                                 const char *app_id,
                                                                 const char *app_name,
                                                                 const char *app_version,
                                                                 const char *locale,
                                                                 GVariant   *system_details,
                                                                 void       *completion);
/* How a request ended: delivered, failed with the app's @message, or dropped without a result. */
typedef enum {
  ARMCHAIR_FEEDBACK_RESULT_DELIVERED,
  ARMCHAIR_FEEDBACK_RESULT_FAILED,
  ARMCHAIR_FEEDBACK_RESULT_DROPPED,
} ArmchairFeedbackResult;

/* Completes the Swift side of a request. Any thread, once. */
void armchair_swift_feedback_request_complete (void *completion, ArmchairFeedbackResult result, const char *message);
void armchair_swift_feedback_request_release (void *completion);

/* ArmchairPromptStep, made by Swift for one step the app may show: its texts, its choices with
 * their labels, and @completion, the Swift box that the step completes once (taking over the
 * box's reference). close_internal answers it as dismissed and emits ::closed (main thread). */
ArmchairPromptStep *armchair_prompt_step_new_internal (ArmchairStepKind kind, const char *title, const char *message,
                                                       void *completion);
void armchair_prompt_step_add_choice_internal (ArmchairPromptStep *self, ArmchairChoice choice, const char *label);
void armchair_prompt_step_close_internal (ArmchairPromptStep *self);
/* No handler took the step: it ends without reaching Swift (which goes on with its own dialog). */
void armchair_prompt_step_untaken_internal (ArmchairPromptStep *self);
/* Completes the Swift side of a step with @choice. Any thread, once. */
void armchair_swift_prompt_step_complete (void *completion, ArmchairChoice choice);
void armchair_swift_prompt_step_release (void *completion);

/* ArmchairEngine's Swift RatingEngine; main thread only, but for the release, which any thread
 * may call (it runs on the main thread, later). */
void *armchair_swift_engine_create (void *configuration_box, GError **error);
void armchair_swift_engine_connect (void *engine, ArmchairEngine *object);
void armchair_swift_engine_release (void *engine);
void armchair_swift_engine_app_launched (void *engine);
void armchair_swift_engine_app_entered_foreground (void *engine);
gboolean armchair_swift_engine_app_will_quit (void *engine);
void armchair_swift_engine_add_active_usage (void *engine, double seconds);
void armchair_swift_engine_significant_event (void *engine, const char *name, int weight, gboolean may_prompt);
gboolean armchair_swift_engine_should_prompt (void *engine);
ArmchairDecision *armchair_swift_engine_get_decision (void *engine);
char *armchair_swift_engine_explain (void *engine);
ArmchairPromptStatus armchair_swift_engine_show_prompt_if_allowed (void *engine);
gboolean armchair_swift_engine_show_prompt (void *engine);
void armchair_swift_engine_record_prompt_shown (void *engine);
void armchair_swift_engine_record_answer (void *engine, ArmchairAnswer answer);
void armchair_swift_engine_rate_app (void *engine);
void armchair_swift_engine_close_prompt (void *engine);
void armchair_swift_engine_open_review_page (void *engine);
/* flow: 0 configured, 1 rating only, 2 satisfaction first (ArmchairPromptFlow). */
gboolean armchair_swift_engine_show_prompt_with_flow (void *engine, int flow);
ArmchairPromptStatus armchair_swift_engine_show_prompt_when_online (void *engine, int flow);
gboolean armchair_swift_engine_reconfigure (void *engine, void *configuration_box, GError **error);
char *armchair_swift_engine_dup_review_uri (void *engine);
void armchair_swift_engine_reset (void *engine);
void armchair_swift_engine_reset_usage_counters (void *engine);
gboolean armchair_swift_engine_flush (void *engine);

/* ArmchairEngine's signals, which the Swift engine's callbacks emit. */
typedef enum {
  ARMCHAIR_ENGINE_SIGNAL_PROMPT_SHOWN,
  ARMCHAIR_ENGINE_SIGNAL_ANSWERED,
  ARMCHAIR_ENGINE_SIGNAL_SATISFACTION_ASKED,
  ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_REQUESTED,
  ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_ACCEPTED,
  ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_DECLINED,
  ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_SENT,
  ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_FAILED,
  ARMCHAIR_ENGINE_SIGNAL_THANK_YOU_SHOWN,
  ARMCHAIR_ENGINE_SIGNAL_UPDATE_DETECTED,
  ARMCHAIR_ENGINE_SIGNAL_REVIEW_PAGE_OPENED,
  ARMCHAIR_ENGINE_SIGNAL_REVIEW_PAGE_FAILED,
  ARMCHAIR_ENGINE_SIGNAL_HOLD_PROMPT,
  ARMCHAIR_ENGINE_SIGNAL_IGNORE_USE,
  ARMCHAIR_ENGINE_SIGNAL_OPEN_REVIEW_PAGE,
  ARMCHAIR_ENGINE_SIGNAL_DELIVER_FEEDBACK,
  ARMCHAIR_ENGINE_SIGNAL_PRESENT_STEP,
  ARMCHAIR_ENGINE_N_SIGNALS,
} ArmchairEngineSignal;

void armchair_engine_emit (ArmchairEngine *self, ArmchairEngineSignal signal);
void armchair_engine_emit_answered (ArmchairEngine *self, ArmchairAnswer answer);
void armchair_engine_emit_text (ArmchairEngine *self, ArmchairEngineSignal signal, const char *text);
void armchair_engine_emit_update_detected (ArmchairEngine *self, const char *previous, const char *current);
/* The signals that let the app say no: each returns whether a handler handled it (TRUE: stop). */
gboolean armchair_engine_emit_hold_prompt (ArmchairEngine *self, ArmchairDecision *decision);
gboolean armchair_engine_emit_ignore_use (ArmchairEngine *self);
gboolean armchair_engine_emit_open_review_page (ArmchairEngine *self, const char *uri);
/* Whether the app delivers feedback itself: a handler of deliver-feedback is connected (and not
 * blocked); then hands it @request. */
gboolean armchair_engine_delivers_feedback (ArmchairEngine *self);
/* FALSE when no handler is connected any more: nobody took @request. */
gboolean armchair_engine_emit_deliver_feedback (ArmchairEngine *self, ArmchairFeedbackRequest *request);
/* TRUE when a handler shows @step itself. */
gboolean armchair_engine_emit_present_step (ArmchairEngine *self, ArmchairPromptStep *step);

/* For the toolkit libraries: wraps a retained Swift engine; the GObject owns it from then on. */
ArmchairEngine *armchair_engine_new_for_swift_engine (void *retained_engine);
void *armchair_engine_get_swift_engine (ArmchairEngine *self);
/* For a binding that was not made by its attach function: an engine whose every call is a
 * critical naming @reason. */
ArmchairEngine *armchair_engine_new_inert (const char *reason);

G_END_DECLS

#endif
