/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"

/**
 * ArmchairDecision:
 *
 * Whether to show the prompt now, and why: what the rules said at one moment. It does not
 * change afterwards; ask the engine again for a newer one.
 *
 * [method@Armchair.Decision.to_string] is the explanation the `armchair explain` tool prints: the
 * headline, then one line per criterion, `met`, `missing` or `off`, with its numbers.
 *
 * Every property is construct-only, so an app may make one itself, to test its
 * [signal@Armchair.Engine::hold-prompt] handler:
 *
 * ```python
 * decision = Armchair.Decision(should_prompt=True, headline="Prompting: every criterion is met.")
 * ```
 *
 * Since: 1.0
 */
struct _ArmchairDecision {
  GObject parent_instance;
  gboolean should_prompt;
  gboolean gates_passed;
  gboolean thresholds_met;
  gboolean debug_override;
  char *headline;
  GPtrArray *reasons;
  char *explanation;
};

G_DEFINE_FINAL_TYPE (ArmchairDecision, armchair_decision, G_TYPE_OBJECT)

/* The reasons as a NULL-terminated array; an empty GPtrArray may not have allocated one yet. */
static const char *const *
reasons_array (ArmchairDecision *self)
{
  static const char *const none[] = { NULL };

  return self->reasons->pdata != NULL ? (const char *const *) self->reasons->pdata : none;
}

enum {
  PROP_0,
  PROP_SHOULD_PROMPT,
  PROP_GATES_PASSED,
  PROP_THRESHOLDS_MET,
  PROP_DEBUG_OVERRIDE,
  PROP_HEADLINE,
  PROP_REASONS,
  N_PROPS,
};

static GParamSpec *properties[N_PROPS];

static void
armchair_decision_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  ArmchairDecision *self = ARMCHAIR_DECISION (object);
  const char *const *reasons;

  switch (id)
    {
    case PROP_SHOULD_PROMPT:
      self->should_prompt = g_value_get_boolean (value);
      break;
    case PROP_GATES_PASSED:
      self->gates_passed = g_value_get_boolean (value);
      break;
    case PROP_THRESHOLDS_MET:
      self->thresholds_met = g_value_get_boolean (value);
      break;
    case PROP_DEBUG_OVERRIDE:
      self->debug_override = g_value_get_boolean (value);
      break;
    case PROP_HEADLINE:
      g_free (self->headline);
      self->headline = g_strdup (g_value_get_string (value) != NULL ? g_value_get_string (value) : "");
      break;
    case PROP_REASONS:
      g_ptr_array_set_size (self->reasons, 0);
      reasons = g_value_get_boxed (value);
      for (guint i = 0; reasons != NULL && reasons[i] != NULL; i++)
        g_ptr_array_add (self->reasons, g_strdup (reasons[i]));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
armchair_decision_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  ArmchairDecision *self = ARMCHAIR_DECISION (object);

  switch (id)
    {
    case PROP_SHOULD_PROMPT:
      g_value_set_boolean (value, self->should_prompt);
      break;
    case PROP_GATES_PASSED:
      g_value_set_boolean (value, self->gates_passed);
      break;
    case PROP_THRESHOLDS_MET:
      g_value_set_boolean (value, self->thresholds_met);
      break;
    case PROP_DEBUG_OVERRIDE:
      g_value_set_boolean (value, self->debug_override);
      break;
    case PROP_HEADLINE:
      g_value_set_string (value, self->headline);
      break;
    case PROP_REASONS:
      g_value_set_boxed (value, reasons_array (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
armchair_decision_finalize (GObject *object)
{
  ArmchairDecision *self = ARMCHAIR_DECISION (object);

  g_free (self->headline);
  g_ptr_array_unref (self->reasons);
  g_free (self->explanation);
  G_OBJECT_CLASS (armchair_decision_parent_class)->finalize (object);
}

static void
armchair_decision_class_init (ArmchairDecisionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->set_property = armchair_decision_set_property;
  object_class->get_property = armchair_decision_get_property;
  object_class->finalize = armchair_decision_finalize;

  /**
   * ArmchairDecision:should-prompt:
   *
   * Whether the prompt should be shown now.
   *
   * Since: 1.0
   */
  properties[PROP_SHOULD_PROMPT] = g_param_spec_boolean ("should-prompt", NULL, NULL, FALSE, flags);
  /**
   * ArmchairDecision:gates-passed:
   *
   * Whether every gate holds: no answer or limit (rated, declined, a reminder pending, the
   * yearly cap…) holds the prompt back.
   *
   * Since: 1.0
   */
  properties[PROP_GATES_PASSED] = g_param_spec_boolean ("gates-passed", NULL, NULL, FALSE, flags);
  /**
   * ArmchairDecision:thresholds-met:
   *
   * Whether usage meets the thresholds (days, uses, events, active minutes).
   *
   * Since: 1.0
   */
  properties[PROP_THRESHOLDS_MET] = g_param_spec_boolean ("thresholds-met", NULL, NULL, FALSE, flags);
  /**
   * ArmchairDecision:debug-override:
   *
   * Whether debug mode forced the prompt.
   *
   * Since: 1.0
   */
  properties[PROP_DEBUG_OVERRIDE] = g_param_spec_boolean ("debug-override", NULL, NULL, FALSE, flags);
  /**
   * ArmchairDecision:headline:
   *
   * One line saying what was decided and the main reason, such as `Not prompting: the
   * thresholds are not met (all of: days, uses, events, active usage, uses per week).`
   *
   * Since: 1.0
   */
  properties[PROP_HEADLINE] = g_param_spec_string ("headline", NULL, NULL, "", flags);
  /**
   * ArmchairDecision:reasons:
   *
   * What holds the prompt back: one short English line per criterion that is not met, such
   * as `uses 12/20`; empty when the prompt should show.
   *
   * Since: 1.0
   */
  properties[PROP_REASONS] = g_param_spec_boxed ("reasons", NULL, NULL, G_TYPE_STRV, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
armchair_decision_init (ArmchairDecision *self)
{
  self->reasons = g_ptr_array_new_null_terminated (0, g_free, TRUE);
}

ArmchairDecision *
armchair_decision_new_internal (gboolean           should_prompt,
                                gboolean           gates_passed,
                                gboolean           thresholds_met,
                                gboolean           debug_override,
                                const char        *headline,
                                const char *const *reasons,
                                const char        *explanation)
{
  ArmchairDecision *self = g_object_new (ARMCHAIR_TYPE_DECISION, "should-prompt", should_prompt, "gates-passed",
                                         gates_passed, "thresholds-met", thresholds_met, "debug-override",
                                         debug_override, "headline", headline, "reasons", reasons, NULL);

  self->explanation = g_strdup (explanation);
  return self;
}

/**
 * armchair_decision_get_should_prompt:
 * @self: a decision
 *
 * Gets whether the rules allow the prompt now.
 *
 * Returns: whether the prompt should be shown now
 *
 * Since: 1.0
 */
gboolean
armchair_decision_get_should_prompt (ArmchairDecision *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_DECISION (self), FALSE);

  return self->should_prompt;
}

/**
 * armchair_decision_get_gates_passed:
 * @self: a decision
 *
 * Gets whether every gate holds: no earlier answer, reminder or prompt limit holds the
 * prompt back.
 *
 * Returns: whether no answer or limit holds the prompt back
 *
 * Since: 1.0
 */
gboolean
armchair_decision_get_gates_passed (ArmchairDecision *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_DECISION (self), FALSE);

  return self->gates_passed;
}

/**
 * armchair_decision_get_thresholds_met:
 * @self: a decision
 *
 * Gets whether the user has used the app enough: the days, uses, events and active
 * usage thresholds, combined as [property@Armchair.Configuration:threshold-combination] says.
 *
 * Returns: whether usage meets the thresholds
 *
 * Since: 1.0
 */
gboolean
armchair_decision_get_thresholds_met (ArmchairDecision *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_DECISION (self), FALSE);

  return self->thresholds_met;
}

/**
 * armchair_decision_get_debug_override:
 * @self: a decision
 *
 * Gets whether debug mode decided, whatever the rules say.
 *
 * Returns: whether debug mode forced the prompt
 *
 * Since: 1.0
 */
gboolean
armchair_decision_get_debug_override (ArmchairDecision *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_DECISION (self), FALSE);

  return self->debug_override;
}

/**
 * armchair_decision_get_headline:
 * @self: a decision
 *
 * Gets the one-line summary of the decision.
 *
 * Returns: (transfer none): one line saying what was decided and the main reason
 *
 * Since: 1.0
 */
const char *
armchair_decision_get_headline (ArmchairDecision *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_DECISION (self), NULL);

  return self->headline;
}

/**
 * armchair_decision_get_reasons:
 * @self: a decision
 *
 * Gets why the prompt is held back, one line per criterion.
 *
 * Returns: (transfer none) (array zero-terminated=1): one line per criterion that holds the
 *   prompt back; empty when the prompt should show
 *
 * Since: 1.0
 */
const char *const *
armchair_decision_get_reasons (ArmchairDecision *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_DECISION (self), NULL);

  return reasons_array (self);
}

/**
 * armchair_decision_to_string:
 * @self: a decision
 *
 * Formats the whole decision as text.
 *
 * Returns: (transfer full): the explanation `armchair explain` prints: the headline, then
 *   every criterion with its status and numbers, one per line; for a decision an app made
 *   itself, the headline, then its reasons
 *
 * Since: 1.0
 */
char *
armchair_decision_to_string (ArmchairDecision *self)
{
  GString *text;

  g_return_val_if_fail (ARMCHAIR_IS_DECISION (self), NULL);

  if (self->explanation != NULL)
    return g_strdup (self->explanation);
  text = g_string_new (self->headline);
  for (const char *const *reason = reasons_array (self); *reason != NULL; reason++)
    g_string_append_printf (text, "\n%s", *reason);
  return g_string_free (text, FALSE);
}
