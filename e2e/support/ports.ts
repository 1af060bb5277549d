/** Ports of the browser-test run: ipick itself, and the local stand-ins beside it. */
export const appPort = Number(process.env.IPICK_E2E_PORT ?? 3917);
export const mailCatcher = { smtpPort: appPort + 1, httpPort: appPort + 2 };
/** A shop ipick has no catalog of, serving product pages. */
export const fixtureShopPort = appPort + 3;
/** Nothing listens here: links to it cannot be fetched. */
export const closedPort = appPort + 4;
/** A merchant's shop with ipick's snippet installed (localhost, so a host of its own). */
export const fixtureMerchantPort = appPort + 5;
/** A second merchant's shop, the same product on another host: for a merchant set up in the UI. */
export const secondFixtureMerchantPort = appPort + 6;
/** The local OpenID provider ipick's 'Continue with Local' button signs in with. */
export const localOidcProviderPort = appPort + 7;
