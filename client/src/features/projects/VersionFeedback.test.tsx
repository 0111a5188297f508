import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem, Project, ProjectComment, ProjectFile } from '@riffroom/protocol';
import { ALICE, fakeComment, fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

// happy-dom plays no audio: a stand-in player that records where it was sent.
const surfer = vi.hoisted(() => ({ times: [] as number[], playing: 0, position: 0 }));
vi.mock('wavesurfer.js', () => ({
  default: {
    create: () => ({
      on: () => {},
      destroy: () => {},
      playPause: async () => {},
      setTime: (seconds: number) => surfer.times.push(seconds),
      play: async () => {
        surfer.playing += 1;
      },
      getCurrentTime: () => surfer.position,
    }),
  },
}));

const FILE: ProjectFile = {
  id: 'file-00000001',
  trackId: 'track-0000001',
  version: 1,
  name: 'mix.wav',
  sizeBytes: 1000,
  sha256: '0'.repeat(64),
  uploaderUid: 'me',
  uploaderName: 'Me',
  createdAt: '2030-01-01T00:00:00.000Z',
  state: 'ready',
  message: null,
  audio: { format: 'wav', codec: 'pcm_s24le', sampleRate: 48000, channels: 2, bitDepth: 24, durationMs: 180_000 },
  loudnessLufs: -14,
  truePeakDbtp: -1,
};
const PROJECT: Project = {
  id: 'project-0001',
  name: 'Single',
  ownerUid: 'me',
  ownerName: 'Me',
  createdAt: '2030-01-01T00:00:00.000Z',
  owned: true,
  members: [{ uid: 'bob', name: 'Bob', username: 'bob' }],
  tracks: [{ id: 'track-0000001', name: 'mix', createdAt: '2030-01-01T00:00:00.000Z', versions: [FILE] }],
};
const bobsComment: ProjectComment = {
  ...fakeComment(FILE.id, { body: 'The vocal is buried', atMs: 83_000, endMs: 90_000 }),
  id: 'comment-bob-1',
  authorUid: 'bob',
  authorName: 'Bob',
};

beforeEach(() => {
  surfer.times = [];
  surfer.playing = 0;
  surfer.position = 0;
});

function setup(comments: ProjectComment[]) {
  const { services } = fakeServices(ALICE);
  const api = services.api.projects;
  vi.mocked(api.get).mockResolvedValue(PROJECT);
  vi.mocked(api.comments).mockResolvedValue(comments);
  renderApp(`/projects/${PROJECT.id}`, services);
  return api;
}

describe('comments pinned to the second', () => {
  it('shows a thread as a marker on the waveform; the marker and its time play from that moment', async () => {
    const user = userEvent.setup();
    setup([bobsComment, { ...fakeComment(FILE.id, { body: 'Agreed', parentId: bobsComment.id }), atMs: 83_000 }]);

    const marker = await screen.findByRole('button', { name: 'Comment at 1:23: The vocal is buried' });
    expect(marker.getAttribute('style')).toContain('left: 46.1');
    await user.click(marker);
    expect(surfer.times).toEqual([83]);
    expect(surfer.playing).toBe(1);

    const thread = screen.getByText('The vocal is buried').closest('li')!;
    expect(thread.getAttribute('aria-current')).toBe('true');
    expect(within(thread).getByText('Agreed')).toBeTruthy();
    expect(within(thread).getByText('1:23–1:30')).toBeTruthy();
    await user.click(within(thread).getByRole('button', { name: 'Play from 1:23' }));
    expect(surfer.times).toEqual([83, 83]);
    // Bob's comment is not mine to edit; the owner may still delete it.
    expect(within(thread).getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    expect(within(thread).getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
  });

  it('comments at the player position, replies and resolves', async () => {
    const user = userEvent.setup();
    const api = setup([bobsComment]);
    await screen.findByRole('button', { name: /Comment at 1:23/ });
    surfer.position = 42.3;
    await user.click(screen.getByRole('textbox', { name: 'Comment' }));
    expect((screen.getByRole('textbox', { name: 'At' }) as HTMLInputElement).value).toBe('0:42');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Snare too bright @bob');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(api.addComment).toHaveBeenCalledWith(PROJECT.id, FILE.id, { body: 'Snare too bright @bob', atMs: 42_000 });
    expect(screen.getByText('Mention someone: @bob')).toBeTruthy();

    const thread = screen.getByText('The vocal is buried').closest('li')!;
    await user.click(within(thread).getByRole('button', { name: 'Reply' }));
    await user.type(within(thread).getByRole('textbox', { name: 'Reply to Bob' }), 'Fixed in v2');
    await user.click(within(thread).getAllByRole('button', { name: 'Reply' }).at(-1)!);
    expect(api.addComment).toHaveBeenLastCalledWith(PROJECT.id, FILE.id, {
      body: 'Fixed in v2',
      parentId: bobsComment.id,
    });
    await user.click(within(thread).getByRole('button', { name: 'Resolve' }));
    expect(api.resolveComment).toHaveBeenCalledWith(PROJECT.id, bobsComment.id, true);
  });

  it('refuses a time past the end of the version before asking the server', async () => {
    const user = userEvent.setup();
    const api = setup([]);
    await user.type(await screen.findByRole('textbox', { name: 'Comment' }), 'Outro');
    await user.clear(screen.getByRole('textbox', { name: 'At' }));
    await user.type(screen.getByRole('textbox', { name: 'At' }), '3:05');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This version is 3:00 long.');
    expect(api.addComment).not.toHaveBeenCalled();
    await waitFor(() => expect(api.comments).toHaveBeenCalled());
  });

  it('puts a version I uploaded on my profile', async () => {
    const user = userEvent.setup();
    const api = setup([]);
    vi.mocked(api.setShowcase).mockResolvedValue([
      { fileId: FILE.id, name: FILE.name, durationMs: FILE.audio.durationMs, loudnessLufs: -14 },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Show on my profile' }));
    expect(api.setShowcase).toHaveBeenCalledWith([FILE.id]);
    expect(await screen.findByRole('button', { name: 'Remove from my profile' })).toBeTruthy();
  });
});

describe('comments arriving live', () => {
  it("shows another member's new comment on this version without a reload, and ignores other versions'", async () => {
    const { services, realtime } = fakeServices(ALICE);
    const api = services.api.projects;
    vi.mocked(api.get).mockResolvedValue(PROJECT);
    vi.mocked(api.comments).mockResolvedValue([]);
    renderApp(`/projects/${PROJECT.id}`, services);
    await waitFor(() => expect(api.comments).toHaveBeenCalledTimes(1));
    await act(async () => {});

    const told = (fileId: string): NotificationItem => ({
      _id: `n-${fileId}`,
      kind: 'project-commented',
      title: 'Bob commented at 1:23 of “mix.wav” in “Single”',
      link: `/projects/${PROJECT.id}?file=${fileId}`,
      data: { projectId: PROJECT.id, fileId, commentId: bobsComment.id, fromUid: 'bob' },
      createdAt: '2030-01-07T10:00:00.000Z',
      readAt: null,
    });
    act(() => realtime.deliver('notification', told('file-other')));
    expect(api.comments).toHaveBeenCalledTimes(1);

    vi.mocked(api.comments).mockResolvedValue([bobsComment]);
    act(() => realtime.deliver('notification', told(FILE.id)));
    expect(await screen.findByRole('button', { name: 'Comment at 1:23: The vocal is buried' })).toBeTruthy();
  });
});
