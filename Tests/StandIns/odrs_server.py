#!/usr/bin/python3
"""An Open Desktop Ratings Service on loopback for the tests, answering /submit as GNOME's
odrs-web does, with faults on demand.

    odrs_server.py [PORT]     # prints its port (any free one by default), then serves until killed

POST /1.0/reviews/api/submit  takes a review as GNOME Software sends it, and answers as odrs-web's
        api_submit does (scripts/compare-odrs-fake.py checks the two side by side), in its order:
        - the body must be JSON (any Content-Type but a form's, whose body the framework takes
          away): else 400 with the JSON parser's message;
        - each of app_id, locale, summary, description, user_hash, version, distro, rating and
          user_display: "invalid data, expected KEY" when absent, "missing data, expected KEY"
          when empty, 0 or false;
        - "the user_hash is invalid" unless 40 characters;
        - "summary is too long" beyond 70 code points, "description is too long" beyond 3000;
        - "summary is not a valid string" (or description) when it contains "<";
        - "account has been disabled due to abuse" for a banned user;
        - "already reviewed this app" when this user_hash reviewed this app_id;
        - the summary and description are cleaned as the service cleans them (spaces at either
          end, "!!!" to "!", ":)" removed, double spaces, the summary's final "."); then
          "summary is too short" or "description is too short" under 2 code points;
        - "review contains invalid rating 'N', expected 1 to 100";
        - "review contains taboo word" when a lowercase word of the summary, description or
          name is a taboo of the review's locale, its language, or English;
        - stored: {"success": true, "review_id": N}.
        Every refusal is HTTP 400 with {"success": false, "msg": ...}.
POST /plan      {"plan": ["500", ...]}: how to treat the next submissions, in order: ok (default),
        500, reset (close the connection without answering), slow (store, then answer after 5 s),
        banned (the submitting user is banned first).
POST /taboos    {"taboos": [{"locale": "en", "value": "word"}, ...]}: the service's taboo list
        (empty by default, as a new server's).
GET  /reviews   every stored review, in arrival order, as the service stores it (cleaned texts,
        version without epoch or distribution suffix, no name for "root" and the like).
"""
import json
import re
import sys
import threading
import time

from loopback import JSONHandler, serve

lock = threading.Lock()
plan, reviews, banned, taboos = [], [], set(), []
REQUIRED = ["app_id", "locale", "summary", "description", "user_hash", "version", "distro", "rating",
            "user_display"]
# Names the service does not publish a review under.
ANONYMOUS = ["root", "Administrator", "Live System User", "user", "Unknown"]
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def cleaned(text):
    """A text as the service cleans it before storing."""
    return text.strip().replace("!!!", "!").replace(":)", "").replace("  ", " ")


def cleaned_version(version):
    """The version without an epoch (`1:`) or a distribution suffix (after `+` or `~`)."""
    version = version[version.find(":") + 1:]
    for mark in "+~":
        if mark in version:
            version = version[:version.find(mark)]
    return version


def words(text):
    return [word.lower() for word in re.findall(r"[\w']+", text or "")]


def has_taboo(review):
    locale = review["locale"]
    locales = {locale, locale.split("_")[0], "en"}
    found = set(words(review["summary"]) + words(review["description"]) + words(review["user_display"]))
    return any(taboo["locale"] in locales and taboo["value"] in found for taboo in taboos)


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
        if self.path == "/taboos":
            with lock:
                taboos[:] = json.loads(raw)["taboos"]
            return self.reply(200, {})
        if self.path != "/1.0/reviews/api/submit":
            return self.reply(404, {"success": False, "msg": "not found"})
        with lock:
            step = plan.pop(0) if plan else "ok"
        if step == "500":
            return self.reply(500, {"success": False, "msg": "server trouble"})
        if step == "reset":
            return self.reset()
        if self.headers.get("Content-Type", "").split(";")[0].strip() in FORM_TYPES:
            raw = b""
        try:
            item = json.loads(raw.decode("utf8"))
        except ValueError as error:
            return self.refuse(str(error))
        try:
            reason, review = self.check(item, step)
        except (TypeError, AttributeError, KeyError):
            # The service fails on a field of the wrong kind (a rating in quotes) with its
            # framework's error page, which is not JSON.
            return self.page(500, b"<!doctype html><title>500 Internal Server Error</title>")
        if reason:
            return self.refuse(reason)
        if step == "slow":
            time.sleep(5)
        self.reply(200, {"success": True, "review_id": review["review_id"]})

    def check(self, item, step):
        """The service's reason to refuse `item`, or None and the review as stored."""
        for key in REQUIRED:
            if key not in item:
                return "invalid data, expected %s" % key, None
            if not item[key]:
                return "missing data, expected %s" % key, None
        if len(item["user_hash"]) != 40:
            return "the user_hash is invalid", None
        if len(item["summary"]) > 70:
            return "summary is too long", None
        if len(item["description"]) > 3000:
            return "description is too long", None
        for key in ["summary", "description"]:
            if "<" in item[key]:
                return "%s is not a valid string" % key, None
        with lock:
            if step == "banned":
                banned.add(item["user_hash"])
            if item["user_hash"] in banned:
                return "account has been disabled due to abuse", None
            if any(r["user_hash"] == item["user_hash"] and r["app_id"] == item["app_id"] for r in reviews):
                return "already reviewed this app", None
        summary = cleaned(item["summary"])
        if summary.endswith("."):
            summary = summary[:-1]
        if len(summary) < 2:
            return "summary is too short", None
        description = cleaned(item["description"])
        if len(description) < 2:
            return "description is too short", None
        review = dict(item, summary=summary, description=description, version=cleaned_version(item["version"]),
                      user_display=None if item["user_display"] in ANONYMOUS else item["user_display"])
        if not 1 <= review["rating"] <= 100:
            return "review contains invalid rating '%d', expected 1 to 100" % review["rating"], None
        if has_taboo(review):
            return "review contains taboo word", None
        with lock:
            review["review_id"] = len(reviews) + 1
            reviews.append(review)
        return None, review


serve(Handler, int(sys.argv[1]) if len(sys.argv) > 1 else 0)
