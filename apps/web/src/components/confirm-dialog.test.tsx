import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ConfirmDialog } from './confirm-dialog';
import { Button } from './ui/button';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn<(text: string) => Promise<unknown>>(() => Promise.resolve());
  render(
    <ConfirmDialog
      trigger={<Button>Suspend</Button>}
      title="Suspend Lamps?"
      description="The shop stops getting referrals."
      confirmLabel="Suspend shop"
      pendingLabel="Suspending…"
      onConfirm={onConfirm}
      {...props}
    />,
  );
  return { onConfirm: (props.onConfirm as typeof onConfirm | undefined) ?? onConfirm };
}

describe('ConfirmDialog', () => {
  it('confirms with the trimmed text of its field, which is empty again on the next opening', async () => {
    const { onConfirm } = renderDialog({
      isDestructive: true,
      textField: { label: 'Reason (optional)', hint: 'Shown to the merchant.', maxLength: 20 },
    });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Lamps?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    expect(reason.getAttribute('maxlength')).toBe('20');
    expect(reason.getAttribute('aria-describedby')).toBeTruthy();
    await user.type(reason, '  Unpaid invoices ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend shop' }));

    expect(onConfirm).toHaveBeenCalledWith('Unpaid invoices');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(screen.getByRole('textbox', { name: 'Reason (optional)' })).toHaveProperty('value', '');
  });

  it('keeps the dialog open with the refusal, and says nothing of it on the next opening', async () => {
    const onConfirm = vi.fn(() =>
      Promise.reject(new ApiError(409, 'conflict', 'The shop is already suspended.')),
    );
    renderDialog({ onConfirm });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Suspend shop' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Lamps?' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The shop is already suspended.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cannot be closed while the change runs, and shows the pending words', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderDialog({ onConfirm });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    await user.click(screen.getByRole('button', { name: 'Suspend shop' }));
    expect(screen.getByRole('button', { name: 'Suspending…' })).toHaveProperty('disabled', true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Suspend Lamps?' })).toBeTruthy();

    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
