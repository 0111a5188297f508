import { DATA_CONNECTION_ERROR_TYPES, PEER_ERROR_TYPES } from '@riffroom/protocol';
import { describe, expect, it } from 'vitest';
import { peerErrorMessage } from './peerErrors';

describe('peer-to-peer error messages (spec part 8 error types)', () => {
  const expected: Record<string, string> = {
    'browser-incompatible': 'This browser does not support peer-to-peer connections.',
    disconnected: 'Lost the connection to the peer server.',
    'invalid-id': 'The peer connection ID is not valid.',
    'invalid-key': 'The peer server refused the connection key.',
    network: 'Cannot reach the peer server. Check your network.',
    'peer-unavailable': 'The host is not available for a direct connection.',
    'ssl-unavailable': 'The peer server needs a secure (HTTPS) connection.',
    'server-error': 'The peer server had a problem. Please try again.',
    'socket-error': 'The connection to the peer server failed.',
    'socket-closed': 'The peer server closed the connection.',
    'unavailable-id': 'This peer connection ID is already in use.',
    webrtc: 'The direct connection failed.',
    'negotiation-failed': 'Could not set up the direct connection.',
    'connection-closed': 'The direct connection was closed.',
    'not-open-yet': 'The direct connection is not open yet.',
    'message-too-big': 'That message is too big to send directly.',
  };

  it('covers every peer and connection error type of the spec, each with its own text', () => {
    const types = [...PEER_ERROR_TYPES, ...DATA_CONNECTION_ERROR_TYPES];
    expect(types.sort()).toEqual(Object.keys(expected).sort());
    for (const type of types) expect(peerErrorMessage(type), type).toBe(expected[type]);
    expect(new Set(types.map(peerErrorMessage)).size).toBe(types.length);
  });

  it('says something general for a type it does not know, or none', () => {
    expect(peerErrorMessage('something-new')).toBe('The peer-to-peer connection failed.');
    expect(peerErrorMessage(undefined)).toBe('The peer-to-peer connection failed.');
    expect(peerErrorMessage('toString')).toBe('The peer-to-peer connection failed.');
  });
});
