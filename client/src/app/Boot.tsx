import { useEffect, useState } from 'react';
import { PRODUCT_NAME } from '@riffroom/protocol';
import { App } from './App';
import type { Services } from './ServicesContext';

type BootState = { status: 'loading' } | { status: 'ready'; services: Services } | { status: 'failed' };

/** Asks the server which identity provider to use, then starts the app. */
export function Boot({ load }: { load: () => Promise<Services> }) {
  const [state, setState] = useState<BootState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    load().then(
      (services) => current && setState({ status: 'ready', services }),
      (error: unknown) => {
        console.error('Could not start the app', error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  if (state.status === 'ready') return <App services={state.services} />;
  if (state.status === 'loading') return <p className="page-status">Loading...</p>;
  return (
    <div className="page-status" role="alert">
      <p>{PRODUCT_NAME} could not reach its server.</p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => {
          setState({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      >
        Retry
      </button>
    </div>
  );
}
