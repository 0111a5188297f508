import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, apiError, fakeServices, makeUser } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

function setup() {
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  return { alert, user: userEvent.setup(), ...fakeServices(ALICE) };
}

describe('inviting from the host screen', () => {
  it('shows the connection code beside the invite link, with Copy', async () => {
    const { alert, user, services } = setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/host-collaboration', services);
    await screen.findByRole('heading', { name: "Alice Tester's Room" });
    expect(screen.getByTestId('connection-code').textContent).toBe('room123');
    expect(screen.getByLabelText('Connection code').textContent).toBe('room123');
    await user.click(screen.getByRole('button', { name: 'Copy connection code' }));
    expect(writeText).toHaveBeenCalledWith('room123');
    expect(alert).toHaveBeenCalledWith('Connection code copied!');
  });

  it('invites the person picked on a card as soon as the room exists, once, and drops ?with=', async () => {
    const { api, services } = setup();
    vi.mocked(api.users.getByUid).mockResolvedValue(makeUser({ firebase_uid: 'bob', user_name: 'Bob Builder' }));
    const app = renderApp('/host-room/x1y2z3a?with=bob&ice=relay', services);
    await screen.findByRole('heading', { name: "Alice Tester's Room" });
    await waitFor(() =>
      expect(screen.getByTestId('invite-on-create').textContent).toBe('✅ Invite sent to Bob Builder!'),
    );
    expect(api.messages.send).toHaveBeenCalledTimes(1);
    expect(api.messages.send).toHaveBeenCalledWith(
      'bob',
      `Join my collaboration room "Alice Tester's Room": ${window.location.origin}/join-room/room123`,
    );
    await waitFor(() => expect(app.location()).toBe('/host-collaboration?ice=relay'));
    expect(api.messages.send).toHaveBeenCalledTimes(1);
    expect(api.rooms.create).toHaveBeenCalledTimes(1);
  });

  it("says 'Failed to send invite' when the message is refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, services } = setup();
    vi.mocked(api.messages.send).mockRejectedValue(apiError(403, 'messages/forbidden', 'no'));
    renderApp('/host-room/x1y2z3a?with=bob', services);
    await waitFor(() => expect(screen.getByTestId('invite-on-create').textContent).toBe('Failed to send invite'));
  });

  it('invites nobody without ?with=', async () => {
    const { api, services, rooms } = setup();
    renderApp('/host-collaboration', services);
    await screen.findByRole('heading', { name: "Alice Tester's Room" });
    const room = await waitFor(() => rooms.latest());
    act(() => room.connectAs({ peerId: 'host-peer', user_name: 'Alice Tester', role: 'host' }));
    await screen.findByText('Connected (High Performance)');
    expect(api.messages.send).not.toHaveBeenCalled();
    expect(screen.queryByTestId('invite-on-create')).toBeNull();
  });
});
