import {
  CHAT_HISTORY_LIMIT,
  REMOVED_FROM_ROOM_MESSAGE,
  ROOM_LOCKED_MESSAGE,
  CURSOR_MAX_PER_SECOND,
  type ChatMessage,
  type RoomPeer,
  type RoomControls,
  type RoomRole,
  type RoomSettings,
} from '@riffroom/protocol';
import { RateLimiter } from './rate-limiter.js';

/** Who a socket is, as the handshake proved it: a uid, or the id the server gave a guest. */
export interface MemberIdentity {
  uid: string | null;
  guestId: string;
  name: string;
  /** For a signed-in non-host: the role they joined with over the API, if any. */
  requestedRole?: Exclude<RoomRole, 'host'>;
}

export interface Member extends RoomPeer {
  /** uid, or guest id: one person with two tabs is one participant. */
  key: string;
  /** PeerJS id announced with peer-ready, for the fallback tier. */
  p2pPeerId: string | null;
}

export type AdmitResult =
  | { ok: true; member: Member; firstOfKey: boolean }
  | {
      ok: false;
      code: 'room/full' | 'room/guests-not-allowed' | 'room/too-many-sockets' | 'room/removed' | 'room/locked';
      message: string;
    };

/**
 * What the host decided about who may come in, kept for the room's whole life (not only while
 * someone is in it): the people removed (uids, or guests' signed guest ids; the room directory
 * keeps them too, for other nodes and restarts), and the lock. A new LiveRoom of the same room gets
 * the same object.
 */
export interface RoomRestrictions {
  removed: Set<string>;
  locked: boolean;
  /** Whether anonymous guests may talk back (issue 17); off by default. */
  allowGuestTalkback: boolean;
}

export const noRestrictions = (): RoomRestrictions => ({
  removed: new Set(),
  locked: false,
  allowGuestTalkback: false,
});

/** The controls a host may change live (room:controls); absent fields stay. */
export interface ControlsChange {
  allowGuestAccess?: boolean;
  maxParticipants?: number;
  isPublic?: boolean;
  locked?: boolean;
  allowGuestTalkback?: boolean;
}

export interface RemoveResult {
  member: Member;
  /** The person has no other socket left in the room. */
  lastOfKey: boolean;
  /** The host's last socket left. */
  hostLeft: boolean;
}

/**
 * Where the host stands with the SFU tier, as its guests need to know it: 'on' (using it, or never
 * left it), 'off' (it abandoned the SFU with sfu:close-transports: guests are turned away from it
 * meanwhile), 'returning' (it set up a send transport again, or left the room while off it, and has
 * not produced yet: guests may try the SFU but are told only once the host produces).
 */
export type HostSfuPresence = 'on' | 'off' | 'returning';

/** What the host did that matters to its presence on the SFU. */
export type HostSfuEvent = 'closed-transports' | 'created-send-transport' | 'left-room' | 'produced';

/**
 * The host-presence rule: given the state and what the host did, the next state, and whether the
 * guests that fell back are to be told they may climb back (sfu:host-returned). They are told once,
 * on the host's first producer after it was off the SFU.
 */
export function nextHostSfuPresence(
  state: HostSfuPresence,
  event: HostSfuEvent,
): { state: HostSfuPresence; announceReturn: boolean } {
  switch (event) {
    case 'closed-transports':
      return { state: 'off', announceReturn: false };
    case 'created-send-transport':
    case 'left-room':
      // A host that comes back chooses its tier again and says so; until it produces, guests wait.
      return { state: state === 'on' ? 'on' : 'returning', announceReturn: false };
    case 'produced':
      return { state: 'on', announceReturn: state !== 'on' };
  }
}

export const CHAT_MAX_PER_10S = 20;
/** Sockets one person may have in a room unless configured (SOCKETS_PER_PERSON_PER_ROOM). */
export const DEFAULT_SOCKETS_PER_PERSON = 3;

/**
 * The membership of one live room, with its rules: the host is whoever the room record names;
 * anonymous sockets only when guest access is on; capacity counts people other than the host;
 * one person has at most a few sockets in it (each costs transports and consumers); the host may
 * move the cursor at a bounded rate; chat keeps a bounded history.
 * Plain domain code: no sockets, no media.
 */
export class LiveRoom {
  private members = new Map<string, Member>();
  private history: ChatMessage[] = [];
  private cursorLimiter = new RateLimiter(CURSOR_MAX_PER_SECOND, 1000);
  private chatLimiters = new Map<string, RateLimiter>();
  private hostSfu: HostSfuPresence = 'on';
  /** Everyone ever admitted (uid or guest id): while the server drains only they get back in. */
  private seen = new Set<string>();

  constructor(
    readonly roomId: string,
    private readonly hostUid: string,
    private settings: RoomSettings,
    private readonly socketsPerPerson = DEFAULT_SOCKETS_PER_PERSON,
    private readonly restrictions: RoomRestrictions = noRestrictions(),
  ) {}

  admit(peerId: string, identity: MemberIdentity): AdmitResult {
    const isHost = identity.uid !== null && identity.uid === this.hostUid;
    const key = identity.uid ?? identity.guestId;
    if (!isHost && this.restrictions.removed.has(key)) {
      return { ok: false, code: 'room/removed', message: REMOVED_FROM_ROOM_MESSAGE };
    }
    // Locked: nobody new; someone who was in and dropped (a blip, a reload) comes back.
    if (!isHost && this.restrictions.locked && !this.seen.has(key)) {
      return { ok: false, code: 'room/locked', message: ROOM_LOCKED_MESSAGE };
    }
    if (identity.uid === null && !this.settings.allowGuestAccess) {
      return { ok: false, code: 'room/guests-not-allowed', message: 'This room does not allow guests. Please log in.' };
    }
    const present = this.keys();
    if (this.socketsOf(key) >= this.socketsPerPerson) {
      return {
        ok: false,
        code: 'room/too-many-sockets',
        message: `You have this room open ${this.socketsPerPerson} times already. Close a tab or device to join here.`,
      };
    }
    if (!isHost && !present.has(key) && this.participantCount >= this.settings.maxParticipants) {
      return {
        ok: false,
        code: 'room/full',
        message: `This room is full (${this.settings.maxParticipants} participants at most).`,
      };
    }
    const role: RoomRole = isHost ? 'host' : (identity.requestedRole ?? 'viewer');
    const member: Member = {
      peerId,
      key,
      firebase_uid: identity.uid,
      user_name: identity.name,
      role,
      p2pPeerId: null,
    };
    this.members.set(peerId, member);
    this.seen.add(key);
    return { ok: true, member, firstOfKey: !present.has(key) };
  }

  remove(peerId: string): RemoveResult | null {
    const member = this.members.get(peerId);
    if (!member) return null;
    this.members.delete(peerId);
    this.chatLimiters.delete(peerId);
    const lastOfKey = !this.keys().has(member.key);
    return { member, lastOfKey, hostLeft: member.role === 'host' && !this.hostOnline };
  }

  /** The host changed who may join: applies to the next join; those present stay. */
  applyControls(change: ControlsChange): RoomControls {
    const { locked, allowGuestTalkback, ...settings } = change;
    this.settings = { ...this.settings, ...settings };
    if (locked !== undefined) this.restrictions.locked = locked;
    if (allowGuestTalkback !== undefined) this.restrictions.allowGuestTalkback = allowGuestTalkback;
    return this.controls();
  }

  controls(): RoomControls {
    const { locked, allowGuestTalkback } = this.restrictions;
    return { settings: { ...this.settings }, locked, allowGuestTalkback };
  }

  /** Whether this member may talk back: the host and signed-in people; guests when the host allows it. */
  mayTalk(member: Member): boolean {
    return member.firebase_uid !== null || this.restrictions.allowGuestTalkback;
  }

  /**
   * The host removes the person one of whose sockets is `peerId`: their sockets to drop (every tab),
   * or null when there is no such member or it is the host. They may not come back (a guest, as long
   * as it presents its guest token).
   */
  removePerson(peerId: string): string[] | null {
    const target = this.members.get(peerId);
    if (!target || target.role === 'host') return null;
    this.restrictions.removed.add(target.key);
    return [...this.members.values()].filter((member) => member.key === target.key).map((member) => member.peerId);
  }

  /** Whether this person (uid or guest id) has been in the room before. */
  hasSeen(key: string): boolean {
    return this.seen.has(key);
  }

  /** Every member now, host included (metrics count them by tier and role). */
  allMembers(): IterableIterator<Member> {
    return this.members.values();
  }

  member(peerId: string): Member | undefined {
    return this.members.get(peerId);
  }

  get isEmpty(): boolean {
    return this.members.size === 0;
  }

  get hostOnline(): boolean {
    for (const member of this.members.values()) if (member.role === 'host') return true;
    return false;
  }

  /** People present other than the host (a person with two tabs counts once). */
  get participantCount(): number {
    const keys = new Set<string>();
    for (const member of this.members.values()) if (member.role !== 'host') keys.add(member.key);
    return keys.size;
  }

  peers(exceptPeerId?: string): RoomPeer[] {
    return [...this.members.values()]
      .filter((member) => member.peerId !== exceptPeerId)
      .map(({ peerId, firebase_uid, user_name, role }) => ({ peerId, firebase_uid, user_name, role }));
  }

  /**
   * Records the PeerJS id a member announced (peer-ready): an id names one member, or the host could
   * not tell who dials it. False, and nothing recorded, when another socket already holds it; except
   * that the host's claim wins, so a guest that grabbed the host's id (say, between the host's socket
   * dropping and its rejoin) cannot keep the host from serving the tier.
   */
  setP2pPeer(peerId: string, p2pPeerId: string): boolean {
    const member = this.members.get(peerId);
    if (!member) return false;
    const holder = this.memberByP2pPeer(p2pPeerId);
    if (holder && holder !== member) {
      if (member.role !== 'host') return false;
      holder.p2pPeerId = null;
    }
    member.p2pPeerId = p2pPeerId;
    return true;
  }

  /**
   * The PeerJS ids the host's sockets announced (get-peers), never the caller's own. Only the host's
   * count, whatever a guest's peer-ready said, so a guest cannot pose as the host.
   */
  hostP2pPeers(exceptPeerId: string): string[] {
    return [...this.members.values()].flatMap((member) =>
      member.role === 'host' && member.peerId !== exceptPeerId && member.p2pPeerId ? [member.p2pPeerId] : [],
    );
  }

  /** The current member that announced this PeerJS id, if any. */
  memberByP2pPeer(p2pPeerId: string): Member | undefined {
    for (const member of this.members.values()) if (member.p2pPeerId === p2pPeerId) return member;
    return undefined;
  }

  /** Author and time come from the server; the text was validated (trimmed, 1..1000) at the edge. */
  chat(peerId: string, text: string, now: number, id?: string): ChatMessage | 'rate-limited' | null {
    const member = this.members.get(peerId);
    if (!member) return null;
    let limiter = this.chatLimiters.get(peerId);
    if (!limiter) this.chatLimiters.set(peerId, (limiter = new RateLimiter(CHAT_MAX_PER_10S, 10_000)));
    if (!limiter.take(now)) return 'rate-limited';
    const message: ChatMessage = {
      from: member.key,
      fromName: member.user_name,
      message: text,
      timestamp: new Date(now).toISOString(),
      ...(id ? { id } : {}),
    };
    this.history.push(message);
    if (this.history.length > CHAT_HISTORY_LIMIT) this.history.splice(0, this.history.length - CHAT_HISTORY_LIMIT);
    return message;
  }

  chatHistory(): ChatMessage[] {
    return [...this.history];
  }

  /** Whether the host abandoned the SFU tier for a fallback (its guests should not wait on the SFU). */
  get hostOffSfu(): boolean {
    return this.hostSfu === 'off';
  }

  /** Applies nextHostSfuPresence; true when the guests are to hear sfu:host-returned now. */
  hostSfuChanged(event: HostSfuEvent): boolean {
    const next = nextHostSfuPresence(this.hostSfu, event);
    this.hostSfu = next.state;
    return next.announceReturn;
  }

  /** Whether a host cursor update may go out now; extra ones inside the second are dropped. */
  allowCursor(now: number): boolean {
    return this.cursorLimiter.take(now);
  }

  private socketsOf(key: string): number {
    let sockets = 0;
    for (const member of this.members.values()) if (member.key === key) sockets += 1;
    return sockets;
  }

  private keys(): Set<string> {
    return new Set([...this.members.values()].map((member) => member.key));
  }
}
