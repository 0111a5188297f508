/**
 * Where the host stands with the SFU tier, as its guests need to know it: 'on' (using it, or never
 * left it), 'off' (it abandoned the SFU with sfu:close-transports: guests are turned away from it
 * meanwhile), 'returning' (it set up a send transport again, or left the room while off it, and has
 * not produced yet: guests may try the SFU but are told only once the host produces).
 */
export type HostSfuPresence = 'on' | 'off' | 'returning';

/** What the host did that matters to its presence on the SFU. */
export type HostSfuEvent = 'closed-transports' | 'created-send-transport' | 'left-room' | 'produced';

/**
 * The host-presence rule: given the state and what the host did, the next state, and whether the
 * guests that fell back are to be told they may climb back (sfu:host-returned). They are told once,
 * on the host's first producer after it was off the SFU.
 */
export function nextHostSfuPresence(
  state: HostSfuPresence,
  event: HostSfuEvent,
): { state: HostSfuPresence; announceReturn: boolean } {
  switch (event) {
    case 'closed-transports':
      return { state: 'off', announceReturn: false };
    case 'created-send-transport':
    case 'left-room':
      // A host that comes back chooses its tier again and says so; until it produces, guests wait.
      return { state: state === 'on' ? 'on' : 'returning', announceReturn: false };
    case 'produced':
      return { state: 'on', announceReturn: state !== 'on' };
  }
}
