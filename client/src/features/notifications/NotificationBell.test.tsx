import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationItem } from '@riffroom/protocol';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

const item = (id: string, overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  _id: id,
  kind: 'booking-requested',
  title: `New booking request from @bob${id}`,
  link: '/dashboard?tab=calendar&panel=booking-requests',
  data: {},
  createdAt: '2030-01-07T10:00:00.000Z',
  readAt: null,
  ...overrides,
});

/**
 * The bell's first label shows at its first commit, before React has run its effects (where it
 * subscribes to 'notification'): an event delivered in between would reach no one. Settling the
 * pending effects first makes the test as a user meets it, where events come later.
 */
const bellListening = () => act(async () => {});

describe('the notification bell', () => {
  it('shows the unread count, rises live, and lists items that lead to their link', async () => {
    const user = userEvent.setup();
    const { services, api, realtime } = fakeServices(ALICE);
    vi.mocked(api.notifications.unread).mockResolvedValue(1);
    const app = renderApp('/dashboard', services);

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    act(() => realtime.deliver('notification', item('2')));
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(screen.getByTestId('notification-count').textContent).toBe('2');

    vi.mocked(api.notifications.list).mockResolvedValue({ notifications: [item('2'), item('1')], nextBefore: null });
    vi.mocked(api.notifications.unread).mockResolvedValue(2);
    vi.mocked(api.notifications.markRead).mockResolvedValue(1);
    await user.click(bell);
    const panel = within(screen.getByRole('region', { name: 'Notifications' }));
    const links = await panel.findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('@bob2'),
      expect.stringContaining('@bob1'),
    ]);
    await user.click(links[0]!);
    expect(app.location()).toBe('/dashboard?tab=calendar&panel=booking-requests');
    expect(api.notifications.markRead).toHaveBeenCalledWith('2');
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notifications, 1 unread'));
  });

  it('closes on Escape and gives the focus back to the bell; marks all read', async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.notifications.unread).mockResolvedValue(1);
    vi.mocked(api.notifications.list).mockResolvedValue({ notifications: [item('1')], nextBefore: null });
    renderApp('/dashboard', services);

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const markAll = await screen.findByRole('button', { name: 'Mark all read' });
    await user.click(markAll);
    expect(api.notifications.markAllRead).toHaveBeenCalled();
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notifications, none unread'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('toasts a kind no other part of the app toasts, with the spec toast types', async () => {
    const { services, realtime } = fakeServices(ALICE);
    renderApp('/dashboard', services);
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    await bellListening();
    act(() =>
      realtime.deliver('notification', item('9', { kind: 'project-invited', title: 'Bob invited you to "EP"' })),
    );
    expect(await screen.findByText('Bob invited you to "EP"')).toBeTruthy();
  });

  it('toasts the steps of a booking from an offer and of a join request, which no other part toasts', async () => {
    const { services, realtime } = fakeServices(ALICE);
    renderApp('/dashboard', services);
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    await bellListening();
    act(() => {
      realtime.deliver(
        'notification',
        item('10', { kind: 'booking-proposed', title: 'Latin mixing: another time was proposed', data: {} }),
      );
      realtime.deliver(
        'notification',
        item('11', { kind: 'booking-answered', title: 'Latin mixing: confirmed', data: { source: 'market' } }),
      );
      realtime.deliver(
        'notification',
        item('12', { kind: 'join-answered', title: '@hana accepted your request to join "Open jam"' }),
      );
      // A session booking's answer is toasted from its own event (useBookingToast): not twice.
      realtime.deliver('notification', item('13', { kind: 'booking-answered', title: 'Booking request accepted' }));
    });
    expect(await screen.findByText('Latin mixing: another time was proposed')).toBeTruthy();
    expect(await screen.findByText('Latin mixing: confirmed')).toBeTruthy();
    expect(await screen.findByText('@hana accepted your request to join "Open jam"')).toBeTruthy();
    expect(screen.queryByText('Booking request accepted')).toBeNull();
  });
});
