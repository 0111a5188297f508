import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices, makeUser } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

describe('Collaboration Room tab', () => {
  it('starts in host mode; Start Hosting opens the host screen through /host-room/{randomId}', async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(ALICE);
    const app = renderApp('/dashboard?tab=collaborations', services);

    expect((await screen.findByRole('button', { name: 'Host a Session' })).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/Generate a connection code/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start Hosting' }));
    await waitFor(() => expect(app.location()).toBe('/host-collaboration'));
    await waitFor(() => expect(api.rooms.create).toHaveBeenCalledTimes(1));
  });

  it('joins by connection code with the button or Enter, and is disabled while the code is blank', async () => {
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    const app = renderApp('/dashboard?tab=collaborations', services);

    await user.click(await screen.findByRole('button', { name: 'Join a Session' }));
    const join = screen.getByRole('button', { name: 'Join Session' });
    expect(join.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Connection code'), 'abc1234');
    expect(join.hasAttribute('disabled')).toBe(false);
    await user.click(join);
    await waitFor(() => expect(app.location()).toMatch(/^\/join-collaboration\/[a-z0-9]{7}\?target=abc1234$/));
  });

  it("alerts 'Please enter a connection code' when Enter is pressed on a blank code", async () => {
    const user = userEvent.setup();
    // happy-dom has no alert(); stand one in, as the browser would show the dialog.
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { services } = fakeServices(ALICE);
    const app = renderApp('/dashboard?tab=collaborations', services);

    await user.click(await screen.findByRole('button', { name: 'Join a Session' }));
    await user.type(screen.getByLabelText('Connection code'), '   {Enter}');
    expect(alert).toHaveBeenCalledWith('Please enter a connection code');
    expect(app.location()).toBe('/dashboard?tab=collaborations');
  });

  it.each([
    ['the code itself', '  k3v9x2a  ', 'k3v9x2a'],
    ['a pasted invite link', 'http://studio.example/join-room/k3v9x2a', 'k3v9x2a'],
    ['a guest screen link', 'https://studio.example/join-collaboration/k3v9x2a?tier=relay', 'k3v9x2a'],
    ['a link carrying ?target=', 'https://studio.example/join-room/abcdefg?target=k3v9x2a', 'k3v9x2a'],
  ])('joins by %s', async (_name, typed, code) => {
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    const app = renderApp('/dashboard?tab=collaborations', services);
    await user.click(await screen.findByRole('button', { name: 'Join a Session' }));
    await user.click(screen.getByLabelText('Connection code'));
    await user.paste(typed);
    await user.click(screen.getByRole('button', { name: 'Join Session' }));
    await waitFor(() =>
      expect(app.location()).toMatch(new RegExp(`^/join-collaboration/[a-z0-9]{7}\\?target=${code}$`)),
    );
  });

  it('opened from a Collaborate button, names the person and hosts with them invited', async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.users.getByUid).mockResolvedValue(makeUser({ firebase_uid: 'bob', user_name: 'Bob Builder' }));
    const app = renderApp('/dashboard?tab=collaborations&with=bob', services);
    await waitFor(() =>
      expect(screen.getByTestId('collab-partner').textContent).toBe(
        'Collaborate with Bob Builder: they get an invite as soon as your room exists.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Start Hosting' }));
    await waitFor(() => expect(app.location()).toBe('/host-collaboration?with=bob'));
  });
});
