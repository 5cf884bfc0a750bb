/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"

#include <gio/gio.h>

/**
 * ArmchairEngine:
 *
 * Decides when to ask a satisfied, regular user for a rating, asks, and remembers the answer.
 *
 * An app with GTK gets its engine from the toolkit binding
 * ([`armchair_gtk3_attach()`](../ArmchairGtk3-1.0/func.attach.html) or
 * [`armchair_gtk4_attach()`](../ArmchairGtk4-1.0/func.attach.html), then `get_engine()`), which
 * counts launches and use by itself and shows the prompt at a good moment. Tell it about
 * significant events:
 *
 * ```c
 * armchair_engine_significant_event (engine, "export");
 * ```
 *
 * An app with its own UI (Qt, a terminal) makes one with [ctor@Armchair.Engine.new] (or, in a
 * language binding, with the [property@Armchair.Engine:configuration] property:
 * `Armchair.Engine(configuration=c)` in Python), asks [method@Armchair.Engine.should_prompt], shows
 * its own question, says so with [method@Armchair.Engine.record_prompt_shown] and records the
 * answer with [method@Armchair.Engine.record_answer]. Such an engine shows nothing;
 * [method@Armchair.Engine.rate_app] opens the review page with the desktop's handler for its
 * address, through GIO.
 *
 * Every change is saved at once in the state file, `$XDG_STATE_HOME/<app-id>/`, shared by every
 * running instance of the app. The signals report what happens;
 * [signal@Armchair.Engine::hold-prompt], [signal@Armchair.Engine::ignore-use] and
 * [signal@Armchair.Engine::open-review-page] let the app say no, in GTK's sense: a handler returns
 * %TRUE to stop what Armchair was about to do, and a handler that returns nothing changes nothing.
 *
 * ## Threads and lifetime
 *
 * An engine belongs to the process's main thread, which must run the global default main
 * context (as GTK apps and `GLib.MainLoop()` on the main thread do): every function must be
 * called there (from another thread it logs a critical and does nothing), and the signals are
 * emitted there. A signal that Armchair's own asynchronous work
 * raises (the review page opened, an answer to the prompt) comes from a GLib source of the main
 * context, so a handler may run a nested main loop. The last reference may be dropped on any
 * thread and at any moment, inside the engine's own signal handlers too: the engine lets go of
 * its work on the main thread, later, and emits nothing more.
 *
 * Since: 1.0
 */
struct _ArmchairEngine {
  GObject parent_instance;
  /* The configuration to make the Swift engine from, until the object is constructed. */
  ArmchairConfiguration *configuration;
  /* The retained Swift RatingEngine, or NULL for an engine that cannot be used. */
  ArmchairSwiftEngine *swift_engine;
  /* A binding's engine until the engine module is loaded: what the app asked that needs no answer,
   * in order (RecordedCall), for the engine to do once it is there; and how to load it at once for
   * a call that needs an answer. NULL once the engine is there, or off. */
  GArray *recorded;
  ArmchairEngineLoadFunc load_now;
  gpointer load_now_data;
  /* The engine module could not be loaded (warned about once): every call does nothing. */
  gboolean off;
  /* Its binding ended before the engine module was there: nothing more will load it, so its
   * next call does. */
  gboolean alone;
  /* Why there is no Swift engine, for the criticals of an engine that cannot be used. */
  GError *unusable;
  /* The feedback requests handed to deliver-feedback, as GWeakRefs, to cancel those still
   * outstanding when the engine is disposed; NULL from then on. Behind the lock: dispose may run
   * on any thread. */
  GMutex feedback_requests_lock;
  GPtrArray *feedback_requests;
};

static void armchair_engine_initable_iface_init (GInitableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ArmchairEngine, armchair_engine, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE, armchair_engine_initable_iface_init))

enum {
  PROP_0,
  PROP_CONFIGURATION,
  N_PROPS,
};

static GParamSpec *properties[N_PROPS];
static guint signals[ARMCHAIR_ENGINE_N_SIGNALS];
/* Set while the library itself makes an engine that has no configuration on purpose (a binding's,
 * an inert one), which must not log the critical of a generic construction without one. */
static GPrivate constructing_internally;

static void
set_unusable (ArmchairEngine *self, const char *reason)
{
  g_clear_error (&self->unusable);
  g_set_error_literal (&self->unusable, ARMCHAIR_ERROR, ARMCHAIR_ERROR_CONFIGURATION, reason);
}

/* The core's table, for an engine that has its Swift engine. */
#define CORE() (armchair_engine_module_peek_core ())

/* A call that needs no answer, made while the engine waits for its module. */
typedef enum {
  CALL_APP_LAUNCHED,
  CALL_APP_ENTERED_FOREGROUND,
  CALL_ADD_ACTIVE_USAGE,
  CALL_SIGNIFICANT_EVENT,
  CALL_RECORD_PROMPT_SHOWN,
  CALL_RECORD_ANSWER,
  CALL_RESET,
  CALL_RESET_USAGE_COUNTERS,
} CallKind;

typedef struct {
  CallKind kind;
  char *name;
  int weight;
  gboolean may_prompt;
  double seconds;
  ArmchairAnswer answer;
} RecordedCall;

static void
recorded_call_clear (RecordedCall *call)
{
  g_clear_pointer (&call->name, g_free);
}

/* Keeps @call for later when the engine waits for its module (then TRUE), taking over its name. */
static gboolean
record (ArmchairEngine *self, RecordedCall call)
{
  if (self->recorded != NULL && self->alone)
    self->load_now (self->load_now_data);
  if (self->recorded == NULL)
    {
      g_free (call.name);
      return FALSE;
    }
  g_array_append_val (self->recorded, call);
  return TRUE;
}

/* Makes @call of the Swift engine. */
static void
replay (ArmchairEngine *self, const ArmchairSwiftCore *core, const RecordedCall *call)
{
  switch (call->kind)
    {
    case CALL_APP_LAUNCHED:
      core->engine_app_launched (self->swift_engine);
      break;
    case CALL_APP_ENTERED_FOREGROUND:
      core->engine_app_entered_foreground (self->swift_engine);
      break;
    case CALL_ADD_ACTIVE_USAGE:
      core->engine_add_active_usage (self->swift_engine, call->seconds);
      break;
    case CALL_SIGNIFICANT_EVENT:
      core->engine_significant_event (self->swift_engine, call->name, call->weight, call->may_prompt);
      break;
    case CALL_RECORD_PROMPT_SHOWN:
      core->engine_record_prompt_shown (self->swift_engine);
      break;
    case CALL_RECORD_ANSWER:
      core->engine_record_answer (self->swift_engine, call->answer);
      break;
    case CALL_RESET:
      core->engine_reset (self->swift_engine);
      break;
    case CALL_RESET_USAGE_COUNTERS:
      core->engine_reset_usage_counters (self->swift_engine);
      break;
    }
}

static void
armchair_engine_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  ArmchairEngine *self = ARMCHAIR_ENGINE (object);

  switch (id)
    {
    case PROP_CONFIGURATION:
      g_value_set_object (value, self->configuration);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
armchair_engine_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  ArmchairEngine *self = ARMCHAIR_ENGINE (object);

  switch (id)
    {
    case PROP_CONFIGURATION:
      g_set_object (&self->configuration, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

/* Makes the Swift engine from the configuration property: what armchair_engine_new() and a
 * language binding's generic constructor (`Armchair.Engine(configuration=c)`) share. What went
 * wrong is kept: g_initable_init() reports it, and every call of an unusable engine names it. A
 * mistake of the caller (no configuration, another thread) is also a critical here, where it was
 * made. */
static void
armchair_engine_constructed (GObject *object)
{
  ArmchairEngine *self = ARMCHAIR_ENGINE (object);

  G_OBJECT_CLASS (armchair_engine_parent_class)->constructed (object);
  if (g_private_get (&constructing_internally) != NULL)
    return;
  if (self->configuration == NULL)
    {
      set_unusable (self, "it was made without a configuration: make it with armchair_engine_new(), "
                          "or give it the construct-only property \"configuration\"");
      g_critical ("ArmchairEngine made without a configuration: every call of it will fail");
    }
  else if (!armchair_c_api_is_main_thread ())
    {
      set_unusable (self, "it was made on another thread than the main thread");
      g_critical ("ArmchairEngine made on another thread than the main thread: every call of it will fail");
    }
  else
    {
      /* An engine of the app's own: the engine module loads now (the binding's waits). */
      const ArmchairSwiftCore *core = armchair_engine_module_core ();
      ArmchairSwiftConfiguration *box;

      if (core == NULL)
        {
          self->off = TRUE;
          return;
        }
      box = armchair_configuration_make_swift (self->configuration, core);
      self->swift_engine = core->engine_create (box, &self->unusable);
      core->configuration_release (box);
      if (self->swift_engine != NULL)
        core->engine_connect (self->swift_engine, self);
    }
}

static gboolean
armchair_engine_initable_init (GInitable *initable, GCancellable *cancellable, GError **error)
{
  ArmchairEngine *self = ARMCHAIR_ENGINE (initable);

  if (self->swift_engine != NULL || self->off)
    return TRUE;
  if (error != NULL && self->unusable != NULL)
    *error = g_error_copy (self->unusable);
  return FALSE;
}

static void
armchair_engine_initable_iface_init (GInitableIface *iface)
{
  iface->init = armchair_engine_initable_init;
}

/* The Swift engine is released on the main thread, later (see ArmchairSwiftCore's engine_release):
 * dispose may run on any thread, or inside one of the engine's own signal handlers. The Swift
 * side holds this object weakly, so nothing is emitted on it from the moment it starts to go. */
static void
armchair_engine_dispose (GObject *object)
{
  ArmchairEngine *self = ARMCHAIR_ENGINE (object);
  ArmchairSwiftEngine *swift_engine = g_steal_pointer (&self->swift_engine);
  g_autoptr (GPtrArray) feedback_requests = NULL;

  if (swift_engine != NULL)
    {
      armchair_engine_module_peek_core ()->engine_release (swift_engine);
      set_unusable (self, "it was disposed");
    }
  g_clear_pointer (&self->recorded, g_array_unref);
  g_clear_object (&self->configuration);

  /* Nobody waits for the results of the requests still outstanding: they are cancelled here, on
   * this thread, after the engine became unusable (a ::cancelled handler that calls it gets a
   * critical, never a half-gone engine), and outside the lock. */
  g_mutex_lock (&self->feedback_requests_lock);
  feedback_requests = g_steal_pointer (&self->feedback_requests);
  g_mutex_unlock (&self->feedback_requests_lock);
  for (guint i = 0; feedback_requests != NULL && i < feedback_requests->len; i++)
    {
      g_autoptr (ArmchairFeedbackRequest) request = g_weak_ref_get (g_ptr_array_index (feedback_requests, i));

      if (request != NULL)
        armchair_feedback_request_cancel_internal (request);
    }
  G_OBJECT_CLASS (armchair_engine_parent_class)->dispose (object);
}

static void
armchair_engine_finalize (GObject *object)
{
  ArmchairEngine *self = ARMCHAIR_ENGINE (object);

  g_clear_error (&self->unusable);
  g_clear_pointer (&self->feedback_requests, g_ptr_array_unref);
  g_mutex_clear (&self->feedback_requests_lock);
  G_OBJECT_CLASS (armchair_engine_parent_class)->finalize (object);
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

/* A signal that lets the app say no, in GTK's sense: the first handler that returns TRUE stops the
 * emission and what Armchair was about to do; without one (or with handlers that return FALSE or
 * nothing) Armchair goes on. */
static guint
handled_signal (const char *name, guint n_params, ...)
{
  va_list params;
  guint id;

  va_start (params, n_params);
  id = g_signal_new_valist (name, ARMCHAIR_TYPE_ENGINE, G_SIGNAL_RUN_LAST, NULL,
                            g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, n_params, params);
  va_end (params);
  return id;
}

static void
armchair_engine_class_init (ArmchairEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = armchair_engine_get_property;
  object_class->set_property = armchair_engine_set_property;
  object_class->constructed = armchair_engine_constructed;
  object_class->dispose = armchair_engine_dispose;
  object_class->finalize = armchair_engine_finalize;

  /**
   * ArmchairEngine:configuration:
   *
   * The settings the engine was made from, copied as it was made: later changes to the
   * configuration do not reach the engine. Construct-only; what [ctor@Armchair.Engine.new] sets,
   * for the generic constructors of language bindings (`Armchair.Engine(configuration=c)`,
   * `new Armchair.Engine({configuration: c})`). An engine made without one, or with one that
   * cannot be used, logs a critical at every call; [ctor@Armchair.Engine.new] (or
   * [method@Gio.Initable.init], which PyGObject and GJS do not call by themselves) reports why as
   * a [struct@GLib.Error] instead. %NULL for the engine of a toolkit binding.
   *
   * Since: 1.0
   */
  properties[PROP_CONFIGURATION] =
    g_param_spec_object ("configuration", NULL, NULL, ARMCHAIR_TYPE_CONFIGURATION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ArmchairEngine::prompt-shown:
   * @self: the engine
   *
   * The rating prompt is on screen, or the app recorded that its own prompt is
   * ([method@Armchair.Engine.record_prompt_shown]).
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_PROMPT_SHOWN] = simple_signal ("prompt-shown");
  /**
   * ArmchairEngine::answered:
   * @self: the engine
   * @answer: what the user did
   *
   * An answer was recorded, from the prompt or from [method@Armchair.Engine.record_answer], after
   * it was saved.
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_ANSWERED] =
    g_signal_new ("answered", ARMCHAIR_TYPE_ENGINE, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  ARMCHAIR_TYPE_ANSWER);
  /**
   * ArmchairEngine::satisfaction-asked:
   * @self: the engine
   *
   * The satisfaction question ("Are you enjoying…?") is on screen.
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_SATISFACTION_ASKED] = simple_signal ("satisfaction-asked");
  /**
   * ArmchairEngine::feedback-requested:
   * @self: the engine
   *
   * The feedback request is on screen: the user is not enjoying the app.
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_REQUESTED] = simple_signal ("feedback-requested");
  /**
   * ArmchairEngine::feedback-accepted:
   * @self: the engine
   *
   * The user chose to write feedback.
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_ACCEPTED] = simple_signal ("feedback-accepted");
  /**
   * ArmchairEngine::feedback-declined:
   * @self: the engine
   *
   * The user declined to write feedback, and to rate.
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_DECLINED] = simple_signal ("feedback-declined");
  /**
   * ArmchairEngine::feedback-sent:
   * @self: the engine
   * @text: the message the user wrote
   *
   * A feedback message was delivered.
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_SENT] = text_signal ("feedback-sent");
  /**
   * ArmchairEngine::feedback-failed:
   * @self: the engine
   * @message: why, in words the user sees too
   *
   * A feedback message could not be delivered; the user sees the error and may try again.
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_FAILED] = text_signal ("feedback-failed");
  /**
   * ArmchairEngine::thank-you-shown:
   * @self: the engine
   *
   * The thank-you is on screen.
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_THANK_YOU_SHOWN] = simple_signal ("thank-you-shown");
  /**
   * ArmchairEngine::update-detected:
   * @self: the engine
   * @previous: the version tracked until now
   * @current: the version running
   *
   * A newer version than the tracked one is running: its answers start again, and its usage
   * counts follow [property@Armchair.Configuration:update-policy]. Emitted once per version.
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_UPDATE_DETECTED] =
    g_signal_new ("update-detected", ARMCHAIR_TYPE_ENGINE, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                  2, G_TYPE_STRING, G_TYPE_STRING);
  /**
   * ArmchairEngine::review-page-opened:
   * @self: the engine
   * @uri: the address of the review page that opened
   *
   * The review page opened.
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_REVIEW_PAGE_OPENED] = text_signal ("review-page-opened");
  /**
   * ArmchairEngine::review-page-failed:
   * @self: the engine
   * @message: each address tried and why it failed
   *
   * No address of the review page could be opened: no handler for it, or the toolkit refused.
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_REVIEW_PAGE_FAILED] = text_signal ("review-page-failed");
  /**
   * ArmchairEngine::hold-prompt:
   * @self: the engine
   * @decision: what the rules said, and why
   *
   * The last word before a prompt, emitted as it is about to show: after the rules allowed it, or
   * after [method@Armchair.Engine.show_prompt] (then @decision may say that the usage thresholds
   * are not met). Return %TRUE to hold it back this time, while the user is busy (recording,
   * presenting); the handlers after the first that returns %TRUE are not called. A handler that
   * returns %FALSE, or nothing (Python's `None`, JavaScript's `undefined`), lets the prompt show.
   *
   * Returns: %TRUE to hold the prompt back, %FALSE to let it show
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_HOLD_PROMPT] = handled_signal ("hold-prompt", 1, ARMCHAIR_TYPE_DECISION);
  /**
   * ArmchairEngine::ignore-use:
   * @self: the engine
   *
   * The user came back to the app, which counts as a use. Return %TRUE to ignore this return, for
   * example coming back from a login window the app opened itself. A handler that returns %FALSE or
   * nothing changes nothing.
   *
   * Returns: %TRUE to not count this return, %FALSE to count it
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_IGNORE_USE] = handled_signal ("ignore-use", 0);
  /**
   * ArmchairEngine::open-review-page:
   * @self: the engine
   * @uri: the review page's first address
   *
   * Armchair is about to open the review page, as GtkLabel's `activate-link` is about to open a
   * link. Return %TRUE when the app opened the page itself: Armchair then opens nothing, and
   * neither [signal@Armchair.Engine::review-page-opened] nor
   * [signal@Armchair.Engine::review-page-failed] follows. A handler that returns %FALSE or nothing
   * lets Armchair open it.
   *
   * Returns: %TRUE if the app opened the page itself, %FALSE to let Armchair open it
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_OPEN_REVIEW_PAGE] = handled_signal ("open-review-page", 1, G_TYPE_STRING);
  /**
   * ArmchairEngine::deliver-feedback:
   * @self: the engine
   * @request: the message, and how to say whether it arrived
   *
   * The person pressed Send in the feedback form, and the app delivers feedback itself: keep a
   * reference to @request, deliver its text your own way, and complete it with
   * [method@Armchair.FeedbackRequest.return_success] or
   * [method@Armchair.FeedbackRequest.return_failure], now or later, from any thread. Connect one
   * handler: every handler receives the same request, which takes one result.
   *
   * Connecting a handler is what makes the app the deliverer: while one is connected (and not
   * blocked), the feedback form is offered even without
   * [property@Armchair.Configuration:feedback-email] or
   * [property@Armchair.Configuration:feedback-endpoint], and neither is used, not even for messages
   * an endpoint's outbox still holds. [signal@Armchair.Engine::feedback-sent] or
   * [signal@Armchair.Engine::feedback-failed] follows each result, on the main thread, once the
   * main loop runs; nothing follows once the engine is gone.
   *
   * When the feedback form closes before the app completed @request (the person closed it, its
   * window went, or [method@Armchair.Engine.close_prompt]), or the engine is disposed with the
   * request outstanding, Armchair cancels the request's
   * [method@Armchair.FeedbackRequest.get_cancellable]: it counts as not delivered, and the app's
   * later result changes nothing. Pass the cancellable to the app's own asynchronous calls.
   *
   * Since: 1.0
   */
  /**
   * ArmchairEngine::present-step:
   * @self: the engine
   * @step: the step, its texts and choices, and how to say what the person chose
   *
   * Armchair is about to show a step of the prompt (the rating prompt, the satisfaction question,
   * the feedback request, the thank-you) with its own dialog. Return %TRUE to show it with the
   * app's own UI instead (Swift's `ForwardingPresenter`): keep a reference to @step, and once
   * the person has answered call [method@Armchair.PromptStep.return_choice]. Return %FALSE, or
   * nothing, for Armchair's dialog; the feedback form and the review form are always
   * Armchair's.
   *
   * The first handler that returns %TRUE owns the step. The answer is recorded, and the flow goes
   * on, exactly as after Armchair's dialog: [signal@Armchair.Engine::answered] and the other
   * signals follow as usual.
   *
   * Returns: %TRUE if the app shows the step itself
   *
   * Since: 1.0
   */
  signals[ARMCHAIR_ENGINE_SIGNAL_PRESENT_STEP] = handled_signal ("present-step", 1, ARMCHAIR_TYPE_PROMPT_STEP);
  signals[ARMCHAIR_ENGINE_SIGNAL_DELIVER_FEEDBACK] =
    g_signal_new ("deliver-feedback", ARMCHAIR_TYPE_ENGINE, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  ARMCHAIR_TYPE_FEEDBACK_REQUEST);
}

static void
free_weak_ref (gpointer weak_ref)
{
  g_weak_ref_clear (weak_ref);
  g_free (weak_ref);
}

static void
armchair_engine_init (ArmchairEngine *self)
{
  g_mutex_init (&self->feedback_requests_lock);
  self->feedback_requests = g_ptr_array_new_with_free_func (free_weak_ref);
}

/* An engine the library makes without a configuration, on purpose. */
static ArmchairEngine *
new_internal (void)
{
  ArmchairEngine *self;

  g_private_set (&constructing_internally, GINT_TO_POINTER (TRUE));
  self = g_object_new (ARMCHAIR_TYPE_ENGINE, NULL);
  g_private_set (&constructing_internally, NULL);
  return self;
}

ArmchairEngine *
armchair_engine_new_waiting (ArmchairEngineLoadFunc load_now, gpointer data)
{
  ArmchairEngine *self = new_internal ();

  self->recorded = g_array_new (FALSE, FALSE, sizeof (RecordedCall));
  g_array_set_clear_func (self->recorded, (GDestroyNotify) recorded_call_clear);
  self->load_now = load_now;
  self->load_now_data = data;
  return self;
}

void
armchair_engine_take_swift_engine (ArmchairEngine *self, ArmchairSwiftEngine *engine)
{
  const ArmchairSwiftCore *core = CORE ();
  g_autoptr (GArray) recorded = g_steal_pointer (&self->recorded);
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);

  self->swift_engine = engine;
  core->engine_connect (engine, self);
  /* In the order the app made them; a handler of a signal one emits may call the engine again,
   * which now goes to it directly, after what came before. */
  for (guint i = 0; recorded != NULL && i < recorded->len && self->swift_engine != NULL; i++)
    replay (self, core, &g_array_index (recorded, RecordedCall, i));
}

void
armchair_engine_turn_off (ArmchairEngine *self)
{
  g_clear_pointer (&self->recorded, g_array_unref);
  self->off = TRUE;
}

/* Makes the Swift engine of a waiting engine whose binding ended: an engine of its own, made of its
 * configuration. */
static void
load_alone (gpointer data)
{
  ArmchairEngine *self = data;
  const ArmchairSwiftCore *core = armchair_engine_module_core ();
  g_autoptr (GError) error = NULL;
  ArmchairSwiftConfiguration *box;
  ArmchairSwiftEngine *engine;

  if (core == NULL)
    {
      armchair_engine_turn_off (self);
      return;
    }
  box = armchair_configuration_make_swift (self->configuration, core);
  core->configuration_fill_from_app (box);
  engine = core->engine_create (box, &error);
  core->configuration_release (box);
  if (engine == NULL)
    {
      g_warning ("Armchair is off for this engine: %s", error->message);
      armchair_engine_turn_off (self);
      return;
    }
  armchair_engine_take_swift_engine (self, engine);
}

void
armchair_engine_wait_alone (ArmchairEngine *self, ArmchairConfiguration *configuration)
{
  if (self->recorded == NULL)
    return;
  g_set_object (&self->configuration, configuration);
  self->load_now = load_alone;
  self->load_now_data = self;
  self->alone = TRUE;
  if (self->recorded->len > 0)
    load_alone (self);
}

ArmchairEngine *
armchair_engine_new_inert (const char *reason)
{
  ArmchairEngine *self = new_internal ();

  set_unusable (self, reason);
  return self;
}

ArmchairSwiftEngine *
armchair_engine_get_swift_engine (ArmchairEngine *self)
{
  if (self->recorded != NULL)
    self->load_now (self->load_now_data);
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
armchair_engine_emit_hold_prompt (ArmchairEngine *self, ArmchairDecision *decision)
{
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);
  gboolean handled = FALSE;

  g_signal_emit (self, signals[ARMCHAIR_ENGINE_SIGNAL_HOLD_PROMPT], 0, decision, &handled);
  return handled;
}

gboolean
armchair_engine_emit_ignore_use (ArmchairEngine *self)
{
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);
  gboolean handled = FALSE;

  g_signal_emit (self, signals[ARMCHAIR_ENGINE_SIGNAL_IGNORE_USE], 0, &handled);
  return handled;
}

gboolean
armchair_engine_emit_open_review_page (ArmchairEngine *self, const char *uri)
{
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);
  gboolean handled = FALSE;

  g_signal_emit (self, signals[ARMCHAIR_ENGINE_SIGNAL_OPEN_REVIEW_PAGE], 0, uri, &handled);
  return handled;
}

gboolean
armchair_engine_delivers_feedback (ArmchairEngine *self)
{
  return g_signal_has_handler_pending (self, signals[ARMCHAIR_ENGINE_SIGNAL_DELIVER_FEEDBACK], 0, FALSE);
}

/* Keeps @request weakly until it has its result, to cancel it if the engine goes first; forgets
 * the requests kept before that went or have their result. */
static void
keep_feedback_request (ArmchairEngine *self, ArmchairFeedbackRequest *request)
{
  GWeakRef *weak_ref = g_new0 (GWeakRef, 1);

  g_weak_ref_init (weak_ref, request);
  g_mutex_lock (&self->feedback_requests_lock);
  /* Disposed: its handlers are gone with it, so no request is handed any more. */
  if (self->feedback_requests == NULL)
    {
      g_mutex_unlock (&self->feedback_requests_lock);
      free_weak_ref (weak_ref);
      return;
    }
  for (guint i = self->feedback_requests->len; i > 0; i--)
    {
      g_autoptr (ArmchairFeedbackRequest) kept = g_weak_ref_get (g_ptr_array_index (self->feedback_requests, i - 1));

      if (kept == NULL || armchair_feedback_request_get_completed (kept))
        g_ptr_array_remove_index_fast (self->feedback_requests, i - 1);
    }
  g_ptr_array_add (self->feedback_requests, weak_ref);
  g_mutex_unlock (&self->feedback_requests_lock);
}

gboolean
armchair_engine_emit_deliver_feedback (ArmchairEngine *self, ArmchairFeedbackRequest *request)
{
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);

  /* The handler may have gone since the form was offered. */
  if (!armchair_engine_delivers_feedback (self))
    return FALSE;
  keep_feedback_request (self, request);
  g_signal_emit (self, signals[ARMCHAIR_ENGINE_SIGNAL_DELIVER_FEEDBACK], 0, request);
  return TRUE;
}

gboolean
armchair_engine_emit_present_step (ArmchairEngine *self, ArmchairPromptStep *step)
{
  g_autoptr (ArmchairEngine) alive = g_object_ref (self);
  gboolean handled = FALSE;

  g_signal_emit (self, signals[ARMCHAIR_ENGINE_SIGNAL_PRESENT_STEP], 0, step, &handled);
  return handled;
}

/* Whether @self has its Swift engine, after loading the engine module at once if the engine waits
 * for it (the call needs an answer now); if not, a critical says why, in the words of
 * g_return_if_fail() where the caller made the mistake, unless Armchair is off in this process
 * (which was warned about once). */
static gboolean
ready (ArmchairEngine *self, const char *function)
{
  if (self->recorded != NULL)
    self->load_now (self->load_now_data);
  if (self->swift_engine != NULL)
    return TRUE;
  if (!self->off)
    g_critical ("%s: this engine cannot be used: %s", function,
                self->unusable != NULL ? self->unusable->message : "it has no engine");
  return FALSE;
}

/* The checks every entry point makes before Swift runs: no Swift trap is reachable from C. */
#define CHECK_ARGUMENTS(self)                               \
  G_STMT_START {                                            \
    g_return_if_fail (ARMCHAIR_IS_ENGINE (self));           \
    g_return_if_fail (armchair_c_api_is_main_thread ());    \
  } G_STMT_END

#define CHECK_ENGINE(self)                                  \
  G_STMT_START {                                            \
    CHECK_ARGUMENTS (self);                                 \
    if (!ready ((self), G_STRFUNC))                         \
      return;                                               \
  } G_STMT_END

#define CHECK_ENGINE_OR(self, value)                              \
  G_STMT_START {                                                  \
    g_return_val_if_fail (ARMCHAIR_IS_ENGINE (self), value);      \
    g_return_val_if_fail (armchair_c_api_is_main_thread (), value); \
    if (!ready ((self), G_STRFUNC))                               \
      return value;                                               \
  } G_STMT_END

/* For a call that needs no answer, after CHECK_ARGUMENTS: kept for later while the engine waits
 * for its module, else made now. */
#define RECORD_OR_CHECK_ENGINE(self, ...)                   \
  G_STMT_START {                                            \
    if (record ((self), (RecordedCall) { __VA_ARGS__ }))    \
      return;                                               \
    if (!ready ((self), G_STRFUNC))                         \
      return;                                               \
  } G_STMT_END

/**
 * armchair_engine_new:
 * @configuration: the settings
 * @error: return location for a [struct@GLib.Error]
 *
 * Makes an engine without any toolkit, for an app that shows its own prompt: it counts, decides and
 * records, and never shows anything of its own, so [method@Armchair.Engine.show_prompt_if_allowed]
 * always returns %FALSE. Ask [method@Armchair.Engine.should_prompt], call
 * [method@Armchair.Engine.record_prompt_shown] when your prompt appears and
 * [method@Armchair.Engine.record_answer] with what the user answered. An app with GTK uses its
 * toolkit binding instead.
 *
 * Armchair's engine loads at once (a toolkit's binding loads it after the app's first frame
 * instead). The engine copies @configuration: later changes to it do not reach the engine. It runs its
 * asynchronous work ([method@Armchair.Engine.rate_app], feedback) under the main thread's GLib main
 * loop, which the app must run, as any GLib app does.
 *
 * Returns: (transfer full): the engine, or %NULL with @error set to
 *   %ARMCHAIR_ERROR_CONFIGURATION listing every unusable setting
 *
 * Since: 1.0
 */
ArmchairEngine *
armchair_engine_new (ArmchairConfiguration *configuration, GError **error)
{
  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (configuration), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  g_return_val_if_fail (armchair_c_api_is_main_thread (), NULL);

  return g_initable_new (ARMCHAIR_TYPE_ENGINE, NULL, error, "configuration", configuration, NULL);
}

/**
 * armchair_engine_app_launched:
 * @self: an engine
 *
 * The app was launched: counts a use, and may show the prompt when
 * [property@Armchair.Configuration:prompt-at-launch] is on and the rules allow. The toolkit
 * bindings call it for you. The first call in a process also starts its session, for the crash
 * rule.
 *
 * Since: 1.0
 */
void
armchair_engine_app_launched (ArmchairEngine *self)
{
  CHECK_ARGUMENTS (self);
  RECORD_OR_CHECK_ENGINE (self, .kind = CALL_APP_LAUNCHED);

  CORE ()->engine_app_launched (self->swift_engine);
}

/**
 * armchair_engine_app_entered_foreground:
 * @self: an engine
 *
 * The user came back to the app: counts a use (unless a handler of
 * [signal@Armchair.Engine::ignore-use] ignores it), and may show the prompt. The toolkit
 * bindings call it for you.
 *
 * Since: 1.0
 */
void
armchair_engine_app_entered_foreground (ArmchairEngine *self)
{
  CHECK_ARGUMENTS (self);
  RECORD_OR_CHECK_ENGINE (self, .kind = CALL_APP_ENTERED_FOREGROUND);

  CORE ()->engine_app_entered_foreground (self->swift_engine);
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
 *
 * Since: 1.0
 */
gboolean
armchair_engine_app_will_quit (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, FALSE);

  return CORE ()->engine_app_will_quit (self->swift_engine);
}

/**
 * armchair_engine_add_active_usage:
 * @self: an engine
 * @seconds: a finite, positive duration; anything else is ignored with a warning
 *
 * Adds time during which one of the app's windows was active. The toolkit bindings measure
 * it for you.
 *
 * Since: 1.0
 */
void
armchair_engine_add_active_usage (ArmchairEngine *self, double seconds)
{
  CHECK_ARGUMENTS (self);
  RECORD_OR_CHECK_ENGINE (self, .kind = CALL_ADD_ACTIVE_USAGE, .seconds = seconds);

  CORE ()->engine_add_active_usage (self->swift_engine, seconds);
}

/**
 * armchair_engine_significant_event:
 * @self: an engine
 * @name: (nullable): the event's name: ASCII letters, digits, `_`, `-` and `.`, at most 64;
 *   %NULL counts it in the total only
 *
 * The user did something that shows the app is valuable to them: exported a file, finished a level.
 * Counts it, with the weight [property@Armchair.Configuration:event-weights] gives its name (else
 * 1), and shows the prompt if the rules allow: with a toolkit binding, at the next natural break in
 * the app (a few seconds after the last key, click or scroll), never in the middle of the next
 * task. A name that cannot be used is ignored with a warning in the log.
 *
 * Since: 1.0
 */
void
armchair_engine_significant_event (ArmchairEngine *self, const char *name)
{
  CHECK_ARGUMENTS (self);
  RECORD_OR_CHECK_ENGINE (self, .kind = CALL_SIGNIFICANT_EVENT, .name = g_strdup (name), .may_prompt = TRUE);

  CORE ()->engine_significant_event (self->swift_engine, name, 0, TRUE);
}

/**
 * armchair_engine_significant_event_full:
 * @self: an engine
 * @name: (nullable): the event's name, or %NULL
 * @weight: how much it counts, from 1 to 1000; 0 for the weight in
 *   [property@Armchair.Configuration:event-weights] (else 1). Another weight is ignored with a
 *   warning in the log.
 * @may_prompt: whether the prompt may appear (at the next natural break, with a toolkit
 *   binding) if the rules allow; pass %FALSE in the middle of a task, and a later event or
 *   launch prompts instead
 *
 * [method@Armchair.Engine.significant_event] with a weight and a choice of prompting.
 *
 * Since: 1.0
 */
void
armchair_engine_significant_event_full (ArmchairEngine *self, const char *name, int weight, gboolean may_prompt)
{
  CHECK_ARGUMENTS (self);
  RECORD_OR_CHECK_ENGINE (self, .kind = CALL_SIGNIFICANT_EVENT, .name = g_strdup (name), .weight = weight,
                          .may_prompt = may_prompt);

  CORE ()->engine_significant_event (self->swift_engine, name, weight, may_prompt);
}

/**
 * armchair_engine_should_prompt:
 * @self: an engine
 *
 * Whether the rules allow the prompt now, on the state read from the state file. An app with
 * its own UI shows its question when this is %TRUE.
 *
 * Returns: whether the prompt should be shown now
 *
 * Since: 1.0
 */
gboolean
armchair_engine_should_prompt (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, FALSE);

  return CORE ()->engine_should_prompt (self->swift_engine);
}

/**
 * armchair_engine_get_decision:
 * @self: an engine
 *
 * Evaluates the rules now, without showing anything, and says why.
 *
 * An app with its own prompt calls it, shows its prompt when
 * [method@Armchair.Decision.get_should_prompt] is %TRUE, then calls
 * [method@Armchair.Engine.record_prompt_shown] and [method@Armchair.Engine.record_answer].
 *
 * Returns: (transfer full): what the rules say now, with every reason
 *
 * Since: 1.0
 */
ArmchairDecision *
armchair_engine_get_decision (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, NULL);

  return CORE ()->engine_get_decision (self->swift_engine);
}

/**
 * armchair_engine_explain:
 * @self: an engine
 *
 * What the rules say now, in the words `armchair explain` prints; the same as
 * [method@Armchair.Decision.to_string] of [method@Armchair.Engine.get_decision].
 *
 * Returns: (transfer full): the decision with its reasons, one criterion per line
 *
 * Since: 1.0
 */
char *
armchair_engine_explain (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, NULL);

  return CORE ()->engine_explain (self->swift_engine);
}

/**
 * armchair_engine_show_prompt_if_allowed:
 * @self: an engine
 *
 * Shows the prompt if the rules allow it now and no [signal@Armchair.Engine::hold-prompt] handler
 * holds it back. The answer is recorded when the user gives it
 * ([signal@Armchair.Engine::answered]).
 *
 * With a toolkit binding, the prompt the rules allow does not come at once but at the next natural
 * break in the app: %ARMCHAIR_PROMPT_WAITING_FOR_BREAK says so, and
 * [method@Armchair.Engine.explain] what it waits for. A prompt the person asked for (a "Rate this
 * app" menu item) is [method@Armchair.Engine.show_prompt], which comes at once.
 *
 * Returns: %ARMCHAIR_PROMPT_SHOWING when the prompt began to show,
 *   %ARMCHAIR_PROMPT_WAITING_FOR_BREAK when it comes at the next natural break, else
 *   %ARMCHAIR_PROMPT_NOT_SHOWN (always for an engine from [ctor@Armchair.Engine.new], which shows
 *   nothing); %ARMCHAIR_PROMPT_NOT_SHOWN is 0, so the result reads as "it shows, or will"
 *   where a boolean is expected
 *
 * Since: 1.0
 */
ArmchairPromptStatus
armchair_engine_show_prompt_if_allowed (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, ARMCHAIR_PROMPT_NOT_SHOWN);

  return CORE ()->engine_show_prompt_if_allowed (self->swift_engine);
}

/**
 * armchair_engine_show_prompt:
 * @self: an engine
 *
 * Shows the prompt now, whatever the usage thresholds say, for a moment the app knows is good. The
 * gates still hold: nobody is asked who rated or declined this version, whose reminder is pending,
 * or who reached the yearly cap; nor while the person or the administrator has turned every app's
 * prompts off, or another app asked within the desktop's quiet period (see "One budget for the
 * whole desktop" in the guide); and [signal@Armchair.Engine::hold-prompt] may hold it back.
 *
 * Returns: whether the prompt began to show; always %FALSE for an engine from
 *   [ctor@Armchair.Engine.new]
 *
 * Since: 1.0
 */
gboolean
armchair_engine_show_prompt (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, FALSE);

  return CORE ()->engine_show_prompt (self->swift_engine);
}

/**
 * armchair_engine_show_prompt_with_flow:
 * @self: an engine
 * @flow: which steps this prompt goes through
 *
 * [method@Armchair.Engine.show_prompt] with or without the satisfaction question for this one
 * prompt, whatever [property@Armchair.Configuration:asks-satisfaction-first] says:
 * %ARMCHAIR_PROMPT_FLOW_RATING_ONLY goes straight to the rating (ADAppRater's direct rating, for a
 * moment the app knows the person is pleased), %ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST asks "Are
 * you enjoying the app?" first.
 *
 * Returns: whether the prompt began to show; always %FALSE for an engine from
 *   [ctor@Armchair.Engine.new]
 *
 * Since: 1.0
 */
gboolean
armchair_engine_show_prompt_with_flow (ArmchairEngine *self, ArmchairPromptFlow flow)
{
  CHECK_ENGINE_OR (self, FALSE);
  g_return_val_if_fail (flow >= ARMCHAIR_PROMPT_FLOW_CONFIGURED && flow <= ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST,
                        FALSE);

  return CORE ()->engine_show_prompt_with_flow (self->swift_engine, flow);
}

/**
 * armchair_engine_show_prompt_when_online:
 * @self: an engine
 * @flow: which steps this prompt goes through
 *
 * [method@Armchair.Engine.show_prompt_with_flow] when the software centre can be reached (iRate's
 * `promptIfNetworkAvailable`), as a binding's scheduled checks do by themselves. With the network
 * up, or a binding set not to wait for it (its `waits-for-network` property %FALSE), the prompt
 * shows at once. Offline, it waits for the network and then comes at the next natural break, no
 * longer at the moment the app chose; inside a Flatpak sandbox without network permission, where
 * the network never comes, it shows at once.
 *
 * Returns: %ARMCHAIR_PROMPT_SHOWING, %ARMCHAIR_PROMPT_WAITING_FOR_NETWORK, or
 *   %ARMCHAIR_PROMPT_NOT_SHOWN (the gates, [signal@Armchair.Engine::hold-prompt], or an engine from
 *   [ctor@Armchair.Engine.new], which has no toolkit)
 *
 * Since: 1.0
 */
ArmchairPromptStatus
armchair_engine_show_prompt_when_online (ArmchairEngine *self, ArmchairPromptFlow flow)
{
  CHECK_ENGINE_OR (self, ARMCHAIR_PROMPT_NOT_SHOWN);
  g_return_val_if_fail (flow >= ARMCHAIR_PROMPT_FLOW_CONFIGURED && flow <= ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST,
                        ARMCHAIR_PROMPT_NOT_SHOWN);

  return CORE ()->engine_show_prompt_when_online (self->swift_engine, flow);
}

/**
 * armchair_engine_record_prompt_shown:
 * @self: an engine
 *
 * For an app that shows its own prompt: records that it shows one now, so that the yearly cap and
 * the minimum time between prompts count it, and emits [signal@Armchair.Engine::prompt-shown]. Call
 * it as the prompt appears, then [method@Armchair.Engine.record_answer] with the answer. Prompts in
 * debug mode are not counted.
 *
 * Since: 1.0
 */
void
armchair_engine_record_prompt_shown (ArmchairEngine *self)
{
  CHECK_ARGUMENTS (self);
  RECORD_OR_CHECK_ENGINE (self, .kind = CALL_RECORD_PROMPT_SHOWN);

  CORE ()->engine_record_prompt_shown (self->swift_engine);
}

/**
 * armchair_engine_record_answer:
 * @self: an engine
 * @answer: what the user answered the app's own prompt
 *
 * Records an answer the app collected with its own UI, exactly as if Armchair's prompt had
 * returned it, and emits [signal@Armchair.Engine::answered]. It does not open the review page: call
 * [method@Armchair.Engine.rate_app] instead of recording %ARMCHAIR_ANSWER_RATE to do both.
 *
 * Since: 1.0
 */
void
armchair_engine_record_answer (ArmchairEngine *self, ArmchairAnswer answer)
{
  CHECK_ARGUMENTS (self);
  g_return_if_fail (answer >= ARMCHAIR_ANSWER_RATE && answer <= ARMCHAIR_ANSWER_SENT_FEEDBACK);
  RECORD_OR_CHECK_ENGINE (self, .kind = CALL_RECORD_ANSWER, .answer = answer);

  CORE ()->engine_record_answer (self->swift_engine, answer);
}

/**
 * armchair_engine_rate_app:
 * @self: an engine
 *
 * Records this version as rated and opens the review page, for an explicit "Rate this app" command
 * in the app's menu: through the toolkit for a binding's engine, and through GIO, with the
 * desktop's handler for the address, for one from [ctor@Armchair.Engine.new]. Unless an
 * [signal@Armchair.Engine::open-review-page] handler opened it itself,
 * [signal@Armchair.Engine::review-page-opened] or [signal@Armchair.Engine::review-page-failed]
 * follows once the main loop has run. The person chose it, so the desktop's switch for prompts
 * does not hold it back.
 *
 * Since: 1.0
 */
void
armchair_engine_rate_app (ArmchairEngine *self)
{
  CHECK_ENGINE (self);

  CORE ()->engine_rate_app (self->swift_engine);
}

/**
 * armchair_engine_close_prompt:
 * @self: an engine
 *
 * Closes Armchair's prompt on screen, if any, as when the person closes it: the answer is "not
 * now" (%ARMCHAIR_ANSWER_DISMISSED, recorded like "Remind me later"), never a decline, and a form
 * being filled sends nothing. For an app that must clear the screen now: a presentation
 * starting, a call coming in. [signal@Armchair.Engine::answered] reports the answer once the main
 * loop has run.
 *
 * A prompt still waiting for a natural break is not on screen, and stays waiting: mark the app
 * busy ([method@Armchair.ApplicationBinding.mark_busy]) to hold it back. An engine from
 * [ctor@Armchair.Engine.new] shows nothing, so there is nothing to close.
 *
 * Since: 1.0
 */
void
armchair_engine_close_prompt (ArmchairEngine *self)
{
  CHECK_ARGUMENTS (self);
  /* Before the engine is there, no prompt is open. */
  if (self->recorded != NULL)
    return;
  if (!ready (self, G_STRFUNC))
    return;

  CORE ()->engine_close_prompt (self->swift_engine);
}

/**
 * armchair_engine_show_review_page:
 * @self: an engine
 *
 * Opens the review page without recording anything (iRate's `openRatingsPageInAppStore`), for an
 * app that shows its own prompt and records the answer with [method@Armchair.Engine.record_answer]:
 * through the toolkit for a binding's engine, through GIO for one from [ctor@Armchair.Engine.new].
 * Unless an [signal@Armchair.Engine::open-review-page] handler opened it itself,
 * [signal@Armchair.Engine::review-page-opened] or [signal@Armchair.Engine::review-page-failed]
 * follows once the main loop has run. To record the rating too, call
 * [method@Armchair.Engine.rate_app] instead.
 *
 * Since: 1.0
 */
void
armchair_engine_show_review_page (ArmchairEngine *self)
{
  CHECK_ENGINE (self);

  CORE ()->engine_open_review_page (self->swift_engine);
}

/**
 * armchair_engine_reconfigure:
 * @self: an engine
 * @configuration: the new settings
 * @error: return location for a [struct@GLib.Error]
 *
 * Changes the settings of the running engine (Armchair's "configurable at runtime"): the next
 * decision, prompt and text follow @configuration, which the engine copies. The name and the
 * version @configuration leaves unset stay as they are (a binding's came from the app's AppStream
 * metadata). The app ID, the key prefix and the key names name the state itself and cannot
 * change: make a new engine for that.
 *
 * Returns: %TRUE, or %FALSE with @error set to %ARMCHAIR_ERROR_CONFIGURATION listing every
 *   problem; the engine then keeps its settings
 *
 * Since: 1.0
 */
gboolean
armchair_engine_reconfigure (ArmchairEngine *self, ArmchairConfiguration *configuration, GError **error)
{
  ArmchairSwiftConfiguration *box;
  gboolean reconfigured;

  CHECK_ENGINE_OR (self, FALSE);
  g_return_val_if_fail (ARMCHAIR_IS_CONFIGURATION (configuration), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  box = armchair_configuration_make_swift (configuration, CORE ());
  reconfigured = CORE ()->engine_reconfigure (self->swift_engine, box, error);
  CORE ()->configuration_release (box);
  return reconfigured;
}

/**
 * armchair_engine_dup_review_uri:
 * @self: an engine
 *
 * Gets a copy of the address the "Rate" answer opens: the app's page in the software centre.
 *
 * Returns: (transfer full): the review page's first address, such as
 *   `appstream://org.example.Notes`
 *
 * Since: 1.0
 */
char *
armchair_engine_dup_review_uri (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, NULL);

  return CORE ()->engine_dup_review_uri (self->swift_engine);
}

/**
 * armchair_engine_reset:
 * @self: an engine
 *
 * Forgets everything recorded for this app, answers and prompt history included, as
 * `armchair reset` does.
 *
 * Since: 1.0
 */
void
armchair_engine_reset (ArmchairEngine *self)
{
  CHECK_ARGUMENTS (self);
  RECORD_OR_CHECK_ENGINE (self, .kind = CALL_RESET);

  CORE ()->engine_reset (self->swift_engine);
}

/**
 * armchair_engine_reset_usage_counters:
 * @self: an engine
 *
 * Starts this version's usage counters again (first use, uses, events, active usage); the
 * answers and the prompt history stay.
 *
 * Since: 1.0
 */
void
armchair_engine_reset_usage_counters (ArmchairEngine *self)
{
  CHECK_ARGUMENTS (self);
  RECORD_OR_CHECK_ENGINE (self, .kind = CALL_RESET_USAGE_COUNTERS);

  CORE ()->engine_reset_usage_counters (self->swift_engine);
}

/**
 * armchair_engine_flush:
 * @self: an engine
 *
 * Saves any changes the disk refused earlier (full or read-only); call it as the app shuts
 * down.
 *
 * Returns: whether everything is saved
 *
 * Since: 1.0
 */
gboolean
armchair_engine_flush (ArmchairEngine *self)
{
  CHECK_ENGINE_OR (self, FALSE);

  return CORE ()->engine_flush (self->swift_engine);
}
