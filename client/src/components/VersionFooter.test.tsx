import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VersionFooter } from './VersionFooter';

const answering = (body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status: 200 }));

afterEach(() => vi.restoreAllMocks());

describe('VersionFooter', () => {
  it("shows the server's version and short commit from /healthz", async () => {
    const fetched = answering({ ok: true, version: '0.2.0', commit: '4a230da1234567890abcdef1234567890abcdef1' });
    render(<VersionFooter />);
    expect((await screen.findByTestId('version-footer')).textContent).toBe('Riffroom 0.2.0 (4a230da)');
    expect(fetched).toHaveBeenCalledWith('/healthz');
  });

  it("says 'unknown commit' for a build without git, and shows nothing for an answer of another shape", async () => {
    answering({ ok: true, version: '0.2.0', commit: 'unknown' });
    const { unmount } = render(<VersionFooter />);
    expect((await screen.findByTestId('version-footer')).textContent).toBe('Riffroom 0.2.0 (unknown commit)');
    unmount();

    const fetched = answering({ ok: true });
    render(<VersionFooter />);
    await vi.waitFor(() => expect(fetched).toHaveBeenCalled());
    await Promise.resolve();
    expect(screen.queryByTestId('version-footer')).toBeNull();
  });
});
