/**
 * The JSX runtime and components that operator templates and themes import. It is bundled with
 * their TSX and runs only inside the QuickJS isolate (email-renderer.ts), so it uses nothing of
 * Node: a template sees these exports and the JavaScript language, nothing else.
 *
 * Every import name a template may use maps to this one module: the JSX runtime
 * (`jsx`, `jsxs`, `Fragment`), `react` (`createElement`), `@react-email/components` (`Html`,
 * `Button`, ...), `@stackframe/emails` (`Subject`, `NotificationCategory`, `ProjectLogo`) and
 * `arktype` (`type`), so upstream's templates compile unchanged.
 */

type Props = Record<string, unknown> & { children?: unknown };
type Component = (props: Props) => unknown;

interface Element {
  $$element: true;
  type: string | Component | typeof Fragment;
  props: Props;
}

/** Markup that is already HTML (the template inside a theme, `dangerouslySetInnerHTML`). */
class RawHtml {
  constructor(
    readonly html: string,
    readonly text: string,
  ) {}
}

export const Fragment = Symbol.for('ipick.email.fragment');

export function jsx(type: Element['type'], props: Props | null): Element {
  return { $$element: true, type, props: props ?? {} };
}
export const jsxs = jsx;
export const jsxDEV = jsx;

/** React's classic `createElement`, for templates that use it or `React.createElement`. */
export function createElement(
  type: Element['type'],
  props: Props | null,
  ...children: unknown[]
): Element {
  const all: Props = { ...props };
  if (children.length > 0) all.children = children.length === 1 ? children[0] : children;
  return jsx(type, all);
}
export default { createElement, Fragment };

// ---- rendering ----

const VOID_TAGS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'blockquote',
  'body',
  'div',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tr',
  'ul',
]);
const HIDDEN_TAGS = new Set(['head', 'style', 'script', 'title']);
const ATTRIBUTE_NAMES: Record<string, string> = {
  className: 'class',
  htmlFor: 'for',
  httpEquiv: 'http-equiv',
};
const UNITLESS_STYLES = new Set(['flex', 'fontWeight', 'lineHeight', 'opacity', 'order', 'zIndex']);

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

function styleText(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, value]) => value !== null && value !== undefined && value !== false)
    .map(([name, value]) => {
      const property = name.startsWith('--')
        ? name
        : name.replace(/[A-Z]/g, (char) => `-${char.toLowerCase()}`);
      const text =
        typeof value === 'number' && value !== 0 && !UNITLESS_STYLES.has(name)
          ? `${value}px`
          : String(value);
      return `${property}:${text}`;
    })
    .join(';');
}

function attributes(props: Props): string {
  let out = '';
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || name === 'key' || name === 'ref') continue;
    if (name === 'dangerouslySetInnerHTML' || /^on[A-Z]/.test(name)) continue;
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') continue;
    const attribute = ATTRIBUTE_NAMES[name] ?? name;
    if (!/^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/.test(attribute)) continue;
    if (value === true) {
      out += ` ${attribute}`;
      continue;
    }
    const text =
      attribute === 'style' && typeof value === 'object'
        ? styleText(value as Record<string, unknown>)
        : `${value as string}`;
    out += ` ${attribute}="${escapeHtml(text)}"`;
  }
  return out;
}

interface Rendered {
  html: string;
  text: string;
}

function isElement(node: unknown): node is Element {
  return typeof node === 'object' && node !== null && (node as Element).$$element === true;
}

/** Renders a node to HTML, and to the plain text a mail program shows without HTML. */
function renderNode(node: unknown): Rendered {
  if (node === null || node === undefined || typeof node === 'boolean')
    return { html: '', text: '' };
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') {
    const text = String(node);
    return { html: escapeHtml(text), text };
  }
  if (node instanceof RawHtml) return { html: node.html, text: node.text };
  if (Array.isArray(node)) {
    const parts = node.map(renderNode);
    return {
      html: parts.map((part) => part.html).join(''),
      text: parts.map((part) => part.text).join(''),
    };
  }
  if (!isElement(node)) {
    throw new TypeError(`Cannot render ${typeof node} as part of an email`);
  }
  const { type, props } = node;
  if (type === Fragment) return renderNode(props.children);
  if (typeof type === 'function') return renderNode(type(props));
  if (typeof type !== 'string' || !/^[a-zA-Z][a-zA-Z0-9-]*$/.test(type)) {
    throw new TypeError(`Invalid element type ${String(type)}`);
  }
  const tag = type.toLowerCase();
  const inner = props.dangerouslySetInnerHTML as { __html?: unknown } | undefined;
  const children =
    inner && typeof inner.__html === 'string'
      ? { html: inner.__html, text: '' }
      : renderNode(props.children);
  const open = `<${tag}${attributes(props)}>`;
  const html = VOID_TAGS.has(tag) ? open : `${open}${children.html}</${tag}>`;
  return { html, text: textOf(tag, props, children.text) };
}

function textOf(tag: string, props: Props, inner: string): string {
  if (HIDDEN_TAGS.has(tag)) return '';
  if (tag === 'br') return '\n';
  if (tag === 'hr') return '\n\n';
  if (tag === 'a' && typeof props.href === 'string' && props.href !== '') {
    // A link stands alone on its line: mail programs link it, and readers can copy it whole.
    const label = inner.trim();
    return label === '' || label === props.href ? props.href : `${label}: ${props.href}`;
  }
  if (tag === 'td' || tag === 'th') return `${inner} `;
  return BLOCK_TAGS.has(tag) ? `\n${inner}\n` : inner;
}

/** Whitespace as a reader sees it: runs of spaces become one, at most one empty line in a row. */
function tidyText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// ---- what a render collects ----

let collected: { subject?: string; notificationCategory?: string } = {};

/** Sets the email's subject (`@stackframe/emails`). */
export function Subject({ value }: { value?: string | number }): null {
  collected.subject = String(value ?? '');
  return null;
}

/** Sets the email's notification category, e.g. "Transactional" (`@stackframe/emails`). */
export function NotificationCategory({ value }: { value?: string }): null {
  collected.notificationCategory = String(value ?? '');
  return null;
}

interface ProjectLogos {
  logoUrl?: string | null;
  logoDarkModeUrl?: string | null;
}

export function ProjectLogo({ data, mode }: { data?: ProjectLogos; mode?: string }): unknown {
  const url = mode === 'dark' ? (data?.logoDarkModeUrl ?? data?.logoUrl) : data?.logoUrl;
  if (!url) return null;
  return jsx('img', { src: url, alt: 'Logo', height: 32, style: { marginBottom: 24 } });
}

// ---- @react-email/components, as plain HTML that mail programs show alike ----

type WithChildren = Props & { children?: unknown };

const passThrough = ({ children }: WithChildren) => jsx(Fragment, { children });

export function Html({ children, lang = 'en', dir = 'ltr', ...rest }: WithChildren) {
  return jsx('html', { lang, dir, ...rest, children });
}
export function Head({ children, ...rest }: WithChildren) {
  return jsx('head', {
    ...rest,
    children: [
      jsx('meta', { content: 'text/html; charset=UTF-8', httpEquiv: 'Content-Type' }),
      children,
    ],
  });
}
export function Body(props: WithChildren) {
  return jsx('body', props);
}
/** Tailwind classes stay as class names; no stylesheet is generated. */
export const Tailwind = passThrough;
export const Font = () => null;
export function Preview({ children }: WithChildren) {
  return jsx('div', {
    style: { display: 'none', overflow: 'hidden', lineHeight: '1px', opacity: 0, maxHeight: 0 },
    children,
  });
}
function table(props: WithChildren, style: Record<string, unknown>) {
  const { children, style: own, ...rest } = props;
  return jsx('table', {
    align: 'center',
    width: '100%',
    border: 0,
    cellPadding: 0,
    cellSpacing: 0,
    role: 'presentation',
    ...rest,
    style: { ...style, ...(own as object) },
    children: jsx('tbody', {
      children: jsx('tr', { style: { width: '100%' }, children: jsx('td', { children }) }),
    }),
  });
}
export const Container = (props: WithChildren) => table(props, { maxWidth: '37.5em' });
export const Section = (props: WithChildren) => table(props, {});
export function Row({ children, ...rest }: WithChildren) {
  return jsx('table', {
    align: 'center',
    width: '100%',
    border: 0,
    cellPadding: 0,
    cellSpacing: 0,
    role: 'presentation',
    ...rest,
    children: jsx('tbody', { children: jsx('tr', { children }) }),
  });
}
export function Column(props: WithChildren) {
  return jsx('td', props);
}
export function Text({ style, ...rest }: WithChildren) {
  return jsx('p', { ...rest, style: { fontSize: 14, lineHeight: '24px', ...(style as object) } });
}
export function Heading({ as = 'h1', ...rest }: WithChildren & { as?: unknown }) {
  const tag = typeof as === 'string' && /^h[1-6]$/.test(as) ? as : 'h1';
  return jsx(tag, rest);
}
export function Link({ target = '_blank', ...rest }: WithChildren) {
  return jsx('a', { target, ...rest });
}
export function Button({ style, target = '_blank', ...rest }: WithChildren) {
  return jsx('a', {
    target,
    ...rest,
    style: { display: 'inline-block', textDecoration: 'none', ...(style as object) },
  });
}
export function Hr({ style, ...rest }: WithChildren) {
  return jsx('hr', {
    ...rest,
    style: { width: '100%', border: 'none', borderTop: '1px solid #eaeaea', ...(style as object) },
  });
}
export function Img({ style, ...rest }: WithChildren) {
  return jsx('img', { ...rest, style: { display: 'block', border: 'none', ...(style as object) } });
}
export function CodeInline(props: WithChildren) {
  return jsx('code', props);
}

// ---- arktype's `type`, enough to declare and check a template's variables ----

interface VariablesSchema {
  $$variables: Record<string, unknown>;
  infer: unknown;
}

export function type(definition: Record<string, unknown>): VariablesSchema {
  return { $$variables: definition, infer: undefined };
}

/** Refuses variables that a template's `variablesSchema` (made with `type`) says it needs. */
function checkVariables(schema: unknown, variables: Record<string, unknown>): void {
  const definition = (schema as Partial<VariablesSchema> | undefined)?.$$variables;
  if (!definition || typeof definition !== 'object') return;
  for (const [rawKey, rawType] of Object.entries(definition)) {
    const keyOptional = rawKey.endsWith('?');
    const key = keyOptional ? rawKey.slice(0, -1) : rawKey;
    const typeName = String(rawType);
    const optional = keyOptional || typeName.endsWith('?');
    const expected = typeName.replace(/\?$/, '');
    const value = variables[key];
    if (value === undefined) {
      if (optional) continue;
      throw new TypeError(`variables.${key} is required (a ${expected})`);
    }
    if (['string', 'number', 'boolean'].includes(expected) && typeof value !== expected) {
      throw new TypeError(`variables.${key} must be a ${expected}, not ${typeof value}`);
    }
  }
}

// ---- the entry point the renderer calls ----

export interface RenderInput {
  user: { displayName: string | null };
  project: { displayName: string };
  /** The template's variables; null means its `PreviewVariables` (a preview). */
  variables: Record<string, unknown> | null;
  unsubscribeLink: string | null;
  /** Without a template (send-email with html), this HTML is the theme's content. */
  html?: string;
}

export interface RenderOutput {
  html: string;
  text: string;
  subject: string | null;
  notificationCategory: string | null;
}

interface TemplateModule {
  EmailTemplate?: unknown;
  variablesSchema?: unknown;
}
interface ThemeModule {
  EmailTheme?: unknown;
}

export function renderEmail(
  template: TemplateModule | null,
  theme: ThemeModule | null,
  input: RenderInput,
): RenderOutput {
  collected = {};
  let content: Rendered;
  if (template) {
    const EmailTemplate = template.EmailTemplate as
      (Component & { PreviewVariables?: Record<string, unknown> }) | undefined;
    if (typeof EmailTemplate !== 'function') {
      throw new TypeError('The template must export a function named EmailTemplate');
    }
    const variables = input.variables ?? EmailTemplate.PreviewVariables ?? {};
    checkVariables(template.variablesSchema, variables);
    content = renderNode(
      jsx(EmailTemplate, { user: input.user, project: input.project, variables }),
    );
  } else {
    const html = input.html ?? '';
    content = { html, text: html.replace(/<[^>]*>/g, ' ') };
  }
  let page = content;
  if (theme) {
    const EmailTheme = theme.EmailTheme;
    if (typeof EmailTheme !== 'function') {
      throw new TypeError('The theme must export a function named EmailTheme');
    }
    page = renderNode(
      jsx(EmailTheme as Component, {
        children: new RawHtml(content.html, content.text),
        unsubscribeLink: input.unsubscribeLink ?? undefined,
        projectLogos: {},
      }),
    );
  }
  const html = /^\s*<html[\s>]/i.test(page.html) ? `<!DOCTYPE html>${page.html}` : page.html;
  return {
    html,
    text: tidyText(page.text),
    subject: collected.subject ?? null,
    notificationCategory: collected.notificationCategory ?? null,
  };
}
