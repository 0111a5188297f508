import type { ChatMessage, JoinRoomResult } from '@riffroom/protocol';
import { startAudioMeter } from './audioMeter';
import type { MediaTierChooser, SfuMedia } from './mediaTierChooser';
import type { P2pTier } from './p2pTier';
import { withTimeout } from './retry';
import type { RoomConnection } from './roomConnection';
import { RoomChatLog } from './roomChatLog';
import { clamp01, connectFailure } from './roomRules';
import { saveGuestToken } from './guestToken';
import { connectRoomSocket, UNABLE_TO_CONNECT, type RoomSocket } from './roomSocket';
import type { HostPresence } from './roomState';
import { RoomStore } from './roomStore';
import { DEFAULT_AUDIO_BITRATE } from './sfuTier';
import { TalkbackClient } from './talkback';
import type { IcePolicy } from './icePolicy';

/** How long a screen that went away keeps its socket for leave-room's answer. */
const LEAVE_ANSWER_WAIT_MS = 2000;

/**
 * What the host's and a guest's connections share: the socket, joining (again after a reconnect),
 * the members, the chat and the end of the room. Each side makes its own media tiers, then `open`s.
 */
export abstract class LiveRoomConnection implements RoomConnection {
  protected readonly store = new RoomStore(DEFAULT_AUDIO_BITRATE);
  protected readonly socket: RoomSocket;
  protected readonly chat: RoomChatLog;
  protected readonly cleanups: Array<() => void> = [];
  protected joined = false;
  protected closed = false;
  /** Talkback on the room's router, whatever the tier; absent where the browser has no WebRTC. */
  readonly talkback: TalkbackClient | null;
  protected abstract readonly sfu: SfuMedia;
  protected abstract readonly p2p: P2pTier;
  protected abstract readonly tiers: MediaTierChooser;
  /** join-room's `isHost`: the server checks it against the room's host. */
  protected abstract readonly joinsAsHost: boolean;

  constructor(
    protected readonly roomId: string,
    token: string | null,
    socket: RoomSocket | undefined,
    locate?: () => Promise<string | null>,
    icePolicy: IcePolicy = 'all',
  ) {
    this.socket = socket ?? connectRoomSocket({ token, locate });
    this.talkback =
      typeof RTCPeerConnection === 'undefined' ? null : new TalkbackClient(this.socket, roomId, icePolicy);
    this.chat = new RoomChatLog({
      store: this.store,
      socket: this.socket,
      roomId,
      sendDirect: (message) => this.p2p.sendChat(message),
    });
  }

  getState = () => this.store.get();
  subscribe = (listener: () => void) => this.store.subscribe(listener);

  sendChat(text: string): Promise<boolean> {
    return this.chat.send(text);
  }

  async leave(): Promise<void> {
    if (this.joined) await this.socket.request('leave-room', { roomId: this.roomId }).catch(() => {});
    this.close();
  }

  /**
   * Leaving on purpose, for a screen going away (Back to Dashboard, the tab closing): leave-room goes
   * out at once, so guests read 'Host has left the room' rather than 'Host has disconnected' (issue
   * 37), and the socket closes once it is answered. Not before: a Socket.IO server drops an event
   * that arrives with the disconnect right behind it. A page being unloaded never waits: what
   * counts is that the request left in this task.
   */
  leaveAndClose(): void {
    if (!this.joined || this.closed) return this.close();
    const leaving = this.socket.request('leave-room', { roomId: this.roomId });
    void withTimeout(leaving, LEAVE_ANSWER_WAIT_MS)
      .catch(() => {})
      .finally(() => this.close());
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.tiers.close();
    this.talkback?.close();
    this.closeSide();
    this.p2p.close();
    this.sfu.close();
    this.socket.close();
  }

  /** Called last by each side's constructor, once its tiers exist: listens, then joins. */
  protected open(): void {
    this.listen();
    this.cleanups.push(
      startAudioMeter(
        async () => (await this.sfu.statsOf('program-audio')) ?? (await this.p2p.stats()),
        (audioStats) => this.store.audioStatsMeasured(audioStats),
      ),
    );
    void this.connect();
  }

  /** The host's presence as this side shows it right after joining. */
  protected abstract presenceOnJoin(hostOnline: boolean): HostPresence;
  /** This side's part of a (re)join, once the state shows it. */
  protected abstract afterJoin(result: JoinRoomResult): void;
  /** The room events only this side acts on; returns their removers. */
  protected abstract sideEvents(): Array<() => void>;
  /** Lets go of this side's own parts (capture, relay). */
  protected abstract closeSide(): void;

  private async connect(): Promise<void> {
    this.store.connectionStarted();
    try {
      await this.socket.connected();
      await this.join();
    } catch (error) {
      if (this.closed) return;
      this.store.joinFailed(connectFailure(error));
      return;
    }
    await this.tiers.connect();
  }

  private async join(): Promise<void> {
    const result: JoinRoomResult = await withTimeout(
      this.socket.request('join-room', { roomId: this.roomId, isHost: this.joinsAsHost }),
    );
    this.joined = true;
    const { self, peers, hostOnline, chat, controls, guestToken } = result;
    if (guestToken) saveGuestToken(guestToken);
    // A late joiner sees the conversation so far; a rejoin replaces what we had with the server's.
    this.chat.joined(self.firebase_uid, chat ?? []);
    this.store.joined({
      self: { peerId: self.peerId, firebase_uid: self.firebase_uid, user_name: self.user_name, role: self.role },
      peers,
      hostPresence: this.presenceOnJoin(hostOnline),
      controls,
    });
    // A joiner is told on arrival that the room is being recorded.
    this.store.recordingChanged({ recording: result.recording ?? null });
    this.afterJoin(result);
    void this.talkback?.joined(self.peerId);
  }

  private listen(): void {
    const on: RoomSocket['on'] = (event, listener) => this.socket.on(event, listener);
    this.cleanups.push(
      on('chat', (message: ChatMessage) => this.chat.add(message)),
      on('peer-joined', (peer) => this.store.peerJoined(peer)),
      on('user-left', ({ peerId }) => this.store.peerLeft(peerId)),
      on('participant-joined', (person) => this.store.participantJoined(person)),
      on('participant-left', (person) => this.store.participantLeft(person)),
      on('cursor-move', ({ x, y }) => this.store.cursorMoved({ x: clamp01(x), y: clamp01(y) })),
      ...this.sideEvents(),
      ...this.tiers.listen(),
      on('server-draining', () => this.store.serverDraining()),
      on('room-update', ({ participantCount }) => this.store.participantCountChanged(participantCount)),
      on('recording-state', (recording) => this.store.recordingChanged(recording)),
      on('room-controls', (controls) => this.store.controlsChanged(controls)),
      on('removed-from-room', () => {
        this.store.removedFromRoom();
        this.close();
      }),
      on('room-ended', () => {
        this.store.roomEnded();
        this.close();
      }),
      // Spec part 4: after the 3 reconnection attempts, 'Unable to connect. Please try again.', never
      // 'Connecting...' for good. Nothing of this connection can recover: it closes, and the screen
      // offers to open a new one.
      this.socket.onGiveUp(() => {
        if (this.closed) return;
        this.store.connectionGaveUp(UNABLE_TO_CONNECT);
        this.close();
      }),
      this.socket.onConnectionChange((up) => {
        if (this.closed) return;
        if (!up) return this.store.socketLost();
        // Socket.IO reconnected on its own; the server forgot us with the old socket: join again.
        if (this.joined)
          void this.join().then(
            () => this.tiers.connect(),
            () => this.connect(),
          );
      }),
    );
  }
}
