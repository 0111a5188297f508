import { describe, expect, it } from 'vitest';
import { P2pError } from './p2pTier';
import {
  connectFailure,
  hostClimbDue,
  isFinalSfuFailure,
  nextTierStep,
  rechoosesWhenHostLeavesSfu,
  shouldClimbToSfu,
  tiersToTry,
  type ClimbContext,
  type TierChoice,
  type TierStep,
} from './roomRules';
import { RoomRequestError } from './roomSocket';
import type { MediaTier } from './roomState';

const refused = (code: string) => new RoomRequestError(code, `refused: ${code}`);

describe('what a failed connect says (spec part 8)', () => {
  it.each<[string, unknown, { error: string; joinRefused: string | null }]>([
    [
      "the socket's 3 reconnection attempts ran out",
      refused('room/unreachable'),
      { error: 'Unable to connect. Please try again.', joinRefused: null },
    ],
    [
      'join-room unanswered for 10 s',
      refused('room/request-timeout'),
      { error: 'Connection timeout', joinRefused: null },
    ],
    [
      'join-room outran its timer',
      refused('room/connection-timeout'),
      { error: 'Connection timeout', joinRefused: null },
    ],
    [
      'the server refused the join',
      new RoomRequestError('room/full', 'This room is full.'),
      { error: 'This room is full.', joinRefused: 'This room is full.' },
    ],
    ['the token was refused', refused('auth/invalid-token'), { error: 'Failed to connect to room', joinRefused: null }],
    [
      'something broke before the room answered',
      new TypeError('x is undefined'),
      { error: 'Failed to initialize connection', joinRefused: null },
    ],
  ])('%s', (_name, error, shown) => {
    expect(connectFailure(error)).toEqual(shown);
  });
});

describe('the tier policy', () => {
  it.each<[MediaTier | undefined, MediaTier | null, MediaTier[]]>([
    [undefined, null, ['sfu', 'p2p', 'relay']],
    [undefined, 'sfu', ['sfu', 'p2p', 'relay']],
    // Once fallen back, a reconnect resumes the fallback rather than spending 30 s on the SFU.
    [undefined, 'p2p', ['p2p', 'relay']],
    [undefined, 'relay', ['relay']],
    // A forced tier is the only one, wherever the guest was.
    ['relay', null, ['relay']],
    ['p2p', 'relay', ['p2p']],
    ['sfu', 'relay', ['sfu']],
  ])('forced %s, on %s: tries %j', (forced, current, plan) => {
    expect(tiersToTry(forced, current)).toEqual(plan);
  });

  it.each<[string, TierChoice, TierStep]>([
    ['starts at the top of the plan', { plan: ['sfu', 'p2p', 'relay'], failures: [] }, { kind: 'try', tier: 'sfu' }],
    [
      'goes down one tier per failure',
      { plan: ['sfu', 'p2p', 'relay'], failures: [{ tier: 'sfu', error: refused('sfu/host-off-sfu') }] },
      { kind: 'try', tier: 'p2p' },
    ],
    [
      'gives up with the spec text once every tier failed',
      {
        plan: ['p2p', 'relay'],
        failures: [
          { tier: 'p2p', error: new P2pError('peer-unavailable') },
          { tier: 'relay', error: refused('room/connection-timeout') },
        ],
      },
      { kind: 'give-up', error: 'Unable to connect. Please try again.' },
    ],
    [
      'forced onto peer-to-peer alone, says what went wrong there',
      { plan: ['p2p'], failures: [{ tier: 'p2p', error: new P2pError('timeout', 'Fallback connection timeout') }] },
      { kind: 'give-up', error: 'Fallback connection timeout' },
    ],
    [
      'forced onto peer-to-peer alone, an uncoded failure gets the spec text',
      { plan: ['p2p'], failures: [{ tier: 'p2p', error: new Error('boom') }] },
      { kind: 'give-up', error: 'Unable to connect. Please try again.' },
    ],
    [
      'forced onto the relay alone and timed out, the timeout',
      { plan: ['relay'], failures: [{ tier: 'relay', error: refused('room/connection-timeout') }] },
      { kind: 'give-up', error: 'Connection timeout' },
    ],
    [
      'forced onto the SFU alone and timed out 3 times, the timeout',
      { plan: ['sfu'], failures: [{ tier: 'sfu', error: refused('room/request-timeout') }] },
      { kind: 'give-up', error: 'Connection timeout' },
    ],
    [
      'forced onto the SFU alone and refused, the spec text',
      { plan: ['sfu'], failures: [{ tier: 'sfu', error: refused('sfu/unavailable') }] },
      { kind: 'give-up', error: 'Unable to connect. Please try again.' },
    ],
  ])('%s', (_name, choice, step) => {
    expect(nextTierStep(choice)).toEqual(step);
  });

  it.each<[unknown, boolean]>([
    // The server meant it: asking the SFU again gets the same answer.
    [refused('sfu/host-off-sfu'), true],
    [refused('room/not-found'), true],
    [refused('auth/invalid-token'), true],
    [refused('validation/bad-payload'), true],
    // Worth the next of the 3 attempts.
    [refused('sfu/transport-failed'), false],
    [refused('sfu/transport-closed'), false],
    [refused('sfu/host-off-sfu-later'), false],
    [new Error('network'), false],
  ])('an SFU failure %o is final: %s', (error, final) => {
    expect(isFinalSfuFailure(error)).toBe(final);
  });

  const climb = (context: Partial<ClimbContext>): ClimbContext => ({
    forced: undefined,
    tier: 'relay',
    status: 'connected-fallback',
    climbing: false,
    ...context,
  });

  it.each<[string, ClimbContext, boolean]>([
    ['from the relay', climb({}), true],
    ['from peer-to-peer', climb({ tier: 'p2p' }), true],
    ["from 'Unable to connect'", climb({ tier: null, status: 'error' }), true],
    ['not while connecting (no tier yet)', climb({ tier: null, status: 'connecting' }), false],
    ['not from the SFU itself', climb({ tier: 'sfu', status: 'connected' }), false],
    ['not while another climb runs', climb({ climbing: true }), false],
    ['not when a fallback is forced', climb({ forced: 'relay' }), false],
    ['when the SFU is the forced tier', climb({ forced: 'sfu', tier: null, status: 'error' }), true],
  ])('climbs back to the SFU %s: %s', (_name, context, climbs) => {
    expect(shouldClimbToSfu(context)).toBe(climbs);
  });

  it.each([
    [false, false, false],
    [true, false, true],
    [false, true, true],
  ])('the host climbs on its timer (sharing %s, program audio live %s): %s', (sharing, live, due) => {
    const programAudio = { source: { kind: 'none' } as const, bitrate: 256_000, live };
    expect(hostClimbDue({ sharing, programAudio })).toBe(due);
  });

  it.each<[MediaTier | undefined, MediaTier | null, boolean]>([
    [undefined, 'sfu', true],
    [undefined, null, true],
    [undefined, 'relay', false],
    [undefined, 'p2p', false],
    // The guest's `?tier=` holds it where it is.
    ['sfu', 'sfu', false],
  ])('the host leaving the SFU (url tier %s, on %s): the guest chooses again: %s', (urlTier, tier, again) => {
    expect(rechoosesWhenHostLeavesSfu(urlTier, tier)).toBe(again);
  });
});
