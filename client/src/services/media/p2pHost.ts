import type { VerifiedP2pPeer } from '@riffroom/protocol';
import type { DataConnection, MediaConnection, Peer } from 'peerjs';
import { DataLink } from './p2pData';
import {
  callSdp,
  openPeer,
  P2pError,
  type P2pChatMessage,
  type P2pContext,
  type P2pShare,
  type P2pTier,
} from './p2pPeer';

interface Guest {
  /** Who the server says announced the connection's PeerJS id: a current member of this room. */
  member: VerifiedP2pPeer;
  link: DataLink;
  /**
   * The guest is listening for our call: its data connection opened (a guest answers calls before
   * it dials us), or it said guest-joined.
   */
  ready: boolean;
  call: MediaConnection | null;
}

/** Errors after which this peer can no longer be reached: open a new one. */
const FATAL = new Set([
  'browser-incompatible',
  'invalid-id',
  'invalid-key',
  'network',
  'ssl-unavailable',
  'server-error',
  'socket-error',
  'socket-closed',
  'unavailable-id',
]);

/**
 * The host's side of the peer-to-peer tier. Guests dial a data connection to the host's announced
 * id. The server decides who may have the host's media: each incoming connection waits while the
 * host asks it (p2p:verify-peer) whether that PeerJS id belongs to a current member of the room,
 * and is closed unheard and uncalled if not; a member's link is dropped when the member leaves.
 * As soon as an admitted connection opens the host calls the guest with what it shares, and calls
 * every ready guest again whenever that changes (sharing starts or stops, another audio source), so
 * a guest that came before the screen gets it the moment sharing starts. The guest's guest-joined,
 * 1 s after the connection opens (spec part 9), only calls a guest not called yet: waiting for it
 * cost every P2P guest a second before its first frame (bench/latency.ts). Chat from a guest is
 * shown under the verified member's name, never the one it wrote. Served whatever the host's own tier is.
 */
export class P2pHost implements P2pTier {
  private peer: Peer | null = null;
  private opening: Promise<Peer> | null = null;
  private readonly guests = new Map<string, Guest>();
  private share: P2pShare | null = null;
  private closed = false;
  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly context: P2pContext) {
    // A member who left (or whose socket did) no longer gets the host's media.
    const left = ({ peerId }: { peerId: string }) => this.memberLeft(peerId);
    this.unsubscribe = [context.socket.on('user-left', left), context.socket.on('participant-left', left)];
  }

  async start(): Promise<void> {
    const peer = await this.open();
    // Again on every start: after a rejoin the server has forgotten the id with the old socket.
    await this.context.socket.request('peer-ready', { roomId: this.context.roomId, peerId: peer.id, isHost: true });
    void this.context.announcePeer?.(peer.id).catch(() => {
      // PATCH .../peer only records the id; get-peers is what guests use.
    });
  }

  suspend(): void {
    // Guests may be on this tier whatever the host's own tier is: keep serving them.
  }

  setShare(share: P2pShare | null): void {
    const before = this.share;
    this.share = share && (share.video || share.audio) ? share : null;
    const sameTracks = before?.video === this.share?.video && before?.audio === this.share?.audio;
    if (sameTracks && before?.audioBitrate === this.share?.audioBitrate) return;
    for (const guest of this.guests.values()) {
      if (!guest.ready) continue;
      if (sameTracks && guest.call) capAudioBitrate(guest.call.peerConnection, this.share?.audioBitrate);
      else this.callGuest(guest);
    }
  }

  sendChat(message: P2pChatMessage): boolean {
    let sent = false;
    for (const guest of this.guests.values()) if (guest.link.send({ type: 'chat', message })) sent = true;
    return sent;
  }

  async stats(): Promise<RTCStatsReport | null> {
    return null;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const off of this.unsubscribe.splice(0)) off();
    for (const guest of this.guests.values()) this.drop(guest);
    this.peer?.destroy();
    this.peer = null;
  }

  private open(): Promise<Peer> {
    if (this.closed) return Promise.reject(new P2pError('disconnected'));
    if (this.peer && this.peer.open) return Promise.resolve(this.peer);
    this.opening ??= openPeer(this.context.socket, this.context.icePolicy)
      .then((peer) => {
        if (this.closed) {
          peer.destroy();
          throw new P2pError('disconnected');
        }
        this.attach(peer);
        return peer;
      })
      .finally(() => {
        this.opening = null;
      });
    return this.opening;
  }

  private attach(peer: Peer): void {
    this.peer = peer;
    peer.on('connection', (connection) => void this.admit(peer, connection));
    // Guests do not call the host: it calls them (see the class comment).
    peer.on('call', (call) => call.close());
    peer.on('disconnected', () => {
      // The signalling socket dropped; open calls carry on. Register the same id again.
      if (!this.closed && this.peer === peer && !peer.destroyed) peer.reconnect();
    });
    peer.on('error', (error) => {
      if (this.closed || this.peer !== peer || !FATAL.has(error.type)) return;
      this.peer = null;
      peer.destroy();
      this.context.listener.onFailed(new P2pError(error.type));
    });
  }

  /** Takes a connection only from a member the server vouches for; anyone else is closed uncalled. */
  private async admit(peer: Peer, connection: DataConnection): Promise<void> {
    let gone = false;
    connection.once('close', () => {
      gone = true;
    });
    let member: VerifiedP2pPeer;
    try {
      member = await this.context.socket.request('p2p:verify-peer', {
        roomId: this.context.roomId,
        peerId: connection.peer,
      });
    } catch {
      connection.close();
      return;
    }
    if (gone || this.closed || this.peer !== peer) {
      connection.close();
      return;
    }
    this.guests.get(connection.peer)?.link.connection.close();
    const guest: Guest = {
      member,
      ready: false,
      call: null,
      link: new DataLink(connection, (message) => {
        if (message.type === 'guest-joined') this.welcome(guest);
        else this.context.listener.onChat({ ...message.message, from: member.from, fromName: member.user_name });
      }),
    };
    this.guests.set(connection.peer, guest);
    const opened = () => {
      if (this.guests.get(connection.peer) === guest) this.welcome(guest);
    };
    if (connection.open) opened();
    else connection.once('open', opened);
    connection.on('close', () => {
      if (this.guests.get(connection.peer) === guest) this.drop(guest);
    });
    connection.on('error', () => {
      // 'close' follows; the guest dials again if it still wants us.
    });
  }

  /** `peerId` is the departed socket's id in the room, as p2p:verify-peer named it. */
  private memberLeft(peerId: string): void {
    for (const guest of [...this.guests.values()]) if (guest.member.peerId === peerId) this.drop(guest);
  }

  /** The guest listens for our call: call it, unless it already has one (or an earlier try). */
  private welcome(guest: Guest): void {
    if (guest.ready) return;
    guest.ready = true;
    this.callGuest(guest);
  }

  private drop(guest: Guest): void {
    this.guests.delete(guest.link.connection.peer);
    guest.call?.close();
    guest.call = null;
    guest.link.connection.close();
  }

  private callGuest(guest: Guest): void {
    guest.call?.close();
    guest.call = null;
    const share = this.share;
    const peer = this.peer;
    if (!share || !peer || this.closed) return;
    const tracks = [share.video, share.audio].filter((track): track is MediaStreamTrack => track !== null);
    const call = peer.call(guest.link.connection.peer, new MediaStream(tracks), {
      sdpTransform: callSdp,
    });
    guest.call = call;
    call.on('close', () => {
      if (guest.call === call) guest.call = null;
    });
    call.on('error', () => {
      // The guest's data connection tells us whether it is still there.
    });
    capAudioBitrate(call.peerConnection, share.audioBitrate);
  }
}

/**
 * The program audio's Opus bitrate, as the SFU tier sets it: the SDP allows up to 510 kbps and the
 * sender's encoding cap picks the chosen rate. Applied once the connection is up (before that the
 * sender has no negotiated encodings).
 */
function capAudioBitrate(connection: RTCPeerConnection | undefined, bitrate: number | undefined): void {
  if (!connection || !bitrate) return;
  const apply = async () => {
    for (const sender of connection.getSenders()) {
      if (sender.track?.kind !== 'audio') continue;
      const parameters = sender.getParameters();
      const [encoding] = parameters.encodings ?? [];
      if (!encoding) continue;
      encoding.maxBitrate = bitrate;
      await sender.setParameters(parameters);
    }
  };
  const onState = () => {
    if (connection.connectionState !== 'connected') return;
    connection.removeEventListener('connectionstatechange', onState);
    void apply().catch(() => {
      // A sender closed meanwhile: the next call sets it again.
    });
  };
  connection.addEventListener('connectionstatechange', onState);
  onState();
}
