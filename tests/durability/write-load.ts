import { jsonCaller } from '../../server/src/testing/test-api.js';

export interface LoadUser {
  uid: string;
  idToken: string;
}

export interface AckedMessage {
  id: string;
  from: string;
  to: string;
  content: string;
}

/** Every write the API answered 2xx: what must survive any crash after the answer. */
export interface Acked {
  messages: Map<string, AckedMessage>;
  bookings: Set<string>;
}

export const newAcked = (): Acked => ({ messages: new Map(), bookings: new Set() });

/**
 * A load client: `concurrency` loops that send messages (most), booking requests and mark-reads
 * between random pairs of `users` (who all follow each other), until stopped. A request whose
 * answer never came (the box died meanwhile) may or may not have been stored; only the 2xx ones
 * are recorded in `acked`.
 */
export function startWriteLoad(baseUrl: string, users: LoadUser[], acked: Acked, label: string, concurrency = 4) {
  const call = jsonCaller(baseUrl);
  let stopped = false;
  let writes = 0;
  let serial = 0;
  const pick = () => users[Math.floor(Math.random() * users.length)]!;

  async function oneWrite(): Promise<void> {
    const from = pick();
    let to = pick();
    while (to.uid === from.uid) to = pick();
    serial += 1;
    const roll = Math.random();
    if (roll < 0.75) {
      const content = `${label}-${serial}`;
      const sent = await call('POST', '/api/messages/send', { token: from.idToken, body: { to_uid: to.uid, content } });
      if (sent.status !== 201) throw new Error(`send answered ${sent.status}`);
      const id = String(sent.body.message._id);
      acked.messages.set(id, { id, from: from.uid, to: to.uid, content });
    } else if (roll < 0.9) {
      // A distinct time each, so that every request is a new one (an identical pending one is not).
      const start = Date.UTC(2031, 0, 1) + (Math.floor(Math.random() * 1e9) % 1e6) * 3_600_000;
      const booked = await call('POST', '/sessions/request-booking', {
        token: from.idToken,
        body: {
          targetUser: to.uid,
          startTime: new Date(start).toISOString(),
          endTime: new Date(start + 3_600_000).toISOString(),
          message: label,
        },
      });
      if (booked.status !== 201 && booked.status !== 200) throw new Error(`booking answered ${booked.status}`);
      acked.bookings.add(String(booked.body.booking._id));
    } else {
      const read = await call('POST', '/api/messages/mark-read', { token: to.idToken, body: { from: from.uid } });
      if (read.status !== 200) throw new Error(`mark-read answered ${read.status}`);
    }
    writes += 1;
  }

  /** Answers other than 2xx, or anything but the box going away: the test fails on any. */
  const failures: string[] = [];
  const loops = Array.from({ length: concurrency }, async () => {
    while (!stopped) {
      try {
        await oneWrite();
      } catch (error) {
        // fetch's TypeError is the connection refused or reset: the crash. Its outcome is unknown.
        if (error instanceof TypeError) await new Promise((resolve) => setImmediate(resolve));
        else failures.push(String(error));
      }
    }
  });
  return {
    /** Writes answered 2xx since this load started. */
    writes: () => writes,
    failures,
    async stop(): Promise<void> {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
