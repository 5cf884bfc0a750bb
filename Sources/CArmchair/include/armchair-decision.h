/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_DECISION_H
#define ARMCHAIR_DECISION_H

#if !defined(ARMCHAIR_INSIDE) && !defined(ARMCHAIR_COMPILATION)
#error "Only <armchair.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

#define ARMCHAIR_TYPE_DECISION (armchair_decision_get_type ())
G_DECLARE_FINAL_TYPE (ArmchairDecision, armchair_decision, ARMCHAIR, DECISION, GObject)

gboolean armchair_decision_get_should_prompt (ArmchairDecision *self);
gboolean armchair_decision_get_gates_passed (ArmchairDecision *self);
gboolean armchair_decision_get_thresholds_met (ArmchairDecision *self);
gboolean armchair_decision_get_debug_override (ArmchairDecision *self);
const char *armchair_decision_get_headline (ArmchairDecision *self);
const char *const *armchair_decision_get_reasons (ArmchairDecision *self);
char *armchair_decision_to_string (ArmchairDecision *self) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS

#endif
