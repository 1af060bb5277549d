import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorScreen } from './error-screen';
import { RequireAdmin } from './guards/require-admin';
import { RequireBusiness } from './guards/require-business';
import { RequireUser } from './guards/require-user';
import { DashboardLayout } from './layouts/dashboard-layout';
import { RootLayout } from './layouts/root-layout';
import { merchantAreaHandle } from './route-handles';
import { withSkeleton } from './lazy-page';
import { handlerPath, RETURN_TO_PARAM, type HandlerName } from './routes/handler/handler-pages';

// Every page is its own chunk (spec §2: pages load lazily behind a skeleton).
const LandingPage = lazy(() => import('./routes/landing'));
const Landing2Page = lazy(() => import('./routes/landing2'));
const DemoLandingPage = lazy(() => import('./routes/demo-landing'));
const BrowsePage = lazy(() => import('./routes/browse'));
const BrowseCategoryPage = lazy(() => import('./routes/browse-category'));
const SearchPage = lazy(() => import('./routes/search'));
const NewSearchPage = lazy(() => import('./routes/new-search'));
const HistoryPage = lazy(() => import('./routes/history'));
const FavoritesPage = lazy(() => import('./routes/favorites'));
const AlertsPage = lazy(() => import('./routes/alerts'));
const ForBusinessPage = lazy(() => import('./routes/for-business'));
const AlertsUnsubscribePage = lazy(() => import('./routes/alerts-unsubscribe'));
const LoginPage = lazy(() => import('./routes/login'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password'));
const AdminPage = lazy(() => import('./routes/admin/admin'));
const AdminLoginPage = lazy(() => import('./routes/admin/admin-login'));
const AdminBusinessPage = lazy(() => import('./routes/admin/admin-business'));
const BusinessRegisterPage = lazy(() => import('./routes/business/register'));
const BusinessLoginPage = lazy(() => import('./routes/business/business-login'));
const DashboardSelectorPage = lazy(() => import('./routes/business/dashboard-selector'));
const DashboardHomePage = lazy(() => import('./routes/business/dashboard/home'));
const DashboardActivityPage = lazy(() => import('./routes/business/dashboard/activity'));
const DashboardIntegratePage = lazy(() => import('./routes/business/dashboard/integrate'));
const DashboardAnalyticsPage = lazy(() => import('./routes/business/dashboard/analytics'));
const DashboardProductsPage = lazy(() => import('./routes/business/dashboard/products'));
const DashboardSettingsPage = lazy(() => import('./routes/business/dashboard/settings'));
const DashboardAttributionPage = lazy(() => import('./routes/business/dashboard/attribution'));
const JourneyPage = lazy(() => import('./routes/business/journey'));
const BusinessIntegratePage = lazy(() => import('./routes/business/integrate'));
const IntegrationWizardPage = lazy(() => import('./routes/business/integration-wizard'));
const BusinessActivityPage = lazy(() => import('./routes/business/activity'));
const BusinessConnectPage = lazy(() => import('./routes/business/connect'));
const AcceptInvitationPage = lazy(() => import('./routes/business/accept-invitation'));
const TrackingTestPage = lazy(() => import('./routes/tracking-test'));
const RealTrackingTestPage = lazy(() => import('./routes/real-tracking-test'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

/**
 * The hosted-auth pages of spec §2, each a chunk of its own: a sign-in link does not download
 * account settings with its email, team, key and passkey sections.
 */
const handlerPages: Record<HandlerName, LazyExoticComponent<ComponentType>> = {
  'sign-in': lazy(() =>
    import('./routes/handler/sign-in-handler').then((page) => ({ default: page.SignInHandler })),
  ),
  'sign-up': lazy(() =>
    import('./routes/handler/sign-up-handler').then((page) => ({ default: page.SignUpHandler })),
  ),
  'sign-out': lazy(() =>
    import('./routes/handler/sign-out-handler').then((page) => ({ default: page.SignOutHandler })),
  ),
  'email-verification': lazy(() =>
    import('./routes/handler/email-verification-handler').then((page) => ({
      default: page.EmailVerificationHandler,
    })),
  ),
  'password-reset': lazy(() =>
    import('./routes/handler/password-reset-handler').then((page) => ({
      default: page.PasswordResetHandler,
    })),
  ),
  'forgot-password': lazy(() =>
    import('./routes/handler/forgot-password-handler').then((page) => ({
      default: page.ForgotPasswordHandler,
    })),
  ),
  'oauth-callback': lazy(() =>
    import('./routes/handler/oauth-callback-handler').then((page) => ({
      default: page.OAuthCallbackHandler,
    })),
  ),
  'magic-link-callback': lazy(() =>
    import('./routes/handler/magic-link-callback-handler').then((page) => ({
      default: page.MagicLinkCallbackHandler,
    })),
  ),
  'account-settings': lazy(() =>
    import('./routes/handler/account-settings-handler').then((page) => ({
      default: page.AccountSettingsHandler,
    })),
  ),
  error: lazy(() =>
    import('./routes/handler/error-handler').then((page) => ({ default: page.ErrorHandler })),
  ),
  'team-invitation': lazy(() =>
    import('./routes/handler/team-invitation-handler').then((page) => ({
      default: page.TeamInvitationHandler,
    })),
  ),
  mfa: lazy(() =>
    import('./routes/handler/mfa-handler').then((page) => ({ default: page.MfaHandler })),
  ),
  'cli-auth-confirm': lazy(() =>
    import('./routes/handler/cli-auth-confirm-handler').then((page) => ({
      default: page.CliAuthConfirmHandler,
    })),
  ),
};
const handlerNames = Object.keys(handlerPages) as HandlerName[];
const AccountSettingsPage = handlerPages['account-settings'];

/** All routes of spec §2. `route-paths.ts` holds one sample address per route; keep both in step. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        // Page failures (render errors, chunks that fail to load) land here, inside the site
        // layout, so the header stays usable; failures of the layout itself reach the root's.
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, element: withSkeleton(<LandingPage />, 'landing') },
          { path: 'landing2', element: withSkeleton(<Landing2Page />, 'landing') },
          { path: 'demo-landing', element: withSkeleton(<DemoLandingPage />, 'landing') },
          { path: 'browse', element: withSkeleton(<BrowsePage />) },
          { path: 'browse/:category', element: withSkeleton(<BrowseCategoryPage />) },
          { path: 'search/:requestId/:slug', element: withSkeleton(<SearchPage />) },
          { path: 'new-search/:requestId/:slug', element: withSkeleton(<NewSearchPage />) },
          { path: 'login', element: withSkeleton(<LoginPage />) },
          { path: 'reset-password', element: withSkeleton(<ResetPasswordPage />) },
          { path: 'admin-login', element: withSkeleton(<AdminLoginPage />) },
          { path: 'for-business', element: withSkeleton(<ForBusinessPage />) },
          { path: 'business/register', element: withSkeleton(<BusinessRegisterPage />) },
          // An alert email's unsubscribe link works signed out (its token is signed).
          { path: 'alerts/unsubscribe', element: withSkeleton(<AlertsUnsubscribePage />) },
          { path: 'business-login', element: withSkeleton(<BusinessLoginPage />) },
          {
            // Opened from a team invitation email; the invitee may have no business session yet.
            path: 'business/invitations/accept',
            element: withSkeleton(<AcceptInvitationPage />),
          },
          {
            // Signed-in shoppers only; others sign in on /login and come back.
            element: <RequireUser />,
            children: [
              { path: 'history', element: withSkeleton(<HistoryPage />) },
              { path: 'favorites', element: withSkeleton(<FavoritesPage />) },
              { path: 'alerts', element: withSkeleton(<AlertsPage />) },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              { path: 'admin', element: withSkeleton(<AdminPage />) },
              { path: 'admin/business', element: withSkeleton(<AdminBusinessPage />) },
            ],
          },
          {
            // Merchant pages: a business session, or /business-login first.
            element: <RequireBusiness />,
            handle: merchantAreaHandle,
            children: [
              { path: 'business/dashboard', element: withSkeleton(<DashboardSelectorPage />) },
              {
                path: 'business/dashboard/checkout',
                element: <DashboardLayout />,
                children: [
                  { index: true, element: withSkeleton(<DashboardHomePage />) },
                  {
                    path: 'activity',
                    element: withSkeleton(<DashboardActivityPage />),
                    // Spec §2: the activity page has its own error boundary, so the dashboard's
                    // side nav stays when it fails.
                    errorElement: <RouteErrorScreen />,
                  },
                  { path: 'integrate', element: withSkeleton(<DashboardIntegratePage />) },
                  { path: 'analytics', element: withSkeleton(<DashboardAnalyticsPage />) },
                  { path: 'products', element: withSkeleton(<DashboardProductsPage />) },
                  { path: 'settings', element: withSkeleton(<DashboardSettingsPage />) },
                  { path: 'attribution', element: withSkeleton(<DashboardAttributionPage />) },
                ],
              },
              { path: 'business/dashboard/journey', element: withSkeleton(<JourneyPage />) },
              { path: 'business/integrate', element: withSkeleton(<BusinessIntegratePage />) },
              { path: 'business-integrate', element: withSkeleton(<BusinessIntegratePage />) },
              {
                path: 'business/integrate/wizard',
                element: withSkeleton(<IntegrationWizardPage />),
              },
              { path: 'business/activity', element: withSkeleton(<BusinessActivityPage />) },
              { path: 'business/connect', element: withSkeleton(<BusinessConnectPage />) },
            ],
          },
          // Merchants' pages open to everyone: a signed-in merchant gets no shopper "Sign in".
          {
            path: 'tracking-test',
            handle: merchantAreaHandle,
            element: withSkeleton(<TrackingTestPage />),
          },
          {
            path: 'real-tracking-test',
            handle: merchantAreaHandle,
            element: withSkeleton(<RealTrackingTestPage />),
          },
          ...handlerNames
            .filter((name) => name !== 'account-settings')
            .map((name) => {
              const Page = handlerPages[name];
              return { path: handlerPath(name), element: withSkeleton(<Page />) };
            }),
          {
            element: (
              <RequireUser signInPath={handlerPath('sign-in')} returnToParam={RETURN_TO_PARAM} />
            ),
            children: [
              {
                path: handlerPath('account-settings'),
                element: withSkeleton(<AccountSettingsPage />),
              },
            ],
          },
          { path: '*', element: withSkeleton(<NotFoundPage />) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
