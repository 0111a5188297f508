/**
 * libwebrtc's Node binding (@roamhq/wrtc) as the browser globals mediasoup-client's handler uses.
 * Import this module before creating a mediasoup-client Device.
 */
import wrtc from '@roamhq/wrtc';

Object.assign(globalThis, {
  RTCPeerConnection: wrtc.RTCPeerConnection,
  RTCSessionDescription: wrtc.RTCSessionDescription,
  RTCIceCandidate: wrtc.RTCIceCandidate,
  MediaStream: wrtc.MediaStream,
  MediaStreamTrack: wrtc.MediaStreamTrack,
  RTCRtpTransceiver: wrtc.RTCRtpTransceiver,
});

export { wrtc };
