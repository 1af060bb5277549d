import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, json, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';
import { totpCode } from '../utils/totp';

function base32Decode(text: string): Uint8Array<ArrayBuffer> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

describe('account settings: two-factor', () => {
  it('saves the secret only after a matching code, offers recovery codes once, turns off after confirming', async () => {
    let enabled = false;
    const patches: unknown[] = [];
    let recoveryCalls = 0;
    stubApi({
      user: buildUser({ email: 'ada@example.com' }),
      routes: {
        'GET /api/auth/sessions': () => json({ sessions: [] }),
        'POST /api/auth/identity-token': () =>
          json({ projectId: 'p', publishableClientKey: 'pck', accessToken: 'token' }),
        'GET /api/v1/users/me': () => json({ id: 'u', requires_totp_mfa: enabled }),
        'PATCH /api/v1/users/me': ({ body }) => {
          patches.push(body);
          enabled = (body as { totp_secret_base64: string | null }).totp_secret_base64 !== null;
          return json({ id: 'u', requires_totp_mfa: enabled });
        },
        'POST /api/v1/auth/mfa/recovery-codes': () => {
          recoveryCalls += 1;
          return json({ recovery_codes: ['aaaa-bbbb-cccc', 'dddd-eeee-ffff'] });
        },
      },
    });
    const user = userEvent.setup();
    renderAt('/handler/account-settings');
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor' }));

    const secretText = (await screen.findByTestId('totp-secret')).textContent;
    expect(secretText).toMatch(/^[A-Z2-7]{32}$/);
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeTruthy();
    const secret = base32Decode(secretText);
    const field = screen.getByLabelText('Code from your authenticator app');

    const step = Math.floor(Date.now() / 30_000);
    const wrong = await totpCode(secret, step - 5);
    await user.type(field, wrong);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/That code does not match this key/)).toBeTruthy();
    expect(patches).toEqual([]);

    await user.clear(field);
    await user.type(field, await totpCode(secret, step));
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ totp_secret_base64: btoa(String.fromCharCode(...secret)) });

    await user.click(await screen.findByRole('button', { name: 'Create recovery codes' }));
    const codes = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['aaaa-bbbb-cccc', 'dddd-eeee-ffff']);
    await user.click(screen.getByRole('button', { name: 'I saved them' }));
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
    expect(recoveryCalls).toBe(1);

    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ totp_secret_base64: null });
    expect(await screen.findByRole('button', { name: 'Turn on two-factor' })).toBeTruthy();
  });
});
