"""A minimal LSP client for testing `cuda-access-lint --lsp` (standard
library only): Content-Length framing over the server's pipes, a reader
thread that sorts responses by id and keeps notifications in order."""
import json
import queue
import subprocess
import threading
import time


class Client:
    def __init__(self, argv, cwd=None, env=None):
        self.proc = subprocess.Popen(argv, cwd=cwd, env=env,
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.next_id = 1
        self.responses = {}
        self.notifications = queue.Queue()
        self.cond = threading.Condition()
        self.stderr = b""
        self.logs = []  # window/logMessage texts, in order
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    # ---- wire -----------------------------------------------------------
    def send_raw(self, body):
        if isinstance(body, str):
            body = body.encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def send(self, message):
        message = dict(message, jsonrpc="2.0")
        self.send_raw(json.dumps(message))

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    with self.cond:
                        self.cond.notify_all()
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            message = json.loads(out.read(length))
            if "id" in message and "method" not in message:
                with self.cond:
                    self.responses[json.dumps(message["id"])] = message
                    self.cond.notify_all()
            else:
                self.notifications.put(message)

    def _drain_stderr(self):
        for line in self.proc.stderr:
            self.stderr += line

    # ---- requests and notifications -----------------------------------------
    def request_async(self, method, params=None, id=None):
        if id is None:
            id = self.next_id
            self.next_id += 1
        message = {"id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return id

    def response(self, id, timeout=60):
        key = json.dumps(id)
        deadline = time.time() + timeout
        with self.cond:
            while key not in self.responses:
                left = deadline - time.time()
                if left <= 0 or self.proc.poll() is not None and key not in self.responses:
                    raise AssertionError("no response to request %r; stderr:\n%s"
                                         % (id, self.stderr.decode(errors="replace")))
                self.cond.wait(min(left, 0.5))
            return self.responses.pop(key)

    def request(self, method, params=None, timeout=60):
        return self.response(self.request_async(method, params), timeout)

    def notify(self, method, params=None):
        message = {"method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def wait_notification(self, predicate, timeout=60):
        """The first notification that satisfies predicate; the others
        before it are returned too, as (match, skipped)."""
        skipped = []
        deadline = time.time() + timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise AssertionError("timed out; got %r" % skipped)
            try:
                message = self.notifications.get(timeout=left)
            except queue.Empty:
                continue
            if message.get("method") == "window/logMessage":
                self.logs.append(message["params"]["message"])
            if predicate(message):
                return message, skipped
            skipped.append(message)

    def diagnostics(self, uri, version=None, timeout=60):
        """The next publishDiagnostics for uri (of version, when given),
        and every publication for uri before it."""
        def match(m):
            p = m.get("params", {})
            return (m.get("method") == "textDocument/publishDiagnostics"
                    and p.get("uri") == uri
                    and (version is None or p.get("version") == version))
        message, skipped = self.wait_notification(match, timeout)
        earlier = [m["params"] for m in skipped
                   if m.get("method") == "textDocument/publishDiagnostics"
                   and m["params"].get("uri") == uri]
        return message["params"], earlier

    def wait_exit(self, timeout=30):
        return self.proc.wait(timeout)
