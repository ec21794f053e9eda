// k6 load test for decision-trail: appends (1 KB records over 16 tasks) and reads
// by id, the same mix as bench/run.sh drives with hey.
//
//   k6 run -e BASE=http://127.0.0.1:8080 loadtest/k6.js
//
// Run it against `cargo run --release` (open, so no rate limit), or a keyed
// service started with --rate-limit 0 and -e TOKEN=<a writer token>.
//
// Thresholds are what a healthy service passes on a 2-core machine, from the
// bench kit's figures there (bench/run.sh, bench/RESULTS.md): POST p99 33-37 ms
// and GET-by-id p99 8-9 ms at 64 connections, with the load generator sharing
// the two cores. k6 spends more CPU than hey, so each bound leaves about 3x
// room: appends p99 < 120 ms, reads p99 < 30 ms, and no failed request. On a
// machine with more cores, tighten them from your own bench kit run.
import http from 'k6/http';
import { check } from 'k6';

const BASE = __ENV.BASE || 'http://127.0.0.1:8080';
const AUTH = __ENV.TOKEN ? { Authorization: `Bearer ${__ENV.TOKEN}` } : {};
const JSON_HEADERS = Object.assign({ 'Content-Type': 'application/json' }, AUTH);
// With a token the record is the key's agent's: the body names none.
const agent = (name) => (__ENV.TOKEN ? {} : { agent_id: name });
const CONTENT = 'x'.repeat(1000);

export const options = {
  scenarios: {
    appends: { executor: 'constant-vus', vus: 48, duration: '30s', exec: 'append' },
    reads: { executor: 'constant-vus', vus: 16, duration: '30s', exec: 'read' },
  },
  thresholds: {
    'http_req_duration{scenario:appends}': ['p(99)<120'],
    'http_req_duration{scenario:reads}': ['p(99)<30'],
    http_req_failed: ['rate<0.001'],
  },
};

export function setup() {
  const r = http.post(`${BASE}/thoughts`, JSON.stringify({
    type: 'plan', task_id: 'k6-setup', content: 'setup', ...agent('k6'),
  }), { headers: JSON_HEADERS });
  check(r, { 'setup append is 201': (res) => res.status === 201 });
  return { id: r.json('id') };
}

export function append() {
  const body = JSON.stringify({
    type: 'analysis',
    task_id: `k6-${__VU % 16}`,
    ...agent(`k6-vu-${__VU}`),
    content: CONTENT,
  });
  const r = http.post(`${BASE}/thoughts`, body, { headers: JSON_HEADERS });
  check(r, { 'append is 201': (res) => res.status === 201 });
}

export function read(data) {
  const r = http.get(`${BASE}/thoughts/${data.id}`, { headers: AUTH });
  check(r, { 'read is 200': (res) => res.status === 200 });
}
