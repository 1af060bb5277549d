import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  loadCredentials,
  removeCredentials,
  saveCredentials,
  type StoredCredentials,
} from './credentials-store.ts';
import {
  CliError,
  describeFailure,
  fetchProjectAccess,
  identityCall,
  type ProjectAccess,
} from './identity-http.ts';

/** Spec §9: the command line polls every 2000 ms. */
export const CLI_POLL_INTERVAL_MS = 2000;
/** How long a login waits for approval before giving up. */
const LOGIN_LIFETIME_MS = 10 * 60 * 1000;

/** Spec §8's words. */
export const CLI_MESSAGES = {
  expired: 'CLI authentication request expired. Please try again.',
  used: 'This authentication token has already been used.',
  timedOut: 'Timed out waiting for CLI authentication.',
} as const;

export interface CliIo {
  out: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** Opens the address in a browser; false when there is none to open. */
  openBrowser: (url: string) => boolean;
}

/** The server to sign in to: `--server`, then IPICK_URL, then PUBLIC_URL, then the default. */
export function serverOf(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const chosen = flag ?? env.IPICK_URL ?? env.PUBLIC_URL ?? 'http://localhost:3000';
  let url: URL;
  try {
    url = new URL(chosen);
  } catch {
    throw new CliError(`--server must be an http:// or https:// address, not "${chosen}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`--server must be an http:// or https:// address, not "${chosen}".`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/**
 * `ipick login`: starts a CLI login, shows (and opens, when a browser is there) the confirm
 * page, polls until a signed-in user approves it, and keeps the session's refresh token.
 */
export async function login(server: string, io: CliIo): Promise<StoredCredentials> {
  const access = await fetchProjectAccess(server);
  const started = await identityCall(server, access, 'POST', '/auth/cli', {
    body: { expires_in_millis: LOGIN_LIFETIME_MS },
  });
  if (started.status !== 200) {
    throw new CliError(`The server refused to start a login: ${describeFailure(started)}`);
  }
  const pollingCode = String(started.body.polling_code);
  const loginCode = String(started.body.login_code);
  const confirmUrl = `${server}/handler/cli-auth-confirm?login_code=${encodeURIComponent(loginCode)}`;
  io.out('To sign in, open this address in a browser and approve the request:');
  io.out(`  ${confirmUrl}`);
  if (io.openBrowser(confirmUrl)) io.out('(Opened it in your browser.)');
  io.out('Waiting for approval…');

  const refreshToken = await pollForToken(server, access, pollingCode);
  const credentials = { server, ...access, refreshToken };
  const path = await saveCredentials(credentials, io.env);
  const me = await currentUser(credentials);
  io.out(`Signed in as ${describeUser(me)}. Credentials saved to ${path}.`);
  return credentials;
}

async function pollForToken(
  server: string,
  access: ProjectAccess,
  pollingCode: string,
): Promise<string> {
  const deadline = Date.now() + LOGIN_LIFETIME_MS;
  while (Date.now() < deadline) {
    const answer = await identityCall(server, access, 'POST', '/auth/cli/poll', {
      body: { polling_code: pollingCode },
    });
    if (answer.status === 201 && typeof answer.body.refresh_token === 'string') {
      return answer.body.refresh_token;
    }
    if (answer.status !== 200) {
      throw new CliError(`Polling failed: ${describeFailure(answer)}`);
    }
    if (answer.body.status === 'expired') throw new CliError(CLI_MESSAGES.expired);
    if (answer.body.status === 'used') throw new CliError(CLI_MESSAGES.used);
    await sleep(CLI_POLL_INTERVAL_MS);
  }
  throw new CliError(CLI_MESSAGES.timedOut);
}

interface IdentityUser {
  id: string;
  primary_email: string | null;
  display_name: string | null;
}

/** A fresh access token for the stored session, or null once the server has ended it. */
async function accessTokenOf(credentials: StoredCredentials): Promise<string | null> {
  const refreshed = await identityCall(
    credentials.server,
    credentials,
    'POST',
    '/auth/sessions/current/refresh',
    { refreshToken: credentials.refreshToken },
  );
  const token = refreshed.body.access_token;
  return refreshed.status === 200 && typeof token === 'string' ? token : null;
}

async function currentUser(credentials: StoredCredentials): Promise<IdentityUser> {
  const accessToken = await accessTokenOf(credentials);
  if (!accessToken) throw new CliError('Your sign-in has ended. Run ipick login again.');
  const me = await identityCall(credentials.server, credentials, 'GET', '/users/me', {
    accessToken,
  });
  if (me.status !== 200) throw new CliError(`Could not read your account: ${describeFailure(me)}`);
  return me.body as unknown as IdentityUser;
}

function describeUser(user: IdentityUser): string {
  return user.primary_email ?? user.display_name ?? user.id;
}

/** `ipick whoami`: who the stored credentials sign in as. */
export async function whoami(io: CliIo): Promise<void> {
  const credentials = await loadCredentials(io.env);
  if (!credentials) throw new CliError('Not signed in. Run ipick login first.');
  const me = await currentUser(credentials);
  io.out(`${describeUser(me)} (user ${me.id}) on ${credentials.server}`);
}

/** `ipick logout`: ends the CLI session on the server and forgets it here. */
export async function logout(io: CliIo): Promise<void> {
  const credentials = await loadCredentials(io.env);
  if (!credentials) {
    io.out('Not signed in.');
    return;
  }
  try {
    const accessToken = await accessTokenOf(credentials);
    if (accessToken) {
      await identityCall(credentials.server, credentials, 'DELETE', '/auth/sessions/current', {
        accessToken,
      });
    }
  } catch {
    // The server is unreachable: forgetting the token here still signs this machine out.
  }
  await removeCredentials(io.env);
  io.out('Signed out.');
}

/** Opens a browser where there is one: macOS, Windows, or a Linux desktop session. */
export function openInBrowser(url: string, env: NodeJS.ProcessEnv = process.env): boolean {
  let command: string;
  let args: string[];
  if (process.platform === 'darwin') {
    command = 'open';
    args = [url];
  } else if (process.platform === 'win32') {
    command = 'cmd';
    args = ['/c', 'start', '""', url.replace(/&/g, '^&')];
  } else if (env.DISPLAY || env.WAYLAND_DISPLAY) {
    command = 'xdg-open';
    args = [url];
  } else {
    return false;
  }
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
    return true;
  } catch {
    return false;
  }
}
