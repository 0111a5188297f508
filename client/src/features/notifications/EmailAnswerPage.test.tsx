import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../services/api';
import { fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

const TOKEN = 'A'.repeat(43);

describe("a booking email's answer page", () => {
  it('changes nothing when opened, and answers once on a click, signed out', async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(null);
    renderApp(`/email-answer?token=${TOKEN}`, services);
    const accept = await screen.findByRole('button', { name: 'Accept' });
    expect(api.notifications.emailAction).not.toHaveBeenCalled();
    await user.click(accept);
    expect(api.notifications.emailAction).toHaveBeenCalledWith({ token: TOKEN, action: 'accept' });
    expect(await screen.findByText('Booking request accepted.')).toBeTruthy();
  });

  it('says why when the link is used up or expired', async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(null);
    vi.mocked(api.notifications.emailAction).mockRejectedValue(
      new ApiError(404, 'email-link/invalid', 'This link has expired or was already used. Open Riffroom to answer.'),
    );
    renderApp(`/email-answer?token=${TOKEN}`, services);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired or was already used. Open Riffroom to answer.',
    );
  });
});
