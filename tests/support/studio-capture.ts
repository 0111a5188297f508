/// <reference lib="dom" />
// Code passed to page.evaluate/addInitScript runs in the browser, so this file sees DOM types.
/**
 * Browser-side test instrumentation for the rooms e2e, installed with page.addInitScript:
 * - getDisplayMedia answers a canvas painted in four known colours (so a receiver can check the
 *   pixels it shows are the host's) plus stereo program audio: independent noise on the left and
 *   the right channel, which only a real 2-channel path keeps apart;
 * - every RTCPeerConnection is remembered, so the test can read getStats() as the app's own.
 */
export const QUADRANT_COLOURS = {
  topLeft: [230, 30, 30],
  topRight: [30, 200, 60],
  bottomLeft: [40, 60, 230],
  bottomRight: [240, 220, 30],
} as const;

/** The same layout in other colours: what the host "changes on screen" mid-test. */
export const SWAPPED_COLOURS = {
  topLeft: QUADRANT_COLOURS.bottomRight,
  topRight: QUADRANT_COLOURS.bottomLeft,
  bottomLeft: QUADRANT_COLOURS.topRight,
  bottomRight: QUADRANT_COLOURS.topLeft,
} as const;

export type ScreenColours = { [K in keyof typeof QUADRANT_COLOURS]: readonly number[] };

/** Browser side: what the fake screen paints from now on. */
export function paintScreenWith(colours: ScreenColours): void {
  (window as unknown as { __testScreenColours: ScreenColours }).__testScreenColours = colours;
}

export function installStudioCapture(initial: ScreenColours): void {
  const holder = window as unknown as { __testScreenColours: ScreenColours };
  holder.__testScreenColours = initial;
  const connections: RTCPeerConnection[] = [];
  (window as unknown as { __testPeerConnections: RTCPeerConnection[] }).__testPeerConnections = connections;
  const NativePeerConnection = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePeerConnection {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      connections.push(this);
    }
  } as typeof RTCPeerConnection;

  const rgb = (c: readonly number[]) => `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
  navigator.mediaDevices.getDisplayMedia = async (options?: DisplayMediaStreamOptions) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    const context = canvas.getContext('2d')!;
    const paint = () => {
      const colours = holder.__testScreenColours;
      context.fillStyle = rgb(colours.topLeft);
      context.fillRect(0, 0, 640, 360);
      context.fillStyle = rgb(colours.topRight);
      context.fillRect(640, 0, 640, 360);
      context.fillStyle = rgb(colours.bottomLeft);
      context.fillRect(0, 360, 640, 360);
      context.fillStyle = rgb(colours.bottomRight);
      context.fillRect(640, 360, 640, 360);
    };
    paint();
    // captureStream only emits frames when the canvas is drawn on: keep drawing, like a live screen.
    setInterval(paint, 33);
    const stream = canvas.captureStream(30);
    if (options?.audio) {
      const audio = new AudioContext({ sampleRate: 48_000 });
      const merger = audio.createChannelMerger(2);
      for (const channel of [0, 1]) {
        const buffer = audio.createBuffer(1, 48_000 * 2, 48_000);
        const data = buffer.getChannelData(0);
        for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * 0.5;
        const noise = audio.createBufferSource();
        noise.buffer = buffer;
        noise.loop = true;
        noise.connect(merger, 0, channel);
        noise.start();
      }
      const destination = audio.createMediaStreamDestination();
      destination.channelCount = 2;
      merger.connect(destination);
      void audio.resume();
      for (const track of destination.stream.getAudioTracks()) stream.addTrack(track);
    }
    return stream;
  };
}
