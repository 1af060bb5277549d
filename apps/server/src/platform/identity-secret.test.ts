import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IDENTITY_SECRET_FILE, loadIdentitySecret } from './identity-secret.ts';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('the identity secret', () => {
  it('is generated into the data directory on first start and read back on the next', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ipick-secret-'));
    const dataDir = join(dir, 'data');
    const first = await loadIdentitySecret({ fromEnvironment: null, dataDir });
    expect(first.byteLength).toBe(32);
    const file = join(dataDir, IDENTITY_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await loadIdentitySecret({ fromEnvironment: null, dataDir });
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect((await readFile(file, 'utf8')).trim()).toBe(Buffer.from(first).toString('base64'));
  });

  it('comes from the environment when set, and writes nothing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ipick-secret-'));
    const value = Buffer.alloc(32, 7).toString('base64');
    const secret = await loadIdentitySecret({ fromEnvironment: value, dataDir: dir });
    expect(Buffer.from(secret).toString('base64')).toBe(value);
    await expect(stat(join(dir, IDENTITY_SECRET_FILE))).rejects.toThrow();
  });
});
