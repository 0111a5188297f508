import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALICE, fakeServices } from '../../testing/fakeServices';
import { MIXER_SLOTS } from '../../testing/fakeMarket';
import { renderApp } from '../../testing/renderApp';

describe('Book a Session', () => {
  it('searches, opens a provider, picks a free slot and sends the request', async () => {
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    renderApp('/dashboard?tab=book-session', services);

    await user.type(await screen.findByLabelText('Search'), 'latin');
    await user.selectOptions(screen.getByLabelText('Genre'), 'Latin');
    await user.type(screen.getByLabelText('Max rate'), '150');
    await user.click(screen.getByLabelText(/Free next/));
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const search = services.api.market.search as unknown as { mock: { calls: [Record<string, string>][] } };
    expect(search.mock.calls[0]![0]).toMatchObject({ q: 'latin', genre: 'Latin', maxRate: '150', sort: 'soonest' });
    expect(search.mock.calls[0]![0].freeFrom).toBeDefined();

    const card = await screen.findByTestId('market-card');
    expect(within(card).getByText('Mia Mixer')).toBeTruthy();
    expect(within(card).getByText('★ 4.5 (2)')).toBeTruthy();
    expect(within(card).getByText('120 EUR / song')).toBeTruthy();
    expect(within(card).getByText(/^Next free: /)).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'View times' }));
    // The provider's offers carry their average and count, and their reviews below.
    const panel = await screen.findByRole('region', { name: "Mia Mixer's offers" });
    expect(within(panel).getByText('★ 4.5 (2)')).toBeTruthy();
    expect(services.api.market.reviewsOf).toHaveBeenCalledWith('mixer');
    const slots = await screen.findAllByRole('button', { pressed: false });
    await user.click(slots[0]!);
    await user.type(screen.getByLabelText('Message'), 'A reggaeton single');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Booking request sent!')).toBeTruthy();
    expect(services.api.market.requestBooking).toHaveBeenCalledWith({
      offerId: '7',
      startTime: MIXER_SLOTS[0]!.start,
      endTime: MIXER_SLOTS[0]!.end,
      message: 'A reggaeton single',
    });
    // Many steps of typing and clicking: more than the default 5 s on a busy machine.
  }, 30_000);
});
