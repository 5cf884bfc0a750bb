#!/usr/bin/python3
"""Sends the same reviews to GNOME's real review service and to the test server, and reports where
their answers differ, so the fake in Tests/StandIns/odrs_server.py stays true to odrs-web.

    scripts/compare-odrs-fake.py http://127.0.0.1:5099 http://127.0.0.1:PORT

Run odrs-web on loopback first, from its own repository (https://gitlab.gnome.org/Infrastructure/odrs-web)
with its pinned requirements and an SQLite database, for example:

    SQLALCHEMY_DATABASE_URI=sqlite:////tmp/odrs.db FLASK_APP=odrs flask initdb
    SQLALCHEMY_DATABASE_URI=sqlite:////tmp/odrs.db FLASK_APP=odrs flask run --port 5099

and the fake with `Tests/StandIns/odrs_server.py`. Each case goes to both servers, under an app ID
of its own; the status, the refusal message and, for a stored review, the stored summary,
description, version and name must be the same. Prints each difference and exits 1 if any.
Taboo words are left out: the real service reads them from its database.
"""
import json
import sys
import urllib.error
import urllib.request
import uuid

REAL, FAKE = sys.argv[1].rstrip("/"), sys.argv[2].rstrip("/")
SUBMIT = "/1.0/reviews/api/submit"


def review(**changes):
    item = {"app_id": "org.example.Parity", "locale": "de_DE", "summary": "Quick and tidy",
            "description": "Opens instantly and never loses a note.",
            "user_hash": uuid.uuid4().hex + "00000000", "version": "1:2.4.1+deb12u1", "distro": "Debian GNU/Linux",
            "rating": 80, "user_display": "Ada"}
    item.update(changes)
    return {key: value for key, value in item.items() if value is not DROP}


DROP = object()
HINDI = "यह ऐप बहुत अच्छा है और मैं इसे हर दिन इस्तेमाल करता हूँ, धन्यवाद!!"  # 66 code points, 46 letters
CASES = [
    ("accepted", review(), "application/json"),
    ("text/plain is read as JSON", review(), "text/plain"),
    ("a form's body is taken away", review(), "application/x-www-form-urlencoded"),
    ("not JSON", b"{not json", "application/json"),
    ("rating 0 is missing", review(rating=0), "application/json"),
    ("rating 101", review(rating=101), "application/json"),
    ("rating -3", review(rating=-3), "application/json"),
    ("rating as text", review(rating="5"), "application/json"),
    ("user hash of 39", review(user_hash="a" * 39), "application/json"),
    ("summary of 70 code points", review(summary="é" * 70), "application/json"),
    ("summary of 71 code points", review(summary="é" * 71), "application/json"),
    ("70 letters with combining accents", review(summary="e\u0301" * 35), "application/json"),
    ("36 letters with combining accents", review(summary="e\u0301" * 36), "application/json"),
    ("a family emoji", review(summary="Great for the whole family " + "👨‍👩‍👧‍👦" * 7), "application/json"),
    ("Hindi", review(summary=HINDI), "application/json"),
    ("Hindi, 73 code points", review(summary=HINDI + " बढ़िया"), "application/json"),
    ("description of 3001", review(description="x" * 3001), "application/json"),
    ("markup in the summary", review(summary="<b>great</b>"), "application/json"),
    ("markup in the description", review(description="Great <3 really"), "application/json"),
    ("summary cleaned to one letter", review(summary="a."), "application/json"),
    ("summary cleaned of smileys", review(summary=" :):) "), "application/json"),
    ("description cleaned", review(description="Works!!!  Really :) "), "application/json"),
    ("a name that is not published", review(user_display="root"), "application/json"),
    ("an empty name", review(user_display=""), "application/json"),
] + [(f"no {key}", review(**{key: DROP}), "application/json") for key in
     ["app_id", "locale", "summary", "description", "user_hash", "version", "distro", "rating", "user_display"]
     ] + [(f"empty {key}", review(**{key: ""}), "application/json") for key in
          ["app_id", "locale", "summary", "description", "version", "distro"]]


def post(root, body, content_type):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(root + SUBMIT, data=data, headers={"Content-Type": content_type})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, {}


def stored(root, app_id):
    """The stored review of `app_id`, with the fields both servers keep."""
    if root == FAKE:
        with urllib.request.urlopen(root + "/reviews", timeout=10) as answer:
            items = [r for r in json.loads(answer.read()) if r["app_id"] == app_id]
    else:
        with urllib.request.urlopen(root + "/1.0/reviews/api/app/" + app_id, timeout=10) as answer:
            items = json.loads(answer.read())
    return [{key: item.get(key) for key in ["summary", "description", "version", "user_display"]} for item in items]


def main():
    differences = 0
    for name, body, content_type in CASES:
        app_id = "org.example.Parity" + uuid.uuid4().hex[:8]
        if isinstance(body, dict) and body.get("app_id"):
            body = dict(body, app_id=app_id)
        answers = []
        for root in (REAL, FAKE):
            status, reply = post(root, body, content_type)
            answers.append((status, reply.get("success"), reply.get("msg"), stored(root, app_id)))
        if answers[0][:3] != answers[1][:3] or (answers[0][0] == 200 and answers[0][3] != answers[1][3]):
            differences += 1
            print(f"DIFFERENT  {name}:\n  real {answers[0]}\n  fake {answers[1]}")
        else:
            print(f"same       {name}: {answers[0][0]} {answers[0][2] or ''}")
    # A second review of one app by one user.
    body = review(app_id="org.example.ParityTwice" + uuid.uuid4().hex[:8])
    twice = [[post(root, body, "application/json") for _ in range(2)][1] for root in (REAL, FAKE)]
    if twice[0][0] != twice[1][0] or twice[0][1].get("msg") != twice[1][1].get("msg"):
        differences += 1
        print(f"DIFFERENT  a second review:\n  real {twice[0]}\n  fake {twice[1]}")
    else:
        print(f"same       a second review: {twice[0][0]} {twice[0][1].get('msg')}")
    print(f"{len(CASES) + 1 - differences} same, {differences} different")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
