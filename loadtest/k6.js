// k6 load test for decision-trail: appends (1 KB records over 16 tasks) and reads
// by id, the same mix as bench/run.sh drives with hey.
//
//   k6 run -e BASE=http://127.0.0.1:8080 loadtest/k6.js
//
// Thresholds mirror the project's targets on a 2-core machine: appends p99 under
// 15 ms, no failed requests.
import http from 'k6/http';
import { check } from 'k6';

const BASE = __ENV.BASE || 'http://127.0.0.1:8080';
const CONTENT = 'x'.repeat(1000);

export const options = {
  scenarios: {
    appends: { executor: 'constant-vus', vus: 48, duration: '30s', exec: 'append' },
    reads: { executor: 'constant-vus', vus: 16, duration: '30s', exec: 'read' },
  },
  thresholds: {
    'http_req_duration{scenario:appends}': ['p(99)<15'],
    http_req_failed: ['rate<0.001'],
  },
};

export function setup() {
  const r = http.post(`${BASE}/thoughts`, JSON.stringify({
    type: 'plan', task_id: 'k6-setup', agent_id: 'k6', content: 'setup',
  }), { headers: { 'Content-Type': 'application/json' } });
  check(r, { 'setup append is 201': (res) => res.status === 201 });
  return { id: r.json('id') };
}

export function append() {
  const body = JSON.stringify({
    type: 'analysis',
    task_id: `k6-${__VU % 16}`,
    agent_id: `k6-vu-${__VU}`,
    content: CONTENT,
  });
  const r = http.post(`${BASE}/thoughts`, body, { headers: { 'Content-Type': 'application/json' } });
  check(r, { 'append is 201': (res) => res.status === 201 });
}

export function read(data) {
  const r = http.get(`${BASE}/thoughts/${data.id}`);
  check(r, { 'read is 200': (res) => res.status === 200 });
}
