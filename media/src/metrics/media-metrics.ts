import { readFile } from 'node:fs/promises';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Realtime } from '../realtime/server.js';
import type { WorkerPool } from '../sfu/worker-pool.js';
import { takeRoomCensus, type PeerTier, type RoomCensus } from './peer-census.js';

const TIERS: readonly PeerTier[] = ['sfu', 'p2p', 'relay', 'none'];
const ROLES = ['host', 'participant', 'viewer'] as const;

export interface MediaMetrics {
  /** Counts one refusal by a flood limit of the media node. */
  rateLimited(limit: string): void;
  /** From now on the room, peer, SFU, relay and socket figures come from this realtime server. */
  watchRealtime(realtime: Realtime): void;
}

/**
 * The media node's Prometheus collectors. Gauges are computed when Prometheus scrapes, from the
 * state the node keeps anyway, so serving rooms costs nothing extra between scrapes.
 */
export function createMediaMetrics(registry: Registry, workers: WorkerPool): MediaMetrics {
  const registers = [registry];
  let realtime: Realtime | null = null;
  // A walk over the live rooms' members: cheap enough to take for each gauge that needs it.
  const census = (): RoomCensus | null => (realtime?.hub ? takeRoomCensus(realtime.hub, realtime.relay) : null);

  const refusals = new Counter({
    name: 'riffroom_media_rate_limit_refusals_total',
    help: 'Socket.IO events and connections, and PeerJS requests and connections, refused by a flood limit.',
    labelNames: ['limit'] as const,
    registers,
  });
  const replacements = new Counter({
    name: 'riffroom_mediasoup_worker_replacements_total',
    help: 'mediasoup workers replaced: reason "died" (a restart after a crash) or "recycled" (memory limit).',
    labelNames: ['reason'] as const,
    registers,
  });
  for (const reason of ['died', 'recycled']) replacements.inc({ reason }, 0);
  // The label keeps Prometheus' short form of the wire's reason ('worker-died' → 'died').
  workers.on('worker-replaced', ({ reason }) =>
    replacements.inc({ reason: reason === 'worker-died' ? 'died' : 'recycled' }),
  );

  new Gauge({
    name: 'riffroom_mediasoup_workers_live',
    help: 'mediasoup workers running now.',
    registers,
    collect() {
      this.set(workers.all().filter((worker) => !worker.closed).length);
    },
  });
  const workerCpu: Counter<'worker'> = new Counter({
    name: 'riffroom_mediasoup_worker_cpu_seconds_total',
    help: 'CPU time (user and system) of the mediasoup worker in each slot; a replaced worker starts again from 0.',
    labelNames: ['worker'] as const,
    registers,
    async collect() {
      await Promise.all(
        liveWorkers(workers).map(async ({ index, worker }) => {
          const usage = await worker.getResourceUsage().catch(() => null);
          if (usage) setTotal(workerCpu, { worker: String(index) }, (usage.ru_utime + usage.ru_stime) / 1000);
        }),
      );
    },
  });
  const workerMemory = new Gauge({
    name: 'riffroom_mediasoup_worker_resident_memory_bytes',
    help: 'Resident memory of each mediasoup worker process now (the worker that grows is recycled).',
    labelNames: ['worker'] as const,
    registers,
    async collect() {
      workerMemory.reset();
      await Promise.all(
        liveWorkers(workers).map(async ({ index, worker }) => {
          const bytes = await residentBytes(worker.pid);
          if (bytes !== null) workerMemory.set({ worker: String(index) }, bytes);
        }),
      );
    },
  });

  new Gauge({
    name: 'riffroom_rooms_active',
    help: 'Rooms with at least one member connected to this node.',
    registers,
    collect() {
      this.set(census()?.rooms ?? 0);
    },
  });
  const peers = new Gauge({
    name: 'riffroom_room_peers',
    help: 'Room members by the tier their media comes over (sfu, p2p, relay, none yet) and role.',
    labelNames: ['tier', 'role'] as const,
    registers,
    collect() {
      const counted = census();
      for (const tier of TIERS) {
        for (const role of ROLES) peers.set({ tier, role }, counted?.peers.get(`${tier}/${role}`) ?? 0);
      }
    },
  });
  const sfuObjects = new Gauge({
    name: 'riffroom_sfu_media_objects',
    help: 'mediasoup producers and consumers open now.',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const counted = census();
      sfuObjects.set({ kind: 'producer' }, counted?.producers ?? 0);
      sfuObjects.set({ kind: 'consumer' }, counted?.consumers ?? 0);
    },
  });
  const relayItems: Counter<'kind' | 'outcome'> = new Counter({
    name: 'riffroom_relay_items_total',
    help:
      'Relay tier deliveries by kind (video frames, audio batches) and outcome since start: ' +
      "sent (acked, timed_out, failed) or skipped (dropped: a newer frame replaced it, or a slow guest's bound).",
    labelNames: ['kind', 'outcome'] as const,
    registers,
    collect() {
      const totals = realtime?.relay?.totals;
      for (const kind of ['video', 'audio'] as const) {
        const stats = totals?.[kind];
        setTotal(relayItems, { kind, outcome: 'acked' }, stats?.acked ?? 0);
        setTotal(relayItems, { kind, outcome: 'timed_out' }, stats?.timedOut ?? 0);
        setTotal(relayItems, { kind, outcome: 'failed' }, stats?.failed ?? 0);
        setTotal(relayItems, { kind, outcome: 'dropped' }, stats?.dropped ?? 0);
      }
    },
  });
  const lanesBehind = new Gauge({
    name: 'riffroom_relay_lanes_behind',
    help: "Relay guests' lanes with a delivery unacked and a newer item already waiting, by kind.",
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const behind = realtime?.relay?.lanesBehind() ?? { video: 0, audio: 0 };
      lanesBehind.set({ kind: 'video' }, behind.video);
      lanesBehind.set({ kind: 'audio' }, behind.audio);
    },
  });
  new Gauge({
    name: 'riffroom_relay_small_guests',
    help: "Relay guests on this node offered the small (640x360) rendition: their links' deliveries were too slow for full frames.",
    registers,
    collect() {
      this.set(realtime?.relay?.smallGuests() ?? 0);
    },
  });
  new Gauge({
    name: 'riffroom_socketio_connections',
    help: 'Socket.IO connections open now (rooms and notifications).',
    registers,
    collect() {
      this.set(realtime?.io.engine.clientsCount ?? 0);
    },
  });

  return {
    rateLimited: (limit) => refusals.inc({ limit }),
    watchRealtime(watched) {
      realtime = watched;
    },
  };
}

/**
 * Brings a counter to a running total kept elsewhere. A total that went down belongs to a new
 * process (a replaced worker): the series starts again from it, which Prometheus reads as a reset.
 */
function setTotal<L extends string>(counter: Counter<L>, labels: Partial<Record<L, string>>, total: number): void {
  const last = totals.get(counter)?.get(JSON.stringify(labels)) ?? 0;
  if (total < last) counter.remove(labels);
  const delta = total < last ? total : total - last;
  counter.inc(labels, delta);
  if (!totals.has(counter)) totals.set(counter, new Map());
  totals.get(counter)!.set(JSON.stringify(labels), total);
}
const totals = new WeakMap<Counter<string>, Map<string, number>>();

function liveWorkers(pool: WorkerPool) {
  return pool.all().flatMap((worker, index) => (worker.closed ? [] : [{ index, worker }]));
}

/** VmRSS from /proc (Linux, where the box runs); null where there is no /proc or the process is gone. */
async function residentBytes(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}
