import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { JourneyTimeline } from '@/features/journeys/components/journey-timeline';
import { RecentJourneys } from '@/features/journeys/components/recent-journeys';

const journeyPath = '/business/dashboard/journey';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * `?orderId=` shows that order's journey; otherwise the recent journeys, with `?query=` (part
 * of an order id) and `?page=`.
 */
export default function JourneyPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const orderId = searchParams.get('orderId');
  const query = searchParams.get('query') ?? '';
  const page = readPage(searchParams.get('page'));

  function update(next: { query: string; page: number }) {
    const params = new URLSearchParams();
    if (next.query) params.set('query', next.query);
    if (next.page > 1) params.set('page', String(next.page));
    setSearchParams(params);
  }

  return (
    <PageContainer>
      <PageHeader
        title="Customer journeys"
        description="The steps one shopper took from ipick to a purchase in your shop. Shoppers are known only by a random id, never by name."
      >
        <div className="flex flex-wrap gap-2">
          {orderId ? (
            <Link to={journeyPath} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <ArrowLeft aria-hidden="true" />
              All journeys
            </Link>
          ) : null}
          <Link
            to="/business/dashboard/checkout/attribution"
            className={buttonVariants({ variant: 'ghost', size: 'sm' })}
          >
            Attribution
          </Link>
        </div>
      </PageHeader>
      {orderId ? (
        <section aria-labelledby="journey-heading" className="flex flex-col gap-4">
          <h2 id="journey-heading" className="text-lg font-semibold break-all">
            Order {orderId}
          </h2>
          <JourneyTimeline orderId={orderId} />
        </section>
      ) : (
        <RecentJourneys
          query={query}
          page={page}
          onSearch={(nextQuery) => update({ query: nextQuery, page: 1 })}
          onPageChange={(nextPage) => update({ query, page: nextPage })}
          journeyHref={(id) => `${journeyPath}?orderId=${encodeURIComponent(id)}`}
        />
      )}
    </PageContainer>
  );
}
