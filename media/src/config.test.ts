import { describe, expect, it } from 'vitest';
import { loadLayeredConfig, settingsDrift } from '@riffroom/protocol/config';
import { announcedAddress, ConfigError, loadMediaConfig, MEDIA_CONFIG, peerLimits } from './config.js';

describe('media configuration', () => {
  it('defaults the WebRTC port to 40000 on all addresses, with transport ports above it', () => {
    const config = loadMediaConfig({});
    expect(config).toMatchObject({ rtcPort: 40000, rtcListenIp: '0.0.0.0', rtcMinPort: 40100, rtcMaxPort: 49999 });
    expect(config.rtcAnnouncedAddress).toBeUndefined();
    expect(config.keyFrameRequestDelayMs).toBe(1000);
  });

  it('reads the RTC settings from the environment', () => {
    const config = loadMediaConfig({
      RTC_PORT: '50000',
      RTC_LISTEN_IP: '10.0.0.5',
      RTC_ANNOUNCED_ADDRESS: 'studio.example.com',
      KEYFRAME_REQUEST_DELAY_MS: '2000',
      MEDIASOUP_WORKERS: '4',
    });
    expect(config).toMatchObject({
      rtcPort: 50000,
      rtcListenIp: '10.0.0.5',
      rtcAnnouncedAddress: 'studio.example.com',
      keyFrameRequestDelayMs: 2000,
      workers: 4,
    });
  });

  it('keeps io_uring sends on and the worker memory net at 1 GB unless told otherwise', () => {
    expect(loadMediaConfig({})).toMatchObject({ workerDisableLiburing: false, workerMaxRssMb: 1024 });
    expect(loadMediaConfig({ MEDIASOUP_DISABLE_LIBURING: '1' }).workerDisableLiburing).toBe(true);
    expect(loadMediaConfig({ MEDIASOUP_DISABLE_LIBURING: 'true' }).workerDisableLiburing).toBe(true);
    expect(loadMediaConfig({ MEDIASOUP_DISABLE_LIBURING: '0' }).workerDisableLiburing).toBe(false);
    expect(() => loadMediaConfig({ MEDIASOUP_DISABLE_LIBURING: 'yes' })).toThrow(/workerDisableLiburing/);
  });

  it('names the node and its addresses from HOST and PORT unless they are set', () => {
    const local = loadMediaConfig({ HOST: '127.0.0.1', PORT: '8091' });
    expect(local).toMatchObject({
      nodePublicUrl: 'http://127.0.0.1:8091',
      nodeHeartbeatMs: 1000,
      roomOriginMaxConsumers: 500,
    });
    expect(local.nodeId).toMatch(/^[A-Za-z0-9_.-]+-8091$/);
    const named = loadMediaConfig({
      NODE_ID: 'media-1',
      NODE_PUBLIC_URL: 'https://studio.example/nodes/media-1',
    });
    expect(named).toMatchObject({ nodeId: 'media-1', nodePublicUrl: 'https://studio.example/nodes/media-1' });
    expect(() => loadMediaConfig({ NODE_ID: 'media 1' })).toThrow(/nodeId/);
    expect(() => loadMediaConfig({ NODE_PUBLIC_URL: 'studio.example' })).toThrow(/nodePublicUrl/);
  });

  it('stops on a bad value, naming it', () => {
    expect(() => loadMediaConfig({ RTC_PORT: 'abc' })).toThrow(/rtcPort/);
    const overlapping = { RTC_PORT: '40000', MEDIASOUP_WORKERS: '20', RTC_MIN_PORT: '40010' };
    expect(() => loadMediaConfig(overlapping)).toThrow(ConfigError);
    expect(() => loadMediaConfig(overlapping)).toThrow(/overlaps/);
  });

  it('moves the transport port range along with the WebRTC port unless it is set', () => {
    expect(loadMediaConfig({ RTC_PORT: '45000' })).toMatchObject({ rtcMinPort: 45100, rtcMaxPort: 54999 });
    expect(loadMediaConfig({ RTC_PORT: '0' })).toMatchObject({ rtcMinPort: 40100, rtcMaxPort: 49999 });
    expect(loadMediaConfig({ RTC_PORT: '45000', RTC_MIN_PORT: '20000', RTC_MAX_PORT: '30000' })).toMatchObject({
      rtcMinPort: 20000,
      rtcMaxPort: 30000,
    });
  });

  it('announces the configured address, nothing for a specific bind, and a real address for 0.0.0.0', () => {
    expect(announcedAddress({ rtcListenIp: '0.0.0.0', rtcAnnouncedAddress: '203.0.113.7' })).toBe('203.0.113.7');
    expect(announcedAddress({ rtcListenIp: '127.0.0.1' })).toBeUndefined();
    expect(announcedAddress({ rtcListenIp: '0.0.0.0' })).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(announcedAddress({ rtcListenIp: '0.0.0.0' })).not.toBe('0.0.0.0');
  });

  it('reads the socket flood limits and the trusted proxy hops from the environment, with defaults', () => {
    expect(loadMediaConfig({})).toMatchObject({
      trustProxy: 0,
      socketMaxPerAddress: 128,
      socketsPerPersonPerRoom: 3,
      socketMaxMessageBytes: 65536,
      socketJoinsBurst: 10,
    });
    const config = loadMediaConfig({
      TRUST_PROXY: 'true',
      SOCKET_MAX_PER_ADDRESS: '500',
      SOCKETS_PER_PERSON_PER_ROOM: '5',
      SOCKET_MAX_MESSAGE_BYTES: '32768',
      SOCKET_CONSUMES_PER_MINUTE: '240',
    });
    expect(config).toMatchObject({
      trustProxy: 1,
      socketMaxPerAddress: 500,
      socketsPerPersonPerRoom: 5,
      socketMaxMessageBytes: 32768,
      socketConsumesPerMinute: 240,
    });
    expect(loadMediaConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadMediaConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadMediaConfig({ SOCKET_JOINS_BURST: '0' })).toThrow(/socketJoinsBurst/);
    expect(() => loadMediaConfig({ SOCKET_MAX_MESSAGE_BYTES: '100' })).toThrow(/socketMaxMessageBytes/);
  });

  it('reads the proxy hop count and the PeerJS limits from the environment, with defaults', () => {
    expect(peerLimits(loadMediaConfig({}))).toEqual({
      maxMessageBytes: 64 * 1024,
      maxConnectionsPerAddress: 32,
      requests: { burst: 60, perMinute: 120 },
      messages: { burst: 1000, perMinute: 3000 },
      bytes: { burst: 1024 * 1024, perMinute: 4 * 1024 * 1024 },
    });
    expect(loadMediaConfig({}).trustProxy).toBe(0);
    const config = loadMediaConfig({
      TRUST_PROXY: '2',
      PEERJS_MAX_MESSAGE_BYTES: '32768',
      PEERJS_MAX_CONNECTIONS_PER_ADDRESS: '8',
      PEERJS_REQUEST_BURST: '10',
      PEERJS_REQUESTS_PER_MINUTE: '20',
      PEERJS_MESSAGE_BURST: '30',
      PEERJS_MESSAGES_PER_MINUTE: '40',
      PEERJS_BYTE_BURST: '50000',
      PEERJS_BYTES_PER_MINUTE: '60000',
    });
    expect(config.trustProxy).toBe(2);
    expect(peerLimits(config)).toEqual({
      maxMessageBytes: 32768,
      maxConnectionsPerAddress: 8,
      requests: { burst: 10, perMinute: 20 },
      messages: { burst: 30, perMinute: 40 },
      bytes: { burst: 50000, perMinute: 60000 },
    });
    // TRUST_PROXY as the API reads it: true is one proxy, false none.
    expect(loadMediaConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadMediaConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(() => loadMediaConfig({ TRUST_PROXY: 'yes' })).toThrow(/trustProxy/);
    expect(() => loadMediaConfig({ PEERJS_MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/peerMaxConnectionsPerAddress/);
  });
});

/** Loads the media node's configuration with `file` as the RIFFROOM_CONFIG file's content. */
const withFile = (file: unknown, env: Record<string, string> = {}) =>
  loadLayeredConfig(
    { media: MEDIA_CONFIG },
    { env: { ...env, RIFFROOM_CONFIG: '/etc/riffroom.json' }, readFile: () => JSON.stringify(file) },
  ).media;

describe('the media settings in the config file', () => {
  it('has a row for every setting, whose default is the real one', () => {
    expect(settingsDrift(MEDIA_CONFIG)).toEqual([]);
  });

  it('takes every setting from the file, and the environment over it', () => {
    const file = { rtcPort: 45000, workers: 2, stunUrls: [], turnUrls: ['turn:t.example:3478'], turnSecret: 's' };
    expect(withFile(file)).toMatchObject({ rtcPort: 45000, rtcMinPort: 45100, workers: 2, stunUrls: [] });
    expect(withFile({ ...file, socketJoinsBurst: 4 }, { SOCKET_JOINS_BURST: '5' }).socketJoinsBurst).toBe(5);
    expect(withFile(file, { RTC_PORT: '46000', STUN_URLS: 'stun:s.example' })).toMatchObject({
      rtcPort: 46000,
      workers: 2,
      stunUrls: ['stun:s.example'],
    });
  });

  it('stops on a key it does not know, or a value of the wrong type, naming it', () => {
    expect(() => withFile({ rtcPrt: 45000 })).toThrow(/rtcPrt: unknown setting \(did you mean rtcPort\?\)/);
    expect(() => withFile({ bus: { kind: 'redis', url: 'redis://r', password: 'p' } })).toThrow(/bus\.password/);
    expect(() => withFile({ workers: 'many' })).toThrow(/workers: .*\(from \/etc\/riffroom\.json\)/);
    expect(() => withFile({ turnUrls: ['turn:t.example'] })).toThrow(ConfigError);
  });
});
