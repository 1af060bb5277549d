import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, DEFAULT_THEME } from './default-templates.ts';
import { EmailRenderError, EmailRenderer } from './email-renderer.ts';

const renderer = new EmailRenderer({ timeMs: 300 });
afterAll(() => renderer.close());

const input = {
  user: { displayName: 'Ada' },
  project: { displayName: 'ipick' },
  variables: null,
  unsubscribeLink: null,
};

describe('EmailRenderer', () => {
  it.each(Object.entries(DEFAULT_TEMPLATES))(
    'renders the default %s template in the default theme, with its link whole in the text',
    async (_kind, template) => {
      const output = await renderer.render(
        { template: template.tsxSource, theme: DEFAULT_THEME.tsxSource },
        input,
      );
      expect(output.subject).toMatch(/ipick/);
      expect(output.notificationCategory).toBe('Transactional');
      expect(output.html).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr"><head>/);
      expect(output.text).toMatch(/^https:\/\/example\.com\/\S+$/m);
    },
  );

  it('escapes text and attributes, and maps className, style and httpEquiv', async () => {
    const output = await renderer.render(
      {
        template: `export function EmailTemplate({ variables }) {
          return <div className="a" style={{ marginTop: 4, lineHeight: 1.5 }} data-x={variables.x}>{variables.x}<br /></div>;
        }`,
        theme: null,
      },
      { ...input, variables: { x: '"><script>alert(1)</script>' } },
    );
    expect(output.html).toBe(
      '<div class="a" style="margin-top:4px;line-height:1.5" data-x="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;<br></div>',
    );
  });

  it("checks variables against the template's variablesSchema", async () => {
    const render = renderer.render(
      { template: DEFAULT_TEMPLATES.password_reset.tsxSource, theme: null },
      { ...input, variables: {} },
    );
    await expect(render).rejects.toThrow(EmailRenderError);
    await expect(render).rejects.toThrow('variables.passwordResetLink is required (a string)');
  });

  it('refuses an answer the template tampered with', async () => {
    await expect(
      renderer.render(
        {
          template:
            "JSON.stringify = () => 'not json'; export function EmailTemplate() { return null }",
          theme: null,
        },
        input,
      ),
    ).rejects.toThrow('The render did not produce an email.');
  });

  it('keeps rendering after a render that had to be stopped', async () => {
    await expect(
      renderer.render(
        { template: 'export function EmailTemplate() { for (;;) {} }', theme: null },
        input,
      ),
    ).rejects.toThrow('ran longer than 300 ms');
    const output = await renderer.render(
      { template: 'export function EmailTemplate() { return <b>still here</b> }', theme: null },
      input,
    );
    expect(output.html).toBe('<b>still here</b>');
  });
});
