import {
  TALKBACK_DUCKED_PROGRAM_GAIN,
  type TalkbackSpeaking,
  type TalkbackState,
  type Talker,
} from '@riffroom/protocol';
import { Device, type types as ms } from 'mediasoup-client';
import { sfuIceSettings, type IcePolicy } from './icePolicy';
import type { RoomSocket } from './roomSocket';
import { Store } from './store';

/**
 * The mic as a speech track: the browser's voice processing on, one channel. The opposite of
 * program audio's studio capture (capture.ts), on purpose.
 */
export const TALKBACK_MIC_CONSTRAINTS = {
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
  channelCount: 1,
} as const;

/** Speech Opus: mono, DTX (no packets while nobody speaks), FEC for lossy links. */
export const TALKBACK_CODEC_OPTIONS: ms.ProducerCodecOptions = { opusStereo: false, opusDtx: true, opusFec: true };

export interface TalkbackView {
  /** The room's talkback as the server says (talkers, host mutes, levels, ducking). */
  room: TalkbackState;
  /** Member sockets speaking now (talkback-speaking). */
  speaking: TalkbackSpeaking['speakers'];
  /** Each other talker's voice, by producer id, to play at its level. */
  voices: Record<string, MediaStream>;
  /** Our mic is set up on the server (a producer of ours exists). */
  micReady: boolean;
  /** Our mic is sending now: push-to-talk held, or open mic. */
  transmitting: boolean;
  openMic: boolean;
  /** The last failure to show (no mic permission, refused by the server). */
  error: string | null;
}

const emptyRoom: TalkbackState = { duckProgram: false, allowGuestTalkback: false, talkers: [] };

/**
 * Talkback for one room screen, on either tier (protocol talkback.ts): its own mediasoup device and
 * transports on the room's router, to hear every talker and, when allowed, to talk. Push-to-talk
 * enables the mic's track while held; the producer stays, so pressing again is instant. The host's
 * mute pauses our producer on the server, which no client can undo.
 */
export class TalkbackClient {
  private readonly store = new Store<TalkbackView>({
    room: emptyRoom,
    speaking: [],
    voices: {},
    micReady: false,
    transmitting: false,
    openMic: false,
    error: null,
  });
  private device: Device | null = null;
  private recv: ms.Transport | null = null;
  private send: ms.Transport | null = null;
  private producer: ms.Producer | null = null;
  private micTrack: MediaStreamTrack | null = null;
  private consumers = new Map<string, ms.Consumer>();
  private selfPeerId: string | null = null;
  private generation = 0;
  private held = false;
  private closed = false;
  /** A talkback-state event came after our talkback:state request went out: it is the newer one. */
  private heardSinceAsked = false;
  private readonly offs: Array<() => void>;

  constructor(
    private readonly socket: RoomSocket,
    private readonly roomId: string,
    private readonly icePolicy: IcePolicy = 'all',
  ) {
    this.offs = [
      socket.on('talkback-state', (state) => {
        this.heardSinceAsked = true;
        this.stateHeard(state);
      }),
      socket.on('talkback-speaking', ({ speakers }) => this.store.set({ speaking: speakers })),
      socket.on('room-controls', ({ allowGuestTalkback }) =>
        this.store.set((view) => ({ room: { ...view.room, allowGuestTalkback } })),
      ),
      // The room's worker was replaced: every transport of ours went with it.
      socket.on('sfu:reconnect', () => void this.joined(this.selfPeerId)),
    ];
  }

  getState = () => this.store.get();
  subscribe = (listener: () => void) => this.store.subscribe(listener);

  /** After each (re)join: fresh transports, and every talker's voice. Failures only show as state. */
  async joined(selfPeerId: string | null): Promise<void> {
    this.selfPeerId = selfPeerId;
    const generation = ++this.generation;
    this.dropMedia();
    this.heardSinceAsked = false;
    try {
      const { rtpCapabilities, ...room } = await this.socket.request('talkback:state', { roomId: this.roomId });
      if (this.isStale(generation)) return;
      const device = new Device();
      await device.load({ routerRtpCapabilities: rtpCapabilities as unknown as ms.RtpCapabilities });
      if (this.isStale(generation)) return;
      this.device = device;
      this.recv = await this.makeTransport(device, 'recv');
      if (this.isStale(generation)) return this.recv?.close();
      this.stateHeard(this.heardSinceAsked ? this.store.get().room : room);
    } catch (error) {
      // No WebRTC here (a relay guest's browser), or the room's media is down: the rest of the room works.
      if (!this.isStale(generation)) this.store.set({ error: describe(error) });
    }
  }

  /** Push-to-talk pressed or released. The first press sets the mic up (permission, producer). */
  async setTalking(held: boolean): Promise<void> {
    this.held = held;
    if (held && !this.producer) await this.startMic();
    this.applyTransmit();
  }

  async setOpenMic(open: boolean): Promise<void> {
    this.store.set({ openMic: open });
    if (open && !this.producer) await this.startMic();
    this.applyTransmit();
  }

  /** Turns the mic off entirely (the browser's mic light goes out). */
  async stopMic(): Promise<void> {
    this.held = false;
    this.store.set({ openMic: false, transmitting: false, micReady: false });
    this.producer?.close();
    this.producer = null;
    this.micTrack?.stop();
    this.micTrack = null;
    await this.socket.request('talkback:stop', { roomId: this.roomId }).catch(() => {});
  }

  // ---- the host's controls (the server refuses them to anyone else)

  async mute(peerId: string, muted: boolean): Promise<void> {
    await this.socket.request('talkback:mute', { roomId: this.roomId, peerId, muted });
  }

  async setLevel(peerId: string, level: number): Promise<void> {
    await this.socket.request('talkback:level', { roomId: this.roomId, peerId, level });
  }

  async setDucking(duckProgram: boolean): Promise<void> {
    await this.socket.request('talkback:ducking', { roomId: this.roomId, duckProgram });
  }

  /** Our own entry among the talkers, if we talk. */
  ownTalker(): Talker | undefined {
    return this.store.get().room.talkers.find((talker) => talker.peerId === this.selfPeerId);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.generation += 1;
    for (const off of this.offs) off();
    this.dropMedia();
  }

  private async startMic(): Promise<void> {
    const device = this.device;
    if (!device) return;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { ...TALKBACK_MIC_CONSTRAINTS },
        video: false,
      });
      const [track] = stream.getAudioTracks();
      if (!track) throw new Error('The microphone gave no track');
      this.micTrack = track;
      // Silent until the button is held (or open mic): the producer exists, the track sends nothing.
      track.enabled = false;
      this.send ??= await this.makeTransport(device, 'send');
      if (!this.send) throw new Error('No talkback connection');
      this.producer = await this.send.produce({ track, codecOptions: TALKBACK_CODEC_OPTIONS, stopTracks: false });
      this.store.set({ micReady: true, error: null });
    } catch (error) {
      this.micTrack?.stop();
      this.micTrack = null;
      this.store.set({ error: describe(error), micReady: false });
    }
  }

  private applyTransmit(): void {
    const on = Boolean(this.micTrack) && (this.held || this.store.get().openMic);
    if (this.micTrack) this.micTrack.enabled = on;
    this.store.set({ transmitting: on });
  }

  private async makeTransport(device: Device, direction: 'send' | 'recv'): Promise<ms.Transport> {
    const [options, ice] = await Promise.all([
      this.socket.request('talkback:create-transport', { roomId: this.roomId, direction }),
      sfuIceSettings(this.socket, this.icePolicy),
    ]);
    const transportOptions = { ...(options as unknown as ms.TransportOptions), ...ice };
    const transport =
      direction === 'send'
        ? device.createSendTransport(transportOptions)
        : device.createRecvTransport(transportOptions);
    transport.on('connect', ({ dtlsParameters }, callback, errback) => {
      this.socket
        .request('talkback:connect-transport', { roomId: this.roomId, transportId: transport.id, dtlsParameters })
        .then(() => callback(), errback);
    });
    if (direction === 'send') {
      transport.on('produce', ({ rtpParameters }, callback, errback) => {
        this.socket
          .request('talkback:produce', { roomId: this.roomId, transportId: transport.id, rtpParameters })
          .then(({ producerId }) => callback({ id: producerId }), errback);
      });
    }
    return transport;
  }

  private stateHeard(room: TalkbackState): void {
    this.store.set({ room });
    const wanted = new Set(room.talkers.filter((t) => t.peerId !== this.selfPeerId).map((t) => t.producerId));
    for (const [producerId, consumer] of this.consumers) {
      if (!wanted.has(producerId)) this.dropVoice(producerId, consumer);
    }
    for (const producerId of wanted) if (!this.consumers.has(producerId)) void this.hear(producerId);
  }

  private async hear(producerId: string): Promise<void> {
    const transport = this.recv;
    const device = this.device;
    if (!transport || !device) return;
    // Reserved first: state events arrive in bursts, and each would otherwise consume again.
    const placeholder = {} as ms.Consumer;
    this.consumers.set(producerId, placeholder);
    try {
      const options = await this.socket.request('talkback:consume', {
        roomId: this.roomId,
        transportId: transport.id,
        producerId,
        rtpCapabilities: device.rtpCapabilities as unknown as Record<string, unknown>,
      });
      if (transport.closed || this.consumers.get(producerId) !== placeholder) return;
      const consumer = await transport.consume({
        id: options.id,
        producerId,
        kind: 'audio',
        rtpParameters: options.rtpParameters as unknown as ms.RtpParameters,
      });
      if (this.consumers.get(producerId) !== placeholder) return consumer.close();
      this.consumers.set(producerId, consumer);
      this.store.set((view) => ({ voices: { ...view.voices, [producerId]: new MediaStream([consumer.track]) } }));
    } catch {
      if (this.consumers.get(producerId) === placeholder) this.consumers.delete(producerId);
    }
  }

  private dropVoice(producerId: string, consumer: ms.Consumer): void {
    this.consumers.delete(producerId);
    if ('close' in consumer) consumer.close();
    this.store.set((view) => {
      const voices = { ...view.voices };
      delete voices[producerId];
      return { voices };
    });
  }

  private dropMedia(): void {
    for (const [producerId, consumer] of [...this.consumers]) this.dropVoice(producerId, consumer);
    this.producer?.close();
    this.producer = null;
    this.micTrack?.stop();
    this.micTrack = null;
    this.held = false;
    this.send?.close();
    this.send = null;
    this.recv?.close();
    this.recv = null;
    this.device = null;
    this.store.set({ micReady: false, transmitting: false, openMic: false });
  }

  private isStale(generation: number): boolean {
    return this.closed || generation !== this.generation;
  }
}

/** Whether program audio is to be dimmed now: the host asked for it and someone else is speaking. */
export function programGain(view: TalkbackView, selfPeerId: string | null): number {
  const othersSpeaking = view.speaking.some((speaker) => speaker.peerId !== selfPeerId);
  return view.room.duckProgram && othersSpeaking ? TALKBACK_DUCKED_PROGRAM_GAIN : 1;
}

function describe(error: unknown): string {
  if (error instanceof DOMException && error.name === 'NotAllowedError') return 'Microphone permission was refused.';
  return error instanceof Error ? error.message : 'Talkback is unavailable.';
}
