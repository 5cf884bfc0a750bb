"""What the loopback test servers share (feedback_receiver.py, odrs_server.py): JSON answers, a
connection dropped without an answer, and serving on 127.0.0.1 until killed."""
import json
import signal
import socket
import struct
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class JSONHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def page(self, status, html):
        """Answers with an HTML page, as a web framework's error handler does."""
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(html)))
        self.end_headers()
        self.wfile.write(html)

    def body(self):
        return self.rfile.read(int(self.headers.get("Content-Length", 0)))

    def reset(self):
        """Closes the connection at once with a TCP reset, without answering."""
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.close_connection = True


def serve(handler, port=0, tls=None):
    """Prints the port (any free one when 0), then serves until killed; over TLS with the
    ssl.SSLContext `tls`."""
    # A parent that blocks SIGTERM in its threads passes that on; stop when told to.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    if tls:
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()
