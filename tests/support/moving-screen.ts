/// <reference lib="dom" />
// Code passed to page.addInitScript runs in the browser, so this file sees DOM types.
/**
 * A screen like the one a host shares in a session: mostly text, scrolling, with a block moving
 * across it. Installed after tests/support/studio-capture.ts (which keeps the program audio and
 * the list of connections), it swaps the screen's video track for a 1280x720 canvas that:
 * - paints `Date.now()` as the latency benchmark's row of blocks at the top (bench/lib/latency-pages.ts
 *   has the format: a 4-block sync pattern, then 48 bits, 24 px blocks), so a viewer's probe
 *   (bench/lib/latency-guest-probe.ts) reads glass-to-glass latency from every frame;
 * - scrolls numbered lines of small text upwards and moves a block left and right.
 * Small text that changes every frame is what makes a screen expensive to encode sharply, which is
 * what a constrained viewer's layer has to give up.
 * Self-contained: Playwright serialises it into the page.
 */
export function installMovingScreen(): void {
  const studio = navigator.mediaDevices.getDisplayMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getDisplayMedia = async (options?: DisplayMediaStreamOptions) => {
    const stream = await studio(options);
    for (const track of stream.getVideoTracks()) {
      stream.removeTrack(track);
      track.stop();
    }
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    const context = canvas.getContext('2d')!;
    const BLOCK = 24;
    const LINE = 22;
    const started = Date.now();
    const words = 'tempo 92 bpm; verse two: bass drops out, keys carry the riff; bridge in D minor; take 7 ->';
    const paint = () => {
      const now = Date.now();
      context.fillStyle = '#fbfbf7';
      context.fillRect(0, 0, 1280, 720);
      // Scrolling text, 60 px a second: every line moves every frame.
      const scrolled = ((now - started) * 60) / 1000;
      const first = Math.floor(scrolled / LINE);
      context.font = '16px monospace';
      context.fillStyle = '#1a1a1a';
      for (let row = 0; row < 720 / LINE + 1; row += 1) {
        const y = 48 + row * LINE - (scrolled % LINE);
        context.fillText(`${String(first + row).padStart(5, '0')}  ${words} ${(first + row) % 97}`, 16, y);
      }
      // A block crossing the screen and back every 4 s.
      const phase = ((now - started) % 4000) / 4000;
      const x = 40 + Math.abs(phase * 2 - 1) * 1040;
      context.fillStyle = '#d2452c';
      context.fillRect(x, 420, 200, 140);
      // The clock row, on grey so the sync pattern stands out from the text.
      context.fillStyle = 'rgb(128,128,128)';
      context.fillRect(0, 0, 1280, BLOCK);
      const bits = [1, 0, 1, 0];
      for (let k = 47; k >= 0; k -= 1) bits.push(Math.floor(now / 2 ** k) % 2);
      bits.forEach((bit, i) => {
        context.fillStyle = bit ? '#fff' : '#000';
        context.fillRect(i * BLOCK, 0, BLOCK, BLOCK);
      });
    };
    paint();
    setInterval(paint, 33);
    stream.addTrack(canvas.captureStream(30).getVideoTracks()[0]!);
    return stream;
  };
}
