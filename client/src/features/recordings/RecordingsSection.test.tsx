import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeRecording, fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

describe('Projects → Recordings', () => {
  it('lists a recording with its tracks; the host downloads, shares and deletes it', async () => {
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    const api = services.api.recordings;
    vi.mocked(api.list).mockResolvedValue([fakeRecording()]);
    URL.createObjectURL = vi.fn(() => 'blob:recording');
    URL.revokeObjectURL = vi.fn();
    // happy-dom has no confirm(): the browser's dialog, answered OK.
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    renderApp('/dashboard?tab=projects', services);

    const card = within(await screen.findByTestId('recording-card'));
    expect(card.getByRole('heading', { name: 'Late night session' })).toBeTruthy();
    expect(card.getByText(/0:12 · 391 KB/)).toBeTruthy();
    expect(card.getByText('Complete')).toBeTruthy();

    await user.click(card.getByRole('button', { name: 'Bob' }));
    expect(api.download).toHaveBeenCalledWith('rec-0000000001', 'talker-bob.ogg');
    await user.click(card.getByRole('button', { name: 'Download all (.zip)' }));
    expect(api.download).toHaveBeenLastCalledWith('rec-0000000001', undefined);

    await user.click(card.getByRole('button', { name: 'Share' }));
    await user.click(card.getByRole('checkbox', { name: 'Bob' }));
    expect(api.share).toHaveBeenCalledWith('rec-0000000001', ['bob']);
    await waitFor(() => expect((card.getByRole('checkbox', { name: 'Bob' }) as HTMLInputElement).checked).toBe(true));

    await user.click(card.getByRole('button', { name: 'Delete' }));
    expect(api.remove).toHaveBeenCalledWith('rec-0000000001');
    await waitFor(() => expect(screen.queryByTestId('recording-card')).toBeNull());
  });

  it('offers neither Share nor Delete on a recording someone shared with you', async () => {
    const { services } = fakeServices(ALICE);
    vi.mocked(services.api.recordings.list).mockResolvedValue([fakeRecording('rec-0000000002', { hostUid: 'hana' })]);
    renderApp('/dashboard?tab=projects', services);
    const card = within(await screen.findByTestId('recording-card'));
    expect(card.getByRole('button', { name: 'Download all (.zip)' })).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(card.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("adds a track to one of the person's projects, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    vi.mocked(services.api.recordings.list).mockResolvedValue([fakeRecording()]);
    const projects = services.api.projects;
    vi.mocked(projects.list).mockResolvedValue([
      { id: 'project-0001', name: 'Live EP', ownerUid: 'me', ownerName: 'Me', createdAt: '', owned: true, members: [] },
    ] as never);
    vi.mocked(projects.addFromRecording)
      .mockRejectedValueOnce(
        Object.assign(new Error('full'), {
          code: 'file/over-quota',
          message: 'This file does not fit in your storage.',
        }),
      )
      .mockResolvedValueOnce({} as never);
    renderApp('/dashboard?tab=projects', services);

    const card = within(await screen.findByTestId('recording-card'));
    await user.click(card.getByRole('button', { name: 'Add Bob to a project' }));
    expect((card.getByLabelText('Project for Bob') as HTMLSelectElement).value).toBe('project-0001');
    await user.click(card.getByRole('button', { name: 'Add' }));
    expect(projects.addFromRecording).toHaveBeenCalledWith('project-0001', {
      recordingId: 'rec-0000000001',
      file: 'talker-bob.ogg',
    });
    expect((await card.findByRole('alert')).textContent).toBe('This file does not fit in your storage.');
    await user.click(card.getByRole('button', { name: 'Add' }));
    expect((await card.findByRole('status')).textContent).toBe('Added to “Live EP”.');
  });
});
