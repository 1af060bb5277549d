/** Ports of the browser-test run: ipick itself, and the local mail server beside it. */
export const appPort = Number(process.env.IPICK_E2E_PORT ?? 3917);
export const mailCatcher = { smtpPort: appPort + 1, httpPort: appPort + 2 };
