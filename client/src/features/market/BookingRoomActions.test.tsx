import type { MarketBooking } from '@riffroom/protocol';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider } from '../../app/AuthContext';
import { ServicesProvider } from '../../app/ServicesContext';
import { ReadOnlySessionModal } from '../calendar/ReadOnlySessionModal';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices, makeSession } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';
import { roomWindowState } from './bookingRoomWindow';

const MINUTE = 60_000;

/** A confirmed booking of ALICE ('me') starting `startsIn` from now, 30 minutes long. */
function booking(id: string, startsIn: number, role: 'provider' | 'requester', title: string): MarketBooking {
  const start = Date.now() + startsIn;
  const me = { uid: 'me', name: 'Alice', username: 'alice' };
  const other = { uid: 'bob', name: 'Bob', username: 'bob' };
  return {
    id,
    status: 'confirmed',
    offer: { id: '7', kind: 'mixing', title, rate: { amount: 50, currency: 'EUR', per: 'hour' } },
    provider: role === 'provider' ? me : other,
    requester: role === 'provider' ? other : me,
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 30 * MINUTE).toISOString(),
    message: '',
    proposedStartTime: null,
    proposedEndTime: null,
    reason: '',
    sessionId: `s${id}`,
    roomOpensAt: new Date(start - 10 * MINUTE).toISOString(),
    createdAt: new Date().toISOString(),
  };
}

describe("a booking's Join room window", () => {
  it('opens 10 minutes before the start and closes at the end', () => {
    const b = booking('1', 60 * MINUTE, 'provider', 'Mix');
    const start = Date.parse(b.startTime);
    expect(roomWindowState(b, start - 10 * MINUTE - 1)).toBe('before');
    expect(roomWindowState(b, start - 10 * MINUTE)).toBe('open');
    expect(roomWindowState(b, start + 29 * MINUTE)).toBe('open');
    expect(roomWindowState(b, start + 30 * MINUTE)).toBe('after');
    expect(roomWindowState({ ...b, status: 'cancelled', roomOpensAt: null }, start)).toBe('none');
  });

  it('shows Join room only inside the window; the provider lands on the host page of the room', async () => {
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    services.api.bookingRoom.mine = vi.fn(async () => ({
      incoming: [
        booking('1', 5 * MINUTE, 'provider', 'Soon mix'),
        booking('2', 3 * 60 * MINUTE, 'provider', 'Later mix'),
      ],
      outgoing: [],
    }));
    services.api.bookingRoom.open = vi.fn(async () => ({ roomId: 'bkroom1', role: 'host' as const }));
    const { location } = renderApp('/dashboard?tab=book-session', services);

    const list = await screen.findByRole('region', { name: 'Your bookings' });
    const [soon, later] = within(list).getAllByRole('listitem');
    expect(within(later!).queryByRole('button', { name: 'Join room' })).toBeNull();
    expect(within(later!).getByText(/^The room opens at /)).toBeTruthy();
    await user.click(within(soon!).getByRole('button', { name: 'Join room' }));
    expect(services.api.bookingRoom.open).toHaveBeenCalledWith('1');
    await waitFor(() => expect(location()).toBe('/host-collaboration'));
  });

  it('sends the requester into the room as a collaborator, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    services.api.bookingRoom.mine = vi.fn(async () => ({
      incoming: [],
      outgoing: [booking('3', 0, 'requester', 'Live mix')],
    }));
    services.api.bookingRoom.open = vi
      .fn()
      .mockRejectedValueOnce(
        Object.assign(new Error('closed'), {
          code: 'booking/room-closed',
          message: 'This booking has ended; its room is closed.',
        }),
      )
      .mockResolvedValueOnce({ roomId: 'bkroom3', role: 'participant' });
    const { location } = renderApp('/dashboard?tab=book-session', services);

    const join = await screen.findByRole('button', { name: 'Join room' });
    await user.click(join);
    expect((await screen.findByRole('alert')).textContent).toBe('This booking has ended; its room is closed.');
    await user.click(join);
    await waitFor(() => expect(location()).toBe('/join-collaboration/bkroom3'));
  });

  it('cancels with a reason, after which Join room is gone', async () => {
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    const live = booking('4', 0, 'requester', 'Live mix');
    services.api.bookingRoom.mine = vi.fn(async () => ({ incoming: [], outgoing: [live] }));
    services.api.bookingRoom.cancel = vi.fn(async (_id: string, reason: string) => ({
      ...live,
      status: 'cancelled' as const,
      reason,
      roomOpensAt: null,
    }));
    renderApp('/dashboard?tab=book-session', services);

    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await user.type(screen.getByLabelText('Reason for cancelling'), 'Studio flooded');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(services.api.bookingRoom.cancel).toHaveBeenCalledWith('4', 'Studio flooded');
    expect(await screen.findByText('Cancelled: Studio flooded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join room' })).toBeNull();
  });

  it("shows Join room on the booking's session in the calendar's modal, for the requester too", async () => {
    const { services } = fakeServices(ALICE);
    const live = booking('5', 2 * MINUTE, 'requester', 'Live mix');
    services.api.bookingRoom.mine = vi.fn(async () => ({ incoming: [], outgoing: [live] }));
    render(
      <MemoryRouter>
        <ServicesProvider services={services}>
          <AuthProvider>
            <ReadOnlySessionModal source={{ bookedSession: { ...makeSession(), _id: 's5' } }} onClose={vi.fn()} />
          </AuthProvider>
        </ServicesProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Join room' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Cancel booking' })).toBeTruthy();
  });
});

describe('people the provider adds to a booking', () => {
  const dana = { uid: 'dana', name: 'Dana Drums', username: 'dana' };

  it('the provider adds someone by username, sees the server’s refusal, and removes them', async () => {
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    const mine = booking('6', 60 * MINUTE, 'provider', 'Band session');
    services.api.bookingRoom.mine = vi.fn(async () => ({ incoming: [mine], outgoing: [] }));
    services.api.bookingRoom.addParticipant = vi
      .fn()
      .mockRejectedValueOnce(
        Object.assign(new Error('refused'), {
          code: 'booking/not-follower',
          message: 'Only people who follow you can be added to a booking.',
        }),
      )
      .mockResolvedValueOnce({ ...mine, participants: [dana] });
    services.api.bookingRoom.removeParticipant = vi.fn(async () => ({ ...mine, participants: [] }));
    renderApp('/dashboard?tab=book-session', services);

    const field = await screen.findByLabelText('Add someone who follows you (username)');
    await user.type(field, '@stranger');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(services.api.bookingRoom.addParticipant).toHaveBeenLastCalledWith('6', 'stranger');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only people who follow you can be added to a booking.',
    );
    await user.clear(field);
    await user.type(field, 'dana');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Dana Drums')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Remove Dana Drums' }));
    expect(services.api.bookingRoom.removeParticipant).toHaveBeenCalledWith('6', 'dana');
    await waitFor(() => expect(screen.queryByText('Dana Drums')).toBeNull());
  });

  it('the requester sees who else is in it, and cannot add or remove anyone', async () => {
    const { services } = fakeServices(ALICE);
    const theirs = { ...booking('7', 60 * MINUTE, 'requester', 'Band session'), participants: [dana] };
    services.api.bookingRoom.mine = vi.fn(async () => ({ incoming: [], outgoing: [theirs] }));
    renderApp('/dashboard?tab=book-session', services);

    expect(await screen.findByText('Dana Drums')).toBeTruthy();
    expect(screen.queryByLabelText('Add someone who follows you (username)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Dana Drums' })).toBeNull();
  });

  it('an added person finds it among their bookings and joins its room, but cannot cancel it', async () => {
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    const other = { uid: 'carol', name: 'Carol', username: 'carol' };
    const added = {
      ...booking('8', 0, 'requester', 'Band session'),
      requester: other,
      participants: [{ uid: 'me', name: 'Alice', username: 'alice' }],
    };
    services.api.bookingRoom.mine = vi.fn(async () => ({ incoming: [], outgoing: [], joined: [added] }));
    services.api.bookingRoom.open = vi.fn(async () => ({ roomId: 'bkroom8', role: 'participant' as const }));
    const { location } = renderApp('/dashboard?tab=book-session', services);

    const list = await screen.findByRole('region', { name: 'Your bookings' });
    expect(within(list).getByText('Band session')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Join room' }));
    await waitFor(() => expect(location()).toBe('/join-collaboration/bkroom8'));
  });
});
