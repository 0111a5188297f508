import type { CalendarFeedStatus } from '@riffroom/protocol';
import { useEffect, useState } from 'react';
import { useLinkOrigin, useServices } from '../../app/ServicesContext';
import { useAlertingAction } from '../../components/useAlertingAction';

/**
 * The private .ics feed (beyond the spec): calendar apps subscribe to a secret URL. Only its hash
 * is stored, so the URL shows once; a new one replaces it, and turning it off stops it at once.
 */
export function CalendarFeedPanel() {
  const { api } = useServices();
  const linkOrigin = useLinkOrigin();
  const [status, setStatus] = useState<CalendarFeedStatus | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const { busy, attempt } = useAlertingAction();

  useEffect(() => {
    let current = true;
    api.events.feedStatus().then(
      (feed) => current && setStatus(feed),
      (error: unknown) => console.error('Failed to load calendar feed status', error),
    );
    return () => {
      current = false;
    };
  }, [api]);

  const run = (action: () => Promise<void>) => attempt('Failed to update the calendar feed.', action);
  const rotate = () =>
    run(async () => {
      const created = await api.events.rotateFeed();
      setStatus(created);
      setUrl(`${linkOrigin}${created.path}`);
    });
  const revoke = () =>
    run(async () => {
      await api.events.revokeFeed();
      setStatus({ active: false, createdAt: null });
      setUrl(null);
    });

  return (
    <section className="calendar-feed" aria-labelledby="calendar-feed-heading">
      <h2 id="calendar-feed-heading">Calendar feed</h2>
      <p className="muted">
        Subscribe from your calendar app to see your sessions and confirmed bookings there. Anyone with the link can
        read it, so keep it to yourself.
      </p>
      {url && (
        <div className="calendar-feed__url">
          <input readOnly aria-label="Calendar feed URL" value={url} onFocus={(event) => event.target.select()} />
          <button type="button" className="btn btn--small" onClick={() => void navigator.clipboard?.writeText(url)}>
            Copy
          </button>
          <p className="muted">Copy it now: it will not be shown again.</p>
        </div>
      )}
      {status?.active && !url && <p>Your feed is on.</p>}
      <div className="form-actions">
        <button type="button" className="btn btn--small" disabled={busy || !status} onClick={() => void rotate()}>
          {status?.active ? 'New feed URL' : 'Create feed URL'}
        </button>
        {status?.active && (
          <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void revoke()}>
            Turn off feed
          </button>
        )}
      </div>
    </section>
  );
}
