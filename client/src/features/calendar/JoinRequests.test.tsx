import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyJoinRequestsResponse } from '@riffroom/protocol';
import { describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../app/ServicesContext';
import { apiError, fakeServices, makeJoinRequest } from '../../testing/fakeServices';
import { BookingRequestsModal } from './BookingRequestsModal';

function open(joins: MyJoinRequestsResponse) {
  const { services, api } = fakeServices();
  const onAnswered = vi.fn();
  render(
    <ServicesProvider services={services}>
      <BookingRequestsModal
        viewerUid="host"
        bookings={{ incoming: [], outgoing: [] }}
        market={null}
        joins={joins}
        onClose={vi.fn()}
        onAnswered={onAnswered}
      />
    </ServicesProvider>,
  );
  return { api, onAnswered, user: userEvent.setup() };
}

describe('Join requests in Booking Requests', () => {
  it('gives the host Accept and Decline on a waiting request, and shows a refusal', async () => {
    const { api, onAnswered, user } = open({
      incoming: [makeJoinRequest({ _id: '3' }), makeJoinRequest({ _id: '4', status: 'declined' })],
      outgoing: [],
    });
    const [waiting, answered] = screen.getAllByTestId('join-incoming');
    expect(within(waiting!).getByText('Join request: Open jam')).toBeTruthy();
    expect(within(waiting!).getByText('From @ana')).toBeTruthy();
    expect(within(waiting!).getByText('I play bass')).toBeTruthy();
    expect(within(answered!).queryByRole('button')).toBeNull();
    expect(within(answered!).getByText('declined')).toBeTruthy();

    vi.mocked(api.sessions.answerJoinRequest).mockRejectedValueOnce(
      apiError(409, 'join/session-full', 'This session has no places left.'),
    );
    await user.click(within(waiting!).getByRole('button', { name: 'Accept' }));
    expect(within(waiting!).getByRole('alert').textContent).toBe(
      'Failed to update booking request. This session has no places left.',
    );
    expect(onAnswered).not.toHaveBeenCalled();
    await user.click(within(waiting!).getByRole('button', { name: 'Decline' }));
    expect(api.sessions.answerJoinRequest).toHaveBeenLastCalledWith('3', 'decline');
    expect(onAnswered).toHaveBeenCalledOnce();
  });

  it('shows the requester their request and its answer, without buttons', () => {
    open({ incoming: [], outgoing: [makeJoinRequest({ status: 'accepted' })] });
    const mine = screen.getByTestId('join-outgoing');
    expect(within(mine).getByText('To @hana')).toBeTruthy();
    expect(within(mine).getByText('accepted')).toBeTruthy();
    expect(within(mine).queryByRole('button')).toBeNull();
    expect(screen.getByText('No incoming requests.')).toBeTruthy();
  });
});
