const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

/** A path on ipick itself (`/compare/...`), never another site (`//evil.example`, `/\evil`). */
export function isLocalPath(value: string | undefined): value is string {
  return value !== undefined && /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value);
}

/**
 * "You are leaving ipick": shown instead of a redirect for a destination ipick does not know
 * (research §5.1), so `/api/redirect` cannot silently send a visitor anywhere. The address is
 * shown in full (already re-serialised: punycode hosts, percent-encoding) so look-alikes show.
 * The focus ring is the web app's teal, set apart from the link: at least 3:1 against the dark
 * button, the white card and the page (a browser's default ring is lost on the dark button).
 * A host can be 253 characters without a break (`averyveryverylong…example.com`): every text
 * that shows it may break anywhere, and the actions wrap, so a phone never scrolls sideways
 * and "Back to ipick" stays on screen.
 */
export function renderInterstitialPage(destination: string, backPath: string): string {
  const host = escapeHtml(new URL(destination).host);
  const href = escapeHtml(destination);
  return renderPage(
    'You are leaving ipick',
    `<p>This link goes to <strong>${host}</strong>, a site ipick does not know. Check the address before you go on:</p>
<p class="destination">${href}</p>
<div class="actions">
<a class="continue" href="${href}" rel="noopener noreferrer nofollow">Continue to ${host}</a>
<a href="${escapeHtml(backPath)}">Back to ipick</a>
</div>`,
  );
}

/** One of the redirect's pages: `title` as its title and heading, then `content` (HTML). */
function renderPage(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="strict-origin-when-cross-origin">
<title>${title}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f8fafc; color: #0f172a; }
  main { max-width: 40rem; margin: 12vh auto; padding: 2rem; overflow-wrap: anywhere; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  .destination { word-break: break-all; background: #f1f5f9; padding: 0.75rem; border-radius: 0.5rem; font-family: ui-monospace, monospace; }
  .actions { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin-top: 1.5rem; }
  .continue { background: #0f172a; color: #fff; padding: 0.6rem 1.2rem; border-radius: 0.5rem; text-decoration: none; min-width: 0; }
  a { border-radius: 0.25rem; }
  a:focus-visible, button:focus-visible { outline: 3px solid #0d9488; outline-offset: 3px; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
${content}
</main>
</body>
</html>
`;
}

/**
 * The page a shopper sees instead of JSON when a link to `/api/redirect` cannot be followed
 * (a link cut short in a chat, an offer that is gone): what is wrong, and the way back.
 */
export function renderRedirectErrorPage(message: string, backPath: string): string {
  return renderPage(
    'This link does not work',
    `<p>ipick cannot follow this link: ${escapeHtml(message)}.</p>
<div class="actions">
<a class="continue" href="${escapeHtml(backPath)}">Back to ipick</a>
</div>`,
  );
}
