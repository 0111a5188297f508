import { p2pDataMessageSchema, type P2pDataMessage } from '@riffroom/protocol';
import type { DataConnection } from 'peerjs';
import { encodeFrames, Reassembler, sendFrames, type FrameChannel } from './p2pChat';

/**
 * One data connection's messages, framed (p2pChat.ts) over PeerJS' 'raw' serialization so the chunk
 * size and the buffer limit are ours (spec part 9). What arrives is validated like any outside input.
 */
export class DataLink {
  private readonly reassembler = new Reassembler();
  private serial = 0;
  private readonly channel: FrameChannel;

  constructor(
    readonly connection: DataConnection,
    onMessage: (message: P2pDataMessage) => void,
  ) {
    this.channel = {
      // Before the channel exists, report it full: nothing is queued on a connection not yet open.
      get bufferedAmount() {
        return connection.open ? (connection.dataChannel?.bufferedAmount ?? Infinity) : Infinity;
      },
      send: (frame) => void connection.send(frame),
    };
    connection.on('data', (data) => {
      const parsed = p2pDataMessageSchema.safeParse(this.reassembler.push(data as ArrayBuffer));
      if (parsed.success) onMessage(parsed.data);
    });
  }

  /** False when the connection is not open or its buffer would pass 8 MB: nothing was queued. */
  send(message: P2pDataMessage): boolean {
    this.serial = (this.serial + 1) >>> 0;
    return sendFrames(this.channel, encodeFrames(message, this.serial));
  }
}

/** Dials data connections with our framing. */
export const DATA_CONNECTION_OPTIONS = { serialization: 'raw', reliable: true } as const;
