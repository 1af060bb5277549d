import { parseArgs } from 'node:util';
import { CliError } from './identity-http.ts';
import { login, logout, openInBrowser, serverOf, whoami, type CliIo } from './operator-cli.ts';

const USAGE = `Usage: npm run ipick -- <command> [options]

Commands:
  login [--server URL] [--no-browser]   sign in through the browser (the confirm page)
  whoami                                 show who is signed in
  logout                                 end the session and forget it

The server is --server, else IPICK_URL, else PUBLIC_URL, else http://localhost:3000.
Credentials are kept in $XDG_CONFIG_HOME/ipick (or ~/.config/ipick), readable by you only.`;

/** The operator command line: `npm run ipick -- login | whoami | logout`. */
export async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      server: { type: 'string' },
      'no-browser': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const io: CliIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    env: process.env,
    openBrowser: (url) => !values['no-browser'] && openInBrowser(url),
  };
  const [command] = positionals;
  if (values.help || !command) {
    io.out(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (command === 'login') await login(serverOf(values.server, process.env), io);
  else if (command === 'whoami') await whoami(io);
  else if (command === 'logout') await logout(io);
  else {
    process.stderr.write(`Unknown command "${command}".\n\n${USAGE}\n`);
    return 1;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known =
      error instanceof CliError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(
      `${known ? (error as Error).message : String((error as Error).stack ?? error)}\n`,
    );
    process.exitCode = 1;
  },
);
