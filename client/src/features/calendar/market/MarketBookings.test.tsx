import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MarketBookingsResponse } from '@riffroom/protocol';
import { describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../../app/ServicesContext';
import { makeMarketBooking, MIXER_SLOTS } from '../../../testing/fakeMarket';
import { apiError, fakeServices } from '../../../testing/fakeServices';
import { BookingRequestsModal } from '../BookingRequestsModal';
import { itemsFromOpenMarketBookings } from '../calendarItems';

const NO_SESSION_BOOKINGS = { incoming: [], outgoing: [] };

function open(viewerUid: string, market: MarketBookingsResponse) {
  const { services, api } = fakeServices();
  const onAnswered = vi.fn();
  render(
    <ServicesProvider services={services}>
      <BookingRequestsModal
        viewerUid={viewerUid}
        bookings={NO_SESSION_BOOKINGS}
        market={market}
        joins={null}
        onClose={vi.fn()}
        onAnswered={onAnswered}
      />
    </ServicesProvider>,
  );
  return { api, onAnswered, user: userEvent.setup() };
}

describe('Bookings from offers in Booking Requests', () => {
  it('lets the provider accept, decline only with a reason, and shows the API’s refusal', async () => {
    const pending = makeMarketBooking({ id: '41' });
    const { api, onAnswered, user } = open('mixer', { incoming: [pending], outgoing: [] });
    const item = screen.getByTestId('market-incoming');
    expect(within(item).getByText(/From @ana/)).toBeTruthy();
    expect(within(item).getByTestId('market-status').textContent).toBe('pending');

    vi.mocked(api.market.actOnBooking).mockRejectedValueOnce(
      apiError(409, 'booking/slot-taken', 'That time is no longer free. Please pick another slot.'),
    );
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    expect(within(item).getByRole('alert').textContent).toBe(
      'Failed to update booking request. That time is no longer free. Please pick another slot.',
    );
    expect(onAnswered).not.toHaveBeenCalled();

    await user.click(within(item).getByRole('button', { name: 'Decline' }));
    const send = within(item).getByRole('button', { name: 'Decline request' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(item).getByLabelText('Reason (required)'), 'Fully booked that week');
    await user.click(send);
    expect(api.market.actOnBooking).toHaveBeenLastCalledWith('41', {
      action: 'decline',
      reason: 'Fully booked that week',
    });
    expect(onAnswered).toHaveBeenCalledOnce();
  });

  it('lets the provider propose one of their free slots, or a typed start, with the booking’s length', async () => {
    const { api, user } = open('mixer', { incoming: [makeMarketBooking({ id: '41' })], outgoing: [] });
    const item = screen.getByTestId('market-incoming');
    await user.click(within(item).getByRole('button', { name: 'Propose another time' }));
    expect(api.market.freeSlots).toHaveBeenCalledWith('mixer', expect.objectContaining({ minutes: 60 }));
    const slots = await within(item).findAllByRole('button', { pressed: false });
    await user.click(slots[1]!);
    await user.type(within(item).getByLabelText('Note to the requester'), 'Later that morning?');
    await user.click(within(item).getByRole('button', { name: 'Send proposal' }));
    expect(api.market.actOnBooking).toHaveBeenLastCalledWith('41', {
      action: 'propose',
      startTime: MIXER_SLOTS[1]!.start,
      endTime: MIXER_SLOTS[1]!.end,
      message: 'Later that morning?',
    });
  });

  it('shows the requester the proposed time to accept or decline, and every status plainly', async () => {
    const proposed = makeMarketBooking({
      id: '42',
      status: 'proposed',
      proposedStartTime: '2030-01-08T08:00:00.000Z',
      proposedEndTime: '2030-01-08T09:00:00.000Z',
      reason: 'Tuesday suits me better',
    });
    const declined = makeMarketBooking({ id: '43', status: 'declined', reason: 'Fully booked' });
    const cancelled = makeMarketBooking({ id: '44', status: 'cancelled', reason: 'Ill' });
    const { api, user } = open('artist', { incoming: [], outgoing: [proposed, declined, cancelled] });
    const [first, second, third] = screen.getAllByTestId('market-outgoing');
    expect(within(first!).getByTestId('market-status').textContent).toMatch(
      /^proposed: .+ \(Tuesday suits me better\)$/,
    );
    expect(within(second!).getByTestId('market-status').textContent).toBe('declined: Fully booked');
    expect(within(third!).getByTestId('market-status').textContent).toBe('cancelled: Ill');
    expect(within(second!).queryByRole('button')).toBeNull();

    await user.click(within(first!).getByRole('button', { name: 'Accept new time' }));
    expect(api.market.actOnBooking).toHaveBeenLastCalledWith('42', { action: 'accept-proposal' });
    await user.click(within(first!).getByRole('button', { name: 'Decline new time' }));
    await user.click(within(first!).getByRole('button', { name: 'Decline new time' }));
    expect(api.market.actOnBooking).toHaveBeenLastCalledWith('42', { action: 'decline-proposal', reason: '' });
  });

  it('offers a review once a confirmed booking has ended, and shows a refused edit', async () => {
    const finished = makeMarketBooking({
      id: '45',
      status: 'confirmed',
      sessionId: '9',
      startTime: '2020-01-07T08:00:00.000Z',
      endTime: '2020-01-07T09:00:00.000Z',
    });
    const { api, user } = open('artist', { incoming: [], outgoing: [finished] });
    const item = screen.getByTestId('market-outgoing');
    await user.click(within(item).getByRole('button', { name: 'Review @mia' }));
    await user.selectOptions(within(item).getByLabelText('Rating'), '4');
    await user.type(within(item).getByLabelText('Review'), 'Warm, punchy mix.');
    await user.click(within(item).getByRole('button', { name: 'Save review' }));
    expect(api.market.review).toHaveBeenCalledWith('45', { rating: 4, text: 'Warm, punchy mix.' });
    expect(within(item).getByRole('status').textContent).toMatch(/^Review saved\./);

    vi.mocked(api.market.review).mockRejectedValueOnce(
      apiError(409, 'review/closed', 'A review can be changed for 7 days after it is written.'),
    );
    await user.click(within(item).getByRole('button', { name: 'Save review' }));
    expect(within(item).getByRole('alert').textContent).toBe(
      'Failed to save review. A review can be changed for 7 days after it is written.',
    );
  });

  it('puts pending and proposed requests on the calendar as pending, at the time they hold', () => {
    const items = itemsFromOpenMarketBookings([
      makeMarketBooking({ id: '1' }),
      makeMarketBooking({
        id: '2',
        status: 'proposed',
        proposedStartTime: '2030-01-08T08:00:00.000Z',
        proposedEndTime: '2030-01-08T09:00:00.000Z',
      }),
      makeMarketBooking({ id: '3', status: 'confirmed' }),
      makeMarketBooking({ id: '4', status: 'declined' }),
    ]);
    expect(items.map((item) => [item.title, item.start.toISOString()])).toEqual([
      ['Latin mixing (pending)', '2030-01-07T08:00:00.000Z'],
      ['Latin mixing (proposed)', '2030-01-08T08:00:00.000Z'],
    ]);
  });
});
