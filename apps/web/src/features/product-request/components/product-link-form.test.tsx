import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readProductRequest } from '@/lib/product-request-store';
import { renderAt } from '@/test/render-app';
import { ProductLinkForm } from './product-link-form';

function ResultsProbe() {
  const { requestId, slug } = useParams();
  return (
    <p>
      results {requestId} {slug}
    </p>
  );
}

function SearchProbe() {
  const [params] = useSearchParams();
  return <p>search {params.get('q')}</p>;
}

const routes = [
  { path: '/', element: <ProductLinkForm /> },
  { path: '/new-search/:requestId/:slug', element: <ResultsProbe /> },
  { path: '/browse', element: <SearchProbe /> },
];

describe('ProductLinkForm', () => {
  it('shows an inline error for a link that is not a product address', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/', routes);
    const input = screen.getByLabelText('Product link or name');

    await user.type(input, 'https://www.example.c/lamp');
    await user.click(screen.getByRole('button', { name: 'Compare prices' }));

    expect(screen.getByRole('alert').textContent).toMatch(/starting with https:\/\//);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // What was typed stays, to be corrected.
    expect((input as HTMLInputElement).value).toBe('https://www.example.c/lamp');
    expect(router.state.location.pathname).toBe('/');
  });

  it("searches the catalog for a product's name typed instead of a link (issue 19)", async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/', routes);
    await user.type(
      screen.getByLabelText('Product link or name'),
      'Sony WH-1000XM5 headphones{Enter}',
    );

    expect(await screen.findByText('search Sony WH-1000XM5 headphones')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/browse');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refused direct link in the box, to be corrected', () => {
    renderAt(`/?error=invalid-url&url=${encodeURIComponent('https://not-a-host/thing')}`, routes);
    expect(
      screen.getByRole<HTMLInputElement>('textbox', { name: 'Product link or name' }).value,
    ).toBe('https://not-a-host/thing');
    expect(screen.getByRole('alert').textContent).toContain(
      "That link isn't a valid product address.",
    );
  });

  it('asks for a link when submitted empty', async () => {
    const user = userEvent.setup();
    renderAt('/', routes);
    await user.click(screen.getByRole('button', { name: 'Compare prices' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Paste a product link, or type the name of a product.',
    );
  });

  it('stores the request and opens its results page (history push)', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/', routes);

    // Enter submits: the form works from the keyboard alone.
    await user.type(
      screen.getByLabelText('Product link or name'),
      'https://www.example.com/products/Desk-Lamp-42?color=red{Enter}',
    );

    await screen.findByText(/^results /);
    const match = /^\/new-search\/([0-9a-f-]{36})\/([a-z0-9-]+)$/.exec(
      router.state.location.pathname,
    );
    expect(match).not.toBeNull();
    const [, requestId, slug] = match!;
    expect(slug).toBe('example-com-desk-lamp-42');
    expect(router.state.historyAction).toBe('PUSH');
    expect(readProductRequest(requestId!)).toEqual({
      url: 'https://www.example.com/products/Desk-Lamp-42?color=red',
      timestamp: expect.any(Number) as number,
    });
  });

  it('adds https:// to a pasted link that starts with a shop domain', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/', routes);
    await user.click(screen.getByLabelText('Product link or name'));
    await user.paste('www.apple.com/shop/product/MWDJ0LL/A/airpods-max-lightning-starlight');
    await user.keyboard('{Enter}');

    await screen.findByText(/^results /);
    const match = /^\/new-search\/([0-9a-f-]{36})\/([a-z0-9-]+)$/.exec(
      router.state.location.pathname,
    );
    expect(match![2]).toBe('apple-com-airpods-max-lightning-starlight');
    expect(readProductRequest(match![1]!)).toMatchObject({
      url: 'https://www.apple.com/shop/product/MWDJ0LL/A/airpods-max-lightning-starlight',
    });
  });

  it('says a very long link is too long, naming the limit', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/', routes);
    await user.click(screen.getByLabelText('Product link or name'));
    await user.paste(`https://www.example.com/p/${'a'.repeat(2100)}`);
    await user.click(screen.getByRole('button', { name: 'Compare prices' }));

    const message = screen.getByRole('alert').textContent;
    expect(message).toContain('That link is too long.');
    expect(message).toContain('at most 2,048 characters');
    expect(message).not.toMatch(/doesn't look like a product link/);
    expect(router.state.location.pathname).toBe('/');
  });

  it('explains a direct link refused for its length (?reason=too-long)', () => {
    renderAt('/?error=invalid-url&reason=too-long', routes);
    const alert = screen.getByRole('alert').textContent;
    expect(alert).toContain('That link is too long.');
    expect(alert).toContain('at most 2,048 characters');
    expect(alert).not.toContain("isn't a valid product address");
  });

  it('explains a rejected direct link (?error=invalid-url) with an alert', async () => {
    const user = userEvent.setup();
    renderAt('/?error=invalid-url', routes);
    expect(screen.getByRole('alert').textContent).toContain(
      "That link isn't a valid product address.",
    );

    // A new attempt replaces the old message with one about the new input.
    await user.type(screen.getByLabelText('Product link or name'), 'https://nope{Enter}');
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textContent).toMatch(/doesn't look like a product link/);
  });

  it('carries on a link sent before the script ran (/?product-link=...) to its results', async () => {
    const link = 'https://www.target.com/p/lamp/-/A-123';
    const { router } = renderAt(`/?product-link=${encodeURIComponent(link)}`, routes);
    await screen.findByText(/^results /);
    expect(router.state.location.pathname).toMatch(/^\/new-search\/[0-9a-f-]{36}\//);
  });
});
