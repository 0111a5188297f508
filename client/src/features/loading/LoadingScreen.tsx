import { TIMING } from '@riffroom/protocol';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Header } from '../../components/Header';

/** /loading after signup: a progress bar gaining 1% per step, then the dashboard (spec part 2, 9). */
export function LoadingScreen() {
  const navigate = useNavigate();
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (progress >= 100) {
      const done = setTimeout(() => navigate('/dashboard', { replace: true }), TIMING.loadingRedirectDelayMs);
      return () => clearTimeout(done);
    }
    const step = setTimeout(() => setProgress((value) => Math.min(100, value + 1)), TIMING.loadingStepMs);
    return () => clearTimeout(step);
  }, [progress, navigate]);

  return (
    <div className="loading-page">
      <Header />
      <main className="loading-card">
        <h1>Setting Up Your Profile...</h1>
        <div
          className="progress"
          role="progressbar"
          aria-label="Profile setup progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="progress__fill" style={{ width: `${progress}%` }} />
        </div>
        <p className="loading-card__percent" data-testid="loading-percent">
          {progress}%
        </p>
      </main>
    </div>
  );
}
