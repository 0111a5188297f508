import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@riffroom/protocol';
import { CHAT_MAX_PER_10S, CHAT_RATE, CURSOR_RATE, WHOLE_ROOM } from '../room-rates.js';
import { MemoryRoomState } from './memory-room-state.js';
import type { SeatRules } from './room-state-store.js';

const rules: SeatRules = { maxParticipants: 2, socketsPerPerson: 3 };
const take = (state: MemoryRoomState, socketId: string, key: string, over: Partial<SeatRules> = {}, isHost = false) =>
  state.takeSeat('r', { socketId, key, isHost }, { ...rules, ...over });
const codeOf = async (result: ReturnType<typeof take>) => {
  const answer = await result;
  return answer.ok ? true : answer.code;
};

describe('the single box room state (memory)', () => {
  it('counts people other than the host against the limit; a second socket of someone present is free', async () => {
    const state = new MemoryRoomState();
    expect(await take(state, 'a', 'bob')).toEqual({ ok: true, firstOfKey: true });
    expect(await take(state, 'b', 'guest-1')).toEqual({ ok: true, firstOfKey: true });
    expect(await codeOf(take(state, 'c', 'carol'))).toBe('room/full');
    expect(await take(state, 'd', 'bob')).toEqual({ ok: true, firstOfKey: false });
    expect(await codeOf(take(state, 'e', 'host-uid', {}, true))).toBe(true);
    // A place frees only when the person's last socket goes.
    expect(await state.leaveSeat('r', 'a', 'bob')).toBe(false);
    expect(await codeOf(take(state, 'c', 'carol'))).toBe('room/full');
    expect(await state.leaveSeat('r', 'd', 'bob')).toBe(true);
    expect(await codeOf(take(state, 'c', 'carol'))).toBe(true);
  });

  it('admits a few sockets per person (host included), then refuses with room/too-many-sockets', async () => {
    const state = new MemoryRoomState();
    const two = { socketsPerPerson: 2 };
    expect(await codeOf(take(state, 'b1', 'bob', two))).toBe(true);
    expect(await codeOf(take(state, 'b2', 'bob', two))).toBe(true);
    expect(await codeOf(take(state, 'b3', 'bob', two))).toBe('room/too-many-sockets');
    expect(await codeOf(take(state, 'h1', 'host-uid', two, true))).toBe(true);
    expect(await codeOf(take(state, 'h2', 'host-uid', two, true))).toBe(true);
    expect(await codeOf(take(state, 'h3', 'host-uid', two, true))).toBe('room/too-many-sockets');
    await state.leaveSeat('r', 'b1', 'bob');
    expect(await codeOf(take(state, 'b3', 'bob', two))).toBe(true);
  });

  it('locked: refuses anyone new, lets the host and people who were in before back; unlocked: admits', async () => {
    const state = new MemoryRoomState();
    await take(state, 'old', 'old-user');
    await state.leaveSeat('r', 'old', 'old-user');
    await state.setRestrictions('r', { locked: true });
    expect(await state.restrictions('r')).toEqual({ locked: true, allowGuestTalkback: false });
    expect(await codeOf(take(state, 'n', 'new-user'))).toBe('room/locked');
    expect(await codeOf(take(state, 'o', 'old-user'))).toBe(true);
    expect(await codeOf(take(state, 'h', 'host-uid', {}, true))).toBe(true);
    // An absent field stays as it was.
    await state.setRestrictions('r', { allowGuestTalkback: true, locked: undefined });
    expect(await state.restrictions('r')).toEqual({ locked: true, allowGuestTalkback: true });
    await state.setRestrictions('r', { locked: false });
    expect(await codeOf(take(state, 'n', 'new-user', { maxParticipants: 5 }))).toBe(true);
  });

  it('remembers who has been in, after they leave too; a refused one was never in', async () => {
    const state = new MemoryRoomState();
    await take(state, 's1', 'bob', { maxParticipants: 1 });
    await take(state, 's2', 'carol', { maxParticipants: 1 });
    expect(await state.hasSeen('r', 'bob')).toBe(true);
    expect(await state.hasSeen('r', 'carol')).toBe(false);
    expect(await state.hasSeen('other-room', 'bob')).toBe(false);
  });

  it('keeps the last 100 chat messages in order', async () => {
    const state = new MemoryRoomState();
    const message = (i: number): ChatMessage => ({
      from: 'g',
      fromName: 'Guest User',
      message: `m${i}`,
      timestamp: new Date(i * 1000).toISOString(),
    });
    for (let i = 0; i < 300; i += 1) await state.appendChat('r', message(i));
    const history = await state.chatHistory('r');
    expect(history).toHaveLength(100);
    expect(history[0]!.message).toBe('m200');
    expect(history.at(-1)!.message).toBe('m299');
  });

  it('refuses a message whose id one in the history already has, from anyone', async () => {
    const state = new MemoryRoomState();
    const message = (from: string, id?: string): ChatMessage => ({
      from,
      fromName: from,
      message: `from ${from}`,
      timestamp: new Date(0).toISOString(),
      ...(id ? { id } : {}),
    });
    expect(await state.appendChat('r', message('member', 'victimMessage0001'))).toBe(true);
    expect(await state.appendChat('r', message('guest-1', 'victimMessage0001'))).toBe(false);
    expect(await state.appendChat('r', message('member', 'victimMessage0001'))).toBe(false);
    expect(await state.appendChat('r', message('guest-1'))).toBe(true);
    expect(await state.appendChat('r', message('guest-1'))).toBe(true);
    expect((await state.chatHistory('r')).map((kept) => kept.from)).toEqual(['member', 'guest-1', 'guest-1']);
  });

  it('holds the running recording, and forgets everything when the room ends', async () => {
    const state = new MemoryRoomState();
    const live = { recordingId: 'rec-1', startedAt: new Date(0).toISOString() };
    await state.setRecording('r', live as never);
    expect(await state.recording('r')).toEqual(live);
    await state.setRecording('r', null);
    expect(await state.recording('r')).toBeNull();
    await take(state, 's', 'bob');
    await state.setRestrictions('r', { locked: true });
    await state.forget('r');
    expect(await state.hasSeen('r', 'bob')).toBe(false);
    expect(await state.restrictions('r')).toEqual({ locked: false, allowGuestTalkback: false });
  });

  it('limits chat per person and the cursor per room, each window starting anew', async () => {
    const state = new MemoryRoomState();
    const chat = (who: string, now: number) => state.takeRate('r', CHAT_RATE, who, now);
    const sent = await Promise.all(Array.from({ length: CHAT_MAX_PER_10S + 5 }, () => chat('bob', 5_000)));
    expect(sent.filter((ok) => !ok)).toHaveLength(5);
    expect(await chat('carol', 5_000)).toBe(true);
    expect(await chat('bob', 15_001)).toBe(true);

    const cursor = await Promise.all(
      Array.from({ length: 100 }, () => state.takeRate('r', CURSOR_RATE, WHOLE_ROOM, 1_000)),
    );
    expect(cursor.filter(Boolean)).toHaveLength(CURSOR_RATE.limit);
    expect(await state.takeRate('r', CURSOR_RATE, WHOLE_ROOM, 2_000)).toBe(true);
  });
});
