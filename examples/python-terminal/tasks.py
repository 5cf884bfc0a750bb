#!/usr/bin/python3
"""Tasks: a terminal app that asks its own question. Armchair decides when to ask, and remembers
the answer; the app shows the question and opens nothing itself."""
import sys

import gi

gi.require_version("Armchair", "1.0")
from gi.repository import Armchair  # noqa: E402

# Nothing of Armchair's shows: the app asks when it has finished its work, not at launch.
config = Armchair.Configuration(app_id="org.example.Tasks", app_version="1.0", prompt_at_launch=False)
engine = Armchair.Engine.new(config)
engine.app_launched()

for task in sys.argv[1:]:
    print("Done:", task)
    engine.significant_event_full("task-done", 1, False)

if engine.get_decision().get_should_prompt():
    engine.record_prompt_shown()
    reply = input("Enjoying Tasks? Rate it [r], remind me later [l], no thanks [n]: ").strip()
    if reply == "r":
        print("Thank you! Rate Tasks at", engine.dup_review_uri())
        engine.record_answer(Armchair.Answer.RATE)
    elif reply == "n":
        engine.record_answer(Armchair.Answer.DECLINE)
    else:
        engine.record_answer(Armchair.Answer.REMIND_LATER)

engine.app_will_quit()
