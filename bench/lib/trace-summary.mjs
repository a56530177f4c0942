#!/usr/bin/env node
/**
 * What a page load's main thread did, from a DevTools trace (BENCH_P8_REPORTS keeps one per
 * Lighthouse run): the renderer main thread's top-level tasks (count, total, those over 50 ms),
 * then the time of each kind of work inside them, self time only, largest first.
 * Times are the host's own, not Lighthouse's simulated phone: multiply by the run's CPU slowdown.
 *   node bench/lib/trace-summary.mjs <trace.json> [rows]
 */
import fs from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/lib/trace-summary.mjs <trace.json> [rows]');
  process.exit(2);
}
const trace = JSON.parse(fs.readFileSync(file, 'utf8'));
const events = Array.isArray(trace) ? trace : trace.traceEvents;

// the renderer main thread that parsed the page's HTML (Chromium's own pages, such as the new
// tab page it opens first, have renderers of their own)
const parsedPage = (e) => e.name === 'ParseHTML' && /^https?:/.test(e.args?.beginData?.url ?? '');
const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const isTask = (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
const main = events.filter((e) => parsedPage(e) && mains.has(`${e.pid}:${e.tid}`)).map((e) => `${e.pid}:${e.tid}`)[0];
if (!main) {
  console.error("no renderer main thread parsed the page's HTML in this trace");
  process.exit(1);
}
const onMain = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts || b.dur - a.dur);

// self time per event name: a stack of open events, each child's time taken from its parent
const self = new Map();
const stack = [];
const add = (name, us) => self.set(name, (self.get(name) ?? 0) + us);
for (const event of onMain) {
  while (stack.length && stack[stack.length - 1].end <= event.ts) stack.pop();
  const parent = stack[stack.length - 1];
  if (parent && event.ts + event.dur <= parent.end) {
    add(parent.event.name, -event.dur);
  } else if (parent) {
    continue; // overlapping, not nested: left out
  }
  add(event.name, event.dur);
  stack.push({ event, end: event.ts + event.dur });
}

const tasks = onMain.filter(isTask);
const ms = (us) => (us / 1000).toFixed(1);
const total = tasks.reduce((sum, t) => sum + t.dur, 0);
const long = tasks.filter((t) => t.dur > 50_000);
console.log(`main thread: ${tasks.length} tasks, ${ms(total)} ms; ${long.length} over 50 ms (${ms(long.reduce((s, t) => s + t.dur, 0))} ms)`);
const rows = Number(rowsArg) > 0 ? Number(rowsArg) : 20;
for (const [name, us] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
  if (us <= 0) continue;
  console.log(`${ms(us).padStart(9)} ms  ${name}`);
}
