"""Real OpenTelemetry clients against /v1/traces (otlp mapping v2, docs/design.md §11).

Usage: otlp_client.py BASE_URL   (with OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
OTEL_EXPORTER_OTLP_HEADERS and OTEL_EXPORTER_OTLP_TRACES_PROTOCOL set, as the
README says, and DECISION_TRAIL_TOKEN the same writer key)

An agent run shaped as agent frameworks shape it (an invoke_agent span with a
plan span, chat and execute_tool children, an HTTP span without gen_ai, an
evaluation event) goes through the SDK's OTLP/HTTP protobuf exporter, configured
by the environment only; then the same run is posted in OTLP/JSON (the Python
SDK has no JSON exporter: the SDK's own encoding, its ids rewritten to hex as
OTLP/JSON writes them). Each time: the records, their tree, no partial success
(the HTTP span is plumbing, skipped), and an idempotent retry (the same spans
again: no new record).
"""

import base64
import json
import os
import sys
import urllib.request

from google.protobuf.json_format import MessageToDict
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceResponse,
)
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import (
    BatchSpanProcessor,
    SimpleSpanProcessor,
    SpanExportResult,
)
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

BASE = sys.argv[1]
TOKEN = os.environ["DECISION_TRAIL_TOKEN"]
AGENT = os.environ.get("EXPECTED_AGENT", "ci-agent")


def call(method, path, body=None, content_type=None):
    req = urllib.request.Request(BASE + path, data=body, method=method)
    req.add_header("Authorization", "Bearer " + TOKEN)
    if content_type:
        req.add_header("Content-Type", content_type)
    with urllib.request.urlopen(req) as r:
        return r.status, r.headers.get("Content-Type"), r.read()


def get_json(path):
    return json.loads(call("GET", path)[2])


def agent_run(tracer, conversation):
    """One agent run: children end (and are exported) before their parent."""
    with tracer.start_as_current_span("invoke_agent travel-planner") as root:
        root.set_attribute("gen_ai.operation.name", "invoke_agent")
        root.set_attribute("gen_ai.agent.name", "travel-planner")
        root.set_attribute("gen_ai.conversation.id", conversation)
        root.set_attribute(
            "gen_ai.input.messages",
            json.dumps([{"role": "user", "parts": [
                {"type": "text", "content": "Book me a train from Lyon to Paris tomorrow morning."}]}]),
        )
        with tracer.start_as_current_span("plan") as s:
            s.set_attribute("gen_ai.operation.name", "plan")
            s.set_attribute(
                "gen_ai.output.messages",
                json.dumps([{"role": "assistant", "parts": [
                    {"type": "text", "content": "1. find trains 2. pick the earliest"}]}]),
            )
        with tracer.start_as_current_span("chat gpt-4o") as s:
            s.set_attribute("gen_ai.operation.name", "chat")
            s.set_attribute("gen_ai.request.model", "gpt-4o")
            s.set_attribute("gen_ai.usage.input_tokens", 120)
            s.set_attribute("gen_ai.usage.output_tokens", 14)
            s.set_attribute("gen_ai.response.finish_reasons", ["tool_calls"])
            s.set_attribute(
                "gen_ai.output.messages",
                json.dumps([{"role": "assistant", "parts": [
                    {"type": "tool_call", "id": "call_1", "name": "timetable",
                     "arguments": {"from": "Lyon", "to": "Paris"}}]}]),
            )
        with tracer.start_as_current_span("execute_tool timetable") as s:
            s.set_attribute("gen_ai.operation.name", "execute_tool")
            s.set_attribute("gen_ai.tool.name", "timetable")
            s.set_attribute("gen_ai.tool.call.id", "call_1")
            s.set_attribute("gen_ai.tool.call.arguments", '{"from": "Lyon", "to": "Paris"}')
            with tracer.start_as_current_span("GET /timetable") as h:
                h.set_attribute("http.request.method", "GET")
        with tracer.start_as_current_span("chat gpt-4o") as s:
            s.set_attribute("gen_ai.operation.name", "chat")
            s.set_attribute("gen_ai.request.model", "gpt-4o")
            s.set_attribute("gen_ai.response.finish_reasons", ["stop"])
            s.set_attribute(
                "gen_ai.output.messages",
                json.dumps([{"role": "assistant", "finish_reason": "stop", "parts": [
                    {"type": "text", "content": "Take the 9:40 TGV."}]}]),
            )
        root.set_attribute(
            "gen_ai.output.messages",
            json.dumps([{"role": "assistant", "finish_reason": "stop", "parts": [
                {"type": "text", "content": "Booked the 9:40 TGV."}]}]),
        )
        root.add_event("gen_ai.evaluation.result", {
            "gen_ai.evaluation.name": "relevance",
            "gen_ai.evaluation.score.value": 0.9,
            "gen_ai.evaluation.score.label": "relevant",
        })


def check_trail(conversation):
    """The records the run made: six, one tree under the agent's record."""
    records = get_json(f"/thoughts?task_id={conversation}&limit=100")["records"]
    kinds = sorted(r["type"] for r in records)
    # otlp mapping v2: the run a plan, the model's tool call and answer the
    # decisions, the tool's run an analysis, the evaluation a reflection.
    assert kinds == ["analysis", "decision", "decision", "plan", "plan", "reflection"], kinds
    root = records[0]
    assert root["metadata"]["gen_ai.operation.name"] == "invoke_agent", root
    assert root["type"] == "plan", root
    assert root["content"] == "Book me a train from Lyon to Paris tomorrow morning.", root
    assert root["metadata"]["otel.output"] == "Booked the 9:40 TGV.", root
    for r in records:
        assert r["agent_id"] == AGENT, r
        assert r["session_id"] == conversation, r
        if r is not root:
            assert r.get("parent_id") == root["id"], r
    tool = next(r for r in records if r["metadata"].get("gen_ai.operation.name") == "execute_tool")
    assert tool["content"].startswith("timetable("), tool
    assert tool["metadata"]["gen_ai.tool.call.arguments"] == {"from": "Lyon", "to": "Paris"}, tool
    chat = next(r for r in records if r["metadata"].get("gen_ai.usage.input_tokens") == 120)
    assert chat["metadata"]["gen_ai.request.model"] == "gpt-4o", chat
    tree = get_json(f"/tasks/{conversation}/tree")
    assert len(tree["roots"]) == 1 and len(tree["roots"][0]["children"]) == 5, tree
    verdict = get_json(f"/tasks/{conversation}/verify")
    assert verdict["valid"] is True and verdict["length"] == 6, verdict
    return records, tree


def run(conversation, exporters):
    provider = TracerProvider(resource=Resource.create({"service.name": "travel-app"}))
    memory = InMemorySpanExporter()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    for exporter in exporters:
        provider.add_span_processor(BatchSpanProcessor(exporter))
    agent_run(provider.get_tracer("ci"), conversation)
    provider.force_flush()
    spans = memory.get_finished_spans()
    provider.shutdown()
    return spans


def partial(kind, body):
    """The answer to a re-sent export: every span read; the HTTP span is
    plumbing, skipped without a word since the others made records."""
    if kind == "protobuf":
        status, ctype, raw = call("POST", "/v1/traces", body, "application/x-protobuf")
        assert ctype == "application/x-protobuf", ctype
        answer = ExportTraceServiceResponse.FromString(raw)
        assert status == 200 and not answer.HasField("partial_success"), (status, raw)
    else:
        status, ctype, raw = call("POST", "/v1/traces", body, "application/json")
        assert status == 200 and json.loads(raw) == {}, (status, raw)


def hex_ids(value):
    """OTLP/JSON writes trace and span ids in hex, not proto3 JSON's base64."""
    if isinstance(value, dict):
        return {k: (base64.b64decode(v).hex() if k in ("traceId", "spanId", "parentSpanId")
                    else hex_ids(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [hex_ids(v) for v in value]
    return value


# 1. The SDK's own exporter, configured by the environment as the README says.
spans = run("conv-protobuf", [OTLPSpanExporter()])
first, tree = check_trail("conv-protobuf")
print(f"ok: protobuf exporter: {len(first)} records, one tree of {tree['records']}")
# The exporter's retry: the same spans again, through the exporter and posted.
assert OTLPSpanExporter().export(spans) == SpanExportResult.SUCCESS
partial("protobuf", encode_spans(spans).SerializeToString())
assert check_trail("conv-protobuf")[0] == first, "a retried export made new records"
print("ok: protobuf retry: no new records, no partialSuccess")

# 2. OTLP/JSON, posted.
spans = run("conv-json", [])
body = json.dumps(hex_ids(MessageToDict(encode_spans(spans), use_integers_for_enums=True))).encode()
partial("json", body)
first, _ = check_trail("conv-json")
partial("json", body)
assert check_trail("conv-json")[0] == first, "a retried export made new records"
print(f"ok: OTLP/JSON: {len(first)} records; retry: no new records")
