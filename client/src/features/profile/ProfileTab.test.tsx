import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, apiError, fakeServices, makeProfile } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';
import { uploadPicture } from './pictureUpload';

// The tus upload itself is covered against a real API (server/src/files/profile-pictures.test.ts).
vi.mock('./pictureUpload', () => ({ uploadPicture: vi.fn() }));

function setup(profile = makeProfile({ user_bio: 'Old bio', user_style: ['Pop'] })) {
  const user = userEvent.setup();
  // happy-dom has no alert(); stand one in, as the browser would show the dialog.
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  const { services, api } = fakeServices(ALICE);
  vi.mocked(api.users.getOwnProfile).mockResolvedValue(profile);
  const app = renderApp('/profile', services);
  return { user, alert, api, app };
}

describe('My Profile', () => {
  it("shows 'Loading profile...' until the profile arrives, then the view mode", async () => {
    const { api, services } = fakeServices(ALICE);
    let resolve: (value: ReturnType<typeof makeProfile>) => void = () => {};
    vi.mocked(api.users.getOwnProfile).mockReturnValue(new Promise((r) => (resolve = r)));
    renderApp('/profile', services);

    expect(await screen.findByText('Loading profile...')).toBeTruthy();
    resolve(makeProfile({ user_bio: 'Keys player', user_location: 'Lisbon' }));
    expect(await screen.findByRole('heading', { name: 'Alice Tester' })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('@alice')).toBeTruthy();
    expect(main.getByText('Keys player')).toBeTruthy();
    expect(main.getByText('Lisbon')).toBeTruthy();
    expect(main.getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });

  it("falls back to 'Your Name' and a placeholder avatar", async () => {
    setup(makeProfile({ user_name: '' }));
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { name: 'Your Name' })).toBeTruthy();
    expect(main.getByRole('img', { name: 'Your Name' }).tagName).toBe('SPAN');
  });

  it('edits every field, saves, alerts and shows the merged values', async () => {
    const { user, alert, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));

    expect((screen.getByLabelText('Profile Image') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByLabelText('Recording').getAttribute('placeholder')).toBe('Yes/No');

    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Lo-fi keys and late-night mixes.');
    await user.type(screen.getByLabelText('Location'), 'Lisbon');
    await user.selectOptions(screen.getByLabelText('Role'), 'producer');
    await user.selectOptions(screen.getByLabelText('Artist Type'), 'band');
    await user.type(screen.getByLabelText('SoundCloud'), 'https://soundcloud.com/alice');
    await user.click(screen.getByRole('button', { name: 'Jazz' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('✅ Profile updated!'));
    expect(api.users.saveProfile).toHaveBeenCalledWith(
      expect.objectContaining({
        user_bio: 'Lo-fi keys and late-night mixes.',
        user_location: 'Lisbon',
        user_role: 'producer',
        user_artist_type: 'band',
        user_soundcloud: 'https://soundcloud.com/alice',
        user_style: ['Pop', 'Jazz'],
        user_name: 'Alice Tester',
        user_username: 'alice',
      }),
    );
    // Back in view mode, showing what was typed.
    expect(await screen.findByText('Lo-fi keys and late-night mixes.')).toBeTruthy();
    expect(screen.getByText('Lisbon')).toBeTruthy();
    expect(screen.getByText('Producer')).toBeTruthy();
    expect(screen.getByText('Pop, Jazz')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://soundcloud.com/alice' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it("alerts 'Failed to update profile' and stays in edit mode when the save fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, alert, api } = setup();
    vi.mocked(api.users.saveProfile).mockRejectedValue(apiError(400, 'validation/invalid-body', 'bad link'));
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByLabelText('Track Link'), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to update profile'));
    expect(alert).not.toHaveBeenCalledWith('✅ Profile updated!');
    expect((screen.getByLabelText('Track Link') as HTMLInputElement).value).toBe('not a link');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('cancel returns to the view without saving', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Never saved');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByText('Old bio')).toBeTruthy();
    expect(screen.queryByText('Never saved')).toBeNull();
    expect(api.users.saveProfile).not.toHaveBeenCalled();
  });

  it('toggles genres on and off', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const pop = screen.getByRole('button', { name: 'Pop' });
    const rock = screen.getByRole('button', { name: 'Rock' });
    expect(pop.getAttribute('aria-pressed')).toBe('true');
    expect(rock.getAttribute('aria-pressed')).toBe('false');

    await user.click(pop);
    await user.click(rock);
    expect(pop.getAttribute('aria-pressed')).toBe('false');
    expect(rock.getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.users.saveProfile).toHaveBeenCalledWith(expect.objectContaining({ user_style: ['Rock'] })),
    );
  });

  it('updates the sidebar name after a save', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Alice Keys');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const sidebar = within(await screen.findByTestId('sidebar-profile'));
    expect(await sidebar.findByText('Alice Keys')).toBeTruthy();
  });

  it('uploads a profile picture at once, shows it, and removes it', async () => {
    const url = '/api/users/me/picture?v=abcdefghijkl';
    vi.mocked(uploadPicture).mockResolvedValue(url);
    const { user, api } = setup(makeProfile({ user_name: 'Alice Tester' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const photo = new File(['not really a jpeg'], 'me.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Profile Image'), photo);
    expect(vi.mocked(uploadPicture).mock.calls[0]![0]).toBe(photo);
    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: 'Alice Tester' }).some((img) => img.getAttribute('src') === url)).toBe(
        true,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(api.users.removePicture).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove picture' })).toBeNull());
    expect(screen.getAllByRole('img', { name: 'Alice Tester' }).every((img) => img.tagName === 'SPAN')).toBe(true);
  });

  it('says why a picture was refused', async () => {
    vi.mocked(uploadPicture).mockRejectedValue(new Error('That file is not a picture (PNG, JPEG, WebP or GIF).'));
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.upload(screen.getByLabelText('Profile Image'), new File(['x'], 'x.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That file is not a picture (PNG, JPEG, WebP or GIF).');
  });
});
