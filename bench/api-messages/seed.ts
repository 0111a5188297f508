/**
 * Seeds users and messages straight into an already migrated SQLite file with raw better-sqlite3
 * prepared statements, in large transactions: a million rows through the API would take an hour.
 * Everything is drawn from one fixed-seed PRNG, so the same sizes give the same database.
 */
import { closeSync, fsyncSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { BACKFILL_CONVERSATIONS_SQL } from '../../server/src/db/migrations/0006_conversations.js';
import { BACKFILL_UNREAD_COUNTS_SQL } from '../../server/src/db/migrations/0008_conversation_unread_counts.js';

export interface SeedCaller {
  /** A real account (signed up through the API) that the seed makes a heavy or a typical user. */
  uid: string;
  rank: 'heaviest' | 'median';
}

export interface SeedOptions {
  filename: string;
  users: number;
  messages: number;
  seed: number;
  callers: SeedCaller[];
}

export interface CallerProfile {
  uid: string;
  rank: number;
  sent: number;
  received: number;
  unread: number;
  conversations: number;
  /** The partner this caller exchanged the most messages with: the conversation page to load. */
  busiestPartner: string;
  busiestPartnerMessages: number;
}

export interface SeedResult {
  seconds: number;
  /** Of which migrations 0006's and 0008's backfills of `conversations` (partners, unread counts) over every message. */
  backfillSeconds: number;
  callers: Record<string, CallerProfile>;
}

/** mulberry32: tiny, fast, and good enough to make a reproducible synthetic workload. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'mix master take vocal bass kick snare loop verse chorus bridge tempo key sample stem bounce ' +
  'session studio tonight tomorrow sounds great send me the link can you check levels reverb ' +
  'delay compressor guitar synth pad drop hook demo draft final version thanks love it'
).split(' ');
const ROLES = ['artist', 'artist', 'artist', 'producer', 'engineer'];
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The timeline ends at a fixed instant so that a rerun writes identical rows. */
const END_OF_TIMELINE = Date.UTC(2026, 0, 1);
const YEAR_MS = 365 * 86_400_000;
/** Activity follows Zipf's law with this exponent: the top 1% of users send about 30% of messages. */
const ZIPF_EXPONENT = 0.8;
/** Messages to the 20 most active users stay unread this often; most people's inboxes are read. */
const HEAVY_INBOX_UNREAD = 0.05;
/** The share of a user's messages that go to their closest collaborator. */
const CLOSEST_COLLABORATOR_SHARE = 0.2;
/** The most recent 3% of the timeline is unread this often for everyone. */
const RECENT_FRACTION = 0.03;
const RECENT_UNREAD = 0.6;

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function firebaseLikeUid(random: () => number): string {
  let uid = '';
  for (let i = 0; i < 28; i += 1) uid += ALPHABET[Math.floor(random() * 64)];
  return uid;
}

function sentence(random: () => number): string {
  const words: string[] = [];
  const length = 3 + Math.floor(random() * 25);
  for (let i = 0; i < length; i += 1) words.push(pick(random, WORDS));
  return words.join(' ');
}

/** Index of the first cumulative weight above `target` (weights sorted by rank). */
function bisect(cumulative: Float64Array, target: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function seed(options: SeedOptions): SeedResult {
  const started = performance.now();
  const random = prng(options.seed);
  const n = options.users;
  const db = new Database(options.filename);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');

  // uids by activity rank: rank 0 sends the most. The real callers take their ranks.
  const byRank: string[] = [];
  const callerRanks = new Map<number, string>();
  for (const caller of options.callers) callerRanks.set(caller.rank === 'heaviest' ? 0 : Math.floor(n / 2), caller.uid);
  const insertUser = db.prepare(
    `INSERT INTO users (firebase_uid, user_email, user_name, user_username, user_username_key, user_role, user_bio,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let rank = 0; rank < n; rank += 1) {
      const existing = callerRanks.get(rank);
      if (existing) {
        byRank.push(existing);
        continue;
      }
      const uid = firebaseLikeUid(random);
      const username = `seed${rank}`;
      const at = END_OF_TIMELINE - YEAR_MS - Math.floor(random() * YEAR_MS);
      const role = pick(random, ROLES);
      insertUser.run(
        uid,
        `${username}@bench.test`,
        `Seed User ${rank}`,
        username,
        username,
        role,
        sentence(random),
        at,
        at,
      );
      byRank.push(uid);
    }
  })();

  const cumulative = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank += 1) {
    total += 1 / Math.pow(rank + 1, ZIPF_EXPONENT);
    cumulative[rank] = total;
  }
  // Each user talks to a circle of contacts: about 500 for the most active, a handful for most.
  const contacts: number[][] = [];
  for (let rank = 0; rank < n; rank += 1) {
    const size = Math.max(3, Math.round(500 / Math.pow(rank + 1, 0.45)));
    const circle = new Set<number>();
    while (circle.size < Math.min(size, n - 1)) {
      const other = Math.floor(random() * n);
      if (other !== rank) circle.add(other);
    }
    contacts.push([...circle]);
  }

  const tracked = new Map(options.callers.map((caller) => [caller.uid, newProfile(caller.uid, byRank)]));
  const pairCounts = new Map<string, Map<string, number>>();
  const insertMessage = db.prepare(
    'INSERT INTO messages (from_uid, to_uid, content, created_at, read_at) VALUES (?, ?, ?, ?, ?)',
  );
  const step = YEAR_MS / options.messages;
  const batch = 50_000;
  for (let start = 0; start < options.messages; start += batch) {
    db.transaction(() => {
      for (let i = start; i < Math.min(start + batch, options.messages); i += 1) {
        const senderRank = bisect(cumulative, random() * total);
        // Everyone has one closest collaborator, so long conversations exist and pages matter.
        const circle = contacts[senderRank]!;
        const partnerRank = random() < CLOSEST_COLLABORATOR_SHARE ? circle[0]! : pick(random, circle);
        // Conversations go both ways: a good share of traffic is the partner replying.
        const [fromRank, toRank] = random() < 0.45 ? [partnerRank, senderRank] : [senderRank, partnerRank];
        const from = byRank[fromRank]!;
        const to = byRank[toRank]!;
        const createdAt = Math.floor(END_OF_TIMELINE - YEAR_MS + i * step);
        const recent = i >= options.messages * (1 - RECENT_FRACTION);
        const unread = (recent && random() < RECENT_UNREAD) || (toRank < 20 && random() < HEAVY_INBOX_UNREAD);
        insertMessage.run(from, to, sentence(random), createdAt, unread ? null : createdAt + 60_000);
        track(tracked, pairCounts, from, to, unread);
      }
    })();
  }
  // The API keeps `conversations` and their unread counts as it sends; rows written here behind
  // its back need the same backfills migrations 0006 and 0008 run on an existing database.
  const backfillStarted = performance.now();
  db.exec(BACKFILL_CONVERSATIONS_SQL);
  db.exec(BACKFILL_UNREAD_COUNTS_SQL);
  const backfillSeconds = (performance.now() - backfillStarted) / 1000;
  // Written with synchronous = OFF: move the WAL into the file and flush it to disk now, so the
  // kernel's writeback of a few hundred megabytes does not run under the first measurements.
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const file = openSync(options.filename, 'r+');
  fsyncSync(file);
  closeSync(file);

  const callers: Record<string, CallerProfile> = {};
  for (const caller of options.callers) {
    const profile = tracked.get(caller.uid)!;
    const partners = [...(pairCounts.get(caller.uid) ?? new Map<string, number>()).entries()];
    partners.sort((a, b) => b[1] - a[1]);
    profile.conversations = partners.length;
    profile.busiestPartner = partners[0]?.[0] ?? byRank[(profile.rank + 1) % n]!;
    profile.busiestPartnerMessages = partners[0]?.[1] ?? 0;
    callers[caller.rank] = profile;
  }
  return { seconds: (performance.now() - started) / 1000, backfillSeconds, callers };
}

function newProfile(uid: string, byRank: string[]): CallerProfile {
  return {
    uid,
    rank: byRank.indexOf(uid),
    sent: 0,
    received: 0,
    unread: 0,
    conversations: 0,
    busiestPartner: '',
    busiestPartnerMessages: 0,
  };
}

function track(
  tracked: Map<string, CallerProfile>,
  pairCounts: Map<string, Map<string, number>>,
  from: string,
  to: string,
  unread: boolean,
): void {
  const sender = tracked.get(from);
  const recipient = tracked.get(to);
  if (sender) sender.sent += 1;
  if (recipient) {
    recipient.received += 1;
    if (unread) recipient.unread += 1;
  }
  for (const [self, other] of [
    [from, to],
    [to, from],
  ] as const) {
    if (!tracked.has(self)) continue;
    const counts = pairCounts.get(self) ?? new Map<string, number>();
    counts.set(other, (counts.get(other) ?? 0) + 1);
    pairCounts.set(self, counts);
  }
}
