import type { CascadeTalkbackMessage } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { SfuRoom } from '../../sfu/sfu-room.js';
import type { TalkbackAppData } from '../../sfu/talkback-lane.js';

/** appData of a mic piped in: which link brought it, so that link never pipes it back. */
interface PipedTalkbackAppData extends TalkbackAppData {
  cascadeLink: string;
}

/**
 * Talkback over one cascade link, the same at both ends (protocol cascade.ts's talkback messages).
 * This room's talkers' mics go out through the link's PipeTransport, each once, the ones that come
 * later too, except those this link brought in; the other end's mics come in, produced here with
 * their ids and adopted into the room's talkback under their talker's member socket, so listeners
 * here consume them, the recorder takes them and the speaking lights hear them. At the origin, a mic
 * piped in from one edge is a talker of the room like any other: it goes out to the other edges.
 *
 * The host's mute pauses one copy (wherever the host is); the pause travels both ways
 * (`talkback-muted`), so the talker's own mic and every copy stop together. A pause already in
 * place raises no new event, so the echo ends there.
 */
export class TalkbackPipe {
  private readonly outgoing = new Map<string, types.Consumer>();
  private readonly incoming = new Map<string, types.Producer>();
  private closed = false;
  private readonly onAdded = (producer: types.Producer) => void this.pipeOut(producer).catch(() => {});

  constructor(
    /** The link's id: marks the mics it brings in. */
    private readonly linkId: string,
    private readonly room: SfuRoom,
    private readonly transport: types.PipeTransport,
    private readonly send: (message: CascadeTalkbackMessage) => void,
  ) {}

  /** Pipes the room's talkers now and from now on. */
  async start(): Promise<void> {
    this.room.on('talkback-producer-added', this.onAdded);
    for (const { producer } of this.room.talkbackProducers()) await this.pipeOut(producer);
  }

  /** A talkback message from the other end. */
  async receive(message: CascadeTalkbackMessage): Promise<void> {
    if (this.closed) return;
    switch (message.type) {
      case 'talkback-producer':
        return this.pipeIn(message);
      case 'talkback-closed':
        this.incoming.get(message.producerId)?.close();
        return;
      case 'talkback-muted': {
        // Ours (the talker is here) or the copy we hold.
        const producer =
          this.incoming.get(message.producerId) ?? this.ownProducer(this.outgoing.get(message.producerId)?.producerId);
        if (!producer || producer.closed) return;
        if (message.muted) await producer.pause();
        else await producer.resume();
        return;
      }
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.room.off('talkback-producer-added', this.onAdded);
    // The transport's close takes the consumers and the piped-in mics with it; these are for a pipe
    // that stays (the link closing first).
    for (const producer of this.incoming.values()) producer.close();
    for (const consumer of this.outgoing.values()) consumer.close();
  }

  private ownProducer(producerId: string | undefined): types.Producer | undefined {
    return this.room.talkbackProducers().find(({ producer }) => producer.id === producerId)?.producer;
  }

  private async pipeOut(producer: types.Producer): Promise<void> {
    const appData = producer.appData as PipedTalkbackAppData;
    if (this.closed || producer.closed || this.outgoing.has(producer.id) || appData.cascadeLink === this.linkId) return;
    const talker = this.room.talkbackProducers().find((entry) => entry.producer === producer);
    if (!talker) return;
    const consumer = await this.transport.consume({ producerId: producer.id });
    if (this.closed) return void consumer.close();
    this.outgoing.set(producer.id, consumer);
    consumer.observer.once('close', () => {
      this.outgoing.delete(producer.id);
      this.send({ type: 'talkback-closed', producerId: producer.id });
    });
    consumer.on('producerpause', () => this.send({ type: 'talkback-muted', producerId: producer.id, muted: true }));
    consumer.on('producerresume', () => this.send({ type: 'talkback-muted', producerId: producer.id, muted: false }));
    this.send({
      type: 'talkback-producer',
      producerId: producer.id,
      peerId: talker.peerId,
      userId: appData.userId,
      displayName: appData.displayName,
      rtpParameters: consumer.rtpParameters as unknown as Extract<
        CascadeTalkbackMessage,
        { type: 'talkback-producer' }
      >['rtpParameters'],
      paused: consumer.producerPaused,
    });
  }

  private async pipeIn(message: Extract<CascadeTalkbackMessage, { type: 'talkback-producer' }>): Promise<void> {
    if (this.incoming.has(message.producerId)) return;
    const appData: PipedTalkbackAppData = {
      source: 'talkback',
      userId: message.userId,
      displayName: message.displayName,
      cascadeLink: this.linkId,
    };
    const producer = await this.transport.produce({
      id: message.producerId,
      kind: 'audio',
      rtpParameters: message.rtpParameters as unknown as types.RtpParameters,
      paused: message.paused,
      appData,
    });
    if (this.closed) return void producer.close();
    this.incoming.set(producer.id, producer);
    producer.observer.once('close', () => this.incoming.delete(producer.id));
    // The host here muted the copy: the talker's own mic at the other end stops too.
    producer.observer.on('pause', () => this.send({ type: 'talkback-muted', producerId: producer.id, muted: true }));
    producer.observer.on('resume', () => this.send({ type: 'talkback-muted', producerId: producer.id, muted: false }));
    this.room.adoptTalkbackProducer(message.peerId, producer);
  }
}
