/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"

/**
 * ArmchairPromptStep:
 *
 * One step of the prompt that the app shows with its own UI instead of Armchair's dialog, and
 * the way to say what the person chose (Swift's `ForwardingPresenter`, from C, Python and
 * JavaScript).
 *
 * [signal@Armchair.Engine::present-step] hands the app each step before Armchair shows it. A
 * handler that shows the step itself keeps a reference, returns %TRUE, and once the person has
 * answered calls [method@Armchair.PromptStep.return_choice] with one of the step's choices
 * ([method@Armchair.PromptStep.get_choices]), once, from any thread. Armchair then records the
 * answer and goes on to the next step exactly as after its own dialog. A handler that returns
 * %FALSE leaves the step to Armchair's dialog.
 *
 * ```python
 * def present(engine, step):
 *     if step.get_kind() != Armchair.StepKind.RATING_PROMPT:
 *         return False  # Armchair's dialogs for the other steps
 *     banner.show(step.get_title(), step.get_message(),
 *                 on_rate=lambda: step.return_choice(Armchair.Choice.RATE),
 *                 on_later=lambda: step.return_choice(Armchair.Choice.REMIND_LATER),
 *                 on_no=lambda: step.return_choice(Armchair.Choice.DECLINE))
 *     step.connect("closed", lambda step: banner.hide())
 *     return True
 *
 * binding.get_engine().connect("present-step", present)
 * ```
 *
 * When Armchair closes the prompt ([method@Armchair.Engine.close_prompt]), a step still open emits
 * [signal@Armchair.PromptStep::closed], on the main thread, and counts as
 * %ARMCHAIR_CHOICE_DISMISSED: the app closes its UI. A step finalized without a choice counts as
 * %ARMCHAIR_CHOICE_DISMISSED too ("not now", never a decline), with a warning.
 *
 * Since: 1.0
 */
struct _ArmchairPromptStep {
  GObject parent_instance;
  ArmchairStepKind kind;
  char *title;
  char *message;
  /* The choices offered, and their labels (with their mnemonics), in the order of the dialog. */
  GArray *choices;
  GPtrArray *labels;
  /* The Swift side waiting for the choice; completed and released once, by whoever sets completed. */
  ArmchairSwiftStepCompletion *completion;
  gint completed;
};

G_DEFINE_FINAL_TYPE (ArmchairPromptStep, armchair_prompt_step, G_TYPE_OBJECT)

enum {
  CLOSED,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

/* Completes the Swift side once; FALSE when the step has its choice already. */
static gboolean
complete (ArmchairPromptStep *self, ArmchairChoice choice)
{
  ArmchairSwiftStepCompletion *completion;

  if (!g_atomic_int_compare_and_exchange (&self->completed, 0, 1))
    return FALSE;
  /* NULL for a step a language binding made itself: nothing waits. */
  completion = g_steal_pointer (&self->completion);
  if (completion != NULL)
    {
      armchair_engine_module_peek_core ()->step_complete (completion, choice);
      armchair_engine_module_peek_core ()->step_release (completion);
    }
  return TRUE;
}

static void
armchair_prompt_step_finalize (GObject *object)
{
  ArmchairPromptStep *self = ARMCHAIR_PROMPT_STEP (object);

  if (self->completion != NULL && complete (self, ARMCHAIR_CHOICE_DISMISSED))
    g_warning ("ArmchairPromptStep \"%s\" was finalized without a choice, and counts as dismissed: a "
               "present-step handler that returns TRUE must keep a reference and call "
               "armchair_prompt_step_return_choice() once the person has answered.",
               self->title);
  g_free (self->title);
  g_free (self->message);
  g_clear_pointer (&self->choices, g_array_unref);
  g_clear_pointer (&self->labels, g_ptr_array_unref);
  G_OBJECT_CLASS (armchair_prompt_step_parent_class)->finalize (object);
}

static void
armchair_prompt_step_class_init (ArmchairPromptStepClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = armchair_prompt_step_finalize;

  /**
   * ArmchairPromptStep::closed:
   * @self: the step
   *
   * Armchair closed the prompt while the app showed this step
   * ([method@Armchair.Engine.close_prompt]): close the step's UI. The step counts as
   * %ARMCHAIR_CHOICE_DISMISSED; a choice returned afterwards is ignored.
   *
   * Since: 1.0
   */
  signals[CLOSED] = g_signal_new ("closed", ARMCHAIR_TYPE_PROMPT_STEP, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 0);
}

static void
armchair_prompt_step_init (ArmchairPromptStep *self)
{
  self->title = g_strdup ("");
  self->message = g_strdup ("");
  self->choices = g_array_new (FALSE, FALSE, sizeof (ArmchairChoice));
  self->labels = g_ptr_array_new_with_free_func (g_free);
}

ArmchairPromptStep *
armchair_prompt_step_new_internal (ArmchairStepKind kind, const char *title, const char *message, ArmchairSwiftStepCompletion *completion)
{
  ArmchairPromptStep *self = g_object_new (ARMCHAIR_TYPE_PROMPT_STEP, NULL);

  self->kind = kind;
  g_free (self->title);
  self->title = g_strdup (title != NULL ? title : "");
  g_free (self->message);
  self->message = g_strdup (message != NULL ? message : "");
  self->completion = completion;
  return self;
}

void
armchair_prompt_step_add_choice_internal (ArmchairPromptStep *self, ArmchairChoice choice, const char *label)
{
  g_array_append_val (self->choices, choice);
  g_ptr_array_add (self->labels, g_strdup (label));
}

void
armchair_prompt_step_untaken_internal (ArmchairPromptStep *self)
{
  if (g_atomic_int_compare_and_exchange (&self->completed, 0, 1))
    armchair_engine_module_peek_core ()->step_release (g_steal_pointer (&self->completion));
}

void
armchair_prompt_step_close_internal (ArmchairPromptStep *self)
{
  if (complete (self, ARMCHAIR_CHOICE_DISMISSED))
    g_signal_emit (self, signals[CLOSED], 0);
}

/**
 * armchair_prompt_step_get_kind:
 * @self: a step
 *
 * Gets which step this is.
 *
 * Returns: the step's kind
 *
 * Since: 1.0
 */
ArmchairStepKind
armchair_prompt_step_get_kind (ArmchairPromptStep *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_PROMPT_STEP (self), ARMCHAIR_STEP_RATING_PROMPT);
  return self->kind;
}

/**
 * armchair_prompt_step_get_title:
 * @self: a step
 *
 * Gets the step's title, translated, with the app's name filled in; empty when the app's
 * configuration hides it (an empty title text).
 *
 * Returns: (transfer none): the title
 *
 * Since: 1.0
 */
const char *
armchair_prompt_step_get_title (ArmchairPromptStep *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_PROMPT_STEP (self), NULL);
  return self->title;
}

/**
 * armchair_prompt_step_get_message:
 * @self: a step
 *
 * Gets the step's message, translated, with the app's name filled in; empty when the app's
 * configuration hides it.
 *
 * Returns: (transfer none): the message
 *
 * Since: 1.0
 */
const char *
armchair_prompt_step_get_message (ArmchairPromptStep *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_PROMPT_STEP (self), NULL);
  return self->message;
}

/**
 * armchair_prompt_step_get_choices:
 * @self: a step
 * @n_choices: (out): the number of choices
 *
 * Gets the choices the step offers, in the order of Armchair's dialog (the button that rates
 * first). %ARMCHAIR_CHOICE_DISMISSED is not among them, but every step accepts it.
 *
 * Returns: (transfer none) (array length=n_choices): the choices
 *
 * Since: 1.0
 */
const ArmchairChoice *
armchair_prompt_step_get_choices (ArmchairPromptStep *self, gsize *n_choices)
{
  g_return_val_if_fail (ARMCHAIR_IS_PROMPT_STEP (self), NULL);
  g_return_val_if_fail (n_choices != NULL, NULL);
  *n_choices = self->choices->len;
  return (const ArmchairChoice *) (gpointer) self->choices->data;
}

/**
 * armchair_prompt_step_get_label:
 * @self: a step
 * @choice: one of the step's choices
 *
 * Gets the label of @choice's button, translated, with its mnemonic (`_Rate`): GTK's
 * `gtk_button_new_with_mnemonic()` takes it as it is.
 *
 * Returns: (transfer none) (nullable): the label, or %NULL when the step does not offer @choice
 *
 * Since: 1.0
 */
const char *
armchair_prompt_step_get_label (ArmchairPromptStep *self, ArmchairChoice choice)
{
  g_return_val_if_fail (ARMCHAIR_IS_PROMPT_STEP (self), NULL);
  for (guint i = 0; i < self->choices->len; i++)
    if (g_array_index (self->choices, ArmchairChoice, i) == choice)
      return g_ptr_array_index (self->labels, i);
  return NULL;
}

/**
 * armchair_prompt_step_get_completed:
 * @self: a step
 *
 * Whether the step has its choice: from [method@Armchair.PromptStep.return_choice], or
 * %ARMCHAIR_CHOICE_DISMISSED when Armchair closed it. Any thread may ask.
 *
 * Returns: whether the step has its choice
 *
 * Since: 1.0
 */
gboolean
armchair_prompt_step_get_completed (ArmchairPromptStep *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_PROMPT_STEP (self), FALSE);
  return g_atomic_int_get (&self->completed);
}

/**
 * armchair_prompt_step_return_choice:
 * @self: a step
 * @choice: what the person chose: one of [method@Armchair.PromptStep.get_choices], or
 *   %ARMCHAIR_CHOICE_DISMISSED when they closed the step without choosing
 *
 * Says what the person chose, once, from any thread. Armchair records it and goes on as after
 * its own dialog. A choice the step does not offer is refused with a critical, and the step
 * still waits for one; after the step has its choice (or Armchair closed it), a choice is
 * ignored.
 *
 * Since: 1.0
 */
void
armchair_prompt_step_return_choice (ArmchairPromptStep *self, ArmchairChoice choice)
{
  g_return_if_fail (ARMCHAIR_IS_PROMPT_STEP (self));
  g_return_if_fail (choice == ARMCHAIR_CHOICE_DISMISSED || armchair_prompt_step_get_label (self, choice) != NULL);
  complete (self, choice);
}
