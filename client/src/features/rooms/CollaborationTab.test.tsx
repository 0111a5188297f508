import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices } from '../../testing/fakeServices';
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
});
