import { Link2 } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { readProductRequest } from '@/lib/product-request-store';

interface StoredProductLinkProps {
  requestId: string;
  /** Shown under the link while the results for it are not on the page. */
  note: string;
}

/** The product link a request was opened for, or an empty state when this tab has no record. */
export function StoredProductLink({ requestId, note }: StoredProductLinkProps) {
  const record = readProductRequest(requestId);

  if (!record) {
    return (
      <EmptyState
        icon={<Link2 />}
        title="No product link found for this search"
        description="Searches are kept in this browser tab only. Paste the product link again to start a new comparison."
        actions={
          <Link to="/" className={buttonVariants()}>
            Paste a product link
          </Link>
        }
      />
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Product link</CardTitle>
        <CardDescription>
          Added{' '}
          <time dateTime={new Date(record.timestamp).toISOString()}>
            {new Date(record.timestamp).toLocaleString()}
          </time>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">{record.url}</p>
        <p className="text-sm text-muted-foreground">{note}</p>
        <div>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Compare another product
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
