#!/usr/bin/env python3
"""A small tool-calling agent on the official `openai` client, traced by one
of the real instrumentation packages, unchanged, exporting OTLP/HTTP
protobuf to decision-trail (.ci/otlp runs it; docs/design.md §11).

    python agent.py INSTRUMENTATION --otlp-endpoint URL --openai-base-url URL
                    [--token T] [--session S] [--service-name N] [--stream]

INSTRUMENTATION:
  openinference   openinference-instrumentation-openai, under an OpenInference
                  AGENT span with using_session
  traceloop       Traceloop's opentelemetry-instrumentation-openai alone (no
                  session, no agent span)
  traceloop-sdk   traceloop-sdk: @workflow, @agent and @tool, with the
                  session as an association property
  genai-v2        opentelemetry-instrumentation-openai-v2 with content on spans
                  (gen_ai_latest_experimental, span_only), under
                  opentelemetry-util-genai's invoke_local_agent and tool

The run: a chat completion with tools, the model's call of search_trains, the
tool run here, a second chat with its result, the final answer. Spans go
through a BatchSpanProcessor (the SDK's default), flushed at the end; then
the same spans are exported once more (an exporter's retry).
"""
import argparse
import json
import os
import sys

SESSION_ID = "s-1"  # replaced by --session
USER_ID = "u-42"
AGENT_NAME = "train-agent"
MODEL = "gpt-4o-mini"
SYSTEM_PROMPT = "You are a helpful train booking agent. Use tools to look up trains."
USER_PROMPT = "Find me a train from Paris to Lyon tomorrow morning."
TOOLS = [{
    "type": "function",
    "function": {
        "name": "search_trains",
        "description": "Search train connections between two cities.",
        "parameters": {
            "type": "object",
            "properties": {"from": {"type": "string", "description": "Departure city"},
                           "to": {"type": "string", "description": "Arrival city"}},
            "required": ["from", "to"],
        },
    },
}]


def search_trains_impl(frm, to):
    return [{"train": "TGV 6601", "from": frm, "to": to, "departs": "08:04",
             "arrives": "10:00", "price_eur": 45}]


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("instrumentation",
                    choices=["openinference", "traceloop", "traceloop-sdk", "genai-v2"])
    ap.add_argument("--stream", action="store_true")
    ap.add_argument("--genai-mode", default="span_only",
                    choices=["span_only", "span_and_event"])
    ap.add_argument("--openai-base-url", required=True)
    ap.add_argument("--otlp-endpoint", required=True)
    ap.add_argument("--token", default="")
    ap.add_argument("--session", default=SESSION_ID)
    ap.add_argument("--service-name", default=AGENT_NAME)
    return ap.parse_args()


def main():
    global SESSION_ID
    a = parse_args()
    inst = a.instrumentation
    SESSION_ID = a.session

    # ---- env that the instrumentations read at instrument()/import time ----
    if inst == "genai-v2":
        for k in ("OTEL_SEMCONV_STABILITY_OPT_IN",
                  "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"):
            os.environ.pop(k, None)
        # The one setting that puts the messages on the spans.
        os.environ["OTEL_SEMCONV_STABILITY_OPT_IN"] = "gen_ai_latest_experimental"
        os.environ["OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"] = a.genai_mode
    if inst.startswith("traceloop"):
        os.environ.setdefault("TRACELOOP_TRACE_CONTENT", "true")
        os.environ.setdefault("TRACELOOP_METRICS_ENABLED", "false")
        os.environ.setdefault("TRACELOOP_TELEMETRY", "false")  # no PostHog ping
    os.environ.setdefault("OPENAI_API_KEY", "sk-fake")

    from opentelemetry import _logs, trace
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk._logs import LoggerProvider
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    resource = Resource.create({"service.name": a.service_name})
    headers = {"Authorization": f"Bearer {a.token}"} if a.token else {}

    def exporter():
        return OTLPSpanExporter(endpoint=a.otlp_endpoint, headers=headers)
    span_exporter = exporter()
    # What was exported, to export it again (the retry).
    memory = InMemorySpanExporter()

    # Events (logs) are not exported: the messages are on the spans.
    logger_provider = LoggerProvider(resource=resource)
    _logs.set_logger_provider(logger_provider)

    wrapper = None  # context-manager factory around the whole run
    tool_wrapper = None  # callable(fn, args_dict, call_id) -> result
    if inst == "openinference":
        from openinference.instrumentation import (TracerProvider as OITracerProvider,
                                                   using_metadata, using_session,
                                                   using_user)
        from openinference.instrumentation.openai import OpenAIInstrumentor
        tp = OITracerProvider(resource=resource)
        tp.add_span_processor(BatchSpanProcessor(span_exporter))
        tp.add_span_processor(SimpleSpanProcessor(memory))
        trace.set_tracer_provider(tp)
        OpenAIInstrumentor().instrument(tracer_provider=tp)
        oi_tracer = tp.get_tracer("train-agent")

        import contextlib

        @contextlib.contextmanager
        def wrapper_cm():
            with using_session(SESSION_ID), using_user(USER_ID), \
                    using_metadata({"agent": AGENT_NAME, "env": "test"}):
                with oi_tracer.start_as_current_span(
                        AGENT_NAME, openinference_span_kind="agent") as span:
                    span.set_input(USER_PROMPT)
                    holder = {}
                    yield holder
                    span.set_output(holder.get("answer"))
                    span.set_status(trace.Status(trace.StatusCode.OK))
        wrapper = wrapper_cm

        @oi_tracer.tool(name="search_trains",
                        description=TOOLS[0]["function"]["description"],
                        parameters=TOOLS[0]["function"]["parameters"])
        def search_trains(**kw):
            return search_trains_impl(kw["from"], kw["to"])

        def oi_tool(args, call_id):
            return search_trains(**args)
        tool_wrapper = oi_tool

    elif inst == "traceloop":
        from opentelemetry.instrumentation.openai import OpenAIInstrumentor
        tp = TracerProvider(resource=resource)
        tp.add_span_processor(BatchSpanProcessor(span_exporter))
        tp.add_span_processor(SimpleSpanProcessor(memory))
        trace.set_tracer_provider(tp)
        OpenAIInstrumentor().instrument(
            tracer_provider=tp)

    elif inst == "traceloop-sdk":
        from traceloop.sdk import Traceloop
        from traceloop.sdk.decorators import agent as tl_agent, tool as tl_tool
        from traceloop.sdk.decorators import workflow as tl_workflow
        from traceloop.sdk.instruments import Instruments
        Traceloop.init(app_name=a.service_name, exporter=span_exporter,
                       disable_batch=False, telemetry_enabled=False,
                       resource_attributes={"service.name": a.service_name},
                       instruments={Instruments.OPENAI},
                       should_enrich_metrics=False)
        Traceloop.set_association_properties({"session_id": SESSION_ID,
                                              "user_id": USER_ID})
        tp = trace.get_tracer_provider()
        tp.add_span_processor(SimpleSpanProcessor(memory))

        @tl_tool(name="search_trains")
        def search_trains(**kw):
            return search_trains_impl(kw["from"], kw["to"])

        def tl_tool_call(args, call_id):
            return search_trains(**args)
        tool_wrapper = tl_tool_call
        # the decorators wrap functions, so the run itself is decorated below
        wrapper = ("traceloop", tl_workflow, tl_agent)

    elif inst == "genai-v2":
        # util-genai 1.1b0 API (the newest opentelemetry-util-genai that
        # opentelemetry-instrumentation-openai-v2 2.4b0 still imports cleanly)
        from opentelemetry.instrumentation.openai_v2 import OpenAIInstrumentor
        from opentelemetry.util.genai.handler import TelemetryHandler
        from opentelemetry.util.genai.types import InputMessage, OutputMessage, Text
        tp = TracerProvider(resource=resource)
        tp.add_span_processor(BatchSpanProcessor(span_exporter))
        tp.add_span_processor(SimpleSpanProcessor(memory))
        trace.set_tracer_provider(tp)
        OpenAIInstrumentor().instrument(tracer_provider=tp,
                                        logger_provider=logger_provider)
        handler = TelemetryHandler(tracer_provider=tp, logger_provider=logger_provider)
        capture = handler.should_capture_content()

        import contextlib
        import inspect
        # util-genai's handler API changed between releases: 1.1b0 takes
        # invoke_local_agent(agent_name=..., request_model=...), 0.4b0 takes
        # invoke_local_agent(provider, request_model=...) and tool(name, arguments=...)
        new_api = "agent_name" in inspect.signature(handler.invoke_local_agent).parameters

        @contextlib.contextmanager
        def wrapper_cm():
            if new_api:
                cm = handler.invoke_local_agent(agent_name=AGENT_NAME, request_model=MODEL)
            else:
                cm = handler.invoke_local_agent("openai", request_model=MODEL)
            with cm as inv:
                inv.conversation_id = SESSION_ID
                if not new_api:
                    inv.agent_name = AGENT_NAME
                inv.agent_id = "agent-001"
                inv.agent_description = "Plans train trips"
                if capture:
                    inv.input_messages = [InputMessage(
                        role="user", parts=[Text(content=USER_PROMPT)])]
                holder = {}
                yield holder
                if capture:
                    inv.output_messages = [OutputMessage(
                        role="assistant", parts=[Text(content=holder.get("answer") or "")],
                        finish_reason="stop")]
        wrapper = wrapper_cm

        def v2_tool(args, call_id):
            kw = dict(tool_call_id=call_id, tool_type="function",
                      tool_description=TOOLS[0]["function"]["description"])
            if not new_api and capture:
                kw["arguments"] = args
            with handler.tool("search_trains", **kw) as t:
                on_span = getattr(t, "should_capture_content_on_span", capture)
                if new_api and on_span:
                    t.arguments = args
                res = search_trains_impl(args["from"], args["to"])
                if on_span:
                    t.tool_result = res
                return res
        tool_wrapper = v2_tool

    from openai import OpenAI
    client = OpenAI(base_url=a.openai_base_url, api_key="sk-fake", max_retries=0)

    def call_model(messages):
        kw = dict(model=MODEL, messages=messages, tools=TOOLS, temperature=0.2,
                  max_tokens=256)
        if not a.stream:
            r = client.chat.completions.create(**kw)
            msg = r.choices[0].message
            tcs = [{"id": tc.id, "name": tc.function.name,
                    "arguments": tc.function.arguments} for tc in (msg.tool_calls or [])]
            return msg.content, tcs
        stream = client.chat.completions.create(stream=True,
                                                stream_options={"include_usage": True}, **kw)
        content, tcs = "", {}
        for chunk in stream:
            for ch in chunk.choices:
                d = ch.delta
                if d.content:
                    content += d.content
                for tc in d.tool_calls or []:
                    e = tcs.setdefault(tc.index, {"id": None, "name": None, "arguments": ""})
                    if tc.id:
                        e["id"] = tc.id
                    if tc.function and tc.function.name:
                        e["name"] = tc.function.name
                    if tc.function and tc.function.arguments:
                        e["arguments"] += tc.function.arguments
        return (content or None), [tcs[i] for i in sorted(tcs)]

    def run_agent():
        messages = [{"role": "system", "content": SYSTEM_PROMPT},
                    {"role": "user", "content": USER_PROMPT}]
        for _step in range(4):
            content, tcs = call_model(messages)
            if not tcs:
                return content
            messages.append({"role": "assistant", "content": content, "tool_calls": [
                {"id": t["id"], "type": "function",
                 "function": {"name": t["name"], "arguments": t["arguments"]}} for t in tcs]})
            for t in tcs:
                args = json.loads(t["arguments"])
                if tool_wrapper:
                    res = tool_wrapper(args, t["id"])
                else:
                    res = search_trains_impl(args["from"], args["to"])
                messages.append({"role": "tool", "tool_call_id": t["id"],
                                 "content": json.dumps(res)})
        raise RuntimeError("agent did not finish")

    if wrapper is None:
        answer = run_agent()
    elif isinstance(wrapper, tuple):  # traceloop-sdk decorators
        _, tl_workflow, tl_agent = wrapper

        @tl_agent(name=AGENT_NAME)
        def agent_step():
            return run_agent()

        @tl_workflow(name="plan_trip")
        def workflow():
            return agent_step()
        answer = workflow()
    else:
        with wrapper() as holder:
            answer = run_agent()
            holder["answer"] = answer

    print("ANSWER:", answer)
    tp.force_flush()
    spans = memory.get_finished_spans()
    # The exporter's retry: the same spans once more.
    from opentelemetry.sdk.trace.export import SpanExportResult
    assert exporter().export(spans) == SpanExportResult.SUCCESS, "the retry was refused"
    print(f"exported {len(spans)} spans, twice")
    tp.shutdown()
    logger_provider.shutdown()


if __name__ == "__main__":
    sys.exit(main())
