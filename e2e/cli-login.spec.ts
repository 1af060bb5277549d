import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { appPort } from './support/ports.ts';
import { signUpInModal } from './support/browsing.ts';

const site = `http://localhost:${appPort}`;

/**
 * An operator runs `npm run ipick -- login`; the address it prints opens the confirm page,
 * where the signed-in user approves; the command line then says who it signed in as, and
 * `whoami` agrees.
 */
test('approve a command-line login on /handler/cli-auth-confirm', async ({ page }) => {
  const configHome = mkdtempSync(join(tmpdir(), 'ipick-e2e-cli-'));
  const env = { ...process.env, XDG_CONFIG_HOME: configHome, DISPLAY: '', WAYLAND_DISPLAY: '' };
  const run = (args: string[], onLine: (line: string) => void = () => {}) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/operator-cli/main.ts', ...args],
      { cwd: join(import.meta.dirname, '..'), env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      for (const line of chunk.toString().split('\n')) onLine(line);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      child.on('close', (code) => resolve({ code, stdout, stderr })),
    );
  };

  try {
    const email = `cli-approve-${Date.now()}@example.com`;
    await signUpInModal(page, site, email, 'cli approve password 1');

    let confirmUrl: string | null = null;
    const login = run(['login', '--server', site], (line) => {
      const found = /https?:\/\/\S+\/handler\/cli-auth-confirm\?login_code=\S+/.exec(line);
      if (found) confirmUrl = found[0];
    });
    await expect.poll(() => confirmUrl, { timeout: 15_000 }).not.toBeNull();

    await page.goto(confirmUrl!);
    await expect(page.getByText(/asks to sign in to ipick as/)).toBeVisible();
    await page.getByRole('button', { name: 'Approve sign-in' }).click();
    await expect(page.getByText('The command-line tool is signed in')).toBeVisible();

    const result = await login;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Signed in as ${email}.`);

    const who = await run(['whoami']);
    expect(who.code).toBe(0);
    expect(who.stdout).toContain(email);

    // The code is spent: the confirm page says so when opened again.
    await page.goto(confirmUrl!);
    await page.getByRole('button', { name: 'Approve sign-in' }).click();
    await expect(
      page.getByText('CLI authentication request expired. Please try again.'),
    ).toBeVisible();
  } finally {
    rmSync(configHome, { recursive: true, force: true });
  }
});
