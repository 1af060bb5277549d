import { formatMoney } from '@ipick/core';
import type { MailMessage } from '../../platform/mailer/mailer.ts';
import type { FiredAlertRow } from './price-alerts-repository.ts';

/** The links a price-drop email carries, absolute (they are opened from a mail client). */
export interface PriceAlertLinks {
  /** ipick's tracked redirect to the offer: the click is recorded like one from the results. */
  offer: string;
  /** Stops this alert without signing in. */
  unsubscribe: string;
  /** The shopper's alerts page. */
  alerts: string;
}

/** The email of one fired alert: what dropped, to what, and where to buy it. */
export function priceAlertEmail(alert: FiredAlertRow, to: string, links: PriceAlertLinks) {
  const total = formatMoney(alert.total_minor, alert.currency);
  const mark = formatMoney(alert.target_minor, alert.currency);
  const shipping =
    alert.shipping_minor === null
      ? 'shipping not stated by the shop'
      : alert.shipping_minor === 0
        ? 'free shipping'
        : `${formatMoney(alert.price_minor, alert.currency)} + ${formatMoney(alert.shipping_minor, alert.currency)} shipping`;
  const subject = `Price drop: ${shorten(alert.title, 80)} is now ${total} at ${alert.retailer_name}`;
  const text = [
    `Good news: ${alert.title} at ${alert.retailer_name} is now ${total} (${shipping}).`,
    `You asked ipick to tell you when it was ${mark} or less.`,
    '',
    `See it at ${alert.retailer_name}: ${links.offer}`,
    '',
    'This alert will not email you again unless the price goes back above your price and drops again.',
    `Your alerts: ${links.alerts}`,
    `Stop this alert: ${links.unsubscribe}`,
  ].join('\n');
  const html = `<p>Good news: <strong>${escapeHtml(alert.title)}</strong> at ${escapeHtml(alert.retailer_name)} is now <strong>${escapeHtml(total)}</strong> (${escapeHtml(shipping)}).</p>
<p>You asked ipick to tell you when it was ${escapeHtml(mark)} or less.</p>
<p><a href="${escapeHtml(links.offer)}">See it at ${escapeHtml(alert.retailer_name)}</a></p>
<p style="color:#666;font-size:12px">This alert will not email you again unless the price goes back above your price and drops again.<br>
<a href="${escapeHtml(links.alerts)}">Your alerts</a> · <a href="${escapeHtml(links.unsubscribe)}">Stop this alert</a></p>`;
  return { to, subject, text, html } satisfies MailMessage;
}

function shorten(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
