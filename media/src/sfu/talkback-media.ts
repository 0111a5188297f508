import { refuse } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { RtpCapabilities } from 'mediasoup/types';
import type { RoomMediaScope } from './room-media-scope.js';
import { assertTalkbackRtp, DEFAULT_TALKBACK_MAX_KBPS, guardTalkbackBitrate } from './talkback-bitrate.js';
import {
  DEFAULT_SPEAKING_OPTIONS,
  isTalkbackProducer,
  ownerOfLane,
  SpeakingWatch,
  talkbackLane,
  type SpeakingOptions,
  type TalkbackAppData,
} from './talkback-lane.js';

/**
 * A room's talkback on its router: each member's mic and what it hears, on the member's talkback
 * lane (talkback-lane.ts), and who is speaking. The socket layer checks who may talk before
 * calling here.
 */
export class TalkbackMedia {
  private speakingWatch: SpeakingWatch | null = null;

  constructor(
    private readonly scope: RoomMediaScope,
    private readonly speaking: SpeakingOptions = DEFAULT_SPEAKING_OPTIONS,
    /** TALKBACK_MAX_KBPS: what one talker may send (talkback-bitrate.ts). */
    readonly maxKbps: number = DEFAULT_TALKBACK_MAX_KBPS,
  ) {}

  /** Watches who speaks on `router`; called for each router the room gets (a rebuild makes a new one). */
  async watchSpeaking(router: types.Router): Promise<void> {
    const watch = await SpeakingWatch.create(router, this.speaking, (peerIds) =>
      this.scope.emit('talkback-speaking', peerIds),
    );
    if (this.scope.router() !== router || this.scope.isClosed()) return watch.close();
    this.speakingWatch = watch;
  }

  /** A talker's mic; `who` comes from the verified identity, never from the client. */
  async produce(
    peerId: string,
    transportId: string,
    rtpParameters: types.RtpParameters,
    who: { userId: string; displayName: string },
    /** The host muted this person before: the new mic starts paused, and only the host resumes it. */
    paused = false,
  ): Promise<types.Producer> {
    const { peers } = this.scope;
    assertTalkbackRtp(rtpParameters, this.maxKbps);
    const lane = talkbackLane(peerId);
    const transport = peers.transportFor(lane, transportId, 'send', 'Talk on a send transport.');
    const media = peers.ensure(lane);
    if (media.producers.size > 0) throw refuse('talkback/already-talking', 'Your microphone is already on.');
    const appData: TalkbackAppData = { source: 'talkback', userId: who.userId, displayName: who.displayName };
    const producer = await transport.produce({ kind: 'audio', rtpParameters, appData, paused });
    peers.keepOrClose(lane, media, producer, transport);
    if (media.producers.size > 0) {
      // A second produce raced the first through the await: the first one stands.
      producer.close();
      throw refuse('talkback/already-talking', 'Your microphone is already on.');
    }
    guardTalkbackBitrate(producer, this.maxKbps, (measuredBps) =>
      this.scope.emit('talkback-mic-closed', { peerId, measuredBps }),
    );
    this.adopt(peerId, producer);
    return producer;
  }

  /**
   * Keeps a talker's mic on the member's talkback lane and announces it (the recorder and the
   * speaking lights attach here). produce's own end; also how a mic fed over plain RTP on the
   * router (a server-side source) joins the room's talkback.
   */
  adopt(peerId: string, producer: types.Producer): void {
    const media = this.scope.peers.ensure(talkbackLane(peerId));
    media.producers.set(producer.id, producer);
    producer.observer.once('close', () => {
      media.producers.delete(producer.id);
      this.scope.emit('talkback-producer-removed', producer);
    });
    void this.speakingWatch?.add(producer, peerId);
    this.scope.emit('talkback-producer-added', producer);
  }

  /** The member's talkback mic, if it has one. */
  producerOf(peerId: string): types.Producer | undefined {
    return this.scope.peers.get(talkbackLane(peerId))?.producers.values().next().value;
  }

  /** Every talkback mic now, with its member socket. */
  producers(): { peerId: string; producer: types.Producer }[] {
    const list: { peerId: string; producer: types.Producer }[] = [];
    for (const [key, media] of this.scope.peers.entries()) {
      for (const producer of media.producers.values()) {
        if (isTalkbackProducer(producer)) list.push({ peerId: ownerOfLane(key), producer });
      }
    }
    return list;
  }

  /**
   * One talker's voice on the caller's talkback recv transport, playing at once: audio needs no
   * keyframe to wait for, and the client never resumes it. Each listener costs the talker's rate
   * once (one consumer per talker per listener: consuming again replaces it), and the talker's rate
   * is capped (talkback-bitrate.ts), so a room's talkback traffic is bounded by voices x listeners.
   * Starting paused would bound nothing more: a listener could resume at once.
   */
  async consume(peerId: string, transportId: string, producerId: string, rtpCapabilities: RtpCapabilities) {
    const lane = talkbackLane(peerId);
    const transport = this.scope.peers.transportFor(lane, transportId, 'recv', 'Listen on a recv transport.');
    const producer = this.scope.findProducer(producerId);
    if (!producer || !isTalkbackProducer(producer)) throw refuse('sfu/producer-not-found', 'That talker stopped.');
    if (!this.scope.router().canConsume({ producerId, rtpCapabilities })) {
      throw refuse('sfu/cannot-consume', 'Your browser cannot decode this stream.');
    }
    const consumer = await this.scope.peers.consume(lane, transport, { producerId, rtpCapabilities });
    return {
      id: consumer.id,
      producerId,
      rtpParameters: consumer.rtpParameters as unknown as Record<string, unknown>,
    };
  }

  close(): void {
    this.speakingWatch?.close();
  }
}
