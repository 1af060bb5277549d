import { expect, test } from '@playwright/test';
import { demoAccounts, desktopChrome, signInOnPage } from './support/browsing.ts';
import { linkIn, nextMailTo } from './support/mail.ts';

// Issue 22: a merchant owner invites a colleague by email; the colleague opens the link while
// signed out, creates an account, comes back to /handler/team-invitation, joins the shop's team
// and sees the business dashboard, where as a member they cannot manage API keys.
test.use(desktopChrome);

test('an owner invites a colleague, who joins in the handler page and, as a member, cannot manage keys', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const owner = {
    name: `Harbour Lamps ${stamp}`,
    domain: `harbour-lamps-${stamp}.example`,
    email: `owner-${stamp}@harbour-lamps.example`,
    password: 'harbour lamps password 1',
  };
  const colleague = { email: `till-${stamp}@harbour-lamps.example`, password: 'till password 12' };

  await test.step('the business is registered and approved (through the API)', async () => {
    const api = await playwright.request.newContext({ baseURL });
    const registered = await api.post('/api/business/auth/register', { data: owner });
    expect(registered.ok(), await registered.text()).toBe(true);
    const { business } = (await registered.json()) as { business: { id: string } };
    const admin = await playwright.request.newContext({ baseURL });
    const login = await admin.post('/api/admin/auth/login', { data: demoAccounts.admin });
    expect(login.ok(), await login.text()).toBe(true);
    const approved = await admin.post(`/api/admin/businesses/${business.id}/approve`);
    expect(approved.ok(), await approved.text()).toBe(true);
    await Promise.all([api.dispose(), admin.dispose()]);
  });

  await test.step('the owner invites the colleague from the settings page', async () => {
    await page.goto('/business-login');
    await signInOnPage(page, owner);
    await expect(page).toHaveURL(/\/business\/dashboard/, { timeout: 15_000 });
    await page.goto('/business/dashboard/checkout/settings');
    const team = page.getByRole('region', { name: 'Team' });
    await team.getByLabel('Email address').fill(colleague.email);
    await team.getByRole('button', { name: 'Send invitation' }).click();
    await expect(team.getByRole('list', { name: 'Pending invitations' })).toContainText(
      colleague.email,
      { timeout: 15_000 },
    );
  });

  const context = await browser.newContext(desktopChrome);
  const colleaguePage = await context.newPage();

  await test.step('signed out, the link shows the team and asks to sign in first', async () => {
    const mail = await nextMailTo(colleague.email);
    expect(mail.subject).toContain(owner.name);
    const invitation = linkIn(mail, '/handler/team-invitation');
    await colleaguePage.goto(invitation);
    const main = colleaguePage.getByRole('main');
    await expect(main).toContainText(`You are invited to join ${owner.name} on ipick.`, {
      timeout: 15_000,
    });
    await expect(main.getByRole('button', { name: /^Join / })).toHaveCount(0);
    await main.getByRole('link', { name: 'Create an account' }).click();
    await expect(colleaguePage).toHaveURL(/\/handler\/sign-up\?after_auth_return_to=/);
    await colleaguePage.getByRole('main').getByLabel('Email').fill(colleague.email);
    await colleaguePage.getByRole('main').getByLabel('Password').fill(colleague.password);
    await colleaguePage.getByRole('main').getByRole('button', { name: 'Create account' }).click();
    // Back on the invitation, now signed in.
    await expect(colleaguePage).toHaveURL(/\/handler\/team-invitation\?code=/, {
      timeout: 15_000,
    });
    await expect(
      colleaguePage.getByRole('main').getByRole('button', { name: `Join ${owner.name}` }),
    ).toBeVisible();
  });

  await test.step('a shop team wants a confirmed address; once confirmed, the colleague joins', async () => {
    const main = colleaguePage.getByRole('main');
    await main.getByRole('button', { name: `Join ${owner.name}` }).click();
    await expect(main.getByRole('alert')).toContainText('Confirm your email address');
    const confirmation = await nextMailTo(colleague.email);
    const invitationUrl = colleaguePage.url();
    await colleaguePage.goto(linkIn(confirmation, '/handler/email-verification'));
    await expect(colleaguePage.getByText('Your email address is verified.')).toBeVisible({
      timeout: 15_000,
    });
    await colleaguePage.goto(invitationUrl);
    await colleaguePage
      .getByRole('main')
      .getByRole('button', { name: `Join ${owner.name}` })
      .click();
    await expect(colleaguePage.getByRole('main')).toContainText(`You joined ${owner.name}`, {
      timeout: 15_000,
    });
  });

  await test.step('the colleague signs in to the business and sees its dashboard', async () => {
    await colleaguePage.getByRole('link', { name: 'Open the business dashboard' }).click();
    await expect(colleaguePage).toHaveURL(/\/business-login/);
    await signInOnPage(colleaguePage, colleague);
    await expect(colleaguePage).toHaveURL(/\/business\/dashboard/, { timeout: 15_000 });
    await expect(colleaguePage.getByRole('region', { name: 'Business account' })).toContainText(
      owner.name,
    );
  });

  await test.step('as a member, the colleague cannot manage keys or the team', async () => {
    await colleaguePage.goto('/business/dashboard/checkout/settings');
    const keys = colleaguePage.getByRole('region', { name: 'API keys' });
    await expect(keys).toContainText(
      'Only an owner or admin of the business can create, rotate or revoke keys.',
      { timeout: 15_000 },
    );
    await expect(keys.getByRole('button', { name: 'Create publishable key' })).toHaveCount(0);
    const team = colleaguePage.getByRole('region', { name: 'Team' });
    await expect(team.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
    // The server refuses too, whatever a page offers.
    const refused = await colleaguePage.request.post('/api/business/keys', {
      data: { kind: 'publishable' },
      headers: { origin: new URL(colleaguePage.url()).origin },
    });
    expect(refused.status()).toBe(403);
  });

  await test.step('the owner sees the colleague on the team as a member', async () => {
    await page.reload();
    const members = page.getByRole('region', { name: 'Team' }).getByRole('list', {
      name: 'Team members',
    });
    await expect(members).toContainText(colleague.email, { timeout: 15_000 });
    await expect(members).toContainText('Member');
  });
  await context.close();
});
