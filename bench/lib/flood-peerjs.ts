/**
 * Flood vector: many PeerJS signalling sockets from one address (issue 14, items 1 and 7). Opens
 * `opensPerSecond` raw WebSockets to /peerjs/peerjs with fresh ids and tokens, keeps about
 * `maxOpen` of them open (once that many are, the oldest goes for each new one), keeps them alive with PeerJS heartbeats, and sends OFFERs to
 * ids nobody holds (the server queues those until they expire). A socket is accepted once the
 * server says OPEN; a 429 or other refused upgrade, an ERROR, a close or a failed connect before
 * that is a refusal.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { PEER_HEARTBEAT_MS, PEERJS_KEY, PEERJS_PATH } from '@riffroom/protocol';
import { WebSocket } from 'ws';
import { count, newTally, type FloodTarget, type FloodVector } from './flood-tally.js';

export interface PeerJsFloodPlan {
  opensPerSecond: number;
  maxOpen: number;
  /** OFFERs per second over all open sockets, each with an SDP of `offerBytes`. */
  offersPerSecond: number;
  offerBytes: number;
}

/** An open that gets no answer within this long counts as 'no answer' and is abandoned. */
const ANSWER_TIMEOUT_MS = 5000;
const TICK_MS = 100;

export function floodPeerJs(target: FloodTarget, plan: PeerJsFloodPlan): FloodVector {
  const requests = newTally();
  const notes = { messagesSent: 0, droppedAfterOpen: 0 };
  const open: WebSocket[] = [];
  const all = new Set<WebSocket>();
  /** Sockets this vector closed itself (the oldest beyond maxOpen): not drops by the server. */
  const closing = new WeakSet<WebSocket>();
  let stopped = false;
  const wsBase = `${target.baseUrl.replace(/^http/, 'ws')}${PEERJS_PATH}/peerjs`;
  const sdp = 'v=0\r\n' + 'a'.repeat(Math.max(0, plan.offerBytes - 5));

  const openOne = () => {
    const url = `${wsBase}?key=${PEERJS_KEY}&id=${randomUUID()}&token=${randomBytes(8).toString('hex')}`;
    const ws = new WebSocket(url, { localAddress: target.localAddress, handshakeTimeout: ANSWER_TIMEOUT_MS });
    all.add(ws);
    requests.sent += 1;
    let settled = false;
    const settle = (outcome: 'accepted' | 'refused' | 'other', name: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      count(requests, outcome, name);
    };
    const timer = setTimeout(() => {
      settle('other', 'no answer');
      ws.terminate();
    }, ANSWER_TIMEOUT_MS);
    ws.on('message', (data) => {
      let type = 'unparsable';
      try {
        type = String((JSON.parse(data.toString()) as { type?: unknown }).type);
      } catch {
        // counted as 'peerjs unparsable' below
      }
      if (type === 'OPEN') {
        settle('accepted', 'peerjs OPEN');
        open.push(ws);
      } else if (!settled) {
        settle('refused', `peerjs ${type}`);
      }
    });
    ws.on('error', (error) => {
      // ws reports a refused upgrade as an error naming the status: 'Unexpected server response: 429'.
      const status = /Unexpected server response: (\d+)/.exec(error.message)?.[1];
      settle('refused', status ? `HTTP ${status}` : 'connect error');
    });
    ws.on('close', () => {
      all.delete(ws);
      const index = open.indexOf(ws);
      if (index >= 0) {
        open.splice(index, 1);
        if (!stopped && !closing.has(ws)) notes.droppedAfterOpen += 1;
      }
      settle('refused', 'closed');
    });
  };

  let tick = 0;
  let opensDue = 0;
  let offersDue = 0;
  const interval = setInterval(() => {
    tick += 1;
    opensDue += (plan.opensPerSecond * TICK_MS) / 1000;
    for (; opensDue >= 1; opensDue -= 1) {
      while (open.length >= plan.maxOpen) {
        const oldest = open.shift()!;
        closing.add(oldest);
        oldest.close();
      }
      openOne();
    }
    const send = (ws: WebSocket, message: object) => {
      if (ws.readyState !== WebSocket.OPEN) return;
      ws.send(JSON.stringify(message));
      notes.messagesSent += 1;
    };
    if (tick % Math.round(PEER_HEARTBEAT_MS / TICK_MS) === 0) for (const ws of open) send(ws, { type: 'HEARTBEAT' });
    // Offers not sent for want of an open socket are not saved up for a burst later.
    offersDue = Math.min(offersDue + (plan.offersPerSecond * TICK_MS) / 1000, 1 + plan.offersPerSecond / 10);
    for (; offersDue >= 1 && open.length > 0; offersDue -= 1) {
      const ws = open[Math.floor(Math.random() * open.length)]!;
      send(ws, {
        type: 'OFFER',
        dst: randomUUID(),
        payload: { type: 'media', connectionId: randomUUID(), sdp: { sdp } },
      });
    }
  }, TICK_MS);

  return {
    report: () => ({ requests: structuredClone(requests), notes: { ...notes, open: open.length } }),
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(interval);
      for (const ws of all) ws.terminate();
    },
  };
}
