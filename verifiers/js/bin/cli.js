#!/usr/bin/env node
// The command line of decision-trail-verify (spec §9):
//   decision-trail-verify FILE [--key K] [--checkpoint F] [--policy P] [--record R] [--json]
// Exit 0 whole/one_record, 3 not_shown, 1 failed, 2 could not run.

import { readFileSync, statSync } from 'node:fs';
import { verify, UsageError, EXIT } from '../src/verify.js';

const USAGE = 'usage: decision-trail-verify FILE [--key KEY|KEYFILE] [--checkpoint FILE] [--policy FILE] [--record FILE] [--json]';

function cannotRun(msg) {
  process.stderr.write(`error: ${msg}\n${USAGE}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { json: false };
  const files = [];
  const valued = new Set(['--key', '--checkpoint', '--policy', '--record']);
  for (let i = 0; i < argv.length; i++) {
    let a = argv[i];
    let v;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0) { v = a.slice(eq + 1); a = a.slice(0, eq); }
    if (a === '--json' && v === undefined) opts.json = true;
    else if (a === '-h' || a === '--help') { process.stdout.write(`${USAGE}\n`); process.exit(0); }
    else if (valued.has(a)) {
      if (v === undefined) {
        if (i + 1 >= argv.length) cannotRun(`${a} needs a value`);
        v = argv[++i];
      }
      const name = a.slice(2);
      if (opts[name] !== undefined) cannotRun(`${a} given twice`);
      opts[name] = v;
    } else if (a === '--') files.push(...argv.slice(i + 1)), (i = argv.length);
    else if (a.startsWith('-') && a !== '-') cannotRun(`unknown option ${a}`);
    else files.push(a);
  }
  if (files.length !== 1) cannotRun(files.length ? 'one FILE only' : 'no FILE given');
  opts.file = files[0];
  return opts;
}

function read(path, what) {
  try { return new Uint8Array(readFileSync(path === '-' ? 0 : path)); } catch (e) {
    return cannotRun(`cannot read ${what} ${path}: ${e.message}`);
  }
}

const isFile = (p) => { try { return statSync(p).isFile(); } catch { return false; } };

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const text = (b) => new TextDecoder().decode(b);
  const args = {};
  if (opts.key !== undefined) args.key = (isFile(opts.key) ? text(read(opts.key, 'the key file')) : opts.key).trim();
  if (opts.checkpoint !== undefined) args.checkpoint = read(opts.checkpoint, 'the checkpoint');
  if (opts.policy !== undefined) args.policy = read(opts.policy, 'the policy');
  if (opts.record !== undefined) args.record = read(opts.record, 'the record');
  const file = read(opts.file, 'the file');
  let res;
  try { res = await verify(file, args); } catch (e) {
    if (e instanceof UsageError) return cannotRun(e.message);
    throw e;
  }
  if (opts.json) process.stdout.write(JSON.stringify(res) + '\n');
  else if (res.verdict === 'failed') {
    process.stderr.write(`FAILED: ${opts.file}: ${res.line !== null ? `line ${res.line}: ` : ''}${res.code}: ${res.message}\n`);
  } else process.stdout.write(res.message + '\n');
  process.exitCode = EXIT[res.verdict];
}

main().catch((e) => {
  process.stderr.write(`error: ${e && e.stack ? e.stack : e}\n`);
  process.exit(2);
});
