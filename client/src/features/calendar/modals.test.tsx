import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../app/ServicesContext';
import { apiError, fakeServices, makeSession, makeUser } from '../../testing/fakeServices';
import { BookingRequestsModal } from './BookingRequestsModal';
import { BookTimeModal } from './BookTimeModal';
import { CreateSessionModal } from './CreateSessionModal';
import { EditSessionModal } from './EditSessionModal';
import { JoinRequestModal } from './JoinRequestModal';

const start = new Date(2030, 0, 7, 10, 0);
const end = new Date(2030, 0, 7, 12, 0);

function setup(ui: (props: { onDone: () => void }) => ReactNode) {
  const { services, api } = fakeServices();
  // happy-dom has no alert() or confirm(); stand them in, as the browser would show the dialogs.
  const alerts = vi.fn();
  vi.stubGlobal('alert', alerts);
  vi.stubGlobal(
    'confirm',
    vi.fn(() => true),
  );
  const onDone = vi.fn();
  render(<ServicesProvider services={services}>{ui({ onDone })}</ServicesProvider>);
  return { api, alerts, onDone, user: userEvent.setup() };
}

describe('Create Session', () => {
  it('alerts when title, start or end is missing, and when the end is not after the start', async () => {
    const { api, alerts, user } = setup(({ onDone }) => (
      <CreateSessionModal start={start} end={end} onClose={vi.fn()} onCreated={onDone} />
    ));
    await user.click(screen.getByRole('button', { name: 'Create Session' }));
    expect(alerts).toHaveBeenLastCalledWith('Please fill in all required fields.');

    await user.type(screen.getByLabelText('Title *'), 'Late mix');
    await user.clear(screen.getByLabelText('End Time *'));
    await user.click(screen.getByRole('button', { name: 'Create Session' }));
    expect(alerts).toHaveBeenLastCalledWith('Please fill in all required fields.');

    await user.type(screen.getByLabelText('End Time *'), '2030-01-07T09:00');
    await user.click(screen.getByRole('button', { name: 'Create Session' }));
    expect(alerts).toHaveBeenLastCalledWith('End time must be after start time.');
    expect(api.sessions.create).not.toHaveBeenCalled();
  });

  it('sends numbers, null for empty max participants, and trimmed equipment without blanks', async () => {
    const { api, onDone, user } = setup(({ onDone }) => (
      <CreateSessionModal start={start} end={end} onClose={vi.fn()} onCreated={onDone} />
    ));
    await user.type(screen.getByLabelText('Title *'), ' Late mix ');
    await user.type(screen.getByLabelText('Equipment'), ' SM7B , ,Neve 1073,');
    await user.selectOptions(screen.getByLabelText('Visibility'), 'followers');
    await user.click(screen.getByRole('button', { name: 'Create Session' }));
    expect(api.sessions.create).toHaveBeenCalledWith({
      title: 'Late mix',
      description: '',
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      visibility: 'followers',
      type: 'collaboration',
      location: '',
      genre: '',
      price: 0,
      maxParticipants: null,
      equipment: ['SM7B', 'Neve 1073'],
    });
    expect(onDone).toHaveBeenCalled();
  });

  it("alerts 'Failed to create session.' when the server refuses", async () => {
    const { api, alerts, onDone, user } = setup(({ onDone }) => (
      <CreateSessionModal start={start} end={end} onClose={vi.fn()} onCreated={onDone} />
    ));
    vi.mocked(api.sessions.create).mockRejectedValue(apiError(500, 'internal', 'boom'));
    await user.type(screen.getByLabelText('Title *'), 'x');
    await user.type(screen.getByLabelText('Price'), '25');
    await user.click(screen.getByRole('button', { name: 'Create Session' }));
    expect(vi.mocked(api.sessions.create).mock.calls[0]![0].price).toBe(25);
    expect(alerts).toHaveBeenLastCalledWith('Failed to create session.');
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('Edit Session', () => {
  const session = makeSession({ _id: 's9', title: 'Mix', maxParticipants: 4, equipment: ['Rhodes', 'Juno'] });

  it('saves, and validates like Create Session', async () => {
    const { api, alerts, onDone, user } = setup(({ onDone }) => (
      <EditSessionModal session={session} onClose={vi.fn()} onChanged={onDone} />
    ));
    expect((screen.getByLabelText('Equipment') as HTMLInputElement).value).toBe('Rhodes, Juno');
    await user.clear(screen.getByLabelText('Title *'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(alerts).toHaveBeenLastCalledWith('Please fill in all required fields.');
    await user.type(screen.getByLabelText('Title *'), 'Master');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.sessions.update).toHaveBeenCalledWith(
      's9',
      expect.objectContaining({ title: 'Master', maxParticipants: 4 }),
    );
    expect(onDone).toHaveBeenCalled();
  });

  it('cancels only after the confirmation, and alerts the failures', async () => {
    const { api, alerts, onDone, user } = setup(({ onDone }) => (
      <EditSessionModal session={session} onClose={vi.fn()} onChanged={onDone} />
    ));
    vi.mocked(api.sessions.update).mockRejectedValueOnce(apiError(500, 'internal', 'boom'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(alerts).toHaveBeenLastCalledWith('Failed to update session.');

    const confirm = vi.mocked(window.confirm).mockReturnValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Cancel Session' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to cancel this session?');
    expect(api.sessions.cancel).not.toHaveBeenCalled();

    confirm.mockReturnValue(true);
    vi.mocked(api.sessions.cancel).mockRejectedValueOnce(apiError(403, 'session/not-owner', 'no'));
    await user.click(screen.getByRole('button', { name: 'Cancel Session' }));
    expect(alerts).toHaveBeenLastCalledWith('Failed to cancel session.');
    await user.click(screen.getByRole('button', { name: 'Cancel Session' }));
    expect(api.sessions.cancel).toHaveBeenLastCalledWith('s9');
    expect(onDone).toHaveBeenCalledOnce();
  });
});

describe('Book Time', () => {
  const host = makeUser({ firebase_uid: 'bob', user_name: 'Bob Tester' });

  it('alerts missing and backwards times, then sends the request', async () => {
    const { api, alerts, onDone, user } = setup(({ onDone }) => (
      <BookTimeModal host={host} start={start} end={end} onClose={vi.fn()} onSent={onDone} />
    ));
    expect(screen.getByRole('heading', { name: 'Book Time with Bob Tester' })).toBeTruthy();
    await user.clear(screen.getByLabelText('Start Time'));
    await user.click(screen.getByRole('button', { name: 'Send Booking Request' }));
    expect(alerts).toHaveBeenLastCalledWith('Please select start and end times.');
    await user.type(screen.getByLabelText('Start Time'), '2030-01-07T13:00');
    await user.click(screen.getByRole('button', { name: 'Send Booking Request' }));
    expect(alerts).toHaveBeenLastCalledWith('End time must be after start time.');
    expect(api.sessions.requestBooking).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Start Time'));
    await user.type(screen.getByLabelText('Start Time'), '2030-01-07T11:00');
    await user.type(screen.getByLabelText('Message'), 'Drums please');
    await user.click(screen.getByRole('button', { name: 'Send Booking Request' }));
    expect(api.sessions.requestBooking).toHaveBeenCalledWith({
      targetUser: 'bob',
      startTime: new Date(2030, 0, 7, 11).toISOString(),
      endTime: end.toISOString(),
      message: 'Drums please',
      title: '',
    });
    expect(onDone).toHaveBeenCalled();
  });

  it("alerts 'Failed to send booking request.'", async () => {
    const { api, alerts, user } = setup(({ onDone }) => (
      <BookTimeModal host={host} start={start} end={end} onClose={vi.fn()} onSent={onDone} />
    ));
    vi.mocked(api.sessions.requestBooking).mockRejectedValue(apiError(403, 'calendar/not-following', 'no'));
    await user.click(screen.getByRole('button', { name: 'Send Booking Request' }));
    expect(alerts).toHaveBeenLastCalledWith('Failed to send booking request.');
  });
});

describe('Request to Join Session', () => {
  it("alerts 'Join request sent!' or 'Failed to send join request.'", async () => {
    const session = makeSession({ _id: 's5', title: 'Open jam', host: 'bob' });
    const { api, alerts, onDone, user } = setup(({ onDone }) => (
      <JoinRequestModal session={session} hostName="Bob" onClose={onDone} />
    ));
    vi.mocked(api.sessions.requestToJoin).mockRejectedValueOnce(apiError(409, 'join/already-requested', 'dup'));
    await user.click(screen.getByRole('button', { name: 'Send Join Request' }));
    expect(alerts).toHaveBeenLastCalledWith('Failed to send join request.');
    await user.type(screen.getByLabelText('Message'), 'I play bass');
    await user.click(screen.getByRole('button', { name: 'Send Join Request' }));
    expect(api.sessions.requestToJoin).toHaveBeenLastCalledWith('s5', 'I play bass');
    expect(alerts).toHaveBeenLastCalledWith('Join request sent!');
    expect(onDone).toHaveBeenCalled();
  });
});

describe('View Booking Requests', () => {
  const base = {
    message: '',
    startTime: '2030-01-07T10:00:00.000Z',
    endTime: '2030-01-07T11:00:00.000Z',
    sessionId: null,
    createdAt: '2030-01-01T00:00:00.000Z',
  };
  const bookings = {
    incoming: [
      { ...base, _id: 'i1', title: 'From bob', status: 'pending' as const, requestedBy: null },
      {
        ...base,
        _id: 'i2',
        title: 'Old one',
        status: 'accepted' as const,
        requestedBy: { firebase_uid: 'c', user_username: 'carol', user_name: 'Carol' },
      },
    ],
    outgoing: [{ ...base, _id: 'o1', title: 'To dave', status: 'pending' as const, host: null }],
  };

  it('shows Accept and Decline only on pending incoming requests, with the fallback names', async () => {
    const { api, alerts, onDone, user } = setup(({ onDone }) => (
      <BookingRequestsModal
        viewerUid="me"
        bookings={bookings}
        market={null}
        joins={null}
        onClose={vi.fn()}
        onAnswered={onDone}
      />
    ));
    const [pending, answered] = screen.getAllByTestId('incoming-booking');
    expect(within(pending!).getByTestId('booking-party').textContent).toBe('Unknown User');
    expect(within(answered!).getByTestId('booking-party').textContent).toBe('@carol');
    expect(within(answered!).queryByRole('button')).toBeNull();
    const outgoing = screen.getByTestId('outgoing-booking');
    expect(within(outgoing).getByTestId('booking-party').textContent).toBe('Unknown Host');
    expect(within(outgoing).queryByRole('button')).toBeNull();

    vi.mocked(api.sessions.respondBooking).mockRejectedValueOnce(apiError(409, 'booking/already-answered', 'x'));
    await user.click(within(pending!).getByRole('button', { name: 'Decline' }));
    expect(alerts).toHaveBeenLastCalledWith('Failed to update booking request.');
    await user.click(within(pending!).getByRole('button', { name: 'Accept' }));
    expect(api.sessions.respondBooking).toHaveBeenLastCalledWith('i1', 'accept');
    expect(onDone).toHaveBeenCalledOnce();
  });
});
