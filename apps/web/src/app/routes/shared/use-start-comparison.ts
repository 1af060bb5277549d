import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { startProductRequest } from '@/features/product-request/utils/start-product-request';

/**
 * Compares a product link from a list (browse, favourites, landing examples) the way the paste
 * box does: opens a request for it and goes to its results page.
 */
export function useStartComparison(): (url: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      const result = startProductRequest(url);
      if (!result.ok) {
        // Links come from our own catalog, so this is rare; say so rather than do nothing.
        toast.error('We could not open this product link.', { description: result.reason });
        return;
      }
      void navigate(result.path);
    },
    [navigate],
  );
}
