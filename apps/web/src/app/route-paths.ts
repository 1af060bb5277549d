/**
 * One sample address for every route of the router (spec §2), with params filled in, and the h1
 * each page shows. The Playwright suite imports this to visit every page, and a unit test checks
 * it matches the router, so keep it free of imports (plain data, loadable outside Vite).
 */

export interface RouteSample {
  /** The route's full path pattern as written in the router. */
  pattern: string;
  /** A concrete address for that route. */
  path: string;
  /** The page's h1. */
  heading: string;
}

/** A syntactically valid UUID v4 that no real request uses. */
export const SAMPLE_REQUEST_ID = '7c0e2a8b-3f41-4d5e-9a6b-1c2d3e4f5a6b';

/** Hosted-auth handler pages (spec §2), relative to the handler base /handler: [name, h1]. */
const handlerPages: ReadonlyArray<readonly [name: string, heading: string]> = [
  ['sign-in', 'Sign in'],
  ['sign-up', 'Create an account'],
  ['sign-out', 'Sign out'],
  ['email-verification', 'Verify your email'],
  ['password-reset', 'Reset your password'],
  ['forgot-password', 'Forgot your password?'],
  ['oauth-callback', 'Finishing sign-in'],
  ['magic-link-callback', 'Checking your sign-in link'],
  ['account-settings', 'Account settings'],
  ['error', 'Sign-in problem'],
  ['team-invitation', 'Team invitation'],
  ['mfa', 'Two-step verification'],
  ['cli-auth-confirm', 'Confirm command-line sign-in'],
];

const handlerSamples: RouteSample[] = handlerPages.map(([name, heading]) => ({
  pattern: `/handler/${name}`,
  path: `/handler/${name}`,
  heading,
}));

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
  { pattern: '/history', path: '/history', heading: 'Search history' },
  { pattern: '/favorites', path: '/favorites', heading: 'Favorites' },
  { pattern: '/login', path: '/login', heading: 'Sign in' },
  { pattern: '/reset-password', path: '/reset-password', heading: 'Reset password' },
  { pattern: '/demo-landing', path: '/demo-landing', heading: 'See how ipick compares prices' },
  { pattern: '/admin', path: '/admin', heading: 'Admin' },
  { pattern: '/admin-login', path: '/admin-login', heading: 'Admin sign in' },
  { pattern: '/admin/business', path: '/admin/business', heading: 'Business management' },
  { pattern: '/business/register', path: '/business/register', heading: 'Register your business' },
  { pattern: '/business-login', path: '/business-login', heading: 'Business sign in' },
  { pattern: '/business/dashboard', path: '/business/dashboard', heading: 'Business dashboards' },
  {
    pattern: '/business/dashboard/checkout',
    path: '/business/dashboard/checkout',
    heading: 'Dashboard',
  },
  {
    pattern: '/business/dashboard/checkout/activity',
    path: '/business/dashboard/checkout/activity',
    heading: 'Activity',
  },
  {
    pattern: '/business/dashboard/checkout/integrate',
    path: '/business/dashboard/checkout/integrate',
    heading: 'Integrate',
  },
  {
    pattern: '/business/dashboard/checkout/analytics',
    path: '/business/dashboard/checkout/analytics',
    heading: 'Analytics',
  },
  {
    pattern: '/business/dashboard/checkout/products',
    path: '/business/dashboard/checkout/products',
    heading: 'Products',
  },
  {
    pattern: '/business/dashboard/checkout/settings',
    path: '/business/dashboard/checkout/settings',
    heading: 'Settings',
  },
  {
    pattern: '/business/dashboard/checkout/attribution',
    path: '/business/dashboard/checkout/attribution',
    heading: 'Attribution',
  },
  {
    pattern: '/business/dashboard/journey',
    path: '/business/dashboard/journey',
    heading: 'Customer journeys',
  },
  {
    pattern: '/business/integrate',
    path: '/business/integrate',
    heading: 'Integrate ipick with your shop',
  },
  {
    pattern: '/business-integrate',
    path: '/business-integrate',
    heading: 'Integrate ipick with your shop',
  },
  {
    pattern: '/business/integrate/wizard',
    path: '/business/integrate/wizard',
    heading: 'Integration wizard',
  },
  { pattern: '/business/activity', path: '/business/activity', heading: 'Business activity' },
  { pattern: '/business/connect', path: '/business/connect', heading: 'Connect your shop' },
  { pattern: '/tracking-test', path: '/tracking-test', heading: 'Tracking test' },
  { pattern: '/real-tracking-test', path: '/real-tracking-test', heading: 'Live tracking test' },
  ...handlerSamples,
  { pattern: '*', path: '/no-such-page', heading: 'Page not found' },
];

/** Every sample address, in router order; the last one is an unknown path (not-found page). */
export const samplePaths: string[] = routeSamples.map((sample) => sample.path);

/**
 * A product link placed in the path (spec §2). Not a route of its own: the direct-URL detector
 * turns it into `/new-search/{requestId}/{slug}`.
 */
export const sampleDirectProductPath =
  '/https://www.example.com/products/sample-item.html?color=blue';
