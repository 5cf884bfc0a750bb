#!/usr/bin/python3
"""An Open Desktop Ratings Service on loopback for the tests, enforcing the service's documented
checks on /submit, with faults on demand.

    odrs_server.py [PORT]     # prints its port (any free one by default), then serves until killed

POST /1.0/reviews/api/submit  takes a review as GNOME Software sends it. Like the real service
        (odrs-web's api_submit), it answers 400 with {"success": false, "msg": ...} when: the
        body is not JSON or the Content-Type is not application/json; a required field
        (app_id, locale, summary, description, user_hash, version, distro, rating,
        user_display) is missing or empty; user_hash is not 40 characters; rating is not an
        integer from 1 to 100; the summary has more than 70 characters or the description more
        than 3000; either contains "<"; or this user_hash already reviewed this app_id
        ("already reviewed this app"). Otherwise it stores the review: {"success": true}.
POST /plan      {"plan": ["500", ...]}: how to treat the next submissions, in order: ok
        (default), 500, reset (close the connection without answering), slow (store, then
        answer after 5 s), banned (refuse as a disabled account).
GET  /reviews   every stored review, in arrival order.
"""
import json
import sys
import threading
import time

from loopback import JSONHandler, serve

lock = threading.Lock()
plan, reviews = [], []
REQUIRED = ["app_id", "locale", "summary", "description", "user_hash", "version", "distro", "rating",
            "user_display"]


def problem(review, content_type):
    """The service's reason to refuse `review`, or None."""
    if content_type.split(";")[0].strip() != "application/json":
        return "expected Content-Type application/json"
    if not isinstance(review, dict):
        return "invalid data, expected an object"
    for key in REQUIRED:
        if key not in review:
            return "invalid data, expected %s" % key
        if not review[key]:
            return "missing data, expected %s" % key
    if len(review["user_hash"]) != 40:
        return "the user_hash is invalid"
    rating = review["rating"]
    if not isinstance(rating, int) or isinstance(rating, bool) or not 1 <= rating <= 100:
        return "the rating is invalid"
    if len(review["summary"]) > 70:
        return "summary is too long"
    if len(review["description"]) > 3000:
        return "description is too long"
    for key in ["summary", "description"]:
        if "<" in review[key]:
            return "%s is not a valid string" % key
    return None


class Handler(JSONHandler):
    def refuse(self, message):
        self.reply(400, {"success": False, "msg": message})

    def do_GET(self):
        if self.path == "/reviews":
            with lock:
                return self.reply(200, list(reviews))
        self.reply(404, {"success": False, "msg": "not found"})

    def do_POST(self):
        raw = self.body()
        if self.path == "/plan":
            with lock:
                plan[:] = json.loads(raw)["plan"]
            return self.reply(200, {})
        if self.path != "/1.0/reviews/api/submit":
            return self.reply(404, {"success": False, "msg": "not found"})
        with lock:
            step = plan.pop(0) if plan else "ok"
        if step == "500":
            return self.reply(500, {"success": False, "msg": "server trouble"})
        if step == "reset":
            return self.reset()
        try:
            review = json.loads(raw.decode("utf8"))
        except ValueError as error:
            return self.refuse(str(error))
        reason = problem(review, self.headers.get("Content-Type", ""))
        if reason:
            return self.refuse(reason)
        if step == "banned":
            return self.refuse("account has been disabled due to abuse")
        with lock:
            if any(r["user_hash"] == review["user_hash"] and r["app_id"] == review["app_id"] for r in reviews):
                return self.refuse("already reviewed this app")
            reviews.append(review)
        if step == "slow":
            time.sleep(5)
        self.reply(200, {"success": True})


serve(Handler, int(sys.argv[1]) if len(sys.argv) > 1 else 0)
