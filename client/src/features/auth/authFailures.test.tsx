import { describeZodError, signupBodySchema } from '@riffroom/protocol';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../services/api';
import { LocalIdentity } from '../../services/identity/localIdentity';
import { fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

// The built-in identity client on its real HTTP path, with the server's answers in place of the
// server: what a user reads when sign-in or sign-up fails in ways the spec does not name.
function identityAnswering(answer: FetchLike) {
  return new LocalIdentity({ fetch: answer, storage: null, locks: null, subscribeToStorage: () => () => {} });
}

function form() {
  return within(screen.getByRole('form'));
}

async function logIn(answer: FetchLike) {
  const { services } = fakeServices(null);
  renderApp('/login', { ...services, identity: identityAnswering(answer) });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'alice@example.test');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(form().getByRole('button', { name: 'Login' }));
  return (await screen.findByRole('alert')).textContent;
}

describe('login failures the spec does not name', () => {
  it("shows 'Login failed. Please try again.' for a 5xx, never 'Internal Server Error'", async () => {
    const shown = await logIn(async () => new Response('oops', { status: 500, statusText: 'Internal Server Error' }));
    expect(shown).toBe('Login failed. Please try again.');
  });

  it("shows the fallback for a proxy's 502 with an HTML body", async () => {
    const shown = await logIn(
      async () => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect(shown).toBe('Login failed. Please try again.');
  });

  it('shows the fallback when the server cannot be reached', async () => {
    const shown = await logIn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(shown).toBe('Login failed. Please try again.');
  });

  it("still shows the server's own message for a refusal it explains", async () => {
    const body = { error: { code: 'auth/user-disabled', message: 'This account has been disabled.' } };
    const shown = await logIn(async () => Response.json(body, { status: 403 }));
    expect(shown).toBe('This account has been disabled.');
  });
});

describe('sign-up failures', () => {
  it('words the password rule without the field name in front', async () => {
    // The server's 400 as its validation middleware writes it (describeZodError of the body schema).
    const refused = signupBodySchema.safeParse({ email: 'alice@example.test', password: 'abc', username: 'alice' });
    if (refused.success) throw new Error('the schema should refuse a 3-character password');
    const message = describeZodError(refused.error);
    expect(message).toMatch(/^password: /);
    const answer: FetchLike = async () =>
      Response.json({ error: { code: 'validation/invalid-body', message } }, { status: 400 });

    const { services } = fakeServices(null);
    renderApp('/login?mode=signup', { ...services, identity: identityAnswering(answer) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Full Name'), 'Alice Tester');
    await user.type(screen.getByLabelText('Email'), 'alice@example.test');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(form().getByRole('button', { name: 'Sign Up' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Signup failed. Password should be at least 6 characters.',
    );
  });
});
