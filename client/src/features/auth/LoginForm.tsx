import { TIMING } from '@riffroom/protocol';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useServices } from '../../app/ServicesContext';
import { loginErrorMessage, PROFILE_FETCH_FAILED } from './loginMessages';
import { dashboardPathFor } from './roleRedirect';
import { TextField } from '../../components/fields';

type Outcome = { kind: 'error'; message: string } | { kind: 'welcome'; message: string } | null;

/** Sign in, load the profile, greet, then go to the role's dashboard (or back where the user was). */
export function LoginForm({ returnTo }: { returnTo: string | null }) {
  const { identity, api } = useServices();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      await identity.signIn(email, password);
    } catch (error) {
      setOutcome({ kind: 'error', message: loginErrorMessage(error) });
      setBusy(false);
      return;
    }
    let profile;
    try {
      profile = await api.users.getOwnProfile();
    } catch (error) {
      console.error('Failed to fetch user profile', error);
      setOutcome({ kind: 'error', message: PROFILE_FETCH_FAILED });
      setBusy(false);
      return;
    }
    setOutcome({ kind: 'welcome', message: `Welcome back, ${profile.user_name || profile.user_username}!` });
    // Spec part 4: the welcome stays up for a second before the redirect.
    redirectTimer.current = setTimeout(
      () => navigate(returnTo ?? dashboardPathFor(profile.user_role), { replace: true }),
      TIMING.loginRedirectDelayMs,
    );
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit} aria-labelledby="login-title">
      <h2 id="login-title">Log in to your studio</h2>
      <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={setEmail} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
      />
      {outcome?.kind === 'error' && (
        <p className="form-message form-message--error" role="alert">
          {outcome.message}
        </p>
      )}
      {outcome?.kind === 'welcome' && (
        <p className="form-message form-message--success" role="status">
          {outcome.message}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        Login
      </button>
    </form>
  );
}
