#!/usr/bin/python3
"""A feedback receiver on loopback for the tests, with faults on demand.

    feedback_receiver.py            # prints its port, then serves until killed

POST /feedback  takes a message as HTTPFeedbackSender sends it. It checks the JSON (Content-Type,
                required fields, Idempotency-Key equal to the id) and answers 400 when wrong.
                Each message is stored once by its id, however often it arrives.
POST /plan      {"plan": ["500", "slow", ...]}: how to treat the next feedback requests, in order:
                ok (default), 500, 400, slow (store, then answer after 5 s), held (store, then
                answer when /release says so: a test that acts while a message is on its way
                decides how long that is, however slow the machine), hang (store, never answer),
                reset (close the connection without answering), malformed (answer garbage).
POST /release   lets the oldest held request be answered (at the latest, each is after 60 s).
GET  /received  {"stored": [ids, in arrival order], "attempts": [every id that arrived]}
"""
import json
import threading
import time

from loopback import JSONHandler, serve

lock = threading.Lock()
plan, stored, attempts = [], [], []
releases = threading.Semaphore(0)
REQUIRED = {"id": str, "appID": str, "appName": str, "text": str, "date": str}


class Handler(JSONHandler):
    def do_GET(self):
        if self.path == "/received":
            with lock:
                self.reply(200, {"stored": list(stored), "attempts": list(attempts)})
        else:
            self.reply(404, {"error": "not found"})

    def do_POST(self):
        raw = self.body()
        if self.path == "/plan":
            with lock:
                plan[:] = json.loads(raw)["plan"]
            return self.reply(200, {})
        if self.path == "/release":
            releases.release()
            return self.reply(200, {})
        if self.path != "/feedback":
            return self.reply(404, {"error": "not found"})
        with lock:
            step = plan.pop(0) if plan else "ok"
        try:
            message = json.loads(raw)
        except ValueError:
            return self.reply(400, {"error": "the body is not JSON"})
        problems = [key for key, kind in REQUIRED.items() if not isinstance(message.get(key), kind)]
        if not self.headers.get("Content-Type", "").startswith("application/json"):
            problems.append("Content-Type")
        if self.headers.get("Idempotency-Key") != message.get("id"):
            problems.append("Idempotency-Key")
        with lock:
            attempts.append(message.get("id"))
        if problems or step == "400":
            return self.reply(400, {"error": "invalid: " + ", ".join(problems or ["refused on purpose"])})
        if step == "500":
            return self.reply(500, {"error": "server trouble"})
        if step == "reset":
            return self.reset()
        if step == "malformed":
            self.wfile.write(b"HTTP/1.1 2\r\n\r\n{{{")
            self.close_connection = True
            return
        with lock:
            if message["id"] not in stored:
                stored.append(message["id"])
        if step == "slow":
            time.sleep(5)
        if step == "held":
            releases.acquire(timeout=60)
        if step == "hang":
            time.sleep(3600)
        self.reply(200, {"id": message["id"]})


serve(Handler)
