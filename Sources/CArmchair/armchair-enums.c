#define G_LOG_DOMAIN "Armchair"
#include "armchair-enums.h"

/* The nicks are the values a settings file uses (threshold-combination=days-then-any). */

G_DEFINE_ENUM_TYPE (ArmchairThresholdCombination, armchair_threshold_combination,
  G_DEFINE_ENUM_VALUE (ARMCHAIR_THRESHOLD_COMBINATION_ALL, "all"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_THRESHOLD_COMBINATION_DAYS_THEN_ANY, "days-then-any"))

G_DEFINE_ENUM_TYPE (ArmchairDeclinePolicy, armchair_decline_policy,
  G_DEFINE_ENUM_VALUE (ARMCHAIR_DECLINE_POLICY_THIS_VERSION, "this-version"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_DECLINE_POLICY_FOREVER, "forever"))

G_DEFINE_ENUM_TYPE (ArmchairUpdatePolicy, armchair_update_policy,
  G_DEFINE_ENUM_VALUE (ARMCHAIR_UPDATE_POLICY_KEEP_COUNTERS, "keep-counters"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_UPDATE_POLICY_RESET_COUNTERS, "reset-counters"))

G_DEFINE_ENUM_TYPE (ArmchairAnswer, armchair_answer,
  G_DEFINE_ENUM_VALUE (ARMCHAIR_ANSWER_RATE, "rate"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_ANSWER_REMIND_LATER, "remind-later"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_ANSWER_DECLINE, "decline"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_ANSWER_DISMISSED, "dismissed"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_ANSWER_SENT_FEEDBACK, "sent-feedback"))

G_DEFINE_ENUM_TYPE (ArmchairPromptStatus, armchair_prompt_status,
  G_DEFINE_ENUM_VALUE (ARMCHAIR_PROMPT_NOT_SHOWN, "not-shown"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_PROMPT_SHOWING, "showing"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_PROMPT_WAITING_FOR_BREAK, "waiting-for-break"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_PROMPT_WAITING_FOR_NETWORK, "waiting-for-network"))

G_DEFINE_ENUM_TYPE (ArmchairPromptFlow, armchair_prompt_flow,
  G_DEFINE_ENUM_VALUE (ARMCHAIR_PROMPT_FLOW_CONFIGURED, "configured"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_PROMPT_FLOW_RATING_ONLY, "rating-only"),
  G_DEFINE_ENUM_VALUE (ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST, "satisfaction-first"))
