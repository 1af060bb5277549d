import type { ProjectConfig } from '../core/identity-repository.ts';

/** One reason a project may not go to production mode, with where to fix it (spec §5). */
export interface ProductionModeProblem {
  message: string;
  relative_fix_url: string;
}

function isLocalhost(url: URL): boolean {
  const host = url.hostname;
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === '[::1]' ||
    host === '::1'
  );
}

/**
 * The production-mode checks of spec §5, worded exactly as there (and as the Stack clients'
 * `getProductionModeErrors`): localhost allowed, and each trusted domain that is not a valid
 * URL, is a localhost, is a direct IP or is not HTTPS. Each problem is fixed on the project's
 * domains page.
 */
export function productionModeProblems(
  projectId: string,
  config: Pick<ProjectConfig, 'allow_localhost' | 'domains'>,
): ProductionModeProblem[] {
  const fix = `/projects/${projectId}/domains`;
  const problems: ProductionModeProblem[] = [];
  const add = (message: string) => problems.push({ message, relative_fix_url: fix });
  if (config.allow_localhost) {
    add(
      "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
    );
  }
  for (const { domain } of config.domains) {
    let url: URL;
    try {
      url = new URL(domain.replace(/\*+/g, 'wildcard-placeholder'));
    } catch {
      add(`Trusted domain is not a valid URL: ${domain}`);
      continue;
    }
    if (isLocalhost(url)) {
      add(`Localhost domains are not allowed to be trusted in production mode: ${domain}`);
    } else if (/^\d+(\.\d+)*$/.test(url.hostname)) {
      add(`Direct IPs are not valid for trusted domains in production mode: ${domain}`);
    } else if (url.protocol !== 'https:') {
      add(`Trusted domains should be HTTPS: ${domain}`);
    }
  }
  return problems;
}
