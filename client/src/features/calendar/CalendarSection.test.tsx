import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices, makeSession, makeUser } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

/** Today at `hour`, so the item falls in the week the calendar opens on. */
const today = (hour: number) => {
  const date = new Date();
  date.setHours(hour, 0, 0, 0);
  return date.toISOString();
};

function setup() {
  const alerts = vi.fn();
  vi.stubGlobal('alert', alerts);
  const fakes = fakeServices(ALICE);
  return { ...fakes, alerts, user: userEvent.setup() };
}

// react-big-calendar lays out a whole week in happy-dom, after the lazy calendar chunk loads: slow on a
// busy 2-core machine (the first render took over 5 s at a load of 12), not wrong.
configure({ asyncUtilTimeout: 10_000 });

describe('Calendar section', { timeout: 20_000 }, () => {
  it('shows the four tabs and my sessions in their colours at 70vh', async () => {
    const { services, api } = setup();
    vi.mocked(api.sessions.ofUser).mockResolvedValue([
      makeSession({ _id: 'a', title: 'Fans jam', visibility: 'followers', startTime: today(10), endTime: today(11) }),
    ]);
    renderApp('/dashboard?tab=calendar', services);
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'My Calendar',
      'My Following',
      'MVP Events',
      'Booking Requests',
    ]);
    const region = await screen.findByRole('region', { name: 'My Calendar' });
    expect(region.style.height).toBe('70vh');
    const item = (await within(region).findByText('Fans jam')).closest('.rbc-event') as HTMLElement;
    // The fill says what it is: a followers-only session is amber, with dark text.
    expect(item.style.backgroundColor).toMatch(/#f59e0b|rgb\(245, 158, 11\)/);
    expect(item.style.color).toMatch(/#1a1204|rgb\(26, 18, 4\)/);
    expect(api.sessions.ofUser).toHaveBeenCalledWith('me');
  });

  it("alerts 'This time is private.' for a followed user's busy block, and offers to join their sessions", async () => {
    const { services, api, alerts, user } = setup();
    vi.mocked(api.users.getMyFollowing).mockResolvedValue([makeUser({ firebase_uid: 'bob', user_name: 'Bob Tester' })]);
    vi.mocked(api.sessions.ofUser).mockImplementation(async (uid) =>
      uid === 'bob'
        ? [
            { busy: true, title: 'Busy', startTime: today(9), endTime: today(10) },
            makeSession({ _id: 'j', host: 'bob', title: 'Open jam', startTime: today(12), endTime: today(13) }),
          ]
        : [],
    );
    renderApp('/dashboard?tab=calendar', services);
    await user.click(await screen.findByRole('tab', { name: 'My Following' }));
    await user.click(await screen.findByRole('button', { name: /Bob Tester/ }));
    const region = await screen.findByRole('region', { name: "Bob Tester's calendar" });
    await user.click(await within(region).findByText('Busy'));
    expect(alerts).toHaveBeenLastCalledWith('This time is private.');
    await user.click(within(region).getByText('Open jam'));
    expect(await screen.findByRole('dialog', { name: 'Request to Join Session' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: /Bob Tester/ })).toBeTruthy();
  });

  it('shows a booking toast whose action opens the booking requests', async () => {
    const { services, api, realtime, user } = setup();
    const request = {
      _id: 'b7',
      title: 'Booked session',
      message: 'Drums?',
      startTime: today(15),
      endTime: today(16),
      status: 'pending' as const,
      sessionId: null,
      createdAt: today(8),
      requestedBy: { firebase_uid: 'bob', user_username: 'bobby', user_name: 'Bob' },
    };
    const app = renderApp('/dashboard', services);
    await screen.findByText('Welcome back, Alice Tester!');
    vi.mocked(api.sessions.myBookings).mockResolvedValue({ incoming: [request], outgoing: [] });
    act(() => realtime.deliver('new-booking-request', request));

    const toast = await screen.findByTestId('toast');
    expect(toast.className).toContain('toast--booking');
    expect(within(toast).getByText('New booking request from @bobby')).toBeTruthy();
    await user.click(within(toast).getByRole('button', { name: 'View' }));
    expect(app.location()).toBe('/dashboard?tab=calendar&panel=booking-requests');
    const dialog = await screen.findByRole('dialog', { name: 'Booking Requests' });
    await waitFor(() => expect(within(dialog).getByTestId('booking-party').textContent).toBe('@bobby'));
    expect(screen.getByRole('tab', { name: 'Booking Requests' }).getAttribute('aria-selected')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(app.location()).toBe('/dashboard?tab=calendar');
  });
});
