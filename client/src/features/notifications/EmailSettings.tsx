import { NOTIFICATION_KINDS, type EmailPreferencesResponse, type NotificationKind } from '@riffroom/protocol';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext';

const KINDS = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/**
 * Settings: which notifications also come by email, one switch per kind, saved as it is flipped.
 * A box without SMTP sends none, and says so instead of offering switches that do nothing.
 */
export function EmailSettings() {
  const { api } = useServices();
  const [prefs, setPrefs] = useState<EmailPreferencesResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.notifications
      .emailPreferences()
      .then((loaded) => live && setPrefs(loaded))
      .catch(() => live && setError('Failed to load your email settings.'));
    return () => {
      live = false;
    };
  }, [api]);

  async function flip(kind: NotificationKind, on: boolean) {
    setError(null);
    try {
      setPrefs(await api.notifications.saveEmailPreferences({ [kind]: on }));
    } catch {
      setError('Failed to save your email settings.');
    }
  }

  return (
    <section className="email-settings" aria-labelledby="email-settings-heading">
      <h1 id="email-settings-heading">Settings</h1>
      <h2>Email notifications</h2>
      {error && (
        <p className="muted" role="alert">
          {error}
        </p>
      )}
      {prefs === null && !error && <p className="page-status">Loading...</p>}
      {prefs && !prefs.mailEnabled && (
        <p className="muted">This server sends no email; you are told in the app (the bell and its toasts).</p>
      )}
      {prefs?.mailEnabled && (
        <fieldset className="email-settings__kinds">
          <legend>Email me about</legend>
          {KINDS.map((kind) => (
            <label key={kind} className="email-settings__kind">
              <input
                type="checkbox"
                checked={prefs.email[kind]}
                onChange={(event) => void flip(kind, event.target.checked)}
              />
              {NOTIFICATION_KINDS[kind].label}
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
