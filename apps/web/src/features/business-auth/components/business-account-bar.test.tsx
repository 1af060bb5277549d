import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBusiness } from '@/test/fake-api';
import { BusinessAccountBar } from './business-account-bar';

const logOut = () => Promise.resolve();

describe('BusinessAccountBar', () => {
  it('tells a suspended merchant, with the reason ipick gave', () => {
    render(
      <BusinessAccountBar
        business={buildBusiness({ status: 'suspended', suspensionReason: 'Unpaid invoices' })}
        onLogOut={logOut}
      />,
    );
    const account = screen.getByRole('region', { name: 'Business account' });
    expect(within(account).getByText('Suspended')).toBeTruthy();
    expect(within(account).getByText(/Your business account is suspended/)).toBeTruthy();
    expect(within(account).getByText('Reason given by ipick: Unpaid invoices')).toBeTruthy();
  });

  it('tells a new merchant the account is pending approval', () => {
    render(
      <BusinessAccountBar business={buildBusiness({ status: 'pending' })} onLogOut={logOut} />,
    );
    expect(screen.getByText(/Your business account is pending approval/)).toBeTruthy();
  });

  it('shows no notice for an active business', () => {
    render(<BusinessAccountBar business={buildBusiness()} onLogOut={logOut} />);
    expect(screen.queryByText(/Your business account is/)).toBeNull();
  });
});
