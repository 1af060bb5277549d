import { expect, test } from '@playwright/test';
import { desktopChrome, signInAsAdmin } from './support/browsing.ts';

// Issue 24: the admin area's Identity section. An operator tries to turn production mode on,
// reads the spec §5 checklist, fixes the trusted domains and turns it on.
test.use(desktopChrome);

const PROJECT = '/api/admin/identity/internal/projects/current';

test('an operator turns on production mode, sees the checklist and fixes a domain', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signInAsAdmin(browser);
  const before = (await (await admin.request.get(PROJECT)).json()) as {
    config: { allow_localhost: boolean; domains: { domain: string; handler_path: string }[] };
  };
  const localDomains = before.config.domains.filter((d) =>
    /^https?:\/\/(127\.[\d.]+|localhost)(:\d+)?$/.test(d.domain),
  );
  expect(localDomains.length).toBeGreaterThan(0); // the e2e server trusts its own http://127.0.0.1:port

  try {
    await admin.goto('/admin?tab=identity');
    const production = admin.getByRole('region', { name: 'Production mode' });
    await expect(production.getByText('Off', { exact: true })).toBeVisible({ timeout: 15_000 });

    await production.getByRole('button', { name: 'Turn on production mode' }).click();
    const checklist = production.getByRole('list', { name: 'Production mode checklist' });
    await expect(checklist).toContainText(
      "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
    );
    for (const { domain } of localDomains) {
      await expect(checklist).toContainText(
        `Localhost domains are not allowed to be trusted in production mode: ${domain}`,
      );
    }
    await expect(production.getByText('Off', { exact: true })).toBeVisible();

    // Fix each problem in the trusted domains.
    const domains = admin.getByRole('region', { name: 'Trusted domains' });
    const allowLocalhost = domains.getByRole('checkbox', { name: 'Allow localhost' });
    await allowLocalhost.click(); // saved at once; the box follows the saved setting
    await expect(allowLocalhost).not.toBeChecked();
    await expect(checklist).not.toContainText('Localhost is not allowed');
    await domains
      .getByRole('textbox', { name: 'Add a trusted domain' })
      .fill('https://ipick.example');
    await domains.getByRole('button', { name: 'Add domain' }).click();
    await expect(domains.getByRole('list', { name: 'Trusted domains' })).toContainText(
      'https://ipick.example',
    );
    for (const { domain } of localDomains) {
      await domains.getByRole('button', { name: `Remove ${domain}` }).click();
      await expect(domains.getByRole('list', { name: 'Trusted domains' })).not.toContainText(
        domain,
      );
    }
    await expect(checklist).toHaveCount(0);

    await production.getByRole('button', { name: 'Turn on production mode' }).click();
    await expect(production.getByText('On', { exact: true })).toBeVisible();
    await expect(
      production.getByRole('button', { name: 'Turn off production mode' }),
    ).toBeVisible();
  } finally {
    // The rest of the suite signs people in through the trusted 127.0.0.1 address.
    const restored = await admin.request.patch(PROJECT, {
      data: {
        is_production_mode: false,
        config: { allow_localhost: before.config.allow_localhost, domains: before.config.domains },
      },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});

const TEMPLATES = '/api/admin/identity/internal/email-templates';

test('an operator edits an email template and sees the preview change', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await signInAsAdmin(browser);
  const { templates } = (await (await admin.request.get(TEMPLATES)).json()) as {
    templates: { id: string; display_name: string; tsx_source: string }[];
  };
  const template = templates[0]!;
  const edited = [
    "import { Heading } from '@react-email/components';",
    'export function EmailTemplate() {',
    '  return <Heading>Welcome to the edited preview</Heading>;',
    '}',
  ].join('\n');

  try {
    await admin.goto('/admin?tab=identity');
    const section = admin.getByRole('region', { name: 'Email templates and themes' });
    await section
      .getByRole('list', { name: 'Email templates' })
      .getByRole('button', { name: template.display_name })
      .click();
    const preview = section.frameLocator(`iframe[title="Preview of ${template.display_name}"]`);
    await expect(preview.locator('body')).not.toBeEmpty({ timeout: 20_000 });
    await expect(preview.locator('body')).not.toContainText('Welcome to the edited preview');

    const editor = section.getByRole('textbox', { name: `${template.display_name} source` });
    await editor.fill(edited);
    await expect(preview.getByText('Welcome to the edited preview')).toBeVisible({
      timeout: 20_000,
    });

    // A source that does not compile: the server's message, and the last good preview stays.
    await editor.fill(edited.replace('</Heading>', ''));
    await expect(section.getByRole('alert', { name: 'Preview error' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(preview.getByText('Welcome to the edited preview')).toBeVisible();

    await editor.fill(edited.replace('edited preview', 'saved template'));
    await expect(preview.getByText('Welcome to the saved template')).toBeVisible({
      timeout: 20_000,
    });
    await expect(section.getByRole('alert', { name: 'Preview error' })).toHaveCount(0);
    await section.getByRole('button', { name: `Save ${template.display_name}` }).click();
    await expect(admin.getByText(`${template.display_name} saved`)).toBeVisible();
    const after = (await (await admin.request.get(TEMPLATES)).json()) as {
      templates: typeof templates;
    };
    expect(after.templates.find((t) => t.id === template.id)?.tsx_source).toContain(
      'Welcome to the saved template',
    );
  } finally {
    const restored = await admin.request.patch(`${TEMPLATES}/${template.id}`, {
      data: { tsx_source: template.tsx_source },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});
