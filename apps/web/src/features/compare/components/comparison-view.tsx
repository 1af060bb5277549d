import type { ComparedOffer, CompareResponse } from '@ipick/contracts';
import { Info, SearchX } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import {
  applyOfferView,
  DEFAULT_OFFER_SORT,
  NO_OFFER_FILTERS,
  OFFER_SORTS,
  offerFacets,
  type OfferFilters,
  type OfferSort,
} from '../utils/filter-offers';
import type { RenderFavorite } from './favorite-slot';
import { OfferFiltersPanel } from './offer-filters';
import { CommissionDisclosure } from './offer-link';
import { OfferList } from './offer-list';
import { ProductCard } from './product-card';

/** The grid both the results and their skeleton use, so nothing moves when results arrive. */
export const RESULTS_GRID_CLASS = 'grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start';

interface ComparisonViewProps {
  result: CompareResponse;
  /** Renders a favourite button for the pasted product and each offer; none when absent. */
  renderFavorite?: RenderFavorite;
}

function offersText(count: number): string {
  return `${String(count)} ${count === 1 ? 'offer' : 'offers'}`;
}

/** A comparison's results: the pasted product, then its offers with filters and sorting. */
export function ComparisonView({ result, renderFavorite }: ComparisonViewProps) {
  const { requestId, product, sameProduct, alternatives, notice } = result;
  const [filters, setFilters] = useState<OfferFilters>(NO_OFFER_FILTERS);
  const [sort, setSort] = useState<OfferSort>(DEFAULT_OFFER_SORT);
  const sortId = useId();

  const facets = useMemo(
    () => offerFacets([...sameProduct, ...alternatives]),
    [sameProduct, alternatives],
  );
  const visibleSame = useMemo(
    () => applyOfferView(sameProduct, filters, sort),
    [sameProduct, filters, sort],
  );
  const visibleAlternatives = useMemo(
    () => applyOfferView(alternatives, filters, sort),
    [alternatives, filters, sort],
  );

  const total = sameProduct.length + alternatives.length;
  const shown = visibleSame.length + visibleAlternatives.length;
  const clearFilters = () => setFilters(NO_OFFER_FILTERS);
  const compareAnother = (
    <Link to="/" className={buttonVariants({ variant: 'outline' })}>
      Compare another link
    </Link>
  );

  return (
    <div className="flex flex-col gap-6">
      {notice ? (
        <Alert>
          <Info aria-hidden="true" />
          <AlertTitle>About these results</AlertTitle>
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
          <OfferFiltersPanel
            facets={facets}
            filters={filters}
            onFiltersChange={setFilters}
            onClear={clearFilters}
            className="lg:sticky lg:top-4"
          />
          <div className="flex min-w-0 flex-col gap-6">
            <div className="flex min-h-10 flex-wrap items-center justify-between gap-3">
              <p role="status" className="text-sm text-muted-foreground">
                {`Showing ${String(shown)} of ${offersText(total)}`}
              </p>
              <div className="flex items-center gap-2">
                <Label htmlFor={sortId} className="shrink-0">
                  Sort by
                </Label>
                <NativeSelect
                  id={sortId}
                  value={sort}
                  onChange={(event) => setSort(event.target.value as OfferSort)}
                  className="w-44"
                >
                  {OFFER_SORTS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <CommissionDisclosure className="-mt-4 text-xs text-muted-foreground" />

            {shown === 0 ? (
              <EmptyState
                icon={<SearchX />}
                title="No offers match your filters"
                description={`All ${offersText(total)} are hidden by the filters you chose.`}
                actions={<Button onClick={clearFilters}>Clear filters</Button>}
              />
            ) : (
              <>
                <OfferSection
                  title="Same product elsewhere"
                  whyLabel="Why we think it matches"
                  requestId={requestId}
                  offers={sameProduct}
                  visible={visibleSame}
                  showSavings
                  renderFavorite={renderFavorite}
                  onClearFilters={clearFilters}
                  empty={
                    <EmptyState
                      title="No other retailer has this product"
                      description={
                        alternatives.length > 0
                          ? 'We did not find this exact product at another retailer we compare. Similar products are below.'
                          : 'We did not find this exact product at another retailer we compare.'
                      }
                      actions={compareAnother}
                    />
                  }
                />
                {alternatives.length > 0 ? (
                  <OfferSection
                    title="Similar products"
                    whyLabel="Why it is similar"
                    requestId={requestId}
                    offers={alternatives}
                    visible={visibleAlternatives}
                    // A different product's lower price is not a saving on the pasted one.
                    showSavings={false}
                    renderFavorite={renderFavorite}
                    onClearFilters={clearFilters}
                  />
                ) : null}
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function OfferSection({
  title,
  whyLabel,
  requestId,
  offers,
  visible,
  showSavings,
  renderFavorite,
  onClearFilters,
  empty,
}: {
  title: string;
  whyLabel: string;
  requestId: string;
  offers: readonly ComparedOffer[];
  visible: readonly ComparedOffer[];
  showSavings: boolean;
  renderFavorite?: RenderFavorite;
  onClearFilters: () => void;
  /** Shown when the comparison found no offers of this kind at all. */
  empty?: ReactNode;
}) {
  const headingId = useId();
  let body: ReactNode;
  if (offers.length === 0) {
    body = empty;
  } else if (visible.length === 0) {
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
        whyLabel={whyLabel}
        showSavings={showSavings}
        renderFavorite={renderFavorite}
      />
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {body}
    </section>
  );
}
