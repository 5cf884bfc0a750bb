#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"

/**
 * ArmchairEngine:
 *
 * Decides when to ask a satisfied, regular user for a rating, asks, and remembers the answer.
 *
 * An app with GTK gets its engine from the toolkit binding (`armchair_gtk3_attach()` or
 * `armchair_gtk4_attach()`, then `get_engine()`), which counts launches and use by itself and
 * shows the prompt at a good moment. Tell it about significant events:
 *
 * ```c
 * armchair_engine_significant_event (engine, "export");
 * ```
 *
 * An app with its own UI (Qt, a terminal) makes one with armchair_engine_new(), asks
 * armchair_engine_should_prompt(), shows its own question, says so with
 * armchair_engine_record_prompt_shown() and records the answer with
 * armchair_engine_record_answer(). Such an engine never shows anything.
 *
 * Every change is saved at once in the state file, `$XDG_STATE_HOME/<app-id>/`, shared by every
 * running instance of the app. The signals report what happens; the three `may-…` signals
 * let the app say no.
 *
 * An engine belongs to the main thread: every function must be called there, and the signals
 * are emitted there.
 */
struct _ArmchairEngine {
  GObject parent_instance;
  /* The retained Swift RatingEngine. */
  void *swift_engine;
};

G_DEFINE_FINAL_TYPE (ArmchairEngine, armchair_engine, G_TYPE_OBJECT)

static guint signals[ARMCHAIR_ENGINE_N_SIGNALS];

/* Ends the Swift engine's link to this object and releases it, on the main thread. */
static gboolean
release_swift_engine (gpointer swift_engine)
{
  armchair_swift_engine_disconnect (swift_engine);
  armchair_swift_engine_release (swift_engine);
  return G_SOURCE_REMOVE;
}

static void
armchair_engine_dispose (GObject *object)
{
  ArmchairEngine *self = ARMCHAIR_ENGINE (object);
  void *swift_engine = g_steal_pointer (&self->swift_engine);

  if (swift_engine != NULL)
    {
      if (armchair_c_api_is_main_thread ())
        release_swift_engine (swift_engine);
      else
        g_idle_add (release_swift_engine, swift_engine);
    }
  G_OBJECT_CLASS (armchair_engine_parent_class)->dispose (object);
}

/* The first handler that returns FALSE wins; without one, the default handler allows. */
static gboolean
veto_accumulator (GSignalInvocationHint *hint, GValue *result, const GValue *handler_result, gpointer data)
{
  gboolean allowed = g_value_get_boolean (handler_result);

  g_value_set_boolean (result, allowed);
  return allowed;
}

static gboolean
allow_prompt (ArmchairEngine *self, ArmchairDecision *decision)
{
  return TRUE;
}

static gboolean
allow_use_count (ArmchairEngine *self)
{
  return TRUE;
}

static gboolean
allow_store (ArmchairEngine *self, const char *uri)
{
  return TRUE;
}

static guint
simple_signal (const char *name)
{
  return g_signal_new (name, ARMCHAIR_TYPE_ENGINE, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static guint
text_signal (const char *name)
{
  return g_signal_new (name, ARMCHAIR_TYPE_ENGINE, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                       G_TYPE_STRING);
}

static void
armchair_engine_class_init (ArmchairEngineClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = armchair_engine_dispose;

  /**
   * ArmchairEngine::prompt-shown:
   * @self: the engine
   *
   * The rating prompt is about to appear on screen.
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_PROMPT_SHOWN] = simple_signal ("prompt-shown");
  /**
   * ArmchairEngine::answered:
   * @self: the engine
   * @answer: what the user did
   *
   * An answer was recorded, from the prompt or from armchair_engine_record_answer(), after it
   * was saved.
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_ANSWERED] =
    g_signal_new ("answered", ARMCHAIR_TYPE_ENGINE, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  ARMCHAIR_TYPE_ANSWER);
  /**
   * ArmchairEngine::satisfaction-asked:
   * @self: the engine
   *
   * The satisfaction question ("Are you enjoying…?") is about to appear.
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_SATISFACTION_ASKED] = simple_signal ("satisfaction-asked");
  /**
   * ArmchairEngine::feedback-requested:
   * @self: the engine
   *
   * The feedback request is about to appear: the user is not enjoying the app.
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_REQUESTED] = simple_signal ("feedback-requested");
  /**
   * ArmchairEngine::feedback-accepted:
   * @self: the engine
   *
   * The user chose to write feedback.
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_ACCEPTED] = simple_signal ("feedback-accepted");
  /**
   * ArmchairEngine::feedback-declined:
   * @self: the engine
   *
   * The user declined to write feedback, and to rate.
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_DECLINED] = simple_signal ("feedback-declined");
  /**
   * ArmchairEngine::feedback-sent:
   * @self: the engine
   * @text: the message the user wrote
   *
   * A feedback message was delivered.
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_SENT] = text_signal ("feedback-sent");
  /**
   * ArmchairEngine::feedback-failed:
   * @self: the engine
   * @message: why, in words the user sees too
   *
   * A feedback message could not be delivered; the user sees the error and may try again.
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_FAILED] = text_signal ("feedback-failed");
  /**
   * ArmchairEngine::thank-you-shown:
   * @self: the engine
   *
   * The thank-you is about to appear.
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_THANK_YOU_SHOWN] = simple_signal ("thank-you-shown");
  /**
   * ArmchairEngine::update-detected:
   * @self: the engine
   * @previous: the version tracked until now
   * @current: the version running
   *
   * A newer version than the tracked one is running: its answers start again, and its usage
   * counts follow #ArmchairConfiguration:update-policy. Emitted once per version.
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_UPDATE_DETECTED] =
    g_signal_new ("update-detected", ARMCHAIR_TYPE_ENGINE, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                  2, G_TYPE_STRING, G_TYPE_STRING);
  /**
   * ArmchairEngine::store-opened:
   * @self: the engine
   * @uri: the address of the review page that opened
   *
   * The review page opened.
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_STORE_OPENED] = text_signal ("store-opened");
  /**
   * ArmchairEngine::store-failed:
   * @self: the engine
   * @message: each address tried and why it failed
   *
   * No address of the review page could be opened. An engine made with armchair_engine_new()
   * cannot open one: open armchair_engine_get_review_url() yourself.
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_STORE_FAILED] = text_signal ("store-failed");
  /**
   * ArmchairEngine::may-prompt:
   * @self: the engine
   * @decision: what the rules said, and why
   *
   * The last word before a prompt the rules allow (the Swift engine's `shouldPrompt`). The
   * first handler that returns %FALSE holds the prompt back this time; the handlers after it
   * are not called.
   *
   * Returns: %FALSE to hold the prompt back, %TRUE to let it show
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_MAY_PROMPT] =
    g_signal_new_class_handler ("may-prompt", ARMCHAIR_TYPE_ENGINE, G_SIGNAL_RUN_LAST, G_CALLBACK (allow_prompt),
                                veto_accumulator, NULL, NULL, G_TYPE_BOOLEAN, 1, ARMCHAIR_TYPE_DECISION);
  /**
   * ArmchairEngine::may-count-use:
   * @self: the engine
   *
   * Whether a return to the app counts as a use (the Swift engine's `shouldIncrementUseCount`);
   * return %FALSE to ignore one, for example
   * coming back from a login window the app opened itself. The first handler that returns
   * %FALSE wins.
   *
   * Returns: %FALSE to not count this return, %TRUE to count it
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_MAY_COUNT_USE] =
    g_signal_new_class_handler ("may-count-use", ARMCHAIR_TYPE_ENGINE, G_SIGNAL_RUN_LAST,
                                G_CALLBACK (allow_use_count), veto_accumulator, NULL, NULL, G_TYPE_BOOLEAN, 0);
  /**
   * ArmchairEngine::may-open-store:
   * @self: the engine
   * @uri: the review page's first address
   *
   * Whether Armchair opens the review page (the Swift engine's `shouldOpenStore`); return
   * %FALSE to open it yourself. The first
   * handler that returns %FALSE wins.
   *
   * Returns: %FALSE to open the page yourself, %TRUE to let Armchair open it
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_MAY_OPEN_STORE] =
    g_signal_new_class_handler ("may-open-store", ARMCHAIR_TYPE_ENGINE, G_SIGNAL_RUN_LAST,
                                G_CALLBACK (allow_store), veto_accumulator, NULL, NULL, G_TYPE_BOOLEAN, 1,
                                G_TYPE_STRING);
}

static void
armchair_engine_init (ArmchairEngine *self)
{
}

ArmchairEngine *
armchair_engine_new_for_swift_engine (void *retained_engine)
{
  ArmchairEngine *self = g_object_new (ARMCHAIR_TYPE_ENGINE, NULL);

  self->swift_engine = retained_engine;
  armchair_swift_engine_connect (retained_engine, self);
  return self;
}

void *
armchair_engine_get_swift_engine (ArmchairEngine *self)
{
  return self->swift_engine;
}

void
armchair_engine_emit (ArmchairEngine *self, ArmchairEngineSignal signal)
{
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);

  g_signal_emit (self, signals[signal], 0);
}

void
armchair_engine_emit_answered (ArmchairEngine *self, ArmchairAnswer answer)
{
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);

  g_signal_emit (self, signals[ARMCHAIR_ENGINE_SIGNAL_ANSWERED], 0, answer);
}

void
armchair_engine_emit_text (ArmchairEngine *self, ArmchairEngineSignal signal, const char *text)
{
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);

  g_signal_emit (self, signals[signal], 0, text);
}

void
armchair_engine_emit_update_detected (ArmchairEngine *self, const char *previous, const char *current)
{
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);

  g_signal_emit (self, signals[ARMCHAIR_ENGINE_SIGNAL_UPDATE_DETECTED], 0, previous, current);
}

gboolean
armchair_engine_emit_may_prompt (ArmchairEngine *self, ArmchairDecision *decision)
{
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);
  gboolean allowed = TRUE;

  g_signal_emit (self, signals[ARMCHAIR_ENGINE_SIGNAL_MAY_PROMPT], 0, decision, &allowed);
  return allowed;
}

gboolean
armchair_engine_emit_may_count_use (ArmchairEngine *self)
{
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);
  gboolean allowed = TRUE;

  g_signal_emit (self, signals[ARMCHAIR_ENGINE_SIGNAL_MAY_COUNT_USE], 0, &allowed);
  return allowed;
}

gboolean
armchair_engine_emit_may_open_store (ArmchairEngine *self, const char *uri)
{
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);
  gboolean allowed = TRUE;

  g_signal_emit (self, signals[ARMCHAIR_ENGINE_SIGNAL_MAY_OPEN_STORE], 0, uri, &allowed);
  return allowed;
}

/* The checks every entry point makes before Swift runs: no Swift trap is reachable from C. */
#define CHECK_ENGINE(self)                                  \
  G_STMT_START {                                            \
    g_return_if_fail (ARMCHAIR_IS_ENGINE (self));           \
    g_return_if_fail (armchair_c_api_is_main_thread ());          \
    g_return_if_fail ((self)->swift_engine != NULL);        \
  } G_STMT_END

#define CHECK_ENGINE_OR(self, value)                              \
  G_STMT_START {                                                  \
    g_return_val_if_fail (ARMCHAIR_IS_ENGINE (self), value);      \
    g_return_val_if_fail (armchair_c_api_is_main_thread (), value);     \
    g_return_val_if_fail ((self)->swift_engine != NULL, value);   \
  } G_STMT_END

/**
 * armchair_engine_new:
 * @configuration: the settings
 * @error: return location for a #GError
 *
 * Makes an engine without any toolkit, for an app that shows its own prompt: it counts, decides
 * and records, and never shows anything, so armchair_engine_show_prompt_if_allowed() always
 * returns %FALSE. Ask armchair_engine_should_prompt(), call
 * armchair_engine_record_prompt_shown() when your prompt appears and
 * armchair_engine_record_answer() with what the user answered. An app with GTK uses its toolkit
 * binding instead.
 *
 * The engine copies @configuration: later changes to it do not reach the engine.
 *
 * Returns: (transfer full): the engine, or %NULL with @error set to
 *   %ARMCHAIR_ERROR_CONFIGURATION listing every unusable setting
 */
ArmchairEngine *
armchair_engine_new (ArmchairConfiguration *configuration, GError **error)
{
  void *engine;

  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (configuration), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), NULL);

  engine = armchair_swift_engine_create (armchair_configuration_get_box (configuration), error);
  return engine != NULL ? armchair_engine_new_for_swift_engine (engine) : NULL;
}

/**
 * armchair_engine_app_launched:
 * @self: an engine
 *
 * The app was launched: counts a use, and may show the prompt when
 * #ArmchairConfiguration:prompt-at-launch is on and the rules allow. The toolkit bindings call
 * it for you. The first call in a process also starts its session, for the crash rule.
 */
void
armchair_engine_app_launched (ArmchairEngine *self)
{
  CHECK_ENGINE (self);

  armchair_swift_engine_app_launched (self->swift_engine);
}

/**
 * armchair_engine_app_entered_foreground:
 * @self: an engine
 *
 * The user came back to the app: counts a use (unless a handler of
 * #ArmchairEngine::may-count-use says no), and may show the prompt. The toolkit
 * bindings call it for you.
 */
void
armchair_engine_app_entered_foreground (ArmchairEngine *self)
{
  CHECK_ENGINE (self);

  armchair_swift_engine_app_entered_foreground (self->swift_engine);
}

/**
 * armchair_engine_app_will_quit:
 * @self: an engine
 *
 * The app is quitting cleanly: ends this process's session and saves what is unsaved. A
 * session that never gets here counts as a crash at the next launch. The toolkit bindings call
 * it for you.
 *
 * Returns: whether everything is saved
 */
gboolean
armchair_engine_app_will_quit (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, FALSE);

  return armchair_swift_engine_app_will_quit (self->swift_engine);
}

/**
 * armchair_engine_add_active_usage:
 * @self: an engine
 * @seconds: a finite, positive duration; anything else is ignored with a warning
 *
 * Adds time during which one of the app's windows was active. The toolkit bindings measure
 * it for you.
 */
void
armchair_engine_add_active_usage (ArmchairEngine *self, double seconds)
{
  CHECK_ENGINE (self);

  armchair_swift_engine_add_active_usage (self->swift_engine, seconds);
}

/**
 * armchair_engine_significant_event:
 * @self: an engine
 * @name: (nullable): the event's name: ASCII letters, digits, `_`, `-` and `.`, at most 64;
 *   %NULL counts it in the total only
 *
 * The user did something that shows the app is valuable to them: exported a file, finished a
 * level. Counts it, with the weight #ArmchairConfiguration:event-weights gives its name (else
 * 1), and shows the prompt if the rules allow. A name that cannot be used is ignored with an
 * error in the log.
 */
void
armchair_engine_significant_event (ArmchairEngine *self, const char *name)
{
  CHECK_ENGINE (self);

  armchair_swift_engine_significant_event (self->swift_engine, name, 0, TRUE);
}

/**
 * armchair_engine_significant_event_full:
 * @self: an engine
 * @name: (nullable): the event's name, or %NULL
 * @weight: how much it counts, from 1 to 1000; 0 for the weight in
 *   #ArmchairConfiguration:event-weights (else 1). Another weight is ignored with an error in
 *   the log.
 * @may_prompt: whether the prompt may appear now if the rules allow; pass %FALSE in the middle
 *   of a task, and a later event or launch prompts instead
 *
 * armchair_engine_significant_event() with a weight and a choice of prompting.
 */
void
armchair_engine_significant_event_full (ArmchairEngine *self, const char *name, int weight, gboolean may_prompt)
{
  CHECK_ENGINE (self);

  armchair_swift_engine_significant_event (self->swift_engine, name, weight, may_prompt);
}

/**
 * armchair_engine_should_prompt:
 * @self: an engine
 *
 * Whether the rules allow the prompt now, on the state read from the state file. An app with
 * its own UI shows its question when this is %TRUE.
 *
 * Returns: whether the prompt should be shown now
 */
gboolean
armchair_engine_should_prompt (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, FALSE);

  return armchair_swift_engine_should_prompt (self->swift_engine);
}

/**
 * armchair_engine_get_decision:
 * @self: an engine
 *
 * Evaluates the rules now, without showing anything, and says why.
 *
 * An app with its own prompt calls it, shows its prompt when
 * armchair_decision_get_should_prompt() is %TRUE, then calls
 * armchair_engine_record_prompt_shown() and armchair_engine_record_answer().
 *
 * Returns: (transfer full): what the rules say now, with every reason
 */
ArmchairDecision *
armchair_engine_get_decision (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, NULL);

  return armchair_swift_engine_get_decision (self->swift_engine);
}

/**
 * armchair_engine_explain:
 * @self: an engine
 *
 * What the rules say now, in the words `armchair explain` prints; the same as
 * armchair_decision_to_string() of armchair_engine_get_decision().
 *
 * Returns: (transfer full): the decision with its reasons, one criterion per line
 */
char *
armchair_engine_explain (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, NULL);

  return armchair_swift_engine_explain (self->swift_engine);
}

/**
 * armchair_engine_show_prompt_if_allowed:
 * @self: an engine
 *
 * Shows the prompt if the rules allow it now and no #ArmchairEngine::may-prompt handler
 * says no. The answer is recorded when the user gives it (#ArmchairEngine::answered).
 *
 * Returns: whether the prompt began to show; always %FALSE for an engine from
 *   armchair_engine_new(), which shows nothing
 */
gboolean
armchair_engine_show_prompt_if_allowed (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, FALSE);

  return armchair_swift_engine_show_prompt_if_allowed (self->swift_engine);
}

/**
 * armchair_engine_show_prompt:
 * @self: an engine
 *
 * Shows the prompt now, whatever the usage thresholds say, for a moment the app knows is good.
 * The gates still hold: nobody is asked who rated or declined this version, whose reminder is
 * pending, or who reached the yearly cap.
 *
 * Returns: whether the prompt began to show; always %FALSE for an engine from
 *   armchair_engine_new()
 */
gboolean
armchair_engine_show_prompt (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, FALSE);

  return armchair_swift_engine_show_prompt (self->swift_engine);
}

/**
 * armchair_engine_record_prompt_shown:
 * @self: an engine
 *
 * For an app that shows its own prompt: records that it shows one now, so that the yearly cap
 * and the minimum time between prompts count it, and emits #ArmchairEngine::prompt-shown. Call
 * it as the prompt appears, then armchair_engine_record_answer() with the answer. Prompts in
 * debug mode are not counted.
 */
void
armchair_engine_record_prompt_shown (ArmchairEngine *self)
{
  CHECK_ENGINE (self);

  armchair_swift_engine_record_prompt_shown (self->swift_engine);
}

/**
 * armchair_engine_record_answer:
 * @self: an engine
 * @answer: what the user answered the app's own prompt
 *
 * Records an answer the app collected with its own UI, exactly as if Armchair's prompt had
 * returned it, and emits #ArmchairEngine::answered. It does not open the review page: call
 * armchair_engine_rate_app() instead of recording %ARMCHAIR_ANSWER_RATE to do both.
 */
void
armchair_engine_record_answer (ArmchairEngine *self, ArmchairAnswer answer)
{
  CHECK_ENGINE (self);
  g_return_if_fail (answer >= ARMCHAIR_ANSWER_RATE && answer <= ARMCHAIR_ANSWER_SENT_FEEDBACK);

  armchair_swift_engine_record_answer (self->swift_engine, answer);
}

/**
 * armchair_engine_rate_app:
 * @self: an engine
 *
 * Records this version as rated and opens the review page, for an explicit "Rate this app"
 * command in the app's menu. #ArmchairEngine::store-opened or #ArmchairEngine::store-failed
 * follows.
 */
void
armchair_engine_rate_app (ArmchairEngine *self)
{
  CHECK_ENGINE (self);

  armchair_swift_engine_rate_app (self->swift_engine);
}

/**
 * armchair_engine_get_review_url:
 * @self: an engine
 *
 * Gets the address the "Rate" answer opens: the app's page in the software centre.
 *
 * Returns: (transfer full): the review page's first address, such as
 *   `appstream://org.example.Notes`
 */
char *
armchair_engine_get_review_url (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, NULL);

  return armchair_swift_engine_get_review_url (self->swift_engine);
}

/**
 * armchair_engine_reset:
 * @self: an engine
 *
 * Forgets everything recorded for this app, answers and prompt history included, as
 * `armchair reset` does.
 */
void
armchair_engine_reset (ArmchairEngine *self)
{
  CHECK_ENGINE (self);

  armchair_swift_engine_reset (self->swift_engine);
}

/**
 * armchair_engine_reset_usage_counters:
 * @self: an engine
 *
 * Starts this version's usage counters again (first use, uses, events, active usage); the
 * answers and the prompt history stay.
 */
void
armchair_engine_reset_usage_counters (ArmchairEngine *self)
{
  CHECK_ENGINE (self);

  armchair_swift_engine_reset_usage_counters (self->swift_engine);
}

/**
 * armchair_engine_flush:
 * @self: an engine
 *
 * Saves any changes the disk refused earlier (full or read-only); call it as the app shuts
 * down.
 *
 * Returns: whether everything is saved
 */
gboolean
armchair_engine_flush (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, FALSE);

  return armchair_swift_engine_flush (self->swift_engine);
}
