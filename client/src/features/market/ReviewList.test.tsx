import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeReview } from '../../testing/fakeMarket';
import { ALICE, apiError, fakeServices, makeProfile } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

describe('Reviews on My Profile', () => {
  it('shows the average, the count and the reviews newest first with replies; the reviewed person replies once', async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.users.getOwnProfile).mockResolvedValue(makeProfile());
    vi.mocked(api.market.reviewsOf).mockResolvedValue({
      rating: { average: 4.5, count: 2 },
      reviews: [
        makeReview({ id: '9', rating: 4, text: 'Good, a day late.', createdAt: '2030-02-02T00:00:00.000Z' }),
        makeReview({ id: '8', rating: 5, text: 'Superb.', reply: 'Thank you!' }),
      ],
    });
    renderApp('/profile', services);

    const reviews = within(await screen.findByRole('region', { name: 'Reviews' }));
    expect(api.market.reviewsOf).toHaveBeenCalledWith('me');
    expect(reviews.getByTestId('rating-summary').textContent).toBe('★ 4.5 (2)');
    const [newest, older] = reviews.getAllByTestId('review');
    expect(within(newest!).getByText('Good, a day late.')).toBeTruthy();
    expect(within(newest!).getByLabelText('4 of 5')).toBeTruthy();
    expect(within(older!).getByText('Thank you!')).toBeTruthy();
    expect(within(older!).queryByRole('button', { name: 'Reply' })).toBeNull();

    vi.mocked(api.market.reply).mockRejectedValueOnce(
      apiError(409, 'review/closed', 'You have already replied to this review.'),
    );
    await user.type(within(newest!).getByLabelText('Your reply'), 'Sorry for the wait.');
    await user.click(within(newest!).getByRole('button', { name: 'Reply' }));
    expect(within(newest!).getByRole('alert').textContent).toBe(
      'Failed to save reply. You have already replied to this review.',
    );
    await user.click(within(newest!).getByRole('button', { name: 'Reply' }));
    expect(api.market.reply).toHaveBeenLastCalledWith('9', 'Sorry for the wait.');
    expect(await within(newest!).findByText('Sorry for the wait.')).toBeTruthy();
    expect(within(newest!).queryByRole('button', { name: 'Reply' })).toBeNull();
  }, 30_000);
});
