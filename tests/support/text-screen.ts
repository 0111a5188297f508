/// <reference lib="dom" />
// Code passed to page.addInitScript runs in the browser, so this file sees DOM types.
/**
 * Installs a getDisplayMedia that answers a 1280x720 canvas of small text scrolling up (a document
 * being read) beside a box sweeping across, repainted at 30 fps; `hint` becomes the track's
 * contentHint ('' leaves it unset). Program audio, when asked for, is the studio capture's noise.
 */
export function installTextScreen(hint: string): void {
  const previous = navigator.mediaDevices.getDisplayMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getDisplayMedia = async (options?: DisplayMediaStreamOptions) => {
    const withAudio = options?.audio ? await previous(options) : null;
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    const context = canvas.getContext('2d')!;
    const words = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt'.split(' ');
    let frame = 0;
    const paint = () => {
      frame += 1;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, 1280, 720);
      context.fillStyle = '#111';
      context.font = '14px monospace';
      const offset = frame % 18;
      for (let line = 0; line < 42; line += 1) {
        const n = line + Math.floor(frame / 18);
        const text = Array.from({ length: 12 }, (_, i) => words[(n * 7 + i) % words.length]).join(' ');
        context.fillText(`${String(n).padStart(5, '0')} ${text}`, 16, 20 + line * 18 - offset);
      }
      context.fillStyle = `hsl(${(frame * 3) % 360}, 70%, 50%)`;
      context.fillRect(760 + ((frame * 8) % 440), 200 + Math.round(150 * Math.sin(frame / 20)), 80, 80);
    };
    paint();
    setInterval(paint, 33);
    const stream = canvas.captureStream(30);
    const [video] = stream.getVideoTracks();
    if (hint && video) video.contentHint = hint;
    for (const track of withAudio?.getAudioTracks() ?? []) stream.addTrack(track);
    return stream;
  };
}
