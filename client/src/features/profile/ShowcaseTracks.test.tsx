import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices, makeProfile } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

// happy-dom plays no audio: a stand-in player that says whether it was started.
const surfer = vi.hoisted(() => ({ toggled: 0 }));
vi.mock('wavesurfer.js', () => ({
  default: {
    create: () => ({
      on: () => {},
      destroy: () => {},
      playPause: async () => {
        surfer.toggled += 1;
      },
      setTime: () => {},
      play: async () => {},
      getCurrentTime: () => 0,
    }),
  },
}));

describe('showcase tracks on the profile', () => {
  it('plays each showcased track with the waveform player', async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.users.getOwnProfile).mockResolvedValue(makeProfile({ firebase_uid: 'me' }));
    vi.mocked(api.projects.showcase).mockResolvedValue([
      { fileId: 'file-00000001', name: 'Night Drive.wav', durationMs: 185_000, loudnessLufs: -14 },
    ]);
    renderApp('/profile', services);

    const showcase = await screen.findByRole('region', { name: 'Showcase' });
    expect(within(showcase).getByText('Night Drive.wav')).toBeTruthy();
    expect(api.projects.showcase).toHaveBeenCalledWith('me');
    await user.click(await within(showcase).findByRole('button', { name: 'Play' }));
    expect(surfer.toggled).toBe(1);
    expect(api.projects.showcasePeaks).toHaveBeenCalledWith('me', 'file-00000001');
    expect(api.projects.showcasePreview).toHaveBeenCalledWith('me', 'file-00000001');
  });
});
