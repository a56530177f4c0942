/**
 * P3: SQL statements per request of the public course list (GET /public/courses) and the
 * course detail (GET /public/courses/:slug/:flag), counted from knex's `query` events in
 * the CMS process, and the throughput of each call against the bare ceiling.
 * Targets: <= 6 statements for the list, <= 8 for the detail.
 */
import { cannon, check, fetchBytes, fetchOk, fmt, interleave, median, pct, row, startBareServer, summarize } from './lib/common.mjs';
import { COURSE_SLUG } from './p1-course-page.mjs';

const SAMPLES = 5;
const CONNECTIONS = 10;

/** Statements of one call: the median over a few sequential calls (after one warm call), so a timer's stray query does not count. */
async function statementsOf(cms, url) {
  await fetchBytes(url);
  const counts = [];
  for (let i = 0; i < SAMPLES; i++) {
    const before = (await cms.call('queries')).count;
    const answer = await fetchBytes(url);
    const after = (await cms.call('queries')).count;
    if (answer.status !== 200) throw new Error(`P3: ${url} answered ${answer.status}`);
    counts.push(after - before);
  }
  return { median: median(counts), min: Math.min(...counts), max: Math.max(...counts) };
}

async function throughput(name, url, options) {
  const body = await fetchOk(url);
  const bare = await startBareServer(body.body, body.headers.get('content-type') ?? 'application/json; charset=utf-8');
  try {
    return await interleave({
      name: `P3 ${name}`,
      rounds: options.rounds,
      warmup: async () => {
        await cannon({ url: `${bare.url}/`, connections: CONNECTIONS, duration: options.warmup });
        await cannon({ url, connections: CONNECTIONS, duration: options.warmup });
      },
      ceiling: async () => summarize(await cannon({ url: `${bare.url}/`, connections: CONNECTIONS, duration: options.duration })),
      subject: async () => summarize(await cannon({ url, connections: CONNECTIONS, duration: options.duration })),
    });
  } finally {
    await bare.stop();
  }
}

export async function run({ cms, options }) {
  const list = await (await fetch(`${cms.url}/public/courses`)).json();
  const course = list.data.find((item) => item.slug === COURSE_SLUG) ?? list.data[0];
  const calls = [
    ['course list', `${cms.url}/public/courses`, 6],
    ['course detail', `${cms.url}/public/courses/${course.id}-${course.slug}/0`, 8],
  ];
  const rows = [];
  for (const [name, url, limit] of calls) {
    const statements = await statementsOf(cms, url);
    const spread = statements.min === statements.max ? '' : ` (${statements.min}–${statements.max})`;
    rows.push(
      row(
        'P3',
        `${name}: SQL statements per request`,
        `${statements.median}${spread}`,
        `<= ${limit}`,
        check(statements.median, (v) => v <= limit),
        `${new URL(url).pathname}, ${cms.client}`,
      ),
    );
    const result = await throughput(name, url, options);
    const ratio = result.subject.rps / result.ceiling.rps;
    rows.push(
      row(
        'P3',
        `${name}: req/s (bare node:http, same bytes)`,
        `${fmt(result.subject.rps)} (${fmt(result.ceiling.rps)})`,
        '',
        null,
        `${pct(ratio)} of bare; p99 ${fmt(result.subject.p99)} ms; ${CONNECTIONS} connections; errors ${result.subject.errors}, non-2xx ${result.subject.non2xx}`,
      ),
    );
  }
  return rows;
}
