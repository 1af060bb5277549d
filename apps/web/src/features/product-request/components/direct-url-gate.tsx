import { productUrlFromLocation } from '@ipick/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rejectedUrlPath, startProductRequest } from '../utils/start-product-request';
import { ProcessingUrlScreen } from './processing-url-screen';

/**
 * The direct-URL detector (spec §2, §5). When the address is a product link placed in the path
 * (`/https://shop.example/p/123?x=1`, or `/shop.example/p/123` without a scheme), it shows
 * "Processing URL..." instead of the app and replaces the address with the results page, or
 * with `/?error=invalid-url` (plus `&reason=too-long` when only the length is wrong).
 *
 * It reads the raw `window.location` rather than route params: such paths hold `//`, dots and a
 * query that belongs to the product link, none of which survive route matching intact.
 */
export function DirectUrlGate({ children }: { children: ReactNode }) {
  // Subscribes to navigation so the gate re-reads window.location after each one. At build
  // time (prerendering, no window) the router's location is all there is.
  const location = useLocation();
  const { pathname, search, hash } = typeof window === 'undefined' ? location : window.location;
  const candidate = productUrlFromLocation(pathname, search, hash);
  if (candidate === null) return children;
  return <DirectUrlRedirect candidate={candidate} />;
}

function DirectUrlRedirect({ candidate }: { candidate: string }) {
  const navigate = useNavigate();
  // StrictMode runs effects twice in development; one link must open exactly one request.
  const handledRef = useRef<string | null>(null);

  useEffect(() => {
    if (handledRef.current === candidate) return;
    handledRef.current = candidate;
    const result = startProductRequest(candidate);
    void navigate(result.ok ? result.path : rejectedUrlPath(result, candidate), { replace: true });
  }, [candidate, navigate]);

  return <ProcessingUrlScreen />;
}
