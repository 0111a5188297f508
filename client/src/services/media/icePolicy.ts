import type { IceServer } from '@riffroom/protocol';
import type { RoomSocket } from './roomSocket';

/**
 * Which ICE candidates a client's media connections may use. 'relay' is the operator's diagnostic
 * (the `?ice=relay` URL parameter): only TURN-relayed candidates, on the SFU and peer-to-peer tiers
 * alike, so a picture that arrives proves the TURN server works (docs/internet.md).
 */
export type IcePolicy = 'all' | 'relay';

export function icePolicyFromQuery(value: string | null): IcePolicy {
  return value === 'relay' ? 'relay' : 'all';
}

export interface IceSettings {
  iceServers: IceServer[];
  iceTransportPolicy: RTCIceTransportPolicy;
}

/**
 * The SFU tier's ICE settings: the TURN servers of `rtc-config` (handed only to room members, with
 * credentials that expire) and the policy. STUN is left out: the media node announces its own
 * address, so a reflexive address would add nothing. Without an answer there is no TURN, which
 * only matters to clients that cannot reach the RTC port.
 */
export async function sfuIceSettings(socket: RoomSocket, policy: IcePolicy): Promise<IceSettings> {
  const iceServers = await socket
    .request('rtc-config', {})
    .then(({ iceServers: servers }) => servers.filter((server) => [server.urls].flat().some(isTurnUrl)))
    .catch(() => []);
  return { iceServers, iceTransportPolicy: policy };
}

const isTurnUrl = (url: string) => /^turns?:/.test(url);
