/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_ENUMS_H
#define ARMCHAIR_ENUMS_H

#if !defined(ARMCHAIR_INSIDE) && !defined(ARMCHAIR_COMPILATION)
#error "Only <armchair.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * ArmchairThresholdCombination:
 * @ARMCHAIR_THRESHOLD_COMBINATION_ALL: every threshold must be met: days, uses, events and
 *   active usage (Appirater's rule, the default)
 * @ARMCHAIR_THRESHOLD_COMBINATION_DAYS_THEN_ANY: once the days have passed, any one of uses,
 *   events or active usage suffices (iRate's rule)
 *
 * How the usage thresholds of an [class@Armchair.Configuration] combine into "the user has used the
 * app enough". A threshold of 0 is not a criterion at all.
 *
 * Since: 1.0
 */
typedef enum {
  ARMCHAIR_THRESHOLD_COMBINATION_ALL,
  ARMCHAIR_THRESHOLD_COMBINATION_DAYS_THEN_ANY,
} ArmchairThresholdCombination;

GType armchair_threshold_combination_get_type (void) G_GNUC_CONST;
#define ARMCHAIR_TYPE_THRESHOLD_COMBINATION (armchair_threshold_combination_get_type ())

/**
 * ArmchairDeclinePolicy:
 * @ARMCHAIR_DECLINE_POLICY_THIS_VERSION: "No, thanks" holds for the version it was given in
 * @ARMCHAIR_DECLINE_POLICY_FOREVER: "No, thanks" holds in every version, until
 *   [property@Armchair.Configuration:days-before-asking-again-after-decline] have passed (the
 *   default)
 *
 * How long "No, thanks" holds the prompt back.
 *
 * Since: 1.0
 */
typedef enum {
  ARMCHAIR_DECLINE_POLICY_THIS_VERSION,
  ARMCHAIR_DECLINE_POLICY_FOREVER,
} ArmchairDeclinePolicy;

GType armchair_decline_policy_get_type (void) G_GNUC_CONST;
#define ARMCHAIR_TYPE_DECLINE_POLICY (armchair_decline_policy_get_type ())

/**
 * ArmchairUpdatePolicy:
 * @ARMCHAIR_UPDATE_POLICY_KEEP_COUNTERS: the usage counts carry over to a new version, with
 *   [property@Armchair.Configuration:update-grace-days] before the days threshold is met again
 *   (the default)
 * @ARMCHAIR_UPDATE_POLICY_RESET_COUNTERS: a new version counts uses, events and days from zero
 *
 * What a new version does to the usage counters, when
 * [property@Armchair.Configuration:tracks-new-versions] is on.
 *
 * Since: 1.0
 */
typedef enum {
  ARMCHAIR_UPDATE_POLICY_KEEP_COUNTERS,
  ARMCHAIR_UPDATE_POLICY_RESET_COUNTERS,
} ArmchairUpdatePolicy;

GType armchair_update_policy_get_type (void) G_GNUC_CONST;
#define ARMCHAIR_TYPE_UPDATE_POLICY (armchair_update_policy_get_type ())

/**
 * ArmchairAnswer:
 * @ARMCHAIR_ANSWER_RATE: chose to rate; this version counts as rated
 * @ARMCHAIR_ANSWER_REMIND_LATER: asked to be reminded later
 * @ARMCHAIR_ANSWER_DECLINE: said "No, thanks"
 * @ARMCHAIR_ANSWER_DISMISSED: closed the prompt without choosing; recorded like
 *   %ARMCHAIR_ANSWER_REMIND_LATER, never as a decline
 * @ARMCHAIR_ANSWER_SENT_FEEDBACK: did not enjoy the app and sent feedback instead; holds the
 *   prompt back like a decline
 *
 * What the user did with the rating prompt.
 *
 * Since: 1.0
 */
typedef enum {
  ARMCHAIR_ANSWER_RATE,
  ARMCHAIR_ANSWER_REMIND_LATER,
  ARMCHAIR_ANSWER_DECLINE,
  ARMCHAIR_ANSWER_DISMISSED,
  ARMCHAIR_ANSWER_SENT_FEEDBACK,
} ArmchairAnswer;

GType armchair_answer_get_type (void) G_GNUC_CONST;
#define ARMCHAIR_TYPE_ANSWER (armchair_answer_get_type ())

/**
 * ArmchairPromptStatus:
 * @ARMCHAIR_PROMPT_NOT_SHOWN: nothing is shown: the rules, the app's
 *   [signal@Armchair.Engine::hold-prompt], another prompt on screen, or an engine without a toolkit
 * @ARMCHAIR_PROMPT_SHOWING: the prompt began to show
 * @ARMCHAIR_PROMPT_WAITING_FOR_BREAK: the rules allow the prompt, and it comes at the next
 *   natural break in the app (a binding's quiet time after the last key, click or scroll, with no
 *   window fullscreen, the app not busy and the screen unlocked), not at once;
 *   [signal@Armchair.Engine::answered] reports its answer
 * @ARMCHAIR_PROMPT_WAITING_FOR_NETWORK: the prompt the app asked for with
 *   [method@Armchair.Engine.show_prompt_when_online] waits for the network (the software centre
 *   needs it), then comes at the next natural break; [signal@Armchair.Engine::answered] reports
 *   its answer
 *
 * What came of a request to show the prompt.
 *
 * Since: 1.0
 */
typedef enum {
  ARMCHAIR_PROMPT_NOT_SHOWN,
  ARMCHAIR_PROMPT_SHOWING,
  ARMCHAIR_PROMPT_WAITING_FOR_BREAK,
  ARMCHAIR_PROMPT_WAITING_FOR_NETWORK,
} ArmchairPromptStatus;

GType armchair_prompt_status_get_type (void) G_GNUC_CONST;
#define ARMCHAIR_TYPE_PROMPT_STATUS (armchair_prompt_status_get_type ())

/**
 * ArmchairPromptFlow:
 * @ARMCHAIR_PROMPT_FLOW_CONFIGURED: as
 *   [property@Armchair.Configuration:asks-satisfaction-first] says
 * @ARMCHAIR_PROMPT_FLOW_RATING_ONLY: straight to the rating prompt, without the satisfaction
 *   question (ADAppRater's direct rating), for a moment the app knows the person is pleased
 * @ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST: "Are you enjoying the app?" first, which leads the
 *   unhappy to the feedback form and still offers them the rating
 *
 * Which steps one prompt goes through, for [method@Armchair.Engine.show_prompt_with_flow].
 *
 * Since: 1.0
 */
typedef enum {
  ARMCHAIR_PROMPT_FLOW_CONFIGURED,
  ARMCHAIR_PROMPT_FLOW_RATING_ONLY,
  ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST,
} ArmchairPromptFlow;

GType armchair_prompt_flow_get_type (void) G_GNUC_CONST;
#define ARMCHAIR_TYPE_PROMPT_FLOW (armchair_prompt_flow_get_type ())

/**
 * ArmchairStepKind:
 * @ARMCHAIR_STEP_RATING_PROMPT: the rating prompt: rate, remind later (when reminders are on)
 *   or decline
 * @ARMCHAIR_STEP_SATISFACTION_QUESTION: "Are you enjoying the app?": enjoying or not
 * @ARMCHAIR_STEP_FEEDBACK_REQUEST: "Would you tell us what we could do better?", for someone who
 *   does not enjoy the app: give feedback (when the app can receive it), rate instead, or decline
 * @ARMCHAIR_STEP_THANK_YOU: the thanks after feedback or a review: only to be closed
 *
 * A step of the prompt that the app may show with its own UI, in
 * [signal@Armchair.Engine::present-step].
 *
 * Since: 1.0
 */
typedef enum {
  ARMCHAIR_STEP_RATING_PROMPT,
  ARMCHAIR_STEP_SATISFACTION_QUESTION,
  ARMCHAIR_STEP_FEEDBACK_REQUEST,
  ARMCHAIR_STEP_THANK_YOU,
} ArmchairStepKind;

GType armchair_step_kind_get_type (void) G_GNUC_CONST;
#define ARMCHAIR_TYPE_STEP_KIND (armchair_step_kind_get_type ())

/**
 * ArmchairChoice:
 * @ARMCHAIR_CHOICE_DISMISSED: the step was closed without a choice: "not now", never a decline;
 *   every step accepts it
 * @ARMCHAIR_CHOICE_RATE: rate the app (the rating prompt; "rate instead" in the feedback request)
 * @ARMCHAIR_CHOICE_REMIND_LATER: ask again later (the rating prompt)
 * @ARMCHAIR_CHOICE_DECLINE: no, thanks (the rating prompt, the feedback request)
 * @ARMCHAIR_CHOICE_ENJOYING: the happy answer (the satisfaction question)
 * @ARMCHAIR_CHOICE_NOT_ENJOYING: the unhappy answer (the satisfaction question)
 * @ARMCHAIR_CHOICE_GIVE_FEEDBACK: open the feedback form (the feedback request)
 * @ARMCHAIR_CHOICE_CLOSE: close the thank-you
 *
 * What the person chose in a step the app showed itself; [method@Armchair.PromptStep.get_choices]
 * lists the ones a step offers.
 *
 * Since: 1.0
 */
typedef enum {
  ARMCHAIR_CHOICE_DISMISSED,
  ARMCHAIR_CHOICE_RATE,
  ARMCHAIR_CHOICE_REMIND_LATER,
  ARMCHAIR_CHOICE_DECLINE,
  ARMCHAIR_CHOICE_ENJOYING,
  ARMCHAIR_CHOICE_NOT_ENJOYING,
  ARMCHAIR_CHOICE_GIVE_FEEDBACK,
  ARMCHAIR_CHOICE_CLOSE,
} ArmchairChoice;

GType armchair_choice_get_type (void) G_GNUC_CONST;
#define ARMCHAIR_TYPE_CHOICE (armchair_choice_get_type ())

G_END_DECLS

#endif
