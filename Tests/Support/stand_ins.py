"""The loopback stand-ins of Tests/StandIns (the feedback receiver, the review service), started
for one test and asked what they received."""
import json
import os
import subprocess
import sys
import urllib.request

STAND_INS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "StandIns")


class LoopbackServer:
    """A loopback test server (feedback_receiver.py, odrs_server.py) started for this run."""

    def __init__(self, script):
        self.process = subprocess.Popen([sys.executable, os.path.join(STAND_INS, script)], stdout=subprocess.PIPE,
                                        text=True)
        self.root = f"http://127.0.0.1:{self.process.stdout.readline().strip()}"

    def get(self, path):
        with urllib.request.urlopen(self.root + path, timeout=5) as answer:
            return json.load(answer)

    def post(self, path, body):
        """Posts `body` as JSON: a plan of faults, a taboo list."""
        request = urllib.request.Request(self.root + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as answer:
            return json.load(answer)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
