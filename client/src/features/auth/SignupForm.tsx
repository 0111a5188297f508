import { PRODUCT_NAME } from '@riffroom/protocol';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useServices } from '../../app/ServicesContext';
import { useToast } from '../../components/toast/ToastContext';
import { signupErrorMessage } from './loginMessages';
import { TextField } from '../../components/fields';

/**
 * Spec part 2 and 7: create the account, set its display name to the username, save the profile,
 * then set it up on /loading.
 */
export function SignupForm() {
  const { identity, api } = useServices();
  const toast = useToast();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const user = await identity.signUp(email, password, username);
      await identity.setDisplayName(username);
      await api.users.publicSaveProfile({
        user_name: fullName,
        user_email: email,
        user_username: username,
        firebase_uid: user.uid,
      });
    } catch (failure) {
      setError(signupErrorMessage(failure));
      setBusy(false);
      return;
    }
    // A toast rather than text on this form: it stays visible across the move to /loading.
    toast.show({ message: 'Profile saved!', type: 'info' });
    navigate('/loading');
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit} aria-labelledby="signup-title">
      <h2 id="signup-title">Join {PRODUCT_NAME}</h2>
      <TextField label="Username" autoComplete="username" required value={username} onChange={setUsername} />
      <TextField label="Full Name" autoComplete="name" required value={fullName} onChange={setFullName} />
      <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={setEmail} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={setPassword}
      />
      {error && (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        Sign Up
      </button>
    </form>
  );
}
