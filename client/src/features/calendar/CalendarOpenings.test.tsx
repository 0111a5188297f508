import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices, makeSession, makeUser } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';
import { BOOKED_NOTE, BOOKED_TITLE, EVENT_NOTE, JOINED_NOTE } from './ReadOnlySessionModal';

/** Today at `hour`, so the item falls in the week the calendar opens on. */
const today = (hour: number) => {
  const date = new Date();
  date.setHours(hour, 0, 0, 0);
  return date;
};

// react-big-calendar lays out a whole week in happy-dom, after the lazy calendar chunk loads: slow on a
// busy 2-core machine (the first render took over 5 s at a load of 12), not wrong.
configure({ asyncUtilTimeout: 10_000 });

describe('what the calendar opens (spec part 2)', { timeout: 20_000 }, () => {
  it('an MVP Event opens Edit Session with the event in its fields, read-only', async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.events.all).mockResolvedValue([
      { _id: 'e1', title: 'Open mic night', dateTime: today(18).toISOString(), duration: 90 },
    ]);
    renderApp('/dashboard?tab=calendar', services);
    await user.click(await screen.findByRole('tab', { name: 'MVP Events' }));
    const region = await screen.findByRole('region', { name: 'MVP Events' });
    await user.click(await within(region).findByText('Open mic night'));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Session' });
    const title = within(dialog).getByLabelText('Title *') as HTMLInputElement;
    expect(title.value).toBe('Open mic night');
    expect(title.closest('fieldset')?.disabled).toBe(true);
    expect((within(dialog).getByLabelText('Start Time *') as HTMLInputElement).value).toMatch(/T18:00$/);
    expect((within(dialog).getByLabelText('End Time *') as HTMLInputElement).value).toMatch(/T19:30$/);
    expect(within(dialog).getByText(EVENT_NOTE)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a session you booked with someone opens read-only as 'Booked Session', on your calendar and on theirs", async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(ALICE);
    const booked = makeSession({
      _id: 'b9',
      host: 'bob',
      bookedBy: 'me',
      title: 'Drum tracking',
      visibility: 'private',
      startTime: today(14).toISOString(),
      endTime: today(15).toISOString(),
    });
    vi.mocked(api.sessions.ofUser).mockResolvedValue([booked]);
    vi.mocked(api.users.getMyFollowing).mockResolvedValue([makeUser({ firebase_uid: 'bob', user_name: 'Bob Tester' })]);
    renderApp('/dashboard?tab=calendar', services);

    const mine = await screen.findByRole('region', { name: 'My Calendar' });
    await user.click(await within(mine).findByText('Drum tracking'));
    expect(BOOKED_TITLE).toBe('Booked Session');
    let dialog = await screen.findByRole('dialog', { name: 'Booked Session' });
    expect(screen.queryByRole('dialog', { name: 'Edit Session' })).toBeNull();
    expect(within(dialog).getByLabelText('Title *').closest('fieldset')?.disabled).toBe(true);
    expect(within(dialog).getByText(BOOKED_NOTE)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel Session' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('tab', { name: 'My Following' }));
    await user.click(await screen.findByRole('button', { name: /Bob Tester/ }));
    const theirs = await screen.findByRole('region', { name: "Bob Tester's calendar" });
    await user.click(await within(theirs).findByText('Drum tracking'));
    dialog = await screen.findByRole('dialog', { name: 'Booked Session' });
    expect(within(dialog).getByText(BOOKED_NOTE)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Request to Join Session' })).toBeNull();
  });

  it("a session you take part in (someone else's, booked by a third) opens read-only as 'Session details'", async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.sessions.ofUser).mockResolvedValue([
      makeSession({
        _id: 'p4',
        host: 'bob',
        bookedBy: 'carol',
        title: 'String section',
        startTime: today(11).toISOString(),
        endTime: today(12).toISOString(),
      }),
    ]);
    renderApp('/dashboard?tab=calendar', services);
    const mine = await screen.findByRole('region', { name: 'My Calendar' });
    await user.click(await within(mine).findByText('String section'));
    const dialog = await screen.findByRole('dialog', { name: 'Session details' });
    expect(within(dialog).getByText(JOINED_NOTE)).toBeTruthy();
    expect(within(dialog).queryByText(BOOKED_NOTE)).toBeNull();
    expect(within(dialog).getByLabelText('Title *').closest('fieldset')?.disabled).toBe(true);
  });

  it('the requester hears a booking accepted or declined: a booking toast, and the calendar reloads', async () => {
    const user = userEvent.setup();
    const { services, api, realtime } = fakeServices(ALICE);
    const app = renderApp('/dashboard?tab=calendar', services);
    await screen.findByRole('region', { name: 'My Calendar' });
    const loads = vi.mocked(api.sessions.myBookings).mock.calls.length;
    const answer = {
      _id: 'b7',
      title: 'Booked session',
      message: 'Drums?',
      startTime: today(15).toISOString(),
      endTime: today(16).toISOString(),
      sessionId: '12',
      createdAt: today(8).toISOString(),
      host: { firebase_uid: 'bob', user_username: 'bobby', user_name: 'Bob' },
    };
    act(() => realtime.deliver('booking-answered', { ...answer, status: 'accepted' }));
    const accepted = await screen.findByText('Booking request accepted by @bobby');
    expect(accepted.closest('[data-testid="toast"]')?.className).toContain('toast--booking');
    await waitFor(() => expect(vi.mocked(api.sessions.myBookings).mock.calls.length).toBeGreaterThan(loads));

    act(() => realtime.deliver('booking-answered', { ...answer, _id: 'b8', status: 'declined', host: null }));
    const declined = (await screen.findByText('Booking request declined by Unknown Host')).closest(
      '[data-testid="toast"]',
    ) as HTMLElement;
    await user.click(within(declined).getByRole('button', { name: 'View' }));
    expect(app.location()).toBe('/dashboard?tab=calendar&panel=booking-requests');
  });
});
