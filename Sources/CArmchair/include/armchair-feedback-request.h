/* SPDX-FileCopyrightText: The Armchair for Linux contributors
 * SPDX-License-Identifier: MIT
 */

#ifndef ARMCHAIR_FEEDBACK_REQUEST_H
#define ARMCHAIR_FEEDBACK_REQUEST_H

#if !defined(ARMCHAIR_INSIDE) && !defined(ARMCHAIR_COMPILATION)
#error "Only <armchair.h> can be included directly."
#endif

#include <gio/gio.h>

G_BEGIN_DECLS

#define ARMCHAIR_TYPE_FEEDBACK_REQUEST (armchair_feedback_request_get_type ())
G_DECLARE_FINAL_TYPE (ArmchairFeedbackRequest, armchair_feedback_request, ARMCHAIR, FEEDBACK_REQUEST, GObject)

const char *armchair_feedback_request_get_id (ArmchairFeedbackRequest *self);
const char *armchair_feedback_request_get_text (ArmchairFeedbackRequest *self);
const char *armchair_feedback_request_get_reply_email (ArmchairFeedbackRequest *self);
const char *armchair_feedback_request_get_app_id (ArmchairFeedbackRequest *self);
const char *armchair_feedback_request_get_app_name (ArmchairFeedbackRequest *self);
const char *armchair_feedback_request_get_app_version (ArmchairFeedbackRequest *self);
const char *armchair_feedback_request_get_locale (ArmchairFeedbackRequest *self);
GVariant *armchair_feedback_request_get_system_details (ArmchairFeedbackRequest *self);
gboolean armchair_feedback_request_get_completed (ArmchairFeedbackRequest *self);
GCancellable *armchair_feedback_request_get_cancellable (ArmchairFeedbackRequest *self);
void armchair_feedback_request_return_success (ArmchairFeedbackRequest *self);
void armchair_feedback_request_return_failure (ArmchairFeedbackRequest *self, const char *message);

G_END_DECLS

#endif
