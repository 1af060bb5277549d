import { createServer as createTlsServer } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  delayed,
  page,
  redirect,
  startFixtureHttpServer,
  streamedBody,
  type FixtureHandler,
  type FixtureHttpServer,
} from '../../../test/fixture-http-server.ts';
import { ConfigError } from '../config.ts';
import { resolveCheckedAddresses, systemResolver } from './checked-lookup.ts';
import {
  createSafeFetcher,
  DEFAULT_USER_AGENT,
  fetcherOptionsFromEnv,
  FetchRefusedError,
  type FetchRefusalReason,
  type HostResolver,
  type SafeFetcher,
  type SafeFetcherOptions,
} from './safe-fetcher.ts';

const MB = 1024 * 1024;

let server: FixtureHttpServer | undefined;
const fetchers: SafeFetcher[] = [];

afterEach(async () => {
  await Promise.all(fetchers.splice(0).map((fetcher) => fetcher.close()));
  await server?.close();
  server = undefined;
});

async function serve(routes: Record<string, FixtureHandler>): Promise<FixtureHttpServer> {
  server = await startFixtureHttpServer(routes);
  return server;
}

function fetcherWith(options: SafeFetcherOptions): SafeFetcher {
  const fetcher = createSafeFetcher(options);
  fetchers.push(fetcher);
  return fetcher;
}

async function refusalOf(promise: Promise<unknown>): Promise<FetchRefusedError> {
  const error = await promise.then(
    () => new Error('expected the fetch to be refused'),
    (caught: unknown) => caught,
  );
  if (error instanceof FetchRefusedError) return error;
  throw error;
}

async function reasonOf(promise: Promise<unknown>): Promise<FetchRefusalReason> {
  return (await refusalOf(promise)).reason;
}

/** A DNS that knows a few fake names and nothing else, recording what it was asked. */
function fakeDns(names: Record<string, string[]>): HostResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const addresses = names[hostname];
    if (!addresses) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    }
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

describe('the private-address guard', () => {
  it('refuses the loopback fixture server unless private addresses are allowed', async () => {
    const fixture = await serve({ '/product': page('<h1>Kettle</h1>') });
    const refusal = await refusalOf(fetcherWith({}).fetchText(fixture.url('/product'), 'html'));
    expect(refusal).toMatchObject({
      reason: 'private_address',
      message: 'That address points inside a private network, so ipick will not fetch it.',
      url: fixture.url('/product'),
    });
    expect(fixture.requests).toHaveLength(0);

    const fetched = await fetcherWith({ allowPrivate: true }).fetchText(
      fixture.url('/product'),
      'html',
    );
    expect(fetched).toEqual({
      url: fixture.url('/product'),
      status: 200,
      contentType: 'text/html',
      encoding: 'utf-8',
      text: '<h1>Kettle</h1>',
      bytes: 15,
    });
    expect(fixture.requests[0]?.headers['user-agent']).toBe(DEFAULT_USER_AGENT);
    expect(fixture.requests[0]?.headers.accept).toContain('text/html');
  });

  it('checks every address a name resolves to, before connecting', async () => {
    const fixture = await serve({ '/': page('<p>hi</p>') });
    const dns = fakeDns({
      'rebind.test': ['127.0.0.1'],
      'mixed.test': ['93.184.216.34', '10.0.0.7'],
      'metadata.test': ['169.254.169.254'],
      'mapped.test': ['::ffff:127.0.0.1'],
    });
    const fetcher = fetcherWith({ lookup: dns });
    for (const name of ['rebind.test', 'mixed.test', 'metadata.test', 'mapped.test']) {
      const refusal = await refusalOf(fetcher.fetchText(`http://${name}:${fixture.port}/`, 'html'));
      expect(refusal.reason, name).toBe('private_address');
      expect(refusal.url).toBe(`http://${name}:${fixture.port}/`);
    }
    expect(fixture.requests).toHaveLength(0);

    // Metadata stays refused when private addresses are allowed.
    const local = fetcherWith({ allowPrivate: true, lookup: dns });
    expect(await reasonOf(local.fetchText(`http://metadata.test:${fixture.port}/`, 'html'))).toBe(
      'private_address',
    );
  });

  it('connects to the address it checked, keeping the host name in the Host header', async () => {
    const fixture = await serve({ '/p': page('<p>found</p>') });
    const dns = fakeDns({ 'shop.test': ['127.0.0.1'] });
    const fetched = await fetcherWith({ allowPrivate: true, lookup: dns }).fetchText(
      `http://shop.test:${fixture.port}/p`,
      'html',
    );
    expect(fetched.text).toBe('<p>found</p>');
    expect(fixture.requests[0]?.headers.host).toBe(`shop.test:${fixture.port}`);
    // One lookup for one connection: no second answer for a rebinding DNS server to change.
    expect(dns.asked).toEqual(['shop.test']);
  });

  it('sends the host name as TLS SNI while connecting to the checked address', async () => {
    const serverNames: string[] = [];
    // No certificate at all: the handshake stops once the client has said which name it wants.
    const tlsServer = createTlsServer({
      SNICallback: (name, done) => {
        serverNames.push(name);
        done(new Error('no certificate here'));
      },
    });
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = tlsServer.address() as AddressInfo;
      const fetcher = fetcherWith({
        allowPrivate: true,
        lookup: fakeDns({ 'shop.test': ['127.0.0.1'] }),
      });
      expect(await reasonOf(fetcher.fetchText(`https://shop.test:${port}/`, 'html'))).toBe(
        'network',
      );
      expect(serverNames).toEqual(['shop.test']);
    } finally {
      await new Promise((resolve) => tlsServer.close(resolve));
    }
  });

  it('says dns_failed when a name does not resolve', async () => {
    const fetcher = fetcherWith({ lookup: fakeDns({ 'empty.test': [] }) });
    for (const url of ['http://nowhere.test/', 'https://empty.test/p']) {
      const refusal = await refusalOf(fetcher.fetchText(url, 'html'));
      expect(refusal).toMatchObject({ reason: 'dns_failed', url });
      expect(refusal.message).toMatch(/couldn't find that website/);
    }
  });

  it('checks the system resolver answers too', async () => {
    await expect(
      resolveCheckedAddresses('localhost', systemResolver, { allowPrivate: false }),
    ).rejects.toMatchObject({ reason: 'private_address' });
  });
});

describe('redirects', () => {
  it('follows up to 5 hops, relative and absolute, and reports the final URL', async () => {
    const routes: Record<string, FixtureHandler> = {
      '/hop/1': redirect('/hop/2', 301),
      '/hop/2': redirect('3', 307),
      '/hop/3': redirect('/hop/4', 308),
      '/hop/5': redirect('/landing?from=5'),
      '/landing': page('<h1>Landed</h1>'),
    };
    const fixture = await serve(routes);
    // Routes are looked up per request, so an absolute hop can use the port once it is known.
    routes['/hop/4'] = redirect(fixture.url('/hop/5'), 303);
    const fetched = await fetcherWith({ allowPrivate: true }).fetchText(
      fixture.url('/hop/1'),
      'html',
    );
    expect(fetched.url).toBe(fixture.url('/landing?from=5'));
    expect(fetched.text).toBe('<h1>Landed</h1>');
    expect(fixture.requests.map((request) => request.path)).toEqual([
      '/hop/1',
      '/hop/2',
      '/hop/3',
      '/hop/4',
      '/hop/5',
      '/landing?from=5',
    ]);
  });

  it('gives up after 5 hops with too_many_redirects', async () => {
    const routes: Record<string, FixtureHandler> = { '/landing': page('<h1>Landed</h1>') };
    for (let hop = 1; hop <= 6; hop += 1) {
      routes[`/hop/${hop}`] = redirect(hop === 6 ? '/landing' : `/hop/${hop + 1}`);
    }
    const fixture = await serve(routes);
    const refusal = await refusalOf(
      fetcherWith({ allowPrivate: true }).fetchText(fixture.url('/hop/1'), 'html'),
    );
    expect(refusal).toMatchObject({
      reason: 'too_many_redirects',
      url: fixture.url('/hop/6'),
      status: 302,
    });
    expect(fixture.requests.map((request) => request.path)).not.toContain('/landing');
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'private_address'],
    ['http://0xa9fea9fe/', 'private_address'],
    ['http://[::ffff:a9fe:a9fe]/', 'private_address'],
    ['http://[fd00:ec2::254]/', 'private_address'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'private_address'],
    ['file:///etc/passwd', 'scheme_not_allowed'],
    ['ftp://example.com/', 'scheme_not_allowed'],
    ['http://user:pw@example.com/', 'invalid_url'],
  ])('refuses a redirect to %s even when the first hop was allowed', async (location, reason) => {
    const fixture = await serve({ '/go': redirect(location) });
    const refusal = await refusalOf(
      fetcherWith({ allowPrivate: true }).fetchText(fixture.url('/go'), 'html'),
    );
    expect(refusal.reason).toBe(reason);
    expect(fixture.requests).toHaveLength(1);
  });

  it('re-checks the addresses of a redirect target name when it connects', async () => {
    const fixture = await serve({ '/go': redirect('http://inside.test/latest/meta-data/') });
    const dns = fakeDns({ 'shop.test': ['127.0.0.1'], 'inside.test': ['169.254.169.254'] });
    const refusal = await refusalOf(
      fetcherWith({ allowPrivate: true, lookup: dns }).fetchText(
        `http://shop.test:${fixture.port}/go`,
        'html',
      ),
    );
    expect(refusal).toMatchObject({
      reason: 'private_address',
      url: 'http://inside.test/latest/meta-data/',
    });
    expect(dns.asked).toEqual(['shop.test', 'inside.test']);
  });

  it('treats a redirect without a Location as an HTTP error', async () => {
    const fixture = await serve({ '/odd': page('', { status: 302, contentType: null }) });
    const refusal = await refusalOf(
      fetcherWith({ allowPrivate: true }).fetchText(fixture.url('/odd'), 'html'),
    );
    expect(refusal).toMatchObject({ reason: 'http_status', status: 302 });
  });
});

describe('responses', () => {
  it('refuses error statuses, with the status and the final URL', async () => {
    const fixture = await serve({
      '/gone': redirect('/missing'),
      '/broken': page('oops', { status: 500 }),
    });
    const fetcher = fetcherWith({ allowPrivate: true });
    const missing = await refusalOf(fetcher.fetchText(fixture.url('/gone'), 'html'));
    expect(missing).toMatchObject({
      reason: 'http_status',
      status: 404,
      url: fixture.url('/missing'),
    });
    expect(missing.message).toContain('HTTP 404');
    expect(await refusalOf(fetcher.fetchText(fixture.url('/broken'), 'html'))).toMatchObject({
      reason: 'http_status',
      status: 500,
    });
  });

  it('accepts only the content types the caller asked for', async () => {
    const fixture = await serve({
      '/json': page('{"price":1}', { contentType: 'application/json' }),
      '/none': page('<p>no type</p>', { contentType: null }),
      '/csv': page('id,title\n1,Kettle\n', { contentType: 'text/csv; charset=utf-8' }),
      '/xhtml': page('<html/>', { contentType: 'application/xhtml+xml' }),
      '/rss': page('<rss/>', { contentType: 'application/rss+xml' }),
    });
    const fetcher = fetcherWith({ allowPrivate: true });
    for (const [path, accept] of [
      ['/json', 'html'],
      ['/json', 'feed'],
      ['/none', 'html'],
      ['/csv', 'html'],
      ['/xhtml', 'feed'],
    ] as const) {
      const refusal = await refusalOf(fetcher.fetchText(fixture.url(path), accept));
      expect(refusal.reason, `${path} as ${accept}`).toBe('content_type');
      expect(refusal.status).toBe(200);
    }
    expect((await fetcher.fetchText(fixture.url('/csv'), 'feed')).text).toBe(
      'id,title\n1,Kettle\n',
    );
    expect((await fetcher.fetchText(fixture.url('/xhtml'), 'html')).contentType).toBe(
      'application/xhtml+xml',
    );
    expect((await fetcher.fetchText(fixture.url('/rss'), 'feed')).contentType).toBe(
      'application/rss+xml',
    );
  });

  it('decodes windows-1252 and Shift_JIS pages', async () => {
    const shiftJis = Uint8Array.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x89, 0xbf, 0x8a, 0x69]);
    const fixture = await serve({
      '/cp1252': page(Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x39, 0x39, 0x99]), {
        contentType: 'text/html; charset=windows-1252',
      }),
      '/sjis-header': page(shiftJis, { contentType: 'text/html; charset=Shift_JIS' }),
      '/sjis-meta': page(
        Buffer.concat([Buffer.from('<html><head><meta charset="shift_jis"></head><p>'), shiftJis]),
        { contentType: 'text/html' },
      ),
      '/latin1-equiv': page(
        Buffer.concat([
          Buffer.from('<meta http-equiv="content-type" content="text/html; charset=iso-8859-1">'),
          Uint8Array.from([0x50, 0x72, 0x69, 0x78, 0x20, 0x31, 0x32, 0x80]),
        ]),
        { contentType: 'text/html' },
      ),
    });
    const fetcher = fetcherWith({ allowPrivate: true });
    expect(await fetcher.fetchText(fixture.url('/cp1252'), 'html')).toMatchObject({
      text: 'Café €99™',
      encoding: 'windows-1252',
      bytes: 9,
    });
    expect(await fetcher.fetchText(fixture.url('/sjis-header'), 'html')).toMatchObject({
      text: '日本語価格',
      encoding: 'shift_jis',
    });
    expect((await fetcher.fetchText(fixture.url('/sjis-meta'), 'html')).text).toContain(
      '<p>日本語価格',
    );
    expect((await fetcher.fetchText(fixture.url('/latin1-equiv'), 'html')).text).toMatch(
      /Prix 12€$/,
    );
  });
});

describe('limits', () => {
  it('gives up on a server that never answers, within the time limit', async () => {
    const fixture = await serve({ '/slow': delayed(10_000, page('<p>late</p>')) });
    const started = Date.now();
    const refusal = await refusalOf(
      fetcherWith({ allowPrivate: true, timeoutMs: 300 }).fetchText(fixture.url('/slow'), 'html'),
    );
    expect(refusal).toMatchObject({ reason: 'timeout', url: fixture.url('/slow') });
    expect(refusal.message).toBe('That website took too long to answer.');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on a body that trickles, and counts the time over all redirects', async () => {
    const trickle = streamedBody({ chunkBytes: 16, pauseMs: 20 });
    const fixture = await serve({
      '/trickle': trickle.handler,
      '/a': delayed(150, redirect('/b')),
      '/b': delayed(150, redirect('/c')),
      '/c': delayed(150, page('<p>too late</p>')),
    });
    const fetcher = fetcherWith({ allowPrivate: true, timeoutMs: 300 });
    let started = Date.now();
    expect(await reasonOf(fetcher.fetchText(fixture.url('/trickle'), 'html'))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    await expect.poll(() => trickle.stats.hasClientHungUp).toBe(true);

    started = Date.now();
    expect(await reasonOf(fetcher.fetchText(fixture.url('/a'), 'html'))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    // A per-call limit can be longer, e.g. for a feed.
    const fetched = await fetcher.fetchText(fixture.url('/a'), 'html', { timeoutMs: 3000 });
    expect(fetched.url).toBe(fixture.url('/c'));
  });

  it('cuts a 50 MB body off at maxBytes without reading it all', async () => {
    const huge = streamedBody({ totalBytes: 50 * MB });
    const fixture = await serve({ '/huge': huge.handler });
    const refusal = await refusalOf(
      fetcherWith({ allowPrivate: true, maxBytes: MB }).fetchText(fixture.url('/huge'), 'html'),
    );
    expect(refusal).toMatchObject({
      reason: 'too_large',
      url: fixture.url('/huge'),
      status: undefined,
    });
    expect(refusal.message).toBe('That page is too large for ipick to read.');
    await expect.poll(() => huge.stats.hasClientHungUp).toBe(true);
    // What the server managed to push: the 1 MB read plus socket buffers, far from 50 MB.
    expect(huge.stats.bytesWritten).toBeLessThan(20 * MB);
    expect(huge.stats.isFinished).toBe(false);
  });

  it('refuses a declared Content-Length over maxBytes before reading the body', async () => {
    const huge = streamedBody({ totalBytes: 50 * MB, declareLength: true });
    const fixture = await serve({ '/huge': huge.handler });
    const refusal = await refusalOf(
      fetcherWith({ allowPrivate: true, maxBytes: MB }).fetchText(fixture.url('/huge'), 'html'),
    );
    expect(refusal).toMatchObject({ reason: 'too_large', status: 200 });
    await expect.poll(() => huge.stats.hasClientHungUp).toBe(true);
    expect(huge.stats.bytesWritten).toBeLessThan(20 * MB);
  });

  it('counts bytes after decompression, so a gzip bomb is cut off too', async () => {
    const bomb = gzipSync(Buffer.alloc(20 * MB, 0x20));
    const fixture = await serve({
      '/bomb': page(bomb, { headers: { 'content-encoding': 'gzip' } }),
      '/small': page(gzipSync('<p>squeezed</p>'), { headers: { 'content-encoding': 'gzip' } }),
    });
    const fetcher = fetcherWith({ allowPrivate: true, maxBytes: MB });
    expect(bomb.byteLength).toBeLessThan(MB);
    expect(await reasonOf(fetcher.fetchText(fixture.url('/bomb'), 'html'))).toBe('too_large');
    expect((await fetcher.fetchText(fixture.url('/small'), 'html')).text).toBe('<p>squeezed</p>');
  });
});

describe('fetchStream', () => {
  it('streams a feed and reports its type and charset', async () => {
    const csv = 'id,title,price\n1,Kettle,12.99 USD\n2,Toaster,24.00 USD\n';
    const fixture = await serve({
      '/feed.csv': page(csv, { contentType: 'text/csv; charset=UTF-8' }),
    });
    const fetched = await fetcherWith({ allowPrivate: true }).fetchStream(
      fixture.url('/feed.csv'),
      'feed',
    );
    expect(fetched).toMatchObject({
      url: fixture.url('/feed.csv'),
      status: 200,
      contentType: 'text/csv',
      charset: 'UTF-8',
    });
    expect(await new Response(fetched.body).text()).toBe(csv);
  });

  it('errors the stream past maxBytes, having handed over no more than that', async () => {
    const endless = streamedBody({ contentType: 'application/xml' });
    const fixture = await serve({ '/feed.xml': endless.handler });
    const fetched = await fetcherWith({ allowPrivate: true, maxBytes: 10 * MB }).fetchStream(
      fixture.url('/feed.xml'),
      'feed',
      { maxBytes: 2 * MB },
    );
    let received = 0;
    const failure = await (async () => {
      try {
        for await (const chunk of fetched.body) received += chunk.byteLength;
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(failure).toBeInstanceOf(FetchRefusedError);
    expect((failure as FetchRefusedError).reason).toBe('too_large');
    expect(received).toBeLessThanOrEqual(2 * MB);
    await expect.poll(() => endless.stats.hasClientHungUp).toBe(true);
  });

  it('lets the caller cancel the body, closing the connection', async () => {
    const endless = streamedBody({ contentType: 'text/plain' });
    const fixture = await serve({ '/feed.txt': endless.handler });
    const fetched = await fetcherWith({ allowPrivate: true }).fetchStream(
      fixture.url('/feed.txt'),
      'feed',
    );
    const reader = fetched.body.getReader();
    await reader.read();
    await reader.cancel();
    await expect.poll(() => endless.stats.hasClientHungUp).toBe(true);
  });

  it("stops on the caller's abort signal with the caller's reason", async () => {
    const fixture = await serve({ '/slow': delayed(10_000, page('<p>late</p>')) });
    const controller = new AbortController();
    const pending = fetcherWith({ allowPrivate: true }).fetchText(fixture.url('/slow'), 'html', {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('shopper left')), 50);
    await expect(pending).rejects.toThrow('shopper left');
  });
});

describe('fetcherOptionsFromEnv', () => {
  it('allows private targets only for IPICK_FETCH_ALLOW_PRIVATE=1', () => {
    expect(fetcherOptionsFromEnv({ IPICK_FETCH_ALLOW_PRIVATE: '1' })).toEqual({
      allowPrivate: true,
    });
    expect(fetcherOptionsFromEnv({ IPICK_FETCH_ALLOW_PRIVATE: '0' })).toEqual({
      allowPrivate: false,
    });
    expect(fetcherOptionsFromEnv({ IPICK_FETCH_ALLOW_PRIVATE: '' })).toEqual({
      allowPrivate: false,
    });
    expect(fetcherOptionsFromEnv({})).toEqual({ allowPrivate: false });
    expect(() => fetcherOptionsFromEnv({ IPICK_FETCH_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
  });
});
