import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

describe('Projects tab', () => {
  it('lists my projects and those I am in beside the recordings, and creates one', async () => {
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    const api = services.api.projects;
    vi.mocked(api.list).mockResolvedValue([
      { id: 'p-0000000001', name: 'EP mixes', ownerUid: 'me', ownerName: 'Me', createdAt: '', owned: true },
      { id: 'p-0000000002', name: 'Single', ownerUid: 'bob', ownerName: 'Bob', createdAt: '', owned: false },
    ]);
    vi.mocked(api.storage).mockResolvedValue({ usedBytes: 1024 * 1024, quotaBytes: 20 * 1024 ** 3 });
    renderApp('/dashboard?tab=projects', services);

    expect((await screen.findByRole('link', { name: 'EP mixes' })).getAttribute('href')).toBe('/projects/p-0000000001');
    expect(screen.getByText('by Bob')).toBeTruthy();
    expect(await screen.findByText(/Storage: 1(\.0)? MB of/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Recordings' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Project name' }), 'Album');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(api.create).toHaveBeenCalledWith('Album');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Album' })).toBeTruthy());
  });
});
