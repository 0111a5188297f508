import type { RoomControls, RoomControlsPayload } from '@riffroom/protocol';
import type { ProgramAudioSource } from './capture';
import type { P2pContext, P2pTier } from './p2pTier';
import type { IcePolicy } from './icePolicy';
import type { SfuMedia } from './mediaTierChooser';
import type { SfuReceiveMedia } from './guestTierChooser';
import type { RoomSocket } from './roomSocket';
import type { MediaTier, RoomState } from './roomState';
import type { SfuSender } from './sfuSender';
import type { SfuListener, SfuTierListener } from './sfuTier';
import type { TalkbackClient } from './talkback';

/**
 * A room screen's live connection, one per role: the page that opens it chooses the role once
 * (`connectRoom.host` or `connectRoom.guest`), and nothing below branches on it again.
 */
export interface RoomConnectionOptions {
  roomId: string;
  /** The ID token when signed in; null for an anonymous guest. */
  token: string | null;
  /** 'relay' (the `?ice=relay` URL parameter): TURN-relayed ICE only, on the SFU and P2P tiers. */
  icePolicy?: IcePolicy;
  /** Tests hand in their own socket (and, per role, their own SFU and peer-to-peer sides). */
  socket?: RoomSocket;
  /** Scaled out: the room API's placement (GET /api/rooms/{roomId}/node), asked again after a lost node. */
  locate?: () => Promise<string | null>;
}

/** What of the SFU's sending side the host uses; tests hand in their own (happy-dom has no WebRTC). */
export type SfuSendMedia = SfuMedia & Pick<SfuSender, 'produce' | 'stopProducing'>;
export type HostSfuFactory = (socket: RoomSocket, roomId: string, listener: SfuTierListener) => SfuSendMedia;
export type GuestSfuFactory = (socket: RoomSocket, roomId: string, listener: SfuListener) => SfuReceiveMedia;
/** Makes a role's peer-to-peer side; tests hand in their own. */
export type P2pFactory = (context: P2pContext) => P2pTier;

/**
 * The host tries the SFU and serves the peer-to-peer and relay tiers to whichever guests use them;
 * with its SFU failed it shows the fallback banner of the tier it can still serve.
 */
export interface HostRoomConnectionOptions extends RoomConnectionOptions {
  /** Signed in: records its PeerJS id on the room (PATCH /api/rooms/{roomId}/peer). */
  announcePeer?: (peerId: string) => Promise<void>;
  sfu?: HostSfuFactory;
  p2p?: P2pFactory;
}

export interface GuestRoomConnectionOptions extends RoomConnectionOptions {
  /**
   * A forced tier (the `?tier=` URL parameter, for operators and tests); without it the SFU is
   * tried first, then peer-to-peer, then the relay.
   */
  tier?: MediaTier;
  /** The `?maxKbps=` URL parameter: the guest's own cap on what the SFU sends it (a data saver). */
  maxIncomingKbps?: number;
  sfu?: GuestSfuFactory;
  p2p?: P2pFactory;
}

/** What every room screen does with its connection; React reads `getState` through useSyncExternalStore. */
export interface RoomConnection {
  getState(): RoomState;
  subscribe(listener: () => void): () => void;
  /** Trimmed; resolves false without sending when it is blank (spec part 5). */
  sendChat(text: string): Promise<boolean>;
  leave(): Promise<void>;
  /** Leaves on purpose (leave-room, not waited for), then closes: for a screen going away. */
  leaveAndClose(): void;
  close(): void;
  /** Talkback (talkback.ts); null or absent where the browser has no WebRTC. */
  readonly talkback?: TalkbackClient | null;
}

/** The host's connection: it shares the screen and program audio, and points at the screen. */
export interface HostRoomConnection extends RoomConnection {
  /** The pointer over the shared screen, 0..1 each way; the latest position, about 20 a second. */
  moveCursor(x: number, y: number): void;
  startScreenShare(): Promise<void>;
  stopScreenShare(): Promise<void>;
  setProgramAudio(source: ProgramAudioSource, bitrate: number): Promise<void>;
  /** Who may join, live (room:controls): the fields given change; the answer is the room's now. */
  setControls(change: Omit<RoomControlsPayload, 'roomId'>): Promise<RoomControls>;
  /** Removes the person one of whose sockets is `peerId`, every tab of theirs (room:remove). */
  removeParticipant(peerId: string): Promise<void>;
  /** Record (recording:start); resolves once the recording runs. */
  startRecording(): Promise<void>;
  /** Stop: resolves once the files are final and listed in Recordings. */
  stopRecording(): Promise<void>;
}

/** A guest's connection: it receives what the host shares. */
export interface GuestRoomConnection extends RoomConnection {
  /** On the relay tier: the 1280x720 canvas frames are painted on (null when it goes away). */
  attachRelayCanvas(canvas: HTMLCanvasElement | null): void;
}

export type HostRoomConnector = (options: HostRoomConnectionOptions) => HostRoomConnection;
export type GuestRoomConnector = (options: GuestRoomConnectionOptions) => GuestRoomConnection;

/** Opens a room screen's connection in the role its page has. */
export interface RoomConnectors {
  host: HostRoomConnector;
  guest: GuestRoomConnector;
}
