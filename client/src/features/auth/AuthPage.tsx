import { useSearchParams } from 'react-router-dom';
import { RETURN_PARAM, safeReturnPath } from '../../app/returnPath';
import { Header } from '../../components/Header';
import { LoginForm } from './LoginForm';
import { SignupForm } from './SignupForm';

type Mode = 'login' | 'signup';

/** /login: Login and Sign Up on one screen. The mode lives in the URL so the landing page can link to either. */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : 'login';
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));

  function switchTo(next: Mode) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'signup') updated.set('mode', 'signup');
        else updated.delete('mode');
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <div className="auth-page">
      <Header />
      <main className="auth-card">
        {/* Outside the form, so "the form's Login button" is never ambiguous. */}
        <div className="auth-toggle" role="group" aria-label="Login or Sign Up">
          <button type="button" aria-pressed={mode === 'login'} onClick={() => switchTo('login')}>
            Login
          </button>
          <button type="button" aria-pressed={mode === 'signup'} onClick={() => switchTo('signup')}>
            Sign Up
          </button>
        </div>
        {mode === 'login' ? <LoginForm returnTo={returnTo} /> : <SignupForm />}
        <p className="auth-switch">
          {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
          <button
            type="button"
            className="link-button"
            data-testid="auth-switch"
            onClick={() => switchTo(mode === 'login' ? 'signup' : 'login')}
          >
            {mode === 'login' ? 'Sign Up' : 'Login'}
          </button>
        </p>
      </main>
    </div>
  );
}
