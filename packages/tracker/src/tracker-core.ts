/**
 * ipick's snippet on merchant pages (research §4.3: read → store → report). It reads the
 * referral id, click id, ipick session id and UTM values ipick put on the landing address, keeps
 * them first-party on the merchant's own domain, sends a page view, and exposes
 * `ipick('track', name, data)`. Consent first: with Global Privacy Control, or
 * `window.ipickConsent = false`, or `ipick('consent', false)`, it stores nothing and sends
 * nothing. With `data-consent="required"` it waits for `ipick('consent', true)` (or
 * `window.ipickConsent = true`), keeping events in memory until then.
 *
 * A wrong call never throws into the merchant's page: it is refused (`false`) with a console
 * warning saying what is wrong, before anything is sent — ipick's answers to beacons cannot be
 * read by the page, so this is where the shop's developers learn why an event went missing.
 *
 * No dependencies: this file is bundled on its own into one small IIFE (see build.mjs).
 */

/** The queue stub merchants paste before the script: `ipick.q` holds calls made before load. */
export type IpickCommand = (command: string, ...args: unknown[]) => boolean | undefined;
interface IpickFunction extends IpickCommand {
  q?: ArrayLike<unknown>[];
  loaded?: boolean;
}

export interface TrackerWindow extends Window {
  ipick?: IpickFunction;
  ipickConsent?: boolean;
}

interface Attribution {
  /** `aff_…`, from `ipick_ref`, `referral_id`, or `ref` when it is an ipick referral id. */
  ref?: string;
  /** The ipick click id (`ipick_cid` or `click_id`). */
  cid?: string;
  /** ipick's session id (`session_id`). */
  sid?: string;
  utm?: Record<string, string>;
}

interface Stored extends Attribution {
  /** This browser's visitor id on the merchant's site. */
  vid?: string;
}

const STORAGE_KEY = 'ipick';
const REFERRAL_COOKIE = 'ipick_ref';
const CLICK_COOKIE = 'ipick_cid';
const VISITOR_COOKIE = 'ipick_vid';
/** Referrals are kept 90 days; the business's attribution window decides what counts. */
const REFERRAL_DAYS = 90;
const VISITOR_DAYS = 365;
const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UTM_NAMES = ['source', 'medium', 'campaign', 'term', 'content'];
/** What `POST /api/track/event` accepts (packages/contracts, tracking.ts), checked before sending. */
const EVENT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _.:-]{0,63}$/;
const MAX_EVENT_DATA_LENGTH = 8192;

/** The ids and UTM values on a landing address; none when ipick did not send the visitor. */
export function readLandingParameters(search: string): Attribution | null {
  const params = new URLSearchParams(search);
  const first = (...names: string[]) => {
    for (const name of names) {
      const value = params.get(name);
      if (value && ID_PATTERN.test(value)) return value;
    }
    return undefined;
  };
  const ref =
    first('ipick_ref', 'referral_id') ??
    (first('ref')?.startsWith('aff_') ? first('ref') : undefined);
  const cid = first('ipick_cid', 'click_id');
  if (!ref && !(cid && UUID_PATTERN.test(cid))) return null;
  const utm: Record<string, string> = {};
  for (const name of UTM_NAMES) {
    const value = params.get(`utm_${name}`);
    if (value) utm[name] = value.slice(0, 200);
  }
  return {
    ref,
    cid: cid && UUID_PATTERN.test(cid) ? cid : undefined,
    sid: first('session_id'),
    utm,
  };
}

function randomId(win: Window): string {
  const bytes = new Uint8Array(16);
  win.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Starts the snippet for the page of `win`, configured by its own `<script>` element. */
export function startTracker(win: TrackerWindow, script: HTMLScriptElement | null): void {
  const existing = win.ipick;
  if (existing?.loaded) return;
  const doc = win.document;
  const nav = win.navigator as Navigator & { globalPrivacyControl?: boolean };
  const key = script?.getAttribute('data-key');
  let endpoint = '';
  try {
    endpoint = `${new URL('/api/track/event', script?.src).href}?key=${encodeURIComponent(key ?? '')}`;
  } catch {
    // No usable src: nothing can be sent; calls still succeed quietly as `false`.
  }
  const businessDomain = script?.getAttribute('data-domain') || win.location.hostname;
  const isSecure = win.location.protocol === 'https:';
  const pending: [string, Record<string, unknown>][] = [];
  /** Says what is wrong with a call, in the page's console; the call answers `false`. */
  const warn = (message: string): false => {
    console.warn(`ipick: ${message}`);
    return false;
  };
  if (!key) warn('tracker.js needs data-key="pk_live_…"');

  /** Global Privacy Control is an opt-out nothing on the page can undo (research §6.3). */
  const hasOptedOut = nav.globalPrivacyControl === true;
  let consent: boolean | undefined = hasOptedOut ? false : win.ipickConsent;
  if (consent === undefined && script?.getAttribute('data-consent') !== 'required') consent = true;

  const landing = readLandingParameters(win.location.search);
  let state: Stored = {};

  const setCookie = (name: string, value: string | undefined, days: number) => {
    doc.cookie =
      `${name}=${value ? encodeURIComponent(value) : ''}; path=/; max-age=${value ? days * 86400 : 0}` +
      `; SameSite=Lax${isSecure ? '; Secure' : ''}`;
  };
  const readStored = (): Stored => {
    try {
      return (JSON.parse(win.localStorage.getItem(STORAGE_KEY) ?? '{}') as Stored) || {};
    } catch {
      return {};
    }
  };
  /** Saves the state on the merchant's own domain, for the snippet and for the merchant's server. */
  const persist = () => {
    try {
      win.localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or blocked: the cookies still carry the ids.
    }
    setCookie(REFERRAL_COOKIE, state.ref, REFERRAL_DAYS);
    setCookie(CLICK_COOKIE, state.cid, REFERRAL_DAYS);
    setCookie(VISITOR_COOKIE, state.vid, VISITOR_DAYS);
  };
  const forget = () => {
    pending.length = 0;
    state = {};
    try {
      win.localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Nothing stored, or storage blocked.
    }
    for (const name of [REFERRAL_COOKIE, CLICK_COOKIE, VISITOR_COOKIE])
      setCookie(name, undefined, 0);
  };
  const load = () => {
    state = readStored();
    // Last click wins: a new landing from ipick replaces the ids of the previous one.
    if (landing) state = { vid: state.vid, ...landing };
    state.vid ??= randomId(win);
    persist();
  };

  const setConsent = (value: boolean) => {
    if (value && hasOptedOut) warn('Global Privacy Control is on: nothing is sent');
    if (value && consent !== true && !hasOptedOut) {
      consent = true;
      load();
      for (const [eventType, data] of pending.splice(0)) send(eventType, data);
    } else if (!value) {
      consent = false;
      forget();
    }
  };

  const send = (eventType: string, data: Record<string, unknown>): boolean => {
    // The page may change its mind through the flag as well as through ipick('consent', …).
    if (!hasOptedOut && typeof win.ipickConsent === 'boolean' && win.ipickConsent !== consent) {
      setConsent(win.ipickConsent);
    }
    if (consent === false || !key || !endpoint) return false;
    if (consent !== true) {
      // Kept in memory only, with the time it happened, until the visitor decides.
      pending.push([eventType, { timestamp: new Date().toISOString(), ...data }]);
      return false;
    }
    const eventData = {
      timestamp: new Date().toISOString(),
      url: win.location.href.slice(0, 2048),
      sessionId: state.sid,
      visitorId: state.vid,
      referralId: state.ref,
      clickId: state.cid,
      utm: state.utm,
      ...data,
    };
    if (JSON.stringify(eventData).length > MAX_EVENT_DATA_LENGTH) {
      return warn(`${eventType} data is over ${MAX_EVENT_DATA_LENGTH} bytes`);
    }
    const body = JSON.stringify({ eventType, businessDomain, eventData });
    try {
      // A string body goes as text/plain: no CORS preflight, and it survives the page closing.
      if (nav.sendBeacon?.(endpoint, body)) return true;
      void win
        .fetch(endpoint, {
          method: 'POST',
          body,
          keepalive: true,
          credentials: 'omit',
          headers: { 'content-type': 'text/plain' },
        })
        .catch(() => undefined);
      return true;
    } catch {
      // Spec §8: a failed event is not the page's problem.
      return false;
    }
  };

  /** `ipick('track', name, data)`: refuses, with the reason, what ipick would turn away. */
  const track = (name: unknown, data: unknown): boolean => {
    if (typeof name !== 'string' || !EVENT_NAME_PATTERN.test(name)) {
      return warn('event names are 1-64 letters, digits, spaces or _.:-');
    }
    if (typeof data !== 'object' || Array.isArray(data)) {
      return warn(`${name} data must be an object`);
    }
    const { orderId, amountMinor, currency } = data as Record<string, unknown>;
    // A purchase with an order id records a sale: it needs the amount and the currency.
    const isSale = name === 'purchase' && orderId;
    const isGiven = (value: unknown) => value !== undefined && value !== null;
    if (isGiven(orderId) && typeof orderId !== 'string') {
      return warn(`${name} orderId must be a string`);
    }
    if (
      (isSale || isGiven(amountMinor)) &&
      !(Number.isInteger(amountMinor) && (amountMinor as number) >= 0)
    ) {
      return warn(`${name} needs amountMinor in whole cents, e.g. 4999`);
    }
    if ((isSale || isGiven(currency)) && !/^[A-Za-z]{3}$/.test(String(currency).trim())) {
      return warn(`${name} needs currency, e.g. 'USD'`);
    }
    // Throws, for the page to be told, on what JSON cannot carry (a BigInt, a loop).
    JSON.stringify(data);
    return send(name, data as Record<string, unknown>);
  };

  const api: IpickFunction = (command, ...args) => {
    try {
      if (command === 'track') return track(args[0], args[1] ?? {});
      if (command === 'consent' && typeof args[0] === 'boolean') {
        win.ipickConsent = args[0];
        setConsent(args[0]);
        return true;
      }
      return warn(
        command === 'consent'
          ? 'consent takes true or false'
          : `unknown command ${String(command)}`,
      );
    } catch (error) {
      // Nothing a page passes may break the page.
      return warn(String(error));
    }
  };
  api.loaded = true;
  const queued = existing?.q ?? [];
  win.ipick = api;

  if (consent === true) load();
  // An opted-out visitor keeps nothing from an earlier visit either: the merchant's server
  // reads these cookies to credit ipick.
  else if (consent === false) forget();
  send('page_view', {
    referrer: doc.referrer.slice(0, 2048) || undefined,
    title: doc.title.slice(0, 200) || undefined,
  });
  for (const call of Array.from(queued)) {
    const [command, ...args] = Array.from(call) as [string, ...unknown[]];
    api(command, ...args);
  }
}
