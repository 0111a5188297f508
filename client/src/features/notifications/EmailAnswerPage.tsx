import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useServices } from '../../app/ServicesContext';
import { Header } from '../../components/Header';
import { describeError } from '../../services/api';

type Outcome =
  | { status: 'idle' | 'sending' }
  | { status: 'done'; action: 'accept' | 'decline' }
  | { status: 'failed'; message: string };

/**
 * Where a booking email's single-use link lands. Opening it changes nothing (mail scanners open
 * links too); the person's click on Accept or Decline answers, once.
 */
export function EmailAnswerPage() {
  const { api } = useServices();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });

  async function answer(action: 'accept' | 'decline') {
    setOutcome({ status: 'sending' });
    try {
      await api.notifications.emailAction({ token, action });
      setOutcome({ status: 'done', action });
    } catch (error) {
      setOutcome({
        status: 'failed',
        message: describeError(error).message || 'Failed to answer the booking request.',
      });
    }
  }

  return (
    <div className="auth-page">
      <Header />
      <main className="auth-card">
        <h1>Booking request</h1>
        {outcome.status === 'done' ? (
          <p role="status">{outcome.action === 'accept' ? 'Booking request accepted.' : 'Booking request declined.'}</p>
        ) : (
          <>
            <p>Answer the booking request from your email.</p>
            {outcome.status === 'failed' && <p role="alert">{outcome.message}</p>}
            <div className="form-actions">
              <button
                type="button"
                className="btn btn--primary"
                disabled={outcome.status === 'sending'}
                onClick={() => void answer('accept')}
              >
                Accept
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={outcome.status === 'sending'}
                onClick={() => void answer('decline')}
              >
                Decline
              </button>
            </div>
          </>
        )}
      </main>
    </div>
  );
}
