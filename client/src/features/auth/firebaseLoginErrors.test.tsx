import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFirebaseIdentity } from '../../services/identity/firebaseIdentity';
import { fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

/** Identity Toolkit's error body for a refused password sign-in, as Firebase's servers send it. */
function refusal(message: string): Response {
  const body = { error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } };
  return new Response(JSON.stringify(body), { status: 400, headers: { 'Content-Type': 'application/json' } });
}

// The login screen on the real Firebase SDK, with Identity Toolkit's answers in place of its servers.
// TOO_MANY_ATTEMPTS_TRY_LATER is why this exists: the Auth emulator never answers it, so the
// end-to-end tests (tests/e2e/firebase-auth.test.ts) cannot get it from there. The others are
// checked there against the emulator as well.
describe('login errors from Firebase', () => {
  let answer = '';
  // The SDK keeps the fetch it finds when it is first imported, so one stand-in serves every test.
  const identityToolkit = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => refusal(answer));

  // As Firebase's servers word them: some codes come with a reason after ' : '.
  it.each([
    {
      code: 'TOO_MANY_ATTEMPTS_TRY_LATER',
      reason: 'Access to this account has been temporarily disabled due to many failed login attempts.',
      shown: 'Too many failed attempts. Please try again later.',
    },
    { code: 'EMAIL_NOT_FOUND', shown: 'No account found with this email.' },
    { code: 'INVALID_PASSWORD', shown: 'Incorrect password.' },
    // Email enumeration protection (on by default in new projects) answers this for both.
    { code: 'INVALID_LOGIN_CREDENTIALS', shown: 'Incorrect password.' },
    { code: 'INVALID_EMAIL', shown: 'Invalid email address.' },
  ])('shows the spec message for $code', async ({ code, reason, shown }) => {
    answer = reason ? `${code} : ${reason}` : code;
    identityToolkit.mockClear();
    vi.stubGlobal('fetch', identityToolkit);
    const identity = await createFirebaseIdentity({
      apiKey: 'demo-api-key',
      authDomain: 'demo-riffroom.firebaseapp.com',
      projectId: 'demo-riffroom',
    });
    const { services } = fakeServices(null);
    const app = renderApp('/login', { ...services, identity });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), 'alice@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(within(screen.getByRole('form')).getByRole('button', { name: 'Login' }));

    expect((await screen.findByRole('alert')).textContent).toBe(shown);
    expect(String(identityToolkit.mock.calls[0]?.[0])).toContain('/v1/accounts:signInWithPassword');
    expect(app.location()).toBe('/login');
  });
});
