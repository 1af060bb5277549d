import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** What `ipick login` keeps: the server, its identity project and the CLI session's token. */
export interface StoredCredentials {
  server: string;
  projectId: string;
  publishableClientKey: string;
  refreshToken: string;
}

/** `$XDG_CONFIG_HOME/ipick`, or `~/.config/ipick` (the XDG base directory default). */
export function configDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME?.trim() || join(homedir(), '.config');
  return join(base, 'ipick');
}

export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDirectory(env), 'credentials.json');
}

/** Writes the credentials readable by this user only (folder 0700, file 0600). */
export async function saveCredentials(
  credentials: StoredCredentials,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const path = credentialsPath(env);
  await mkdir(configDirectory(env), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  // writeFile's mode applies only to a new file: an older one keeps its own otherwise.
  await chmod(path, 0o600);
  return path;
}

/** The stored credentials, or null when nobody has signed in on this machine. */
export async function loadCredentials(
  env: NodeJS.ProcessEnv = process.env,
): Promise<StoredCredentials | null> {
  let text: string;
  try {
    text = await readFile(credentialsPath(env), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<StoredCredentials>;
  if (
    typeof parsed.server !== 'string' ||
    typeof parsed.projectId !== 'string' ||
    typeof parsed.publishableClientKey !== 'string' ||
    typeof parsed.refreshToken !== 'string'
  ) {
    throw new Error(`${credentialsPath(env)} is not an ipick credentials file; run ipick login.`);
  }
  return parsed as StoredCredentials;
}

export async function removeCredentials(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await rm(credentialsPath(env), { force: true });
}
