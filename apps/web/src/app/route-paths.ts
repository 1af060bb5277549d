/**
 * One sample address for every route of the router (spec §2), with params filled in, and the h1
 * a visitor who is NOT signed in sees there. The Playwright suite imports this to visit every
 * page, and a unit test checks it matches the router, so keep it free of imports (plain data,
 * loadable outside Vite). Guarded pages send such a visitor to a sign-in page: their heading is
 * that page's, and `redirectsTo` says where they land.
 */

export interface RouteSample {
  /** The route's full path pattern as written in the router. */
  pattern: string;
  /** A concrete address for that route. */
  path: string;
  /** The h1 a signed-out visitor sees. */
  heading: string;
  /** Set when a signed-out visitor is redirected: the address (path and query) they end on. */
  redirectsTo?: string;
  /** Guarded pages: who may open them, and the page's own h1 once such a visitor is signed in. */
  access?: { requires: 'shopper' | 'admin' | 'business'; heading: string };
}

/** A syntactically valid UUID v4 that no real request uses. */
export const SAMPLE_REQUEST_ID = '7c0e2a8b-3f41-4d5e-9a6b-1c2d3e4f5a6b';

/** Hosted-auth handler pages (spec §2), relative to the handler base /handler: [name, h1]. */
const handlerPages: ReadonlyArray<readonly [name: string, heading: string]> = [
  ['sign-in', 'Sign in'],
  ['sign-up', 'Create an account'],
  ['email-verification', 'Verify your email'],
  ['password-reset', 'Reset your password'],
  ['forgot-password', 'Forgot your password?'],
  ['oauth-callback', 'Finishing sign-in'],
  ['magic-link-callback', 'Checking your sign-in link'],
  ['error', 'Sign-in problem'],
  ['team-invitation', 'Team invitation'],
  ['mfa', 'Two-step verification'],
  ['cli-auth-confirm', 'Confirm command-line sign-in'],
];

const handlerSamples: RouteSample[] = [
  ...handlerPages.map(([name, heading]) => ({
    pattern: `/handler/${name}`,
    path: `/handler/${name}`,
    heading,
  })),
  // Signing out ends on the home page (spec §2: after sign-out goes home).
  {
    pattern: '/handler/sign-out',
    path: '/handler/sign-out',
    heading: 'Compare prices before you buy',
    redirectsTo: '/',
  },
  {
    pattern: '/handler/account-settings',
    path: '/handler/account-settings',
    heading: 'Sign in',
    redirectsTo: '/handler/sign-in?after_auth_return_to=%2Fhandler%2Faccount-settings',
    access: { requires: 'shopper', heading: 'Account settings' },
  },
];

const signInPages = {
  shopper: { path: '/login', heading: 'Sign in' },
  admin: { path: '/admin-login', heading: 'Admin sign in' },
  business: { path: '/business-login', heading: 'Business sign in' },
} as const;

/** A guarded page: a signed-out visitor sees the sign-in page that brings them back. */
function guarded(
  path: string,
  requires: 'shopper' | 'admin' | 'business',
  heading: string,
): RouteSample {
  const signIn = signInPages[requires];
  return {
    pattern: path,
    path,
    heading: signIn.heading,
    redirectsTo: `${signIn.path}?returnTo=${encodeURIComponent(path)}`,
    access: { requires, heading },
  };
}

export const routeSamples: readonly RouteSample[] = [
  { pattern: '/', path: '/', heading: 'Compare prices before you buy' },
  { pattern: '/browse', path: '/browse', heading: 'Browse' },
  { pattern: '/browse/:category', path: '/browse/electronics', heading: 'Electronics' },
  { pattern: '/landing2', path: '/landing2', heading: 'Find a better price in seconds' },
  {
    pattern: '/search/:requestId/:slug',
    path: `/search/${SAMPLE_REQUEST_ID}/example-com-sample-product`,
    heading: 'Search results',
  },
  {
    pattern: '/new-search/:requestId/:slug',
    path: `/new-search/${SAMPLE_REQUEST_ID}/example-com-sample-product`,
    heading: 'Comparing prices',
  },
  guarded('/history', 'shopper', 'Search history'),
  guarded('/favorites', 'shopper', 'Favorites'),
  guarded('/alerts', 'shopper', 'Price alerts'),
  { pattern: '/alerts/unsubscribe', path: '/alerts/unsubscribe', heading: 'Stop a price alert' },
  { pattern: '/login', path: '/login', heading: 'Sign in' },
  { pattern: '/reset-password', path: '/reset-password', heading: 'Reset password' },
  { pattern: '/demo-landing', path: '/demo-landing', heading: 'See how ipick compares prices' },
  guarded('/admin', 'admin', 'Admin'),
  { pattern: '/admin-login', path: '/admin-login', heading: 'Admin sign in' },
  guarded('/admin/business', 'admin', 'Business management'),
  { pattern: '/for-business', path: '/for-business', heading: 'ipick for business' },
  { pattern: '/business/register', path: '/business/register', heading: 'Register your business' },
  { pattern: '/business-login', path: '/business-login', heading: 'Business sign in' },
  {
    pattern: '/business/invitations/accept',
    path: '/business/invitations/accept',
    heading: 'Join a business on ipick',
  },
  guarded('/business/dashboard', 'business', 'Business dashboards'),
  guarded('/business/dashboard/checkout', 'business', 'Dashboard'),
  guarded('/business/dashboard/checkout/activity', 'business', 'Activity'),
  guarded('/business/dashboard/checkout/integrate', 'business', 'Integrate'),
  guarded('/business/dashboard/checkout/analytics', 'business', 'Analytics'),
  guarded('/business/dashboard/checkout/products', 'business', 'Products'),
  guarded('/business/dashboard/checkout/settings', 'business', 'Settings'),
  guarded('/business/dashboard/checkout/attribution', 'business', 'Attribution'),
  guarded('/business/dashboard/journey', 'business', 'Customer journeys'),
  guarded('/business/integrate', 'business', 'Integrate ipick with your shop'),
  guarded('/business-integrate', 'business', 'Integrate ipick with your shop'),
  guarded('/business/integrate/wizard', 'business', 'Integration wizard'),
  guarded('/business/activity', 'business', 'Business activity'),
  guarded('/business/connect', 'business', 'Connect your shop'),
  { pattern: '/tracking-test', path: '/tracking-test', heading: 'Tracking test' },
  { pattern: '/real-tracking-test', path: '/real-tracking-test', heading: 'Live tracking test' },
  ...handlerSamples,
  { pattern: '*', path: '/no-such-page', heading: 'Page not found' },
];

/** Every sample address; the last one is an unknown path (not-found page). */
export const samplePaths: string[] = routeSamples.map((sample) => sample.path);

/**
 * A product link placed in the path (spec §2). Not a route of its own: the direct-URL detector
 * turns it into `/new-search/{requestId}/{slug}`.
 */
export const sampleDirectProductPath =
  '/https://www.example.com/products/sample-item.html?color=blue';
