/**
 * `npm run bench:api` — the messages API at 10,000 users and 1,000,000 messages (README "Performance").
 * `--smoke` runs the same code on a tiny database (what the test suite runs); `--out DIR` writes
 * the JSON and SVG elsewhere than bench/results.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOX_NODE_FLAGS } from '../scripts/box/node-flags.js';
import { FULL, runApiMessagesBench, SMOKE } from './api-messages/run.js';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const outIndex = args.indexOf('--out');
const outDir =
  outIndex >= 0 && args[outIndex + 1]
    ? path.resolve(args[outIndex + 1]!)
    : path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

const missingFlags = BOX_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
if (missingFlags.length > 0) {
  console.log(
    `note: started without the box's ${missingFlags.join(' ')} (npm run bench:api passes it): GC pauses will be more frequent`,
  );
}
const size = smoke ? SMOKE : FULL;
console.log(`api-messages: ${size.users} users, ${size.messages} messages${smoke ? ' (smoke)' : ''}`);
const { report, table } = await runApiMessagesBench(size, { smoke, outDir });
console.log(
  `seeded in ${report.dataset.seedSeconds.toFixed(1)} s (conversations backfill ` +
    `${report.dataset.conversationsBackfillSeconds.toFixed(1)} s); SQLite ${report.machine.sqlite}, Node ${report.machine.node}, ` +
    `load average ${report.machine.loadavg.toFixed(1)} on ${report.machine.cpus} cores`,
);
for (const [rank, caller] of Object.entries(report.dataset.callers)) {
  console.log(
    `${rank} user: ${caller.sent} sent, ${caller.received} received, ${caller.unread} unread, ` +
      `${caller.conversations} conversations; busiest conversation ${caller.busiestPartnerMessages} messages`,
  );
}
const floor = report.httpFloor;
console.log(
  `HTTP floor (GET /healthz: no token, no SQL): p50 ${floor.latency.p50.toFixed(2)} ms, ` +
    `p99 ${floor.latency.p99.toFixed(2)} ms (in the API's process ${floor.serverLatency.p99.toFixed(2)} ms), ` +
    `${floor.throughput.requestsPerSecond.toFixed(0)} req/s; ` +
    `${floor.gcDuringLatency.count} GC pauses in its ${floor.latency.samples} timed requests`,
);
console.log(table);
console.log(`wrote ${path.join(outDir, 'api-messages.json')} and api-messages.svg`);
