import type { ClickBotReason } from '@ipick/contracts';
import Bowser from 'bowser';
import ipaddr from 'ipaddr.js';
import { isbot } from 'isbot';

/** What a click's request says about who made it, ready for the ledger. */
export interface ClickVisitor {
  /** The full address, used only for the day's visitor hash and never stored. */
  ip: string | null;
  userAgent: string | null;
  ipTruncated: string | null;
  deviceType: string | null;
  browser: string | null;
  os: string | null;
  country: string | null;
  referrer: string | null;
  isBot: boolean;
  botReason: ClickBotReason | null;
}

export interface VisitorRequest {
  method: string;
  ip: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/** Longer user agents are cut before parsing: nothing real needs more, and regexes stay cheap. */
const USER_AGENT_MAX_LENGTH = 512;
const REFERRER_MAX_LENGTH = 2048;

/**
 * Link-preview fetchers (chat and social apps unfurling a pasted link). `isbot` knows most, but
 * some (WhatsApp, Discord's) send a UA it may take for a browser, so they are named here.
 */
const linkPreviewAgents =
  /slackbot|slack-imgproxy|facebookexternalhit|facebookcatalog|twitterbot|whatsapp|discordbot|telegrambot|linkedinbot|skypeuripreview|pinterestbot|redditbot|embedly|iframely|applebot|google-pagerenderer|snapchat|vkshare|mastodon|bluesky|cardyb/i;

/** Headers with which browsers announce a prefetch or prerender rather than a visit. */
const purposeHeaders = ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'] as const;

/**
 * What a person's click loads: the page itself. A link loaded as an image, a frame, a script or
 * by fetch (`Sec-Fetch-Dest`, sent by current browsers) was opened by a page, not by a person:
 * cookie stuffing hides such links in other sites' pages (research §5.2).
 */
const PERSON_FETCH_DESTINATION = 'document';

/** Headers that carry the visitor's country when an edge network in front of ipick adds one. */
const countryHeaders = ['cf-ipcountry', 'x-vercel-ip-country', 'x-country'] as const;

/** Reads the visitor facts of a click from its request (method, address and headers). */
export function readVisitor(request: VisitorRequest): ClickVisitor {
  const userAgent = userAgentOf(request);
  const agent = userAgent ? parseUserAgent(userAgent) : null;
  const bot = detectBot(request, userAgent);
  const ip = request.ip ?? null;
  return {
    ip,
    userAgent,
    ipTruncated: ip ? truncateIp(ip) : null,
    deviceType: agent?.deviceType ?? (bot.isBot ? 'bot' : null),
    browser: agent?.browser ?? null,
    os: agent?.os ?? null,
    country: readCountry(request),
    referrer: firstHeader(request, 'referer')?.slice(0, REFERRER_MAX_LENGTH) || null,
    ...bot,
  };
}

/**
 * Whether a person made this click (research §5.2). HEAD requests (link checkers; X sends
 * several with browser user agents), browser prefetches, links a page embedded rather than a
 * person opened, and link previews are never a person following the link; then `isbot`'s
 * user-agent list; no user agent at all is a script.
 */
export function detectBot(
  request: VisitorRequest,
  userAgent: string | null,
): { isBot: boolean; botReason: ClickBotReason | null } {
  if (request.method === 'HEAD') return botFlag('head_request');
  for (const name of purposeHeaders) {
    const purpose = firstHeader(request, name);
    if (purpose && /prefetch|prerender|preview/i.test(purpose)) return botFlag('prefetch');
  }
  const destination = firstHeader(request, 'sec-fetch-dest');
  if (destination && destination !== PERSON_FETCH_DESTINATION) return botFlag('embedded');
  return detectAgentBot(userAgent);
}

/**
 * What the user agent alone says: a link preview or another bot, or a person; no user agent at
 * all is a script. For calls a page makes by `fetch` (the referral-tracking call), where the
 * request's other signs of a link opened by a person do not apply.
 */
export function detectCallerBot(request: VisitorRequest) {
  return detectAgentBot(userAgentOf(request));
}

function detectAgentBot(userAgent: string | null) {
  if (!userAgent) return botFlag('no_user_agent');
  const agentKind = parseUserAgent(userAgent).kind;
  return agentKind === 'person' ? { isBot: false, botReason: null } : botFlag(agentKind);
}

function userAgentOf(request: VisitorRequest): string | null {
  return firstHeader(request, 'user-agent')?.slice(0, USER_AGENT_MAX_LENGTH) || null;
}

function botFlag(botReason: ClickBotReason) {
  return { isBot: true, botReason };
}

const IPV4_ADDRESS = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/i;

/** IPv4 with the last octet zeroed, IPv6 cut to its /48 (research §6.2); null if not an address. */
export function truncateIp(address: string): string | null {
  // Most clicks come over IPv4 (plain or IPv4-mapped); a pattern is cheaper than a parse.
  const ipv4 = IPV4_ADDRESS.exec(address);
  if (ipv4 && ipv4.slice(1).every((octet) => Number(octet) <= 255)) {
    return `${ipv4[1]}.${ipv4[2]}.${ipv4[3]}.0`;
  }
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address); // IPv4-mapped IPv6 (::ffff:a.b.c.d) becomes IPv4
  } catch {
    return null;
  }
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = parsed.toByteArray();
    return `${a}.${b}.${c}.0`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3);
  return new ipaddr.IPv6([...parts, 0, 0, 0, 0, 0]).toString();
}

interface ParsedAgent {
  deviceType: string | null;
  browser: string | null;
  os: string | null;
  /** What the user agent alone says: a link preview, another bot, or (as far as it tells) a person. */
  kind: 'link_preview' | 'user_agent' | 'person';
}

/** Few distinct user agents make most clicks, so parsed ones are kept (bounded, oldest out). */
const agentCache = new Map<string, ParsedAgent>();
const AGENT_CACHE_SIZE = 2000;

export function parseUserAgent(userAgent: string): ParsedAgent {
  const cached = agentCache.get(userAgent);
  if (cached) return cached;
  const kind = linkPreviewAgents.test(userAgent)
    ? 'link_preview'
    : isbot(userAgent)
      ? 'user_agent'
      : 'person';
  let parsed: ParsedAgent;
  try {
    const result = Bowser.parse(userAgent);
    parsed = {
      deviceType: result.platform.type || null,
      browser: result.browser.name || null,
      os: result.os.name || null,
      kind,
    };
  } catch {
    parsed = { deviceType: null, browser: null, os: null, kind };
  }
  if (agentCache.size >= AGENT_CACHE_SIZE) {
    agentCache.delete(agentCache.keys().next().value!);
  }
  agentCache.set(userAgent, parsed);
  return parsed;
}

function readCountry(request: VisitorRequest): string | null {
  for (const name of countryHeaders) {
    const value = firstHeader(request, name)?.trim().toUpperCase();
    // Cloudflare says XX for unknown and T1 for Tor: neither is a country.
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX') return value;
  }
  return null;
}

function firstHeader(request: VisitorRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
