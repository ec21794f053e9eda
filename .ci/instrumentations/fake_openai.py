#!/usr/bin/env python3
"""Stdlib-only fake OpenAI-compatible server (chat completions only).

POST /v1/chat/completions
  * no `tool` role message in the conversation yet -> assistant tool call
    `search_trains` with arguments {"from":"Paris","to":"Lyon"}
  * once a `tool` message is present               -> final text answer
  * supports `stream: true` (SSE, OpenAI chunk format, ends with `data: [DONE]`,
    extra usage chunk when stream_options.include_usage is true) and
    non-streaming responses; both carry token usage.
GET /v1/models is answered too (some clients probe it).

Usage: python fake_openai.py [--port 18080]   (0 = pick a free port; the
chosen port is printed as "LISTENING <port>" on stdout).
Importable: `start_server(port) -> (server, port)` runs it in a daemon thread.
"""
import argparse
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOOL_CALL_ID = "call_search_trains_1"
TOOL_ARGS = json.dumps({"from": "Paris", "to": "Lyon"}, separators=(",", ":"))
FINAL_TEXT = ("The next train from Paris to Lyon is TGV 6601 departing 08:04 "
              "and arriving 10:00 (EUR 45).")
USAGE_TOOL = {"prompt_tokens": 82, "completion_tokens": 18, "total_tokens": 100}
USAGE_FINAL = {"prompt_tokens": 131, "completion_tokens": 27, "total_tokens": 158}
SYSTEM_FINGERPRINT = "fp_fake_0001"

_counter = 0
_counter_lock = threading.Lock()


def _next_id():
    global _counter
    with _counter_lock:
        _counter += 1
        return f"chatcmpl-fake{_counter:04d}"


def _with_details(usage):
    u = dict(usage)
    u["prompt_tokens_details"] = {"cached_tokens": 0, "audio_tokens": 0}
    u["completion_tokens_details"] = {"reasoning_tokens": 0, "audio_tokens": 0,
                                      "accepted_prediction_tokens": 0,
                                      "rejected_prediction_tokens": 0}
    return u


def decide(body):
    """Return ('tool', None) or ('text', FINAL_TEXT) based on the conversation."""
    msgs = body.get("messages") or []
    if any(isinstance(m, dict) and m.get("role") == "tool" for m in msgs):
        return "text"
    return "tool"


def full_response(body):
    kind = decide(body)
    model = body.get("model", "gpt-4o-mini")
    if kind == "tool":
        message = {"role": "assistant", "content": None, "refusal": None,
                   "tool_calls": [{"id": TOOL_CALL_ID, "type": "function",
                                   "function": {"name": "search_trains",
                                                "arguments": TOOL_ARGS}}]}
        finish, usage = "tool_calls", USAGE_TOOL
    else:
        message = {"role": "assistant", "content": FINAL_TEXT, "refusal": None}
        finish, usage = "stop", USAGE_FINAL
    return {
        "id": _next_id(), "object": "chat.completion", "created": int(time.time()),
        "model": model, "system_fingerprint": SYSTEM_FINGERPRINT,
        "service_tier": "default",
        "choices": [{"index": 0, "message": message, "logprobs": None,
                     "finish_reason": finish}],
        "usage": _with_details(usage),
    }


def stream_chunks(body):
    kind = decide(body)
    model = body.get("model", "gpt-4o-mini")
    cid, created = _next_id(), int(time.time())
    include_usage = bool((body.get("stream_options") or {}).get("include_usage"))

    def chunk(delta, finish=None, usage=None, choices=True):
        c = {"id": cid, "object": "chat.completion.chunk", "created": created,
             "model": model, "system_fingerprint": SYSTEM_FINGERPRINT,
             "service_tier": "default",
             "choices": ([{"index": 0, "delta": delta, "logprobs": None,
                           "finish_reason": finish}] if choices else [])}
        if include_usage:
            c["usage"] = usage  # null on all but the last (OpenAI behaviour)
        return c

    out = []
    if kind == "tool":
        out.append(chunk({"role": "assistant", "content": None, "refusal": None,
                          "tool_calls": [{"index": 0, "id": TOOL_CALL_ID, "type": "function",
                                          "function": {"name": "search_trains",
                                                       "arguments": ""}}]}))
        # split arguments over several chunks, as OpenAI does
        for i in range(0, len(TOOL_ARGS), 8):
            out.append(chunk({"tool_calls": [{"index": 0, "function": {
                "arguments": TOOL_ARGS[i:i + 8]}}]}))
        out.append(chunk({}, finish="tool_calls"))
        usage = USAGE_TOOL
    else:
        out.append(chunk({"role": "assistant", "content": "", "refusal": None}))
        words = FINAL_TEXT.split(" ")
        for i, w in enumerate(words):
            out.append(chunk({"content": w if i == 0 else " " + w}))
        out.append(chunk({}, finish="stop"))
        usage = USAGE_FINAL
    if include_usage:
        out.append(chunk(None, usage=_with_details(usage), choices=False))
    return out


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fake-openai/1.0"
    log_requests = True

    def log_message(self, fmt, *args):
        if self.log_requests:
            sys.stderr.write("[fake_openai] " + (fmt % args) + "\n")

    def _send_json(self, code, obj):
        data = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("x-request-id", "req_fake")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path.rstrip("/") in ("/v1/models", "/models"):
            return self._send_json(200, {"object": "list", "data": [
                {"id": "gpt-4o-mini", "object": "model", "created": 0, "owned_by": "fake"}]})
        self._send_json(404, {"error": {"message": "not found", "type": "invalid_request_error"}})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        path = self.path.split("?")[0].rstrip("/")
        if path not in ("/v1/chat/completions", "/chat/completions"):
            return self._send_json(404, {"error": {"message": f"no route {path}",
                                                   "type": "invalid_request_error"}})
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            return self._send_json(400, {"error": {"message": "bad json",
                                                   "type": "invalid_request_error"}})
        if not body.get("stream"):
            return self._send_json(200, full_response(body))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

        def write_chunk(data: bytes):
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()

        for c in stream_chunks(body):
            write_chunk(b"data: " + json.dumps(c).encode() + b"\n\n")
        write_chunk(b"data: [DONE]\n\n")
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


def start_server(port=0, quiet=True):
    Handler.log_requests = not quiet
    srv = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    srv.daemon_threads = True
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    return srv, srv.server_address[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=18080)
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args()
    Handler.log_requests = not a.quiet
    srv = ThreadingHTTPServer(("127.0.0.1", a.port), Handler)
    srv.daemon_threads = True
    print(f"LISTENING {srv.server_address[1]}", flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
