#!/usr/bin/python3
"""An HTTP server on loopback that shows the tests what a request looked like on the wire, and
answers in the ways HTTPSession has to cope with.

    http_probe.py [--tls CERT KEY]    # prints its port, then serves until killed (over TLS: https)

POST /echo            {"method", "path", "headers": {lowercase name: value}, "length", "sha1"}: the
                      request as it arrived (GET /echo too, for a request a redirect turned into one).
POST /large/N         an answer of N bytes ("x" each).
POST /gzip            {"compressed": true}, gzip-compressed, with Content-Encoding: gzip.
POST /redirect/CODE   answers CODE with Location: /echo.
POST /stall           reads the request, then never answers.
"""
import gzip
import hashlib
import json
import ssl
import sys
import time

from loopback import JSONHandler, serve


class Handler(JSONHandler):
    def echo(self, raw):
        headers = {name.lower(): value for name, value in self.headers.items()}
        self.reply(200, {"method": self.command, "path": self.path, "headers": headers, "length": len(raw),
                         "sha1": hashlib.sha1(raw).hexdigest()})

    def do_GET(self):
        if self.path == "/echo":
            return self.echo(b"")
        self.reply(404, {"error": "not found"})

    def do_POST(self):
        raw = self.body()
        if self.path == "/echo":
            return self.echo(raw)
        if self.path.startswith("/large/"):
            size = int(self.path[len("/large/"):])
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(size))
            self.end_headers()
            chunk = b"x" * 65536
            while size > 0:
                self.wfile.write(chunk[:size])
                size -= len(chunk)
            return
        if self.path == "/gzip":
            data = gzip.compress(json.dumps({"compressed": True}).encode())
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            return self.wfile.write(data)
        if self.path.startswith("/redirect/"):
            self.send_response(int(self.path[len("/redirect/"):]))
            self.send_header("Location", "/echo")
            self.send_header("Content-Length", "0")
            return self.end_headers()
        if self.path == "/stall":
            time.sleep(3600)
        self.reply(404, {"error": "not found"})


tls = None
if sys.argv[1:2] == ["--tls"]:
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(sys.argv[2], sys.argv[3])
serve(Handler, tls=tls)
