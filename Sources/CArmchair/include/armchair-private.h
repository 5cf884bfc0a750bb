/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_PRIVATE_H
#define ARMCHAIR_PRIVATE_H

/* Between libarmchair's C types, and for the toolkit libraries: not installed, not scanned. The
 * Swift behind the types is reached through armchair-swift-private.h's tables, entered only from a
 * C function that has already checked its arguments: type, NULL and, for the engine and the
 * binding, the main thread. */

#include "armchair.h"
#include "armchair-swift-private.h"
#include "armchair-engine-module-private.h"

G_BEGIN_DECLS

/* ArmchairConfiguration's property IDs, made from settings/settings.toml with the properties'
 * ranges, which are Configuration.Bounds; ArmchairApplicationBinding's likewise. */
#include "armchair-configuration-properties-private.h"
#include "armchair-application-binding-properties-private.h"

/* Whether the caller runs on Swift's main actor, which the engine's Swift side needs: the process's
 * main thread (a GTK app's), or work of libdispatch's main queue. Any thread may ask. */
gboolean armchair_c_api_is_main_thread (void);

/* ArmchairConfiguration keeps its settings in C. copy_internal makes a copy of them (what an
 * engine keeps of the app's configuration, which later changes do not reach); make_swift makes
 * the engine's configuration of them (a new reference); take_swift_values sets them from one.
 * load_quick reads the settings file at @path (NULL: the installed one) into @self when C is sure
 * to read it as the engine does, and check_quick says whether the engine would surely accept
 * @self: FALSE from either means "ask the engine". */
ArmchairConfiguration *armchair_configuration_copy_internal (ArmchairConfiguration *self);
ArmchairSwiftConfiguration *armchair_configuration_make_swift (ArmchairConfiguration *self,
                                                               const ArmchairSwiftCore *core);
void armchair_configuration_take_swift_values (ArmchairConfiguration *self, const ArmchairSwiftCore *core,
                                               ArmchairSwiftConfiguration *box);
gboolean armchair_configuration_load_quick (ArmchairConfiguration *self, const char *path);
gboolean armchair_configuration_check_quick (ArmchairConfiguration *self);
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

/* ArmchairFeedbackRequest, made by Swift for one message: its fields, and @completion, which the
 * request completes once (taking over its reference). cancel_internal says that nobody waits for
 * the result any more: an outstanding request completes as dropped (not delivered) and its
 * cancellable is cancelled, whose handlers run on the caller's thread; one that has its result
 * is left alone. Any thread. */
ArmchairFeedbackRequest *armchair_feedback_request_new_internal (const char *id,
                                                                 const char *text,
                                                                 const char *reply_email,
                                                                 const char *app_id,
                                                                 const char *app_name,
                                                                 const char *app_version,
                                                                 const char *locale,
                                                                 GVariant   *system_details,
                                                                 ArmchairSwiftFeedbackCompletion *completion);
void armchair_feedback_request_cancel_internal (ArmchairFeedbackRequest *self);

/* ArmchairPromptStep, made by Swift for one step the app may show: its texts, its choices with
 * their labels, and @completion, which the step completes once (taking over its reference). close_internal answers it as dismissed and emits ::closed (main thread). */
ArmchairPromptStep *armchair_prompt_step_new_internal (ArmchairStepKind kind, const char *title, const char *message,
                                                       ArmchairSwiftStepCompletion *completion);
void armchair_prompt_step_add_choice_internal (ArmchairPromptStep *self, ArmchairChoice choice, const char *label);
void armchair_prompt_step_close_internal (ArmchairPromptStep *self);
/* No handler took the step: it ends without reaching Swift (which goes on with its own dialog). */
void armchair_prompt_step_untaken_internal (ArmchairPromptStep *self);
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
/* FALSE when no handler is connected any more: nobody took @request. The engine keeps @request
 * weakly, to cancel it when the engine is disposed with it outstanding. */
gboolean armchair_engine_emit_deliver_feedback (ArmchairEngine *self, ArmchairFeedbackRequest *request);
/* TRUE when a handler shows @step itself. */
gboolean armchair_engine_emit_present_step (ArmchairEngine *self, ArmchairPromptStep *step);

/* For ArmchairApplicationBinding. new_waiting makes the binding's engine before the engine module is
 * loaded: it keeps the calls that need no answer, in order, and calls @load_now(@data) for one that
 * needs an answer, which must give it its Swift engine (take_swift_engine) or turn it off.
 * take_swift_engine gives it @engine (its reference too) and makes the calls it kept; turn_off
 * says that the engine module could not be loaded: the calls kept are dropped, and every call does
 * nothing from then on. Main thread. */
typedef void (*ArmchairEngineLoadFunc) (gpointer data);
ArmchairEngine *armchair_engine_new_waiting (ArmchairEngineLoadFunc load_now, gpointer data);
void armchair_engine_take_swift_engine (ArmchairEngine *self, ArmchairSwiftEngine *engine);
void armchair_engine_turn_off (ArmchairEngine *self);
/* The binding of a waiting engine ended before the engine module was there: the engine becomes an
 * engine of @configuration (filled in from the app's installed metadata) at its next call, or at
 * once when it kept calls, so that none is lost. */
void armchair_engine_wait_alone (ArmchairEngine *self, ArmchairConfiguration *configuration);
/* The engine's Swift engine (which it keeps), loading it now if it waits for it; NULL for an engine
 * made without one. For tests. */
ArmchairSwiftEngine *armchair_engine_get_swift_engine (ArmchairEngine *self);
/* For a binding that was not made by its attach function: an engine whose every call is a
 * critical naming @reason. */
ArmchairEngine *armchair_engine_new_inert (const char *reason);

/* For the toolkit libraries' attach functions: checks that Armchair is not attached to
 * @application yet (else fails with ARMCHAIR_ERROR_ALREADY_ATTACHED, naming @get_for_application),
 * and makes the binding, an object of @binding_type (a subtype of ArmchairApplicationBinding) that
 * @application holds. When C is sure the configuration (@configuration, or the app's installed
 * one) is usable, the Swift binding attaches through @toolkit once the app's first frame is
 * drawn (or earlier, when a call needs an answer); else at once, reporting what is wrong. Main
 * thread; arguments checked. */
ArmchairApplicationBinding *armchair_application_binding_attach_internal (GType                        binding_type,
                                                                          GApplication                *application,
                                                                          ArmchairConfiguration       *configuration,
                                                                          const ArmchairToolkitModule *toolkit,
                                                                          const char                  *get_for_application,
                                                                          GError                     **error);
/* The binding @application holds, or NULL. */
ArmchairApplicationBinding *armchair_application_binding_lookup_internal (GApplication *application);

G_END_DECLS

#endif
