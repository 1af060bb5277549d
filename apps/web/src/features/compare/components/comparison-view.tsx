import type { ComparedOffer, CompareResponse, MatchTierValue } from '@ipick/contracts';
import { Info, SearchX } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { comparisonSummary } from '../utils/comparison-summary';
import {
  applyOfferView,
  DEFAULT_OFFER_SORT,
  NO_OFFER_FILTERS,
  OFFER_SORTS,
  offerFacets,
  offersByTier,
  type OfferFilters,
  type OfferSort,
} from '../utils/filter-offers';
import { TIER_LABELS } from '../utils/offer-text';
import type { RenderFavorite } from './favorite-slot';
import type { RenderOfferExtras } from './offer-card';
import { FiltersToggle, OfferFiltersPanel } from './offer-filters';
import { CommissionDisclosure } from './offer-link';
import { OfferList } from './offer-list';
import { ProductCard } from './product-card';

/**
 * The grid both the results and their skeleton use, so nothing moves when results arrive. On
 * wide screens the filters are a column on the left beside the controls and offers; on a phone
 * the controls come first, the filters (when opened) below them, then the offers.
 */
export const RESULTS_GRID_CLASS =
  'grid gap-4 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-x-6';
/** Where each part of the results sits in that grid on wide screens. */
export const RESULTS_AREAS = {
  controls: 'lg:col-start-2 lg:row-start-1',
  filters: 'lg:col-start-1 lg:row-span-2 lg:row-start-1',
  offers: 'lg:col-start-2 lg:row-start-2',
} as const;

interface ComparisonViewProps {
  result: CompareResponse;
  /** Renders a favourite button for the pasted product and each offer; none when absent. */
  renderFavorite?: RenderFavorite;
  /** Renders more for each offer card (a price chart, an alert button); none when absent. */
  renderOfferExtras?: RenderOfferExtras;
}

function offersText(count: number): string {
  return `${String(count)} ${count === 1 ? 'offer' : 'offers'}`;
}

/** The sections of the results, in order, with their headings. */
const SECTIONS: readonly { tier: MatchTierValue; title: string }[] = [
  { tier: 'same', title: TIER_LABELS.same },
  { tier: 'probable', title: TIER_LABELS.probable },
  { tier: 'similar', title: 'Similar products' },
];

/**
 * A comparison's results: a one-line answer, the pasted product, then its offers in three
 * sections (same product, probably the same, similar) with filters and sorting.
 */
export function ComparisonView({ result, renderFavorite, renderOfferExtras }: ComparisonViewProps) {
  const { requestId, product, sameProduct, alternatives, notice } = result;
  const [filters, setFilters] = useState<OfferFilters>(NO_OFFER_FILTERS);
  const [sort, setSort] = useState<OfferSort>(DEFAULT_OFFER_SORT);
  const [areFiltersOpen, setAreFiltersOpen] = useState(false);
  const sortId = useId();
  const filtersId = useId();

  const all = useMemo(() => [...sameProduct, ...alternatives], [sameProduct, alternatives]);
  const facets = useMemo(() => offerFacets(all), [all]);
  const groups = useMemo(
    () => offersByTier({ sameProduct, alternatives }, filters),
    [sameProduct, alternatives, filters],
  );
  const visible = useMemo(
    () => ({
      same: applyOfferView(groups.same, filters, sort, product.currency),
      probable: applyOfferView(groups.probable, filters, sort, product.currency),
      similar: applyOfferView(groups.similar, filters, sort, product.currency),
    }),
    [groups, filters, sort, product.currency],
  );
  const summary = useMemo(
    () =>
      comparisonSummary(
        product,
        applyOfferView(groups.same, filters, 'price', product.currency),
        visible.similar,
        visible.probable,
      ),
    [product, groups.same, filters, visible.similar, visible.probable],
  );

  const total = all.length;
  const shown = visible.same.length + visible.probable.length + visible.similar.length;
  const clearFilters = () => setFilters(NO_OFFER_FILTERS);
  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <p
        aria-live="polite"
        className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-base font-semibold text-balance text-brand-900 sm:text-lg"
      >
        {summary}
      </p>
      {notice ? (
        <Alert>
          <Info aria-hidden="true" />
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <ProductCard requestId={requestId} product={product} renderFavorite={renderFavorite} />

      {total === 0 ? (
        <EmptyState
          icon={<SearchX />}
          title="We found no offers to compare"
          description="No retailer we compare has this product or one like it. Try another link to the same product, for example from a different shop."
          actions={
            <Link to="/" className={buttonVariants()}>
              Compare another link
            </Link>
          }
        />
      ) : (
        <div className={RESULTS_GRID_CLASS}>
          <div className={`flex min-w-0 flex-col gap-1 ${RESULTS_AREAS.controls}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <FiltersToggle
                panelId={filtersId}
                isOpen={areFiltersOpen}
                onToggle={() => setAreFiltersOpen((open) => !open)}
                filters={filters}
                className="lg:hidden"
              />
              <p role="status" className="sr-only text-sm text-muted-foreground lg:not-sr-only">
                {`Showing ${String(shown)} of ${offersText(total)}`}
              </p>
              <div className="flex items-center gap-2">
                {/* On a phone the chosen order names itself; the label gives the room to it. */}
                <Label htmlFor={sortId} className="sr-only shrink-0 sm:not-sr-only">
                  Sort by
                </Label>
                <NativeSelect
                  id={sortId}
                  value={sort}
                  onChange={(event) => setSort(event.target.value as OfferSort)}
                  className="w-52 sm:w-48"
                >
                  {OFFER_SORTS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <CommissionDisclosure className="text-xs text-muted-foreground" />
          </div>
          <OfferFiltersPanel
            id={filtersId}
            isOpen={areFiltersOpen}
            facets={facets}
            filters={filters}
            onFiltersChange={setFilters}
            onClear={clearFilters}
            className={`lg:sticky lg:top-4 ${RESULTS_AREAS.filters}`}
          />
          <div className={`flex min-w-0 flex-col gap-6 ${RESULTS_AREAS.offers}`}>
            {shown === 0 ? (
              <EmptyState
                icon={<SearchX />}
                title="No offers match your filters"
                description={`All ${offersText(total)} are hidden by the filters you chose.`}
                actions={<Button onClick={clearFilters}>Clear filters</Button>}
              />
            ) : (
              SECTIONS.map(({ tier, title }) => {
                const offers = groups[tier];
                // A kind of offer the comparison did not find gets no section: the summary on
                // top already says the product is at no other shop.
                if (offers.length === 0) return null;
                return (
                  <OfferSection
                    key={tier}
                    title={title}
                    tier={tier}
                    requestId={requestId}
                    offers={offers}
                    visible={visible[tier]}
                    renderFavorite={renderFavorite}
                    renderExtras={renderOfferExtras}
                    onClearFilters={clearFilters}
                  />
                );
              })
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function OfferSection({
  title,
  tier,
  requestId,
  offers,
  visible,
  renderFavorite,
  renderExtras,
  onClearFilters,
}: {
  title: string;
  tier: MatchTierValue;
  requestId: string;
  offers: readonly ComparedOffer[];
  visible: readonly ComparedOffer[];
  renderFavorite?: RenderFavorite;
  renderExtras?: RenderOfferExtras;
  onClearFilters: () => void;
}) {
  const headingId = useId();
  let body: ReactNode;
  if (visible.length === 0) {
    body = (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
        <p>None of the {offersText(offers.length)} here match your filters.</p>
        <Button variant="link" size="sm" className="px-0" onClick={onClearFilters}>
          Clear filters
        </Button>
      </div>
    );
  } else {
    body = (
      <OfferList
        label={title}
        requestId={requestId}
        offers={visible}
        tier={tier}
        renderFavorite={renderFavorite}
        renderExtras={renderExtras}
      />
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold sm:text-xl">
        {title}
      </h2>
      {body}
    </section>
  );
}
