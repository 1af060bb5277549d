import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

describe('the site footer', () => {
  it('offers shoppers no Admin link (admins sign in at /admin-login)', async () => {
    stubApi();
    renderAt('/');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Register your business' })).toBeTruthy();
    expect(within(footer).queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});
