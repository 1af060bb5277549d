import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** What the build's renderer module (apps/web/src/render-page-entry.tsx) exports. */
interface RendererModule {
  renderPage(path: string, data: Record<string, unknown>): Promise<string>;
}

/** Renders pages of the web app on the server, into the build's page for them. */
export interface PageRenderer {
  /** The whole page at `path` (with its query), its markup hydrated by the browser. */
  render(path: string, data: Record<string, unknown>): Promise<string>;
}

const RENDERER_FILE = 'server/render-page.js';
const ROOT = '<div id="root"></div>';

/**
 * The empty page of the build naming the code of the page at `path`, so that the browser
 * downloads it beside the entry (scripts/prerender-web.ts writes them).
 */
function templateFile(path: string): string {
  if (path === '/browse' || path.startsWith('/browse/') || path.startsWith('/browse?')) {
    return 'server/page-browse.html';
  }
  return 'server/page-new-search.html';
}

/**
 * The build's page renderer (scripts/build-page-renderer.ts), or undefined for a build without
 * one: the server then sends the shell as before. Loaded once: a new build needs a restart to
 * render with its code, as the API does.
 */
export async function loadPageRenderer(root: string): Promise<PageRenderer | undefined> {
  const file = `${root}/${RENDERER_FILE}`;
  if (!existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as RendererModule;
  const templates = new Map<string, string>();
  const templateOf = (path: string): string => {
    const name = templateFile(path);
    let template = templates.get(name);
    if (template === undefined) {
      template = readFileSync(`${root}/${name}`, 'utf8');
      if (!template.includes(ROOT)) throw new Error(`${name} has no ${ROOT}`);
      templates.set(name, template);
    }
    return template;
  };
  return {
    async render(path, data) {
      const template = templateOf(path);
      const markup = await renderer.renderPage(path, data);
      // data-prerendered="page" tells the browser to hydrate it (apps/web/src/main.tsx).
      return template.replace(ROOT, () => `<div id="root" data-prerendered="page">${markup}</div>`);
    },
  };
}
