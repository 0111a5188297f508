/**
 * Child process: the one flooding process of bench/under-attack.ts. Everything it sends comes from
 * one source address (`localAddress`, another 127.0.0.x on loopback) while the room's legitimate
 * clients stay on 127.0.0.1, so per-address limits can tell them apart. Its vectors are paced (see
 * each plan), so it measures the box's limits rather than starving the 2-core machine; it reports
 * its own CPU use beside what each vector achieved.
 */
import { serveRequests } from './child.js';
import { floodPeerJs, type PeerJsFloodPlan } from './flood-peerjs.js';
import { floodSignups, type SignupPlan } from './flood-signups.js';
import { floodBigChats, floodJoinChurn, type BigChatPlan, type ChurnPlan } from './flood-socketio.js';
import type { FloodTarget, FloodVector, VectorReport } from './flood-tally.js';

export interface FloodPlan {
  peerjs: PeerJsFloodPlan;
  bigChats: BigChatPlan;
  joinChurn: ChurnPlan;
  signups: SignupPlan;
}

export type FloodVectorName = keyof FloodPlan;

export interface FloodReport {
  /** Each vector the plan named. */
  vectors: Partial<Record<FloodVectorName, VectorReport>>;
  seconds: number;
  /** The flooder's own CPU over the flood, user + system, as % of one core. */
  cpuPct: number;
}

let vectors: Partial<Record<FloodVectorName, FloodVector>> = {};
let startedAt = 0;
let cpuAtStart = process.cpuUsage();

function report(): FloodReport {
  const seconds = (Date.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  const entries = Object.entries(vectors).map(([name, vector]) => [name, vector.report()]);
  return {
    vectors: Object.fromEntries(entries) as FloodReport['vectors'],
    seconds: Math.round(seconds * 10) / 10,
    cpuPct: Math.round(((cpu.user + cpu.system) / 1e6 / Math.max(seconds, 0.001)) * 1000) / 10,
  };
}

serveRequests({
  /** Starts the vectors the plan names (all four in the benchmark; `--vectors` picks some). */
  start: ({ target, plan }: { target: FloodTarget; plan: Partial<FloodPlan> }) => {
    startedAt = Date.now();
    cpuAtStart = process.cpuUsage();
    vectors = {};
    if (plan.peerjs) vectors.peerjs = floodPeerJs(target, plan.peerjs);
    if (plan.bigChats) vectors.bigChats = floodBigChats(target, plan.bigChats);
    if (plan.joinChurn) vectors.joinChurn = floodJoinChurn(target, plan.joinChurn);
    if (plan.signups) vectors.signups = floodSignups(target, plan.signups);
    return { started: Object.keys(vectors) };
  },
  report,
  /** The tallies as they stand, then everything closed: requests still unanswered stay uncounted. */
  stop: () => {
    const final = report();
    for (const vector of Object.values(vectors)) vector.stop();
    return final;
  },
});
