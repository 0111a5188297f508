/**
 * The few RTP/RTCP bits the SFU benchmarks need: write a VP8 RTP packet, read the header fields a
 * counting sink uses, and write/recognise an RTCP PLI. Plain Buffers; no allocation per read.
 */

export const RTP_HEADER_BYTES = 12;
/** Extended (15-bit) PictureID, like browsers send; mediasoup reads it for VP8. */
export const VP8_DESCRIPTOR_BYTES = 4;

export interface RtpFields {
  payloadType: number;
  marker: boolean;
  sequenceNumber: number;
  timestamp: number;
  ssrc: number;
}

/** RTCP packet types live at 200..206 in byte 1; our RTP payload types (with marker) never do. */
export function isRtcp(packet: Buffer): boolean {
  return packet.length >= 8 && packet[1]! >= 192 && packet[1]! <= 223;
}

export function readRtp(packet: Buffer): RtpFields | null {
  if (packet.length < RTP_HEADER_BYTES || packet[0]! >> 6 !== 2 || isRtcp(packet)) return null;
  return {
    payloadType: packet[1]! & 0x7f,
    marker: (packet[1]! & 0x80) !== 0,
    sequenceNumber: packet.readUInt16BE(2),
    timestamp: packet.readUInt32BE(4),
    ssrc: packet.readUInt32BE(8),
  };
}

/** Start of a VP8 frame: S bit set and partition index 0 in the payload descriptor. */
export function isVp8FrameStart(packet: Buffer): boolean {
  const csrcBytes = (packet[0]! & 0x0f) * 4;
  const hasExtension = (packet[0]! & 0x10) !== 0;
  let offset = RTP_HEADER_BYTES + csrcBytes;
  if (hasExtension) offset += 4 + packet.readUInt16BE(offset + 2) * 4;
  const descriptor = packet[offset];
  return descriptor !== undefined && (descriptor & 0x10) !== 0 && (descriptor & 0x07) === 0;
}

export interface Vp8PacketInput {
  payloadType: number;
  ssrc: number;
  sequenceNumber: number;
  timestamp: number;
  pictureId: number;
  frameStart: boolean;
  marker: boolean;
  chunk: Buffer;
}

export function writeVp8Packet(input: Vp8PacketInput): Buffer {
  const packet = Buffer.allocUnsafe(RTP_HEADER_BYTES + VP8_DESCRIPTOR_BYTES + input.chunk.length);
  packet[0] = 0x80;
  packet[1] = (input.marker ? 0x80 : 0) | input.payloadType;
  packet.writeUInt16BE(input.sequenceNumber & 0xffff, 2);
  packet.writeUInt32BE(input.timestamp >>> 0, 4);
  packet.writeUInt32BE(input.ssrc >>> 0, 8);
  packet[12] = 0x80 | (input.frameStart ? 0x10 : 0); // X=1, S, partition 0
  packet[13] = 0x80; // I: PictureID present
  packet.writeUInt16BE(0x8000 | (input.pictureId & 0x7fff), 14); // M=1: 15-bit PictureID
  input.chunk.copy(packet, RTP_HEADER_BYTES + VP8_DESCRIPTOR_BYTES);
  return packet;
}

/** RTCP PSFB PLI (RFC 4585 6.3.1): "send me a keyframe" for `mediaSsrc`. */
export function writePli(senderSsrc: number, mediaSsrc: number): Buffer {
  const packet = Buffer.alloc(12);
  packet[0] = 0x81; // V=2, FMT=1
  packet[1] = 206; // PSFB
  packet.writeUInt16BE(2, 2); // length in 32-bit words minus one
  packet.writeUInt32BE(senderSsrc >>> 0, 4);
  packet.writeUInt32BE(mediaSsrc >>> 0, 8);
  return packet;
}

/** Counts PLI and FIR requests in a (possibly compound) RTCP packet. */
export function countKeyframeRequests(packet: Buffer): number {
  let count = 0;
  let offset = 0;
  while (offset + 4 <= packet.length) {
    const fmt = packet[offset]! & 0x1f;
    const type = packet[offset + 1]!;
    const words = packet.readUInt16BE(offset + 2);
    if (type === 206 && (fmt === 1 || fmt === 4)) count += 1;
    offset += (words + 1) * 4;
  }
  return count;
}
