import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorScreen, describeError } from './error-screen';

describe('ErrorScreen', () => {
  it('shows the generic wording of spec §2', () => {
    render(<ErrorScreen error={new Error('boom')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText("We're having trouble loading this page. Please try refreshing."),
    ).toBeTruthy();
  });

  it('Refresh Page reloads', async () => {
    const onRefresh = vi.fn();
    render(<ErrorScreen error={new Error('boom')} onRefresh={onRefresh} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('the details toggle shows and hides the error message', async () => {
    const user = userEvent.setup();
    render(<ErrorScreen error={new Error('Failed to fetch dynamically imported module')} />);
    const message = 'Failed to fetch dynamically imported module';
    const isShown = () => screen.getByText(message).closest('[hidden]') === null;
    const toggle = screen.getByRole('button', { name: 'Show error details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(isShown()).toBe(false);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Hide error details' })).toBe(toggle);
    expect(isShown()).toBe(true);
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.textContent).toBe(
      message,
    );

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(isShown()).toBe(false);
  });

  it('describes any thrown value', () => {
    expect(describeError(new TypeError('bad'))).toBe('bad');
    expect(describeError('plain text')).toBe('plain text');
    expect(describeError({ weird: true })).toBe('Unknown error');
  });
});
