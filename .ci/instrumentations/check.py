#!/usr/bin/env python3
"""Reads back the trail a run of agent.py (or node/ai_sdk.mjs) made and checks
it against otlp mapping v2 (docs/design.md §11): the records' types and
contents in order, their parents, session, agent, convention, model and
tokens; the chain walked by the service and each record's receipt; and that
the exporter's retry made no record. Stdlib only.

    python3 check.py BASE_URL TOKEN RUN SESSION   (TOKEN "" for an open service)

RUN is openinference[-stream], traceloop[-stream], traceloop-sdk[-stream],
genai-v2[-stream] or ai-sdk[-stream].
"""
import json
import sys
import urllib.request

BASE, TOKEN, RUN, SESSION = sys.argv[1:5]
ASKED = "Find me a train from Paris to Lyon tomorrow morning."
CALL = 'search_trains({"from":"Paris","to":"Lyon"})'
ANSWER = "The next train from Paris to Lyon is TGV 6601"


def get(path):
    headers = {"Authorization": f"Bearer {TOKEN}"} if TOKEN else {}
    req = urllib.request.Request(BASE + path, headers=headers)
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def records(query):
    return get(f"/thoughts?{query}&limit=100")["records"]


# What each run makes: (type, content start), parents by index, convention,
# agent (or each record's).
ONE_RUN = [("plan", ASKED), ("decision", CALL), ("analysis", CALL), ("decision", ANSWER)]
EXPECTED = {
    "openinference": (
        ONE_RUN, [None, 0, 0, 0], "openinference", "train-agent"),
    "traceloop-sdk": (
        # The workflow and the agent take no arguments: told by their answer.
        [("analysis", ANSWER), ("analysis", ANSWER), ("decision", CALL), ("analysis", CALL), ("decision", ANSWER)],
        # The workflow names no agent: its record is the service's.
        [None, 0, 1, 1, 1], "openllmetry", [None, "train-agent", "train-agent", "train-agent", "train-agent"]),
    "genai-v2": (ONE_RUN, [None, 0, 0, 0], "gen_ai", "train-agent"),
    "ai-sdk": (ONE_RUN, [None, 0, 0, 0], "ai-sdk", "planner"),
    # streamText starts the tool's span in a trace of its own: a root.
    "ai-sdk-stream": (
        [("plan", ASKED), ("analysis", CALL), ("decision", CALL), ("decision", ANSWER)],
        [None, None, 0, 0], "ai-sdk", "planner"),
}


def check_run():
    key = RUN if RUN in EXPECTED else RUN.removesuffix("-stream")
    expected, parents, convention, agent = EXPECTED[key]
    trail = records(f"task_id={SESSION}")
    said = [(r["type"], r["content"]) for r in trail]
    assert len(trail) == len(expected), (RUN, said)
    for (kind, content), (want, start) in zip(said, expected):
        assert kind == want and content.startswith(start), (RUN, said)
    agents = agent if isinstance(agent, list) else [agent] * len(trail)
    for r, parent, agent in zip(trail, parents, agents):
        assert r.get("parent_id") == (None if parent is None else trail[parent]["id"]), (RUN, r)
        # None: the resource's service.name (the session's name here).
        assert r["session_id"] == SESSION and r["agent_id"] == (agent or SESSION), (RUN, r)
        m = r["metadata"]
        assert m["otel.mapping"] == "otlp mapping v2" and m["otel.convention"] == convention, (RUN, m)
        assert m["otel.start_time"] and m["otel.end_time"], (RUN, m)
        get(f"/thoughts/{r['id']}/receipt")
    decisions = [r for r in trail if r["type"] == "decision"]
    for r, (tokens_in, tokens_out) in zip(decisions, [(82, 18), (131, 27)]):
        m = r["metadata"]
        assert m["gen_ai.request.model"] == "gpt-4o-mini", (RUN, m)
        assert (m["gen_ai.usage.input_tokens"], m["gen_ai.usage.output_tokens"]) == (tokens_in, tokens_out), (RUN, m)
    verdict = get(f"/tasks/{SESSION}/verify")
    assert verdict["valid"] is True and verdict["length"] == len(expected), (RUN, verdict)
    return len(trail)


def check_alone():
    """Traceloop's instrumentation alone: no session, no agent span: each chat
    is a trace of its own, a task of its own, by the resource's service. Its
    spans carry no OpenLLMetry marker (its newer releases write the GenAI
    keys), so they are read as OpenTelemetry GenAI spans."""
    trail = records(f"agent_id={SESSION}")
    assert len(trail) == 2, (RUN, trail)
    assert trail[0]["task_id"] != trail[1]["task_id"], (RUN, trail)
    for r in trail:
        assert r["task_id"] == r["metadata"]["otel.trace_id"] and "session_id" not in r, (RUN, r)
        assert r["type"] == "decision" and r["metadata"]["otel.convention"] == "gen_ai", (RUN, r)
        assert get(f"/tasks/{r['task_id']}/verify")["valid"] is True
    assert trail[0]["content"].startswith(CALL) and trail[1]["content"].startswith(ANSWER), (RUN, trail)
    return len(trail)


n = check_alone() if RUN.startswith("traceloop") and not RUN.startswith("traceloop-sdk") else check_run()
print(f"ok: {RUN}: {n} records, chained, receipted, the retry made none")
