/**
 * A local mail server for the browser tests: ipick sends real mail to it over SMTP, and the
 * tests read what arrived over HTTP (`GET /mail?to=<address>` waits for the next message).
 *
 *   node --import tsx e2e/support/mail-catcher.ts <smtp port> <http port>
 */
import { createServer } from 'node:http';
import { startSmtpInbox } from '../../apps/server/test/smtp-inbox.ts';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) throw new Error('usage: mail-catcher.ts <smtp port> <http port>');

const inbox = await startSmtpInbox({ port: smtpPort });

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`);
  if (url.pathname === '/health') {
    response.end('ok');
    return;
  }
  const to = url.searchParams.get('to');
  if (url.pathname !== '/mail' || !to) {
    response.writeHead(404).end();
    return;
  }
  inbox.waitForMail(to, Number(url.searchParams.get('wait') ?? 10_000)).then(
    (mail) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }));
    },
    (error: Error) => {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end(error.message);
    },
  );
});
server.listen(httpPort, '127.0.0.1');

const stop = () => {
  server.close();
  void inbox.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
