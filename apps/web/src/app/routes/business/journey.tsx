import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { JourneyTimeline } from '@/features/journeys/components/journey-timeline';
import { RecentJourneys } from '@/features/journeys/components/recent-journeys';

const journeyPath = '/business/dashboard/journey';
const linkClass =
  'inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline [&_svg]:size-4';

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
        <nav aria-label="Journey links" className="flex flex-wrap gap-x-5 gap-y-2">
          <Link to="/business/dashboard/checkout" className={linkClass}>
            <ArrowLeft aria-hidden="true" />
            Back to the dashboard
          </Link>
          {orderId ? (
            <Link to={journeyPath} className={linkClass}>
              All journeys
            </Link>
          ) : null}
          <Link to="/business/dashboard/checkout/attribution" className={linkClass}>
            Attribution
          </Link>
        </nav>
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
