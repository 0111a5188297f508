import { describe, expect, it } from 'vitest';
import {
  chatPayloadSchema,
  closeTransportsPayloadSchema,
  createRoomBodySchema,
  cursorMovePayloadSchema,
  joinRoomPayloadSchema,
  producePayloadSchema,
  sfuHostReturnedPayloadSchema,
} from './rooms.js';

describe('room schemas', () => {
  it("fills the spec defaults: public, 10 participants, guests allowed (and the tier 'auto')", () => {
    expect(createRoomBodySchema.parse({ name: 'Mix' }).settings).toEqual({
      isPublic: true,
      maxParticipants: 10,
      allowGuestAccess: true,
      tier: 'auto',
    });
    expect(createRoomBodySchema.parse({ name: 'Mix', settings: { maxParticipants: null } }).settings).toEqual({
      isPublic: true,
      maxParticipants: 10,
      allowGuestAccess: true,
      tier: 'auto',
    });
    expect(
      createRoomBodySchema.parse({ name: 'Mix', settings: { allowGuestAccess: false, maxParticipants: 3 } }).settings,
    ).toEqual({ isPublic: true, maxParticipants: 3, allowGuestAccess: false, tier: 'auto' });
    expect(createRoomBodySchema.parse({ name: 'Mix', settings: { tier: 'p2p' } }).settings.tier).toBe('p2p');
    expect(createRoomBodySchema.safeParse({ name: 'Mix', settings: { tier: 'fast' } }).success).toBe(false);
  });

  it('trims chat text and refuses blank or overlong text', () => {
    expect(chatPayloadSchema.parse({ roomId: 'abc1234', message: '  hi  ' }).message).toBe('hi');
    expect(chatPayloadSchema.safeParse({ roomId: 'abc1234', message: '   ' }).success).toBe(false);
    expect(chatPayloadSchema.safeParse({ roomId: 'abc1234', message: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('sfu:close-transports names a room and nothing else that matters', () => {
    expect(closeTransportsPayloadSchema.parse({ roomId: 'abc1234', transportId: 'not-yours' })).toEqual({
      roomId: 'abc1234',
    });
    expect(closeTransportsPayloadSchema.safeParse({}).success).toBe(false);
    expect(closeTransportsPayloadSchema.safeParse({ roomId: 7 }).success).toBe(false);
  });

  it('keeps cursor coordinates normalised', () => {
    expect(cursorMovePayloadSchema.safeParse({ roomId: 'abc1234', x: 0.5, y: 1 }).success).toBe(true);
    expect(cursorMovePayloadSchema.safeParse({ roomId: 'abc1234', x: 1.2, y: 0 }).success).toBe(false);
    expect(cursorMovePayloadSchema.safeParse({ roomId: 'abc1234', x: -0.1, y: 0 }).success).toBe(false);
  });

  it('reads but drops userId and isHost from join-room', () => {
    const parsed = joinRoomPayloadSchema.parse({ roomId: 'abc1234', userId: 'x', isHost: true });
    expect(parsed.roomId).toBe('abc1234');
  });

  const rtp = (mimeType: string) => ({ codecs: [{ mimeType, payloadType: 100, clockRate: 48000 }] });

  it('ties the media source to its kind, and every codec to that kind', () => {
    const base = { roomId: 'abc1234', transportId: 't' };
    const video = { ...base, rtpParameters: rtp('video/VP8') };
    const audio = { ...base, rtpParameters: rtp('audio/opus') };
    expect(producePayloadSchema.safeParse({ ...video, kind: 'video', source: 'screen' }).success).toBe(true);
    expect(producePayloadSchema.safeParse({ ...audio, kind: 'audio', source: 'program-audio' }).success).toBe(true);
    expect(producePayloadSchema.safeParse({ ...audio, kind: 'audio', source: 'screen' }).success).toBe(false);
    expect(producePayloadSchema.safeParse({ ...video, kind: 'audio', source: 'program-audio' }).success).toBe(false);
  });

  it('gives only program audio a thin rendition', () => {
    const base = { roomId: 'abc1234', transportId: 't', rtpParameters: rtp('audio/opus') };
    const audio = { ...base, kind: 'audio', source: 'program-audio' };
    expect(producePayloadSchema.safeParse({ ...audio, rendition: 'thin' }).success).toBe(true);
    expect(producePayloadSchema.safeParse({ ...audio, rendition: 'studio' }).success).toBe(false);
    const video = { ...base, rtpParameters: rtp('video/VP8'), kind: 'video', source: 'screen' };
    expect(producePayloadSchema.safeParse({ ...video, rendition: 'thin' }).success).toBe(false);
  });

  it('sfu:host-returned names the room, and nothing else passes', () => {
    expect(sfuHostReturnedPayloadSchema.safeParse({ roomId: 'abc1234' }).success).toBe(true);
    for (const payload of [{}, null, { roomId: 42 }, { roomId: '' }, 'abc1234']) {
      expect(sfuHostReturnedPayloadSchema.safeParse(payload).success).toBe(false);
    }
  });
});
