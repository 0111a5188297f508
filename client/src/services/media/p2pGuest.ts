import { PEER_GUEST_JOINED_DELAY_MS } from '@riffroom/protocol';
import type { DataConnection, MediaConnection, Peer } from 'peerjs';
import { DATA_CONNECTION_OPTIONS, DataLink } from './p2pData';
import { callSdp, openPeer, P2pError, type P2pChatMessage, type P2pContext, type P2pTier } from './p2pPeer';

/** How often a guest asks for the host's peer id while the host has not announced one yet. */
const HOST_POLL_MS = 500;

/**
 * A guest on the peer-to-peer tier: its own PeerJS peer, announced to the server (peer-ready) so the
 * host can check that the peer dialling it is a member, a data connection to the host's id (get-peers
 * answers only the host's), guest-joined 1 s after it opens (spec part 9), and the host's call
 * answered with no media of its own. Only the host is heard: chat over our own connection to it,
 * calls from its id; anything else that dials us is closed. `start()` may be called again after a
 * failure: it begins afresh.
 */
export class P2pGuest implements P2pTier {
  private peer: Peer | null = null;
  private link: DataLink | null = null;
  private call: MediaConnection | null = null;
  private joinedTimer: ReturnType<typeof setTimeout> | null = null;
  private generation = 0;
  private closed = false;

  constructor(private readonly context: P2pContext) {}

  async start(): Promise<void> {
    const generation = this.reset();
    const stale = () => this.closed || generation !== this.generation;
    const peer = await openPeer(this.context.socket, this.context.icePolicy);
    if (stale()) {
      peer.destroy();
      throw new P2pError('disconnected');
    }
    this.peer = peer;
    let hostId: string | null = null;
    peer.on('call', (call) => (call.peer === hostId ? this.answer(call) : call.close()));
    peer.on('connection', (stranger) => stranger.close());
    // Before dialling: the host admits only ids the server ties to a member of the room.
    await this.context.socket.request('peer-ready', { roomId: this.context.roomId, peerId: peer.id });
    hostId = await this.hostPeerId(stale);
    const connection = peer.connect(hostId, DATA_CONNECTION_OPTIONS);
    await opened(peer, connection);
    if (stale()) throw new P2pError('disconnected');
    this.link = new DataLink(connection, (message) => {
      if (message.type === 'chat') this.context.listener.onChat(message.message);
    });
    this.joinedTimer = setTimeout(() => this.link?.send({ type: 'guest-joined' }), PEER_GUEST_JOINED_DELAY_MS);
    const broke = (type: string) => {
      if (stale()) return;
      this.reset();
      this.context.listener.onFailed(new P2pError(type));
    };
    connection.on('close', () => broke('connection-closed'));
    peer.on('error', (error) => {
      // A late error about another peer (e.g. a stale id) does not end this connection.
      if (error.type !== 'peer-unavailable') broke(error.type);
    });
  }

  suspend(): void {
    this.reset();
  }

  setShare(): void {
    // Guests share nothing.
  }

  sendChat(message: P2pChatMessage): boolean {
    return this.link?.send({ type: 'chat', message }) ?? false;
  }

  async stats(): Promise<RTCStatsReport | null> {
    const connection = this.call?.peerConnection;
    return connection ? connection.getStats() : null;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.reset();
  }

  /** Ends whatever a previous start built; answers the new generation. */
  private reset(): number {
    this.generation += 1;
    if (this.joinedTimer) clearTimeout(this.joinedTimer);
    this.joinedTimer = null;
    this.link = null;
    if (this.call) {
      this.call.close();
      this.call = null;
      this.context.listener.onMedia(null, null);
    }
    this.peer?.destroy();
    this.peer = null;
    return this.generation;
  }

  /** The host's PeerJS id; asks until the host has announced one (the caller's timeout bounds it). */
  private async hostPeerId(stale: () => boolean): Promise<string> {
    for (;;) {
      const ids = await this.context.socket.request('get-peers', { roomId: this.context.roomId });
      if (stale()) throw new P2pError('disconnected');
      const [hostId] = ids;
      if (hostId) return hostId;
      await new Promise((resolve) => setTimeout(resolve, HOST_POLL_MS));
    }
  }

  private answer(call: MediaConnection): void {
    this.call?.close();
    this.call = call;
    // Stereo, no DTX, room up to 510 kbps: the host's sender caps it at the chosen rate.
    call.answer(undefined, { sdpTransform: callSdp });
    call.on('stream', (stream) => {
      if (this.call !== call) return;
      const video = stream.getVideoTracks();
      const audio = stream.getAudioTracks();
      this.context.listener.onMedia(
        video.length ? new MediaStream(video) : null,
        audio.length ? new MediaStream(audio) : null,
      );
    });
    call.on('close', () => {
      if (this.call !== call) return;
      this.call = null;
      this.context.listener.onMedia(null, null);
    });
    call.on('error', () => {
      // 'close' follows.
    });
  }
}

/** Resolves when the data connection opens; rejects on the peer's or the connection's error. */
function opened(peer: Peer, connection: DataConnection): Promise<void> {
  return new Promise((resolve, reject) => {
    if (connection.open) return resolve();
    connection.once('open', () => resolve());
    connection.once('error', (error) => reject(new P2pError(error.type)));
    peer.once('error', (error) => reject(new P2pError(error.type)));
  });
}
