#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"

/**
 * ArmchairConfiguration:
 *
 * Everything that decides when Armchair asks, and what the prompt says.
 *
 * Only #ArmchairConfiguration:app-id is required; every other setting is a property with the
 * default it documents. The property names are the keys of the app's settings file
 * (`<app-id>.armchair`, see armchair_configuration_new_from_file()), so a file and code read the
 * same.
 *
 * ```c
 * g_autoptr (ArmchairConfiguration) configuration = armchair_configuration_new ("org.example.Notes", "2.4.1");
 * g_object_set (configuration, "significant-events-until-prompt", 5,
 *               "threshold-combination", ARMCHAIR_THRESHOLD_COMBINATION_DAYS_THEN_ANY, NULL);
 * ```
 *
 * ```python
 * configuration = Armchair.Configuration.new("org.example.Notes", "2.4.1")
 * configuration.props.significant_events_until_prompt = 5
 * ```
 *
 * Numeric properties accept the range Armchair accepts; a value out of range is refused by
 * GObject with a warning and the setting keeps its value. Whatever passes the ranges but still
 * cannot work (an event name with a space, a feedback address that is not one, a number that is
 * not a number) is reported with every problem at once, as %ARMCHAIR_ERROR_CONFIGURATION, by
 * armchair_configuration_validate() and by whatever makes an engine from the configuration.
 *
 * An engine copies the configuration when it is made: later changes do not reach it.
 *
 * The object may be used from any thread, one thread at a time; the main thread is the usual
 * place.
 *
 * Since: 1.0
 */
struct _ArmchairConfiguration {
  GObject parent_instance;
  /* The Swift Configuration, in a retained box: the only copy of every setting and default. */
  void *box;
  /* Copies of the two construct-only settings, for the getters that return them unowned. */
  char *app_id;
  char *app_version;
};

G_DEFINE_FINAL_TYPE (ArmchairConfiguration, armchair_configuration, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_APP_ID,
  PROP_APP_VERSION,
  PROP_APP_NAME,
  PROP_DAYS_UNTIL_PROMPT,
  PROP_USES_UNTIL_PROMPT,
  PROP_SIGNIFICANT_EVENTS_UNTIL_PROMPT,
  PROP_USES_PER_WEEK_FOR_PROMPT,
  PROP_ACTIVE_USAGE_MINUTES_UNTIL_PROMPT,
  PROP_THRESHOLD_COMBINATION,
  PROP_EVENT_SCENARIOS,
  PROP_DAYS_BEFORE_REMINDING,
  PROP_TRACKS_NEW_VERSIONS,
  PROP_SHOULD_PROMPT_IF_RATED,
  PROP_DECLINE_POLICY,
  PROP_DAYS_BEFORE_ASKING_AGAIN_AFTER_DECLINE,
  PROP_UPDATE_POLICY,
  PROP_UPDATE_GRACE_DAYS,
  PROP_MAX_PROMPTS_PER_YEAR,
  PROP_MINIMUM_DAYS_BETWEEN_PROMPTS,
  PROP_SKIPS_PROMPT_AFTER_CRASH,
  PROP_EVENT_WEIGHTS,
  PROP_PROMPT_AT_LAUNCH,
  PROP_DEBUG_ENABLED,
  PROP_ALLOWS_DEBUG_IN_RELEASE_BUILDS,
  PROP_ASKS_SATISFACTION_FIRST,
  PROP_FEEDBACK_EMAIL,
  PROP_FEEDBACK_ENDPOINT,
  PROP_FEEDBACK_CHARACTER_LIMIT,
  PROP_IN_APP_REVIEWS,
  PROP_REVIEW_SERVER,
  PROP_KEY_PREFIX,
  PROP_KEY_NAMES,
  PROP_IS_GAME,
  PROP_TRANSLATION_DOMAIN,
  PROP_LOCALE_DIRECTORY,
  PROP_REVIEW_URL_TEMPLATE,
  PROP_CAMPAIGN_CODE,
  PROP_FIRST_TEXT,
};

/* The [Texts] keys of a settings file, each the property "text-<key>". */
static const char *const text_properties[] = {
  "text-title", "text-message", "text-update-message", "text-rate-button", "text-remind-button",
  "text-cancel-button", "text-satisfaction-title", "text-satisfaction-message",
  "text-satisfaction-yes-button", "text-satisfaction-no-button", "text-feedback-request-title",
  "text-feedback-request-message", "text-feedback-button", "text-feedback-form-title",
  "text-feedback-form-message", "text-feedback-body", "text-thank-you-title", "text-thank-you-message",
  "text-close-button", "text-rate-instead-button", "text-feedback-request-cancel-button",
  "text-mail-subject", "text-mail-reply-to", "text-mail-message-id", "text-mail-could-not-open",
};

#define N_PROPS (PROP_FIRST_TEXT + G_N_ELEMENTS (text_properties))

static GParamSpec *properties[N_PROPS];

static void
armchair_configuration_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  ArmchairConfiguration *self = ARMCHAIR_CONFIGURATION (object);

  if (id == PROP_0 || id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
      return;
    }
  if (id == PROP_APP_ID)
    {
      g_free (self->app_id);
      self->app_id = g_value_dup_string (value);
    }
  else if (id == PROP_APP_VERSION)
    {
      g_free (self->app_version);
      self->app_version = g_value_dup_string (value);
    }
  armchair_swift_configuration_set (self->box, pspec->name, value);
}

static void
armchair_configuration_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  ArmchairConfiguration *self = ARMCHAIR_CONFIGURATION (object);

  if (id == PROP_0 || id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
      return;
    }
  /* The two construct-only settings read as their getters return them: NULL when never given. */
  if (id == PROP_APP_ID)
    g_value_set_string (value, self->app_id);
  else if (id == PROP_APP_VERSION)
    g_value_set_string (value, self->app_version);
  else
    armchair_swift_configuration_get (self->box, pspec->name, value);
}

static void
armchair_configuration_finalize (GObject *object)
{
  ArmchairConfiguration *self = ARMCHAIR_CONFIGURATION (object);

  g_clear_pointer (&self->box, armchair_swift_configuration_box_release);
  g_clear_pointer (&self->app_id, g_free);
  g_clear_pointer (&self->app_version, g_free);
  G_OBJECT_CLASS (armchair_configuration_parent_class)->finalize (object);
}

static GParamSpec *
days (const char *name, double default_value)
{
  return g_param_spec_double (name, NULL, NULL, 0, ARMCHAIR_BOUND_DAYS, default_value,
                              G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
count (const char *name, int minimum, int maximum, int default_value)
{
  return g_param_spec_int (name, NULL, NULL, minimum, maximum, default_value,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
flag (const char *name, gboolean default_value)
{
  return g_param_spec_boolean (name, NULL, NULL, default_value, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
text (const char *name, const char *default_value)
{
  return g_param_spec_string (name, NULL, NULL, default_value, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
dictionary (const char *name, const char *type)
{
  const GVariantType *variant_type = G_VARIANT_TYPE (type);
  GVariant *empty = g_variant_new_array (g_variant_type_element (variant_type), NULL, 0);

  return g_param_spec_variant (name, NULL, NULL, variant_type, empty, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

static void
armchair_configuration_class_init (ArmchairConfigurationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = armchair_configuration_set_property;
  object_class->get_property = armchair_configuration_get_property;
  object_class->finalize = armchair_configuration_finalize;

  /**
   * ArmchairConfiguration:app-id:
   *
   * The AppStream / reverse-DNS application ID, such as `org.gnome.Maps`. Required.
   *
   * It names the state folder (`$XDG_STATE_HOME/<app-id>/`), the settings file, the default
   * key prefix and the software-centre page (`appstream://<app-id>`).
   *
   * Since: 1.0
   */
  properties[PROP_APP_ID] = g_param_spec_string ("app-id", NULL, NULL, NULL,
                                                 G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * ArmchairConfiguration:app-version:
   *
   * The running version, such as `46.2`. Without it, versions are not tracked: counters
   * never reset and "rated this version" means "rated".
   *
   * Since: 1.0
   */
  properties[PROP_APP_VERSION] = g_param_spec_string ("app-version", NULL, NULL, NULL,
                                                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * ArmchairConfiguration:app-name:
   *
   * The name shown in the prompt. Default: the application's name, else the last part of
   * #ArmchairConfiguration:app-id (`org.gnome.Maps` gives `Maps`).
   *
   * Since: 1.0
   */
  properties[PROP_APP_NAME] = text ("app-name", NULL);
  /**
   * ArmchairConfiguration:days-until-prompt:
   *
   * Days since the first use of this version before the prompt may appear; fractions are
   * allowed. Default 30. 0: not a criterion.
   *
   * Since: 1.0
   */
  properties[PROP_DAYS_UNTIL_PROMPT] = days ("days-until-prompt", 30);
  /**
   * ArmchairConfiguration:uses-until-prompt:
   *
   * Uses (launches and returns to the app) of this version before the prompt may appear,
   * met at exactly this count. Default 20. 0: not a criterion.
   *
   * Since: 1.0
   */
  properties[PROP_USES_UNTIL_PROMPT] = count ("uses-until-prompt", 0, ARMCHAIR_BOUND_COUNT, 20);
  /**
   * ArmchairConfiguration:significant-events-until-prompt:
   *
   * Significant events of this version before the prompt may appear. Default 0 (not a
   * criterion). Ignored when #ArmchairConfiguration:event-scenarios is not empty.
   *
   * Since: 1.0
   */
  properties[PROP_SIGNIFICANT_EVENTS_UNTIL_PROMPT] =
    count ("significant-events-until-prompt", 0, ARMCHAIR_BOUND_COUNT, 0);
  /**
   * ArmchairConfiguration:uses-per-week-for-prompt:
   *
   * The least average number of uses per week since the first use; weeks shorter than one
   * count as one. Default 0 (off).
   *
   * Since: 1.0
   */
  properties[PROP_USES_PER_WEEK_FOR_PROMPT] = g_param_spec_double (
    "uses-per-week-for-prompt", NULL, NULL, 0, ARMCHAIR_BOUND_USES_PER_WEEK, 0,
    G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /**
   * ArmchairConfiguration:active-usage-minutes-until-prompt:
   *
   * Minutes with one of the app's windows active before the prompt may appear. Default 0
   * (off).
   *
   * Since: 1.0
   */
  properties[PROP_ACTIVE_USAGE_MINUTES_UNTIL_PROMPT] = g_param_spec_double (
    "active-usage-minutes-until-prompt", NULL, NULL, 0, ARMCHAIR_BOUND_MINUTES, 0,
    G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /**
   * ArmchairConfiguration:threshold-combination:
   *
   * How the thresholds combine. Default %ARMCHAIR_THRESHOLD_COMBINATION_ALL.
   *
   * Since: 1.0
   */
  properties[PROP_THRESHOLD_COMBINATION] = g_param_spec_enum (
    "threshold-combination", NULL, NULL, ARMCHAIR_TYPE_THRESHOLD_COMBINATION, ARMCHAIR_THRESHOLD_COMBINATION_ALL,
    G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /**
   * ArmchairConfiguration:event-scenarios:
   *
   * Named event scenarios, `a{sa{si}}`: each scenario's name, and how many times each named
   * event must have happened for it to be complete. When any is set, the events criterion is
   * met once any one scenario is complete. Default: none. See
   * armchair_configuration_set_scenario_requirement().
   *
   * Since: 1.0
   */
  properties[PROP_EVENT_SCENARIOS] = dictionary ("event-scenarios", "a{sa{si}}");
  /**
   * ArmchairConfiguration:days-before-reminding:
   *
   * Days "Remind me later" holds the prompt back. Default 1. 0 removes the "Remind me later"
   * button.
   *
   * Since: 1.0
   */
  properties[PROP_DAYS_BEFORE_REMINDING] = days ("days-before-reminding", 1);
  /**
   * ArmchairConfiguration:tracks-new-versions:
   *
   * Whether a new #ArmchairConfiguration:app-version is tracked as an update: a fresh chance
   * to rate, its own answers. Default %TRUE.
   *
   * Since: 1.0
   */
  properties[PROP_TRACKS_NEW_VERSIONS] = flag ("tracks-new-versions", TRUE);
  /**
   * ArmchairConfiguration:should-prompt-if-rated:
   *
   * Whether someone who rated an earlier version may be asked about a new one. Default %TRUE.
   *
   * Since: 1.0
   */
  properties[PROP_SHOULD_PROMPT_IF_RATED] = flag ("should-prompt-if-rated", TRUE);
  /**
   * ArmchairConfiguration:decline-policy:
   *
   * How long "No, thanks" holds. Default %ARMCHAIR_DECLINE_POLICY_FOREVER, with
   * #ArmchairConfiguration:days-before-asking-again-after-decline as its expiry.
   *
   * Since: 1.0
   */
  properties[PROP_DECLINE_POLICY] = g_param_spec_enum (
    "decline-policy", NULL, NULL, ARMCHAIR_TYPE_DECLINE_POLICY, ARMCHAIR_DECLINE_POLICY_FOREVER,
    G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /**
   * ArmchairConfiguration:days-before-asking-again-after-decline:
   *
   * Days after which a decline no longer holds. Default 365. 0: a decline never expires.
   *
   * Since: 1.0
   */
  properties[PROP_DAYS_BEFORE_ASKING_AGAIN_AFTER_DECLINE] = days ("days-before-asking-again-after-decline", 365);
  /**
   * ArmchairConfiguration:update-policy:
   *
   * What a new version does to the usage counters. Default
   * %ARMCHAIR_UPDATE_POLICY_KEEP_COUNTERS.
   *
   * Since: 1.0
   */
  properties[PROP_UPDATE_POLICY] = g_param_spec_enum (
    "update-policy", NULL, NULL, ARMCHAIR_TYPE_UPDATE_POLICY, ARMCHAIR_UPDATE_POLICY_KEEP_COUNTERS,
    G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /**
   * ArmchairConfiguration:update-grace-days:
   *
   * Under %ARMCHAIR_UPDATE_POLICY_KEEP_COUNTERS, the days that pass after an update before the
   * days threshold is met again. Default 3.
   *
   * Since: 1.0
   */
  properties[PROP_UPDATE_GRACE_DAYS] = days ("update-grace-days", 3);
  /**
   * ArmchairConfiguration:max-prompts-per-year:
   *
   * The most prompts anyone sees in any 365 days, across versions. Default 3.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_PROMPTS_PER_YEAR] =
    count ("max-prompts-per-year", 1, ARMCHAIR_BOUND_PROMPTS_PER_YEAR, 3);
  /**
   * ArmchairConfiguration:minimum-days-between-prompts:
   *
   * The fewest days between two prompts, in any version. Default 30. 0: no minimum.
   *
   * Since: 1.0
   */
  properties[PROP_MINIMUM_DAYS_BETWEEN_PROMPTS] = days ("minimum-days-between-prompts", 30);
  /**
   * ArmchairConfiguration:skips-prompt-after-crash:
   *
   * Whether a launch that follows a crash (a session that never quit cleanly) is kept free of
   * prompts. Default %TRUE.
   *
   * Since: 1.0
   */
  properties[PROP_SKIPS_PROMPT_AFTER_CRASH] = flag ("skips-prompt-after-crash", TRUE);
  /**
   * ArmchairConfiguration:event-weights:
   *
   * How much each named event counts, `a{si}`, when the call gives no weight. Default: every
   * event counts 1. See armchair_configuration_set_event_weight().
   *
   * Since: 1.0
   */
  properties[PROP_EVENT_WEIGHTS] = dictionary ("event-weights", "a{si}");
  /**
   * ArmchairConfiguration:prompt-at-launch:
   *
   * Whether a launch or a return to the app may show the prompt when the rules allow it.
   * Default %TRUE. When %FALSE, only significant events and explicit calls do.
   *
   * Since: 1.0
   */
  properties[PROP_PROMPT_AT_LAUNCH] = flag ("prompt-at-launch", TRUE);
  /**
   * ArmchairConfiguration:debug-enabled:
   *
   * Debug mode: the prompt shows every time it is checked, whatever the rules say. Honoured
   * only in a debug build of Armchair, or with
   * #ArmchairConfiguration:allows-debug-in-release-builds. Default %FALSE.
   *
   * Since: 1.0
   */
  properties[PROP_DEBUG_ENABLED] = flag ("debug-enabled", FALSE);
  /**
   * ArmchairConfiguration:allows-debug-in-release-builds:
   *
   * Lets #ArmchairConfiguration:debug-enabled work in a release build, for a beta. Default
   * %FALSE.
   *
   * Since: 1.0
   */
  properties[PROP_ALLOWS_DEBUG_IN_RELEASE_BUILDS] = flag ("allows-debug-in-release-builds", FALSE);
  /**
   * ArmchairConfiguration:asks-satisfaction-first:
   *
   * Whether to ask "Are you enjoying the app?" before the rating prompt; "Not really" leads to
   * a feedback request. Default %FALSE.
   *
   * Since: 1.0
   */
  properties[PROP_ASKS_SATISFACTION_FIRST] = flag ("asks-satisfaction-first", FALSE);
  /**
   * ArmchairConfiguration:feedback-email:
   *
   * The developer's address for feedback, opened in the user's mail client. Default %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_FEEDBACK_EMAIL] = text ("feedback-email", NULL);
  /**
   * ArmchairConfiguration:feedback-endpoint:
   *
   * The developer's HTTPS endpoint for feedback; wins over
   * #ArmchairConfiguration:feedback-email. Must be `https` (`http` only to loopback). Default
   * %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_FEEDBACK_ENDPOINT] = text ("feedback-endpoint", NULL);
  /**
   * ArmchairConfiguration:feedback-character-limit:
   *
   * The most characters a feedback message may have. Default 2000.
   *
   * Since: 1.0
   */
  properties[PROP_FEEDBACK_CHARACTER_LIMIT] =
    count ("feedback-character-limit", 1, ARMCHAIR_BOUND_FEEDBACK_CHARACTERS, 2000);
  /**
   * ArmchairConfiguration:in-app-reviews:
   *
   * Whether "Rate" opens Armchair's own review form, which publishes to the Open Desktop
   * Ratings Service, instead of the software centre. Default %FALSE.
   *
   * Since: 1.0
   */
  properties[PROP_IN_APP_REVIEWS] = flag ("in-app-reviews", FALSE);
  /**
   * ArmchairConfiguration:review-server:
   *
   * The Open Desktop Ratings Service API root the review form publishes to. Default GNOME's.
   * Setting %NULL restores the default.
   *
   * Since: 1.0
   */
  properties[PROP_REVIEW_SERVER] = text ("review-server", ARMCHAIR_DEFAULT_REVIEW_SERVER);
  /**
   * ArmchairConfiguration:key-prefix:
   *
   * Prepended to every state key, so apps sharing one store do not collide. Default %NULL:
   * the app ID.
   *
   * Since: 1.0
   */
  properties[PROP_KEY_PREFIX] = text ("key-prefix", NULL);
  /**
   * ArmchairConfiguration:key-names:
   *
   * Per-key name overrides, `a{ss}`, from a state key (`use-count`, `first-use-date`…) to the
   * name used after the prefix; an entry for another key is ignored with a warning. Default:
   * none. See armchair_configuration_set_key_name().
   *
   * Since: 1.0
   */
  properties[PROP_KEY_NAMES] = dictionary ("key-names", "a{ss}");
  /**
   * ArmchairConfiguration:is-game:
   *
   * Whether the app is a game: the prompt then asks whether it has been fun to play. Default
   * %FALSE.
   *
   * Since: 1.0
   */
  properties[PROP_IS_GAME] = flag ("is-game", FALSE);
  /**
   * ArmchairConfiguration:translation-domain:
   *
   * The app's own gettext domain, consulted before Armchair's for every default text. Default
   * %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_TRANSLATION_DOMAIN] = text ("translation-domain", NULL);
  /**
   * ArmchairConfiguration:locale-directory:
   *
   * The absolute path of the folder holding Armchair's compiled catalogs
   * (`<folder>/<ll>/LC_MESSAGES/armchair.mo`). Default %NULL: where the library is installed.
   *
   * Since: 1.0
   */
  properties[PROP_LOCALE_DIRECTORY] = text ("locale-directory", NULL);
  /**
   * ArmchairConfiguration:review-url-template:
   *
   * A review page of the app's own instead of the software centre, in which `{appID}` and
   * `{campaign}` are replaced. Default %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_REVIEW_URL_TEMPLATE] = text ("review-url-template", NULL);
  /**
   * ArmchairConfiguration:campaign-code:
   *
   * The value of `{campaign}` in #ArmchairConfiguration:review-url-template. Default
   * `armchair`. Setting %NULL restores the default.
   *
   * Since: 1.0
   */
  properties[PROP_CAMPAIGN_CODE] = text ("campaign-code", "armchair");

  /**
   * ArmchairConfiguration:text-title:
   *
   * The rating prompt's title. Default %NULL: "Rate <app name>", translated.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-message:
   *
   * The question shown to someone who has not rated an earlier version. Default %NULL.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-update-message:
   *
   * The question shown to someone who rated an earlier version. Default %NULL.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-rate-button:
   *
   * The button that opens the review page. Default %NULL: "_Rate".
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-remind-button:
   *
   * The button that asks again later. Default %NULL: "Remind Me _Later".
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-cancel-button:
   *
   * The button that declines. Default %NULL: "_No, Thanks".
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-satisfaction-title:
   *
   * The satisfaction question's title. Default %NULL: "Enjoying <app name>?".
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-satisfaction-message:
   *
   * The satisfaction question. Default %NULL.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-satisfaction-yes-button:
   *
   * The happy answer. Default %NULL: "_Yes!".
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-satisfaction-no-button:
   *
   * The unhappy answer. Default %NULL: "Not _Really".
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-feedback-request-title:
   *
   * The feedback request's title. Default %NULL.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-feedback-request-message:
   *
   * The feedback request, asking what could be better. Default %NULL.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-feedback-button:
   *
   * The button that opens the feedback form. Default %NULL: "_Send Feedback…".
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-feedback-form-title:
   *
   * The feedback form's title. Default %NULL.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-feedback-form-message:
   *
   * The line above the feedback text. Default %NULL.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-feedback-body:
   *
   * The text the feedback form starts with, for the person to write into (ADAppRater's
   * `feedbackFormBody`): a question to answer, or headings. `%1$s` is the app's name and `%2$s`
   * its version. Send stays disabled until the person wrote something of their own. Default
   * %NULL: an empty form.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-thank-you-title:
   *
   * The thank-you's title. Default %NULL.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-thank-you-message:
   *
   * The thank-you message. Default %NULL.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-close-button:
   *
   * The button that closes the thank-you. Default %NULL: "_Close".
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-rate-instead-button:
   *
   * The feedback request's button that rates after all. Default %NULL: "_Rate Instead".
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-feedback-request-cancel-button:
   *
   * The feedback request's button that declines both. Default %NULL: the rating prompt's
   * cancel button.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-mail-subject:
   *
   * The subject of the feedback email; `%1$s` is the app's name. Default %NULL.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-mail-reply-to:
   *
   * The feedback email's line with the reply address; `%1$s` is the address. Default %NULL.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-mail-message-id:
   *
   * The feedback email's line with the message's ID; `%1$s` is the ID. Default %NULL.
   *
   * Since: 1.0
   */
  /**
   * ArmchairConfiguration:text-mail-could-not-open:
   *
   * The error shown when no mail client opens; `%1$s` is the system's reason. Default %NULL.
   *
   * Since: 1.0
   */
  for (guint i = 0; i < G_N_ELEMENTS (text_properties); i++)
    properties[PROP_FIRST_TEXT + i] = text (text_properties[i], NULL);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
armchair_configuration_init (ArmchairConfiguration *self)
{
  self->box = armchair_swift_configuration_box_new ();
}

/**
 * armchair_configuration_new:
 * @app_id: the application ID, such as `org.example.Notes`
 * @app_version: (nullable): the version running, such as `2.4.1`; %NULL when unknown
 *
 * Creates a configuration with Armchair's defaults. An app ID that cannot be used is reported
 * when the configuration is validated or an engine is made from it.
 *
 * Returns: (transfer full): the new configuration
 *
 * Since: 1.0
 */
ArmchairConfiguration *
armchair_configuration_new (const char *app_id, const char *app_version)
{
  g_return_val_if_fail (app_id != NULL, NULL);

  return g_object_new (ARMCHAIR_TYPE_CONFIGURATION, "app-id", app_id, "app-version", app_version, NULL);
}

/**
 * armchair_configuration_new_from_file:
 * @app_id: the application ID, such as `org.example.Notes`; it names the file
 * @app_version: (nullable): the version running; %NULL when unknown
 * @path: (nullable) (type filename): the settings file to read, which must exist; %NULL for
 *   the one the app installed
 * @error: return location for a #GError
 *
 * Creates a configuration from the app's settings file, `<app-id>.armchair`, a GLib key file
 * whose keys are the names of this object's properties. Set properties afterwards to override
 * the file: code wins.
 *
 * With @path %NULL the file is looked for under `armchair/` in `$XDG_DATA_HOME`, the program's
 * installation prefix (`<prefix>/share`) and `$XDG_DATA_DIRS`, in that order; when none is
 * installed the defaults apply.
 *
 * Returns: (transfer full): the configuration, or %NULL with @error set to
 *   %ARMCHAIR_ERROR_SETTINGS_FILE naming the file and the line of each problem
 *
 * Since: 1.0
 */
ArmchairConfiguration *
armchair_configuration_new_from_file (const char *app_id, const char *app_version, const char *path, GError **error)
{
  g_autoptr (ArmchairConfiguration) self = NULL;

  g_return_val_if_fail (app_id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = armchair_configuration_new (app_id, app_version);
  if (!armchair_swift_configuration_load (self->box, path, error))
    return NULL;
  return g_steal_pointer (&self);
}

/**
 * armchair_configuration_get_app_id:
 * @self: a configuration
 *
 * Gets the application ID the configuration was made for: the ID of the app's
 * #GApplication, which also names its state file.
 *
 * Returns: (transfer none) (nullable): the application ID; %NULL only for a configuration made
 *   without one (with g_object_new()), which cannot be used
 *
 * Since: 1.0
 */
const char *
armchair_configuration_get_app_id (ArmchairConfiguration *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), NULL);

  return self->app_id;
}

/**
 * armchair_configuration_get_app_version:
 * @self: a configuration
 *
 * Gets the version of the app, as the app gave it.
 *
 * Returns: (transfer none) (nullable): the application's version, or %NULL when unknown
 *
 * Since: 1.0
 */
const char *
armchair_configuration_get_app_version (ArmchairConfiguration *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), NULL);

  return self->app_version;
}

/**
 * armchair_configuration_set_event_weight:
 * @self: a configuration
 * @event: the event's name: ASCII letters, digits, `_`, `-` and `.`
 * @weight: how much the event counts, from 1 to 1000; 0 forgets the weight (it counts 1)
 *
 * Sets one entry of #ArmchairConfiguration:event-weights.
 *
 * Since: 1.0
 */
void
armchair_configuration_set_event_weight (ArmchairConfiguration *self, const char *event, int weight)
{
  g_return_if_fail (ARMCHAIR_IS_CONFIGURATION (self));
  g_return_if_fail (event != NULL);

  armchair_swift_configuration_set_event_weight (self->box, event, weight);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EVENT_WEIGHTS]);
}

/**
 * armchair_configuration_set_scenario_requirement:
 * @self: a configuration
 * @scenario: the scenario's name, shown in explanations
 * @event: an event's name
 * @count: how many times @event must have happened for @scenario to be complete; 0 removes
 *   @event from it, and a scenario without events is removed
 *
 * Sets one requirement of one of the #ArmchairConfiguration:event-scenarios, creating the
 * scenario if needed.
 *
 * Since: 1.0
 */
void
armchair_configuration_set_scenario_requirement (ArmchairConfiguration *self,
                                                 const char            *scenario,
                                                 const char            *event,
                                                 int                    count)
{
  g_return_if_fail (ARMCHAIR_IS_CONFIGURATION (self));
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (event != NULL);

  armchair_swift_configuration_set_scenario_requirement (self->box, scenario, event, count);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EVENT_SCENARIOS]);
}

/**
 * armchair_configuration_set_key_name:
 * @self: a configuration
 * @key: a state key, such as `use-count` or `first-use-date`
 * @name: (nullable): the name to store it under, after the prefix; %NULL for the default
 *
 * Sets one entry of #ArmchairConfiguration:key-names. An unknown @key is ignored with a
 * warning.
 *
 * Since: 1.0
 */
void
armchair_configuration_set_key_name (ArmchairConfiguration *self, const char *key, const char *name)
{
  g_return_if_fail (ARMCHAIR_IS_CONFIGURATION (self));
  g_return_if_fail (key != NULL);

  armchair_swift_configuration_set_key_name (self->box, key, name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KEY_NAMES]);
}

static GParamSpec *
text_property (const char *key)
{
  g_autofree char *name = g_strconcat ("text-", key, NULL);

  return g_object_class_find_property (g_type_class_peek (ARMCHAIR_TYPE_CONFIGURATION), name);
}

/**
 * armchair_configuration_set_text:
 * @self: a configuration
 * @key: a key of the settings file's `[Texts]` group, such as `title` or `rate-button`
 * @text: (nullable): the text, used as it is in every language; %NULL for Armchair's
 *   translated default
 *
 * Sets the property `text-<key>`, for code that holds the key in a variable.
 *
 * Since: 1.0
 */
void
armchair_configuration_set_text (ArmchairConfiguration *self, const char *key, const char *text)
{
  GParamSpec *pspec;

  g_return_if_fail (ARMCHAIR_IS_CONFIGURATION (self));
  g_return_if_fail (key != NULL);
  pspec = text_property (key);
  if (pspec == NULL)
    {
      g_critical ("%s: \"%s\" is not a key of the [Texts] group (such as title or rate-button)", G_STRFUNC, key);
      return;
    }

  g_object_set (self, pspec->name, text, NULL);
}

/**
 * armchair_configuration_dup_text:
 * @self: a configuration
 * @key: a key of the settings file's `[Texts]` group, such as `title`
 *
 * Gets a copy of a text of the dialogs that the app set, by its settings file key.
 *
 * Returns: (transfer full) (nullable): the text set for @key, or %NULL when Armchair's default
 *   is used
 *
 * Since: 1.0
 */
char *
armchair_configuration_dup_text (ArmchairConfiguration *self, const char *key)
{
  GParamSpec *pspec;
  char *text = NULL;

  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);
  pspec = text_property (key);
  if (pspec == NULL)
    {
      g_critical ("%s: \"%s\" is not a key of the [Texts] group (such as title or rate-button)", G_STRFUNC, key);
      return NULL;
    }

  g_object_get (self, pspec->name, &text, NULL);
  return text;
}

/**
 * armchair_configuration_validate:
 * @self: a configuration
 * @error: return location for a #GError
 *
 * Checks every setting, as making an engine does.
 *
 * Returns: %TRUE when the configuration can be used; else %FALSE with @error set to
 *   %ARMCHAIR_ERROR_CONFIGURATION listing every problem
 *
 * Since: 1.0
 */
gboolean
armchair_configuration_validate (ArmchairConfiguration *self, GError **error)
{
  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return armchair_swift_configuration_validate (self->box, error);
}

void
armchair_warn_unknown_state_key (const char *key)
{
  g_warning ("Ignoring the key name for \"%s\", which is not a state key (such as use-count or first-use-date)", key);
}

void *
armchair_configuration_get_box (ArmchairConfiguration *self)
{
  return self->box;
}
