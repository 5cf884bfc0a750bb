/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#define G_LOG_DOMAIN "Armchair"
#include "armchair-private.h"

/**
 * ArmchairFeedbackRequest:
 *
 * One feedback message for the app to deliver itself, and the way to say how that went.
 *
 * [signal@Armchair.Engine::deliver-feedback] hands the app a request when the person presses Send.
 * The app keeps a reference, delivers the message its own way (its server, its bug tracker), and
 * then completes the request exactly once, from any thread, in the style of [class@Gio.Task]:
 * [method@Armchair.FeedbackRequest.return_success] when the message arrived, or
 * [method@Armchair.FeedbackRequest.return_failure] with a message for the person. Until then the
 * form shows that it is sending; a failure is shown with a Retry button, and the form keeps what
 * the person wrote.
 *
 * ```python
 * def deliver(engine, request):
 *     def posted(ok):
 *         if ok:
 *             request.return_success()
 *         else:
 *             request.return_failure(_("Our server did not answer. Please try again later."))
 *     tracker.post(request.props.text, request.props.reply_email, posted,
 *                  cancellable=request.get_cancellable())
 *
 * engine.connect("deliver-feedback", deliver)
 * ```
 *
 * A request that is finalized without a result (the handler kept no reference, or dropped it)
 * fails as a temporary failure, with a warning: the person can send again, and nothing is lost.
 *
 * ## Cancellation
 *
 * Each request has a [class@Gio.Cancellable], [method@Armchair.FeedbackRequest.get_cancellable],
 * which Armchair cancels once nobody waits for the result any more:
 *
 * - when the feedback form closes before the app completed the request: the person closed it,
 *   the window it belongs to went, or the app called [method@Armchair.Engine.close_prompt].
 *   Armchair cancels it on the main thread, as the form closes;
 * - when the engine is disposed with the request outstanding. Armchair cancels it as the engine
 *   is disposed, on the thread that drops the engine's last reference: the main thread, unless the
 *   app drops it elsewhere.
 *
 * Handlers of [signal@Gio.Cancellable::cancelled] run on that thread, during the cancellation, as
 * GIO's do. A cancelled request counts as not delivered, at once: the flow goes on without
 * waiting for the app, and [signal@Armchair.Engine::feedback-failed] follows while the engine is
 * there. Pass the cancellable to the app's asynchronous calls (a network request, a
 * [class@Gio.Task]) to stop them. A result given after the cancellation is accepted and changes
 * nothing (a debug message says so), so a callback that completes the request needs no check.
 * A request that has its result is never cancelled.
 *
 * Since: 1.0
 */
struct _ArmchairFeedbackRequest {
  GObject parent_instance;
  char *id;
  char *text;
  char *reply_email;
  char *app_id;
  char *app_name;
  char *app_version;
  char *locale;
  GVariant *system_details;
  /* Cancelled when nobody waits for the result any more (armchair_feedback_request_cancel_internal()). */
  GCancellable *cancellable;
  /* The Swift side waiting for the result; completed and released once, by whoever moves state
   * from OPEN. */
  ArmchairSwiftFeedbackCompletion *completion;
  gint state; /* a RequestState */
};

/* OPEN until the request has its result: COMPLETED by the app (or its finalization), or CANCELLED
 * by Armchair, after which the app's result is accepted and changes nothing. */
typedef enum {
  STATE_OPEN,
  STATE_COMPLETED,
  STATE_CANCELLED,
} RequestState;

G_DEFINE_FINAL_TYPE (ArmchairFeedbackRequest, armchair_feedback_request, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_TEXT,
  PROP_REPLY_EMAIL,
  PROP_APP_ID,
  PROP_APP_NAME,
  PROP_APP_VERSION,
  PROP_LOCALE,
  PROP_SYSTEM_DETAILS,
  N_PROPS,
};

static GParamSpec *properties[N_PROPS];

/* Completes the Swift side once, moving to @state; FALSE when the request has its result already. */
static gboolean
complete (ArmchairFeedbackRequest *self, RequestState state, ArmchairFeedbackResult result, const char *message)
{
  ArmchairSwiftFeedbackCompletion *completion;

  if (!g_atomic_int_compare_and_exchange (&self->state, STATE_OPEN, state))
    return FALSE;
  /* NULL for a request a language binding made itself (Armchair.FeedbackRequest()): nothing waits. */
  completion = g_steal_pointer (&self->completion);
  if (completion != NULL)
    {
      armchair_engine_module_peek_core ()->feedback_complete (completion, result, message);
      armchair_engine_module_peek_core ()->feedback_release (completion);
    }
  return TRUE;
}

/* The app's result once the request has one already: nothing for a cancelled request, else a
 * critical. */
static void
refuse_result (ArmchairFeedbackRequest *self, const char *function)
{
  if (g_atomic_int_get (&self->state) == STATE_CANCELLED)
    g_debug ("%s: the feedback request %s was cancelled: its result changes nothing", function, self->id);
  else
    g_critical ("%s: the feedback request %s has its result already", function, self->id);
}

static void
armchair_feedback_request_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  ArmchairFeedbackRequest *self = ARMCHAIR_FEEDBACK_REQUEST (object);

  switch (id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_REPLY_EMAIL:
      g_value_set_string (value, self->reply_email);
      break;
    case PROP_APP_ID:
      g_value_set_string (value, self->app_id);
      break;
    case PROP_APP_NAME:
      g_value_set_string (value, self->app_name);
      break;
    case PROP_APP_VERSION:
      g_value_set_string (value, self->app_version);
      break;
    case PROP_LOCALE:
      g_value_set_string (value, self->locale);
      break;
    case PROP_SYSTEM_DETAILS:
      g_value_set_variant (value, self->system_details);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
armchair_feedback_request_finalize (GObject *object)
{
  ArmchairFeedbackRequest *self = ARMCHAIR_FEEDBACK_REQUEST (object);

  if (self->completion != NULL && complete (self, STATE_COMPLETED, ARMCHAIR_FEEDBACK_RESULT_DROPPED, NULL))
    g_warning ("ArmchairFeedbackRequest %s was finalized without a result: a deliver-feedback handler must keep "
               "a reference and call armchair_feedback_request_return_success() or _return_failure(). The "
               "person may send the feedback again.",
               self->id);
  g_free (self->id);
  g_free (self->text);
  g_free (self->reply_email);
  g_free (self->app_id);
  g_free (self->app_name);
  g_free (self->app_version);
  g_free (self->locale);
  g_clear_pointer (&self->system_details, g_variant_unref);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (armchair_feedback_request_parent_class)->finalize (object);
}

static GParamSpec *
text_property (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
}

static void
armchair_feedback_request_class_init (ArmchairFeedbackRequestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = armchair_feedback_request_get_property;
  object_class->finalize = armchair_feedback_request_finalize;

  /**
   * ArmchairFeedbackRequest:id:
   *
   * The message's unique ID, the same in every attempt to send it: a receiver that sees it twice
   * has it already.
   *
   * Since: 1.0
   */
  properties[PROP_ID] = text_property ("id");
  /**
   * ArmchairFeedbackRequest:text:
   *
   * What the person wrote.
   *
   * Since: 1.0
   */
  properties[PROP_TEXT] = text_property ("text");
  /**
   * ArmchairFeedbackRequest:reply-email:
   *
   * The address the person gave for a reply; %NULL when they gave none.
   *
   * Since: 1.0
   */
  properties[PROP_REPLY_EMAIL] = text_property ("reply-email");
  /**
   * ArmchairFeedbackRequest:app-id:
   *
   * The application ID the feedback is about.
   *
   * Since: 1.0
   */
  properties[PROP_APP_ID] = text_property ("app-id");
  /**
   * ArmchairFeedbackRequest:app-name:
   *
   * The app's name, as the prompt showed it.
   *
   * Since: 1.0
   */
  properties[PROP_APP_NAME] = text_property ("app-name");
  /**
   * ArmchairFeedbackRequest:app-version:
   *
   * The app's version, when the person agreed to include it; else %NULL.
   *
   * Since: 1.0
   */
  properties[PROP_APP_VERSION] = text_property ("app-version");
  /**
   * ArmchairFeedbackRequest:locale:
   *
   * The language the person wrote in, as the dialog was in it (such as `de` or `pt_BR`); %NULL
   * for English.
   *
   * Since: 1.0
   */
  properties[PROP_LOCALE] = text_property ("locale");
  /**
   * ArmchairFeedbackRequest:system-details:
   *
   * The system details the person agreed to include, `a(ss)`: each one's name and value, in the
   * order the form showed them; %NULL when they did not agree.
   *
   * Since: 1.0
   */
  properties[PROP_SYSTEM_DETAILS] = g_param_spec_variant ("system-details", NULL, NULL, G_VARIANT_TYPE ("a(ss)"),
                                                          NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
armchair_feedback_request_init (ArmchairFeedbackRequest *self)
{
  self->cancellable = g_cancellable_new ();
}

ArmchairFeedbackRequest *
armchair_feedback_request_new_internal (const char *id,
                                        const char *text,
                                        const char *reply_email,
                                        const char *app_id,
                                        const char *app_name,
                                        const char *app_version,
                                        const char *locale,
                                        GVariant   *system_details,
                                        ArmchairSwiftFeedbackCompletion *completion)
{
  ArmchairFeedbackRequest *self = g_object_new (ARMCHAIR_TYPE_FEEDBACK_REQUEST, NULL);

  self->id = g_strdup (id);
  self->text = g_strdup (text);
  self->reply_email = g_strdup (reply_email);
  self->app_id = g_strdup (app_id);
  self->app_name = g_strdup (app_name);
  self->app_version = g_strdup (app_version);
  self->locale = g_strdup (locale);
  self->system_details = system_details != NULL ? g_variant_ref_sink (system_details) : NULL;
  self->completion = completion;
  return self;
}

void
armchair_feedback_request_cancel_internal (ArmchairFeedbackRequest *self)
{
  g_autoptr (ArmchairFeedbackRequest) alive = g_object_ref (self);

  /* The result first: a ::cancelled handler that completes the request finds it cancelled. */
  if (complete (self, STATE_CANCELLED, ARMCHAIR_FEEDBACK_RESULT_DROPPED, NULL))
    g_cancellable_cancel (self->cancellable);
}

/**
 * armchair_feedback_request_get_id:
 * @self: a request
 *
 * Gets [property@Armchair.FeedbackRequest:id].
 *
 * Returns: (transfer none): the message's ID
 *
 * Since: 1.0
 */
const char *
armchair_feedback_request_get_id (ArmchairFeedbackRequest *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_FEEDBACK_REQUEST (self), NULL);
  return self->id;
}

/**
 * armchair_feedback_request_get_text:
 * @self: a request
 *
 * Gets [property@Armchair.FeedbackRequest:text], what the person wrote.
 *
 * Returns: (transfer none): the text
 *
 * Since: 1.0
 */
const char *
armchair_feedback_request_get_text (ArmchairFeedbackRequest *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_FEEDBACK_REQUEST (self), NULL);
  return self->text;
}

/**
 * armchair_feedback_request_get_reply_email:
 * @self: a request
 *
 * Gets [property@Armchair.FeedbackRequest:reply-email].
 *
 * Returns: (transfer none) (nullable): the address for a reply, or %NULL
 *
 * Since: 1.0
 */
const char *
armchair_feedback_request_get_reply_email (ArmchairFeedbackRequest *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_FEEDBACK_REQUEST (self), NULL);
  return self->reply_email;
}

/**
 * armchair_feedback_request_get_app_id:
 * @self: a request
 *
 * Gets [property@Armchair.FeedbackRequest:app-id].
 *
 * Returns: (transfer none): the application ID
 *
 * Since: 1.0
 */
const char *
armchair_feedback_request_get_app_id (ArmchairFeedbackRequest *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_FEEDBACK_REQUEST (self), NULL);
  return self->app_id;
}

/**
 * armchair_feedback_request_get_app_name:
 * @self: a request
 *
 * Gets [property@Armchair.FeedbackRequest:app-name].
 *
 * Returns: (transfer none): the app's name
 *
 * Since: 1.0
 */
const char *
armchair_feedback_request_get_app_name (ArmchairFeedbackRequest *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_FEEDBACK_REQUEST (self), NULL);
  return self->app_name;
}

/**
 * armchair_feedback_request_get_app_version:
 * @self: a request
 *
 * Gets [property@Armchair.FeedbackRequest:app-version].
 *
 * Returns: (transfer none) (nullable): the app's version, or %NULL
 *
 * Since: 1.0
 */
const char *
armchair_feedback_request_get_app_version (ArmchairFeedbackRequest *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_FEEDBACK_REQUEST (self), NULL);
  return self->app_version;
}

/**
 * armchair_feedback_request_get_locale:
 * @self: a request
 *
 * Gets [property@Armchair.FeedbackRequest:locale].
 *
 * Returns: (transfer none) (nullable): the language of the dialog, or %NULL for English
 *
 * Since: 1.0
 */
const char *
armchair_feedback_request_get_locale (ArmchairFeedbackRequest *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_FEEDBACK_REQUEST (self), NULL);
  return self->locale;
}

/**
 * armchair_feedback_request_get_system_details:
 * @self: a request
 *
 * Gets [property@Armchair.FeedbackRequest:system-details].
 *
 * Returns: (transfer none) (nullable): the details, `a(ss)`, or %NULL
 *
 * Since: 1.0
 */
GVariant *
armchair_feedback_request_get_system_details (ArmchairFeedbackRequest *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_FEEDBACK_REQUEST (self), NULL);
  return self->system_details;
}

/**
 * armchair_feedback_request_get_completed:
 * @self: a request
 *
 * Whether the request has its result, from [method@Armchair.FeedbackRequest.return_success],
 * [method@Armchair.FeedbackRequest.return_failure], its cancellation or its finalization. Any
 * thread may ask.
 *
 * Returns: whether the request has its result
 *
 * Since: 1.0
 */
gboolean
armchair_feedback_request_get_completed (ArmchairFeedbackRequest *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_FEEDBACK_REQUEST (self), FALSE);
  return g_atomic_int_get (&self->state) != STATE_OPEN;
}

/**
 * armchair_feedback_request_get_cancellable:
 * @self: a request
 *
 * Gets the cancellable that Armchair cancels once nobody waits for the result any more: when the
 * feedback form closes before the app completed the request (on the main thread), or when the
 * engine is disposed with the request outstanding (on the thread that disposes it). A cancelled
 * request counts as not delivered; a result given after that is accepted and changes nothing.
 * Pass it to the app's own asynchronous calls to stop them; see
 * [class@Armchair.FeedbackRequest] for the threads its handlers run on. A request that has its
 * result already is never cancelled. Any thread may ask.
 *
 * Returns: (transfer none): the request's cancellable, the same for the request's whole life
 *
 * Since: 1.0
 */
GCancellable *
armchair_feedback_request_get_cancellable (ArmchairFeedbackRequest *self)
{
  g_return_val_if_fail (ARMCHAIR_IS_FEEDBACK_REQUEST (self), NULL);
  return self->cancellable;
}

/**
 * armchair_feedback_request_return_success:
 * @self: a request
 *
 * Says that the message was delivered: the person sees the thank-you, and
 * [signal@Armchair.Engine::feedback-sent] is emitted. Call it, or
 * [method@Armchair.FeedbackRequest.return_failure], once, from any thread; a second result is
 * refused with a critical. After the request's cancellable was cancelled, it is accepted and
 * changes nothing.
 *
 * Since: 1.0
 */
void
armchair_feedback_request_return_success (ArmchairFeedbackRequest *self)
{
  g_return_if_fail (ARMCHAIR_IS_FEEDBACK_REQUEST (self));
  if (!complete (self, STATE_COMPLETED, ARMCHAIR_FEEDBACK_RESULT_DELIVERED, NULL))
    refuse_result (self, G_STRFUNC);
}

/**
 * armchair_feedback_request_return_failure:
 * @self: a request
 * @message: why the message could not be delivered, in words for the person (translated)
 *
 * Says that the message could not be delivered: the person sees @message with a Retry button, the
 * form keeps what they wrote, and [signal@Armchair.Engine::feedback-failed] is emitted. Call it, or
 * [method@Armchair.FeedbackRequest.return_success], once, from any thread; a second result is
 * refused with a critical. After the request's cancellable was cancelled, it is accepted and
 * changes nothing.
 *
 * Since: 1.0
 */
void
armchair_feedback_request_return_failure (ArmchairFeedbackRequest *self, const char *message)
{
  g_return_if_fail (ARMCHAIR_IS_FEEDBACK_REQUEST (self));
  g_return_if_fail (message != NULL);
  if (!complete (self, STATE_COMPLETED, ARMCHAIR_FEEDBACK_RESULT_FAILED, message))
    refuse_result (self, G_STRFUNC);
}
