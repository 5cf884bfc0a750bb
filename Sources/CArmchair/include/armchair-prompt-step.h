/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_PROMPT_STEP_H
#define ARMCHAIR_PROMPT_STEP_H

#if !defined(ARMCHAIR_INSIDE) && !defined(ARMCHAIR_COMPILATION)
#error "Only <armchair.h> can be included directly."
#endif

#include <glib-object.h>

#include "armchair-enums.h"

G_BEGIN_DECLS

#define ARMCHAIR_TYPE_PROMPT_STEP (armchair_prompt_step_get_type ())
G_DECLARE_FINAL_TYPE (ArmchairPromptStep, armchair_prompt_step, ARMCHAIR, PROMPT_STEP, GObject)

ArmchairStepKind armchair_prompt_step_get_kind (ArmchairPromptStep *self);
const char *armchair_prompt_step_get_title (ArmchairPromptStep *self);
const char *armchair_prompt_step_get_message (ArmchairPromptStep *self);
const ArmchairChoice *armchair_prompt_step_get_choices (ArmchairPromptStep *self, gsize *n_choices);
const char *armchair_prompt_step_get_label (ArmchairPromptStep *self, ArmchairChoice choice);
gboolean armchair_prompt_step_get_completed (ArmchairPromptStep *self);
void armchair_prompt_step_return_choice (ArmchairPromptStep *self, ArmchairChoice choice);

G_END_DECLS

#endif
