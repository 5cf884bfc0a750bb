/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_ENGINE_H
#define ARMCHAIR_ENGINE_H

#if !defined(ARMCHAIR_INSIDE) && !defined(ARMCHAIR_COMPILATION)
#error "Only <armchair.h> can be included directly."
#endif

#include <glib-object.h>

#include "armchair-configuration.h"
#include "armchair-decision.h"
#include "armchair-enums.h"

G_BEGIN_DECLS

#define ARMCHAIR_TYPE_ENGINE (armchair_engine_get_type ())
G_DECLARE_FINAL_TYPE (ArmchairEngine, armchair_engine, ARMCHAIR, ENGINE, GObject)

ArmchairEngine *armchair_engine_new (ArmchairConfiguration *configuration, GError **error) G_GNUC_WARN_UNUSED_RESULT;

void armchair_engine_app_launched (ArmchairEngine *self);
void armchair_engine_app_entered_foreground (ArmchairEngine *self);
gboolean armchair_engine_app_will_quit (ArmchairEngine *self);
void armchair_engine_add_active_usage (ArmchairEngine *self, double seconds);
void armchair_engine_significant_event (ArmchairEngine *self, const char *name);
void armchair_engine_significant_event_full (ArmchairEngine *self, const char *name, int weight, gboolean may_prompt);

gboolean armchair_engine_should_prompt (ArmchairEngine *self);
ArmchairDecision *armchair_engine_get_decision (ArmchairEngine *self) G_GNUC_WARN_UNUSED_RESULT;
char *armchair_engine_explain (ArmchairEngine *self) G_GNUC_WARN_UNUSED_RESULT;
ArmchairPromptStatus armchair_engine_show_prompt_if_allowed (ArmchairEngine *self);
gboolean armchair_engine_show_prompt (ArmchairEngine *self);
gboolean armchair_engine_show_prompt_with_flow (ArmchairEngine *self, ArmchairPromptFlow flow);
ArmchairPromptStatus armchair_engine_show_prompt_when_online (ArmchairEngine *self, ArmchairPromptFlow flow);
void armchair_engine_record_prompt_shown (ArmchairEngine *self);
void armchair_engine_record_answer (ArmchairEngine *self, ArmchairAnswer answer);

void armchair_engine_rate_app (ArmchairEngine *self);
void armchair_engine_close_prompt (ArmchairEngine *self);
void armchair_engine_show_review_page (ArmchairEngine *self);
char *armchair_engine_dup_review_uri (ArmchairEngine *self) G_GNUC_WARN_UNUSED_RESULT;

gboolean armchair_engine_reconfigure (ArmchairEngine *self, ArmchairConfiguration *configuration, GError **error);

void armchair_engine_reset (ArmchairEngine *self);
void armchair_engine_reset_usage_counters (ArmchairEngine *self);
gboolean armchair_engine_flush (ArmchairEngine *self);

G_END_DECLS

#endif
