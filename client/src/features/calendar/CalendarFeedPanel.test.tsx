import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../app/ServicesContext';
import { apiError, fakeServices } from '../../testing/fakeServices';
import { CalendarFeedPanel } from './CalendarFeedPanel';

function setup(prepare: (api: ReturnType<typeof fakeServices>['api']) => void = () => {}) {
  const alerts = vi.fn();
  vi.stubGlobal('alert', alerts);
  const { services, api } = fakeServices();
  prepare(api);
  render(
    <ServicesProvider services={services}>
      <CalendarFeedPanel />
    </ServicesProvider>,
  );
  return { api, alerts, user: userEvent.setup() };
}

describe('calendar feed panel', () => {
  it('creates a feed URL on this origin, shows it once, and turns the feed off', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Create feed URL' }));
    const url = (await screen.findByLabelText('Calendar feed URL')) as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/calendar/feed/secret-token-of-the-test.ics`);
    expect(screen.getByRole('button', { name: 'New feed URL' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Turn off feed' }));
    expect(api.events.revokeFeed).toHaveBeenCalledOnce();
    expect(screen.queryByLabelText('Calendar feed URL')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create feed URL' })).toBeTruthy();
  });

  it('says the feed is on without showing a URL it no longer knows, and alerts failures', async () => {
    const { alerts, user } = setup((api) => {
      vi.mocked(api.events.feedStatus).mockResolvedValue({ active: true, createdAt: '2030-01-01T00:00:00.000Z' });
      vi.mocked(api.events.rotateFeed).mockRejectedValue(apiError(500, 'internal', 'boom'));
    });
    expect(await screen.findByText('Your feed is on.')).toBeTruthy();
    expect(screen.queryByLabelText('Calendar feed URL')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New feed URL' }));
    expect(alerts).toHaveBeenCalledWith('Failed to update the calendar feed.');
  });
});
