/// <reference lib="dom" />
// Code passed to page.addInitScript runs in the browser, so this file sees DOM types.
/**
 * For the README's screenshots: a getDisplayMedia that answers a 1280x720 picture of a DAW session
 * (tracks with coloured regions and waveforms, a moving playhead) instead of a real screen, since
 * the screenshots are taken headless. Program audio, when asked for, is a quiet stereo tone.
 */
export function installDawScreen(): void {
  navigator.mediaDevices.getDisplayMedia = async (options?: DisplayMediaStreamOptions) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    const context = canvas.getContext('2d')!;
    const tracks = [
      ['Lead vocal', '#e76f51'],
      ['Backing vox', '#f4a261'],
      ['Keys', '#e9c46a'],
      ['Bass', '#2a9d8f'],
      ['Drums', '#264653'],
      ['Guitar', '#8ab17d'],
      ['Strings', '#9b5de5'],
    ];
    let frame = 0;
    const paint = () => {
      frame += 1;
      context.fillStyle = '#1e1f24';
      context.fillRect(0, 0, 1280, 720);
      context.fillStyle = '#2b2d35';
      context.fillRect(0, 0, 1280, 48);
      context.fillStyle = '#ddd';
      context.font = 'bold 18px sans-serif';
      context.fillText(
        'Low Tide – Session 3     ▶ 00:01:' +
          String(12 + (Math.floor(frame / 30) % 48)).padStart(2, '0') +
          '     96 BPM',
        16,
        31,
      );
      tracks.forEach(([name, colour], index) => {
        const top = 64 + index * 92;
        context.fillStyle = '#2b2d35';
        context.fillRect(0, top, 180, 84);
        context.fillStyle = '#eee';
        context.font = '16px sans-serif';
        context.fillText(name!, 14, top + 30);
        for (let region = 0; region < 3; region += 1) {
          const left = 200 + region * 360 + ((index * 37) % 80);
          const width = 280 - ((index * 23) % 90);
          context.fillStyle = colour!;
          context.globalAlpha = 0.35;
          context.fillRect(left, top + 6, width, 72);
          context.globalAlpha = 1;
          context.strokeStyle = colour!;
          context.beginPath();
          for (let x = 0; x < width; x += 3) {
            const amplitude = 28 * Math.abs(Math.sin((x + index * 50) / 17) * Math.cos((x + region * 90) / 41));
            context.moveTo(left + x, top + 42 - amplitude);
            context.lineTo(left + x, top + 42 + amplitude);
          }
          context.stroke();
        }
      });
      context.fillStyle = '#fff';
      context.fillRect(200 + ((frame * 2) % 1060), 48, 2, 672);
    };
    paint();
    setInterval(paint, 33);
    const stream = canvas.captureStream(30);
    if (options?.audio) {
      const audio = new AudioContext({ sampleRate: 48_000 });
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      gain.gain.value = 0.05;
      const destination = audio.createMediaStreamDestination();
      destination.channelCount = 2;
      tone.connect(gain).connect(destination);
      tone.start();
      for (const track of destination.stream.getAudioTracks()) stream.addTrack(track);
    }
    return stream;
  };
}
