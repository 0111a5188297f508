import {
  REMOVED_FROM_ROOM_MESSAGE,
  type ChatMessage,
  type RoomPeer,
  type RoomControls,
  type RoomRole,
  type RoomSettings,
} from '@riffroom/protocol';
import type { SharedRestrictions } from './state/room-state-store.js';

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
  { ok: true; member: Member } | { ok: false; code: 'room/guests-not-allowed' | 'room/removed'; message: string };

/**
 * What the host decided about who may come in, kept for the room's whole life (not only while
 * someone is in it): the people removed (uids, or guests' signed guest ids; the room directory
 * keeps them too, for other nodes and restarts), and this node's copy of the lock and guest
 * talkback (the room state store holds them for every node; the hub refreshes the copy on each
 * join). A new LiveRoom of the same room gets the same object.
 */
export interface RoomRestrictions extends SharedRestrictions {
  removed: Set<string>;
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

/** Sockets one person may have in a room unless configured (SOCKETS_PER_PERSON_PER_ROOM). */
export const DEFAULT_SOCKETS_PER_PERSON = 3;

/**
 * This node's members of one live room, with the rules a node can apply alone: the host is whoever
 * the room record names; anonymous sockets only when guest access is on; removed people stay out;
 * What every node must count alike (capacity, sockets per person, the lock, chat history, the
 * host's SFU presence, the chat and cursor rates)
 * is the room state store's (rooms/state/). Plain domain code: no sockets, no media.
 */
export class LiveRoom {
  private members = new Map<string, Member>();

  constructor(
    readonly roomId: string,
    private readonly hostUid: string,
    private settings: RoomSettings,
    private readonly restrictions: RoomRestrictions = noRestrictions(),
  ) {}

  /** Whether this identity is the room's host (by the room record). */
  isHost(identity: MemberIdentity): boolean {
    return identity.uid !== null && identity.uid === this.hostUid;
  }

  /** The checks this node makes alone, before the room state store takes a seat (room-hub.ts). */
  check(identity: MemberIdentity): Extract<AdmitResult, { ok: false }> | null {
    const key = identity.uid ?? identity.guestId;
    if (!this.isHost(identity) && this.restrictions.removed.has(key)) {
      return { ok: false, code: 'room/removed', message: REMOVED_FROM_ROOM_MESSAGE };
    }
    if (identity.uid === null && !this.settings.allowGuestAccess) {
      return { ok: false, code: 'room/guests-not-allowed', message: 'This room does not allow guests. Please log in.' };
    }
    return null;
  }

  /** Adds the member once check passed and the store gave it a seat. */
  admit(peerId: string, identity: MemberIdentity): AdmitResult {
    const refused = this.check(identity);
    if (refused) return refused;
    const isHost = this.isHost(identity);
    const key = identity.uid ?? identity.guestId;
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
    return { ok: true, member };
  }

  remove(peerId: string): RemoveResult | null {
    const member = this.members.get(peerId);
    if (!member) return null;
    this.members.delete(peerId);
    const lastOfKey = !this.keys().has(member.key);
    return { member, lastOfKey, hostLeft: member.role === 'host' && !this.hostOnline };
  }

  /** The room record's settings as read at a join: a change made through another node counts here too. */
  refreshSettings(settings: RoomSettings): void {
    this.settings = { ...settings };
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
  chat(peerId: string, text: string, now: number, id?: string): ChatMessage | null {
    const member = this.members.get(peerId);
    if (!member) return null;
    const message: ChatMessage = {
      from: member.key,
      fromName: member.user_name,
      message: text,
      timestamp: new Date(now).toISOString(),
      ...(id ? { id } : {}),
    };
    // The room state store keeps the history (room-interaction.ts), for joiners on every node.
    return message;
  }

  private keys(): Set<string> {
    return new Set([...this.members.values()].map((member) => member.key));
  }
}
