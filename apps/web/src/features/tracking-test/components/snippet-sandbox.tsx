import { Info } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { parsePublishableKey, parseTestAmount, parseTestCurrency } from '../utils/sandbox-input';
import { injectSnippet, newTestOrderId, removeSnippet, trackWithSnippet } from '../utils/snippet';

type ScriptStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface SentEntry {
  id: number;
  at: string;
  eventType: string;
  data: Record<string, unknown>;
  outcome: 'sent' | 'not-sent' | 'queued';
  /** Which of the snippet's requests from this page carried it (0 first); unknown while queued. */
  requestIndex?: number;
}

const outcomeText: Record<SentEntry['outcome'], string> = {
  sent: 'Sent',
  'not-sent': 'Not sent by the snippet',
  queued: 'Queued until the snippet loads',
};

const statusText: Record<ScriptStatus, string> = {
  idle: 'Not installed',
  loading: 'Loading /tracker.js…',
  loaded: 'Installed',
  failed: 'Could not load /tracker.js',
};

interface TrackAnswer {
  id: number;
  status: number;
  /** When the request started (Resource Timing's `startTime`), to put answers in request order. */
  startTime: number;
}

type TimingWithStatus = PerformanceEntry & { responseStatus?: number };

/**
 * ipick's answers to the snippet's requests, where the browser reports them: Resource Timing's
 * `responseStatus` covers `sendBeacon` too in Chromium. Elsewhere the list stays empty.
 */
function useTrackAnswers(): TrackAnswer[] {
  const [answers, setAnswers] = useState<TrackAnswer[]>([]);
  useEffect(() => {
    if (typeof PerformanceObserver === 'undefined') return undefined;
    let count = 0;
    const observer = new PerformanceObserver((list) => {
      const seen = list
        .getEntries()
        .filter((entry) => entry.name.includes('/api/track/event'))
        .map((entry: TimingWithStatus) => {
          count += 1;
          return { id: count, status: entry.responseStatus ?? 0, startTime: entry.startTime };
        });
      if (seen.length > 0) setAnswers((previous) => [...seen.reverse(), ...previous]);
    });
    try {
      observer.observe({ type: 'resource' });
    } catch {
      return undefined;
    }
    return () => observer.disconnect();
  }, []);
  return answers;
}

const isAccepted = (status: number) => status >= 200 && status < 300;

/** Why ipick turned an event away, where its status says (`POST /api/track/event`). */
function refusalReason(status: number): string | null {
  if (status === 400) return 'the event is not one ipick can read';
  if (status === 401) return 'the publishable key is not valid';
  if (status === 403) {
    return "the shop domain is not the key's business's, or the business is suspended";
  }
  return null;
}

function describeAnswer(status: number): string {
  if (status === 0) return 'Answer not visible to this page';
  if (isAccepted(status)) return `HTTP ${String(status)}: accepted as a test event`;
  const reason = refusalReason(status);
  return `HTTP ${String(status)}: refused${reason ? ` (${reason})` : ''}`;
}

/**
 * An event's badge: what the snippet did with it and, once the browser reports ipick's answer
 * to its request, whether ipick accepted or refused it (a refused event must not look sent).
 */
function entryBadge(
  entry: SentEntry,
  status: number | undefined,
): { text: string; variant: 'default' | 'success' | 'warning' | 'destructive' } {
  if (entry.outcome !== 'sent') return { text: outcomeText[entry.outcome], variant: 'warning' };
  if (status === undefined || status === 0) return { text: outcomeText.sent, variant: 'default' };
  if (isAccepted(status)) return { text: 'Accepted', variant: 'success' };
  const reason = refusalReason(status);
  return {
    text: reason ? `Refused: ${reason}` : `Refused (HTTP ${String(status)})`,
    variant: 'destructive',
  };
}

interface SnippetSandboxProps {
  /** Prefills the form, e.g. with the signed-in business's first publishable key. */
  defaultKey?: string;
  defaultDomain?: string;
}

/** This page as a merchant's shop: installs ipick's snippet and sends test events through it. */
export function SnippetSandbox({ defaultKey = '', defaultDomain = '' }: SnippetSandboxProps) {
  const [publishableKey, setPublishableKey] = useState<string | null>(null);
  const [domain, setDomain] = useState<string | null>(null);
  const [status, setStatus] = useState<ScriptStatus>('idle');
  const [amount, setAmount] = useState('49.99');
  const [currency, setCurrency] = useState('USD');
  const [keyError, setKeyError] = useState<string | undefined>();
  const [amountError, setAmountError] = useState<string | undefined>();
  const [currencyError, setCurrencyError] = useState<string | undefined>();
  const [sent, setSent] = useState<SentEntry[]>([]);
  const lastId = useRef(0);
  // The snippet sends each event it accepts as one request, in call order; on loading, its own
  // page view first, then the calls queued while it loaded. Counting them here ties each event
  // to ipick's answer to its request, the nth request to the nth answer by start time.
  const requestCount = useRef(0);
  const queuedIds = useRef<number[]>([]);
  const keyInput = useRef<HTMLInputElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const currencyInput = useRef<HTMLInputElement>(null);

  const answers = useTrackAnswers();
  const answerStatuses = [...answers]
    .sort((a, b) => a.startTime - b.startTime || a.id - b.id)
    .map((answer) => answer.status);

  // Leaving the page uninstalls the test snippet, so it does not track ipick's other pages.
  useEffect(() => removeSnippet, []);

  // Prefilled values arrive after the business's keys load; typing takes over from them.
  const keyValue = publishableKey ?? defaultKey;
  const domainValue = domain ?? defaultDomain;

  const record = (
    eventType: string,
    data: Record<string, unknown>,
    outcome: SentEntry['outcome'],
  ) => {
    lastId.current += 1;
    const id = lastId.current;
    const requestIndex = outcome === 'sent' ? requestCount.current++ : undefined;
    if (outcome === 'queued') queuedIds.current.push(id);
    setSent((previous) => [
      { id, at: new Date().toLocaleTimeString('en-US'), eventType, data, outcome, requestIndex },
      ...previous,
    ]);
  };

  /** The snippet loaded and sent the calls queued before (after its own page view). */
  const sendQueued = () => {
    const indexes = new Map(queuedIds.current.map((id) => [id, requestCount.current++]));
    queuedIds.current = [];
    if (indexes.size === 0) return;
    setSent((previous) =>
      previous.map((entry) => {
        const requestIndex = indexes.get(entry.id);
        return requestIndex === undefined ? entry : { ...entry, outcome: 'sent', requestIndex };
      }),
    );
  };

  const install = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const key = parsePublishableKey(keyValue);
    setKeyError(key.error);
    if (key.error !== undefined) {
      keyInput.current?.focus();
      return;
    }
    setStatus('loading');
    injectSnippet(
      { publishableKey: key.value, domain: domainValue.trim() },
      {
        onLoad: () => {
          setStatus('loaded');
          record('page_view', { automatic: 'sent by the snippet when it loaded' }, 'sent');
          sendQueued();
        },
        onError: () => setStatus('failed'),
      },
    );
  };

  const track = (eventType: string, data: Record<string, unknown>) => {
    const answer = trackWithSnippet(eventType, data);
    record(eventType, data, answer === true ? 'sent' : answer === false ? 'not-sent' : 'queued');
  };

  const purchase = () => {
    const amountMinor = parseTestAmount(amount);
    const code = parseTestCurrency(currency);
    setAmountError(amountMinor.error);
    setCurrencyError(code.error);
    if (amountMinor.error !== undefined) {
      amountInput.current?.focus();
      return;
    }
    if (code.error !== undefined) {
      currencyInput.current?.focus();
      return;
    }
    track('purchase', {
      orderId: newTestOrderId(),
      amountMinor: amountMinor.value,
      currency: code.value,
    });
  };

  const installed = status === 'loading' || status === 'loaded';

  return (
    <div className="flex flex-col gap-6">
      <Alert>
        <Info aria-hidden="true" />
        <AlertTitle>Events from this page are test events</AlertTitle>
        <AlertDescription>
          This page runs on ipick&apos;s own address, not on your shop. ipick takes its events with
          your publishable key and shows them below as tests, but leaves them out of your dashboard,
          journeys and attribution, and a test purchase records no sale. Your shop itself may send
          events only from its verified domains. The snippet sends events with{' '}
          <span className="font-mono">sendBeacon</span>, which usually does not let the page read
          ipick&apos;s answer: below you see what was sent, ipick&apos;s answers where the browser
          reports them, and, signed in, the events ipick stored.
        </AlertDescription>
      </Alert>

      <Card>
        <CardHeader>
          <CardTitle>1. Install the snippet</CardTitle>
          <CardDescription>
            This adds <span className="font-mono">&lt;script src=&quot;/tracker.js&quot;&gt;</span>{' '}
            to this page with your key and domain, exactly as on your shop.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={install} className="flex flex-col gap-4">
            <TextField
              label="Publishable key"
              name="publishableKey"
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="pk_live_…"
              ref={keyInput}
              value={keyValue}
              onChange={(event) => setPublishableKey(event.target.value)}
              error={keyError}
              hint="Starts with pk_live_. Find it under Integrate; it is safe to show in pages."
            />
            <TextField
              label="Shop domain"
              name="domain"
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="shop.example.com"
              value={domainValue}
              onChange={(event) => setDomain(event.target.value)}
              hint="The shop's domain as you added it to ipick, without https://."
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit">{installed ? 'Install again' : 'Install snippet'}</Button>
              <span role="status" className="text-sm text-muted-foreground">
                {statusText[status]}
              </span>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>2. Send test events</CardTitle>
          <CardDescription>
            Each button calls <span className="font-mono">window.ipick(&apos;track&apos;, …)</span>{' '}
            as your shop would.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap items-start gap-3">
            <TextField
              label="Purchase amount"
              name="amount"
              inputMode="decimal"
              ref={amountInput}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={amountError}
              containerClassName="w-44"
            />
            <TextField
              label="Currency"
              name="currency"
              autoComplete="off"
              spellCheck={false}
              ref={currencyInput}
              value={currency}
              onChange={(event) => setCurrency(event.target.value)}
              error={currencyError}
              containerClassName="w-36"
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" disabled={!installed} onClick={() => track('page_view', {})}>
              Send page view
            </Button>
            <Button
              variant="outline"
              disabled={!installed}
              onClick={() => track('add_to_cart', { productName: 'Test product', quantity: 1 })}
            >
              Add to cart
            </Button>
            <Button disabled={!installed} onClick={purchase}>
              Purchase
            </Button>
          </div>
          {!installed ? (
            <p className="text-sm text-muted-foreground">Install the snippet first.</p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>What this page sent</CardTitle>
          <CardDescription>
            “Sent” means the snippet handed the event to the browser. It uses sendBeacon, so the
            page usually cannot read ipick&apos;s answer; where the browser reports it, the event
            shows whether ipick accepted or refused it, and the answers are listed below.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {sent.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing sent yet.</p>
          ) : (
            <ol aria-label="Sent events" className="flex flex-col gap-3">
              {sent.map((entry) => {
                const badge = entryBadge(
                  entry,
                  entry.requestIndex === undefined ? undefined : answerStatuses[entry.requestIndex],
                );
                return (
                  <li key={entry.id} className="flex flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-mono text-sm font-medium">{entry.eventType}</span>
                      {/* Polite: the answer often comes after the event is listed. */}
                      <span aria-live="polite">
                        <Badge variant={badge.variant} className="whitespace-normal">
                          {badge.text}
                        </Badge>
                      </span>
                      <span className="text-xs text-muted-foreground">{entry.at}</span>
                    </div>
                    <pre className="overflow-x-auto rounded-md bg-muted px-3 py-2 text-xs">
                      {JSON.stringify(entry.data, null, 2)}
                    </pre>
                  </li>
                );
              })}
            </ol>
          )}
          {answers.length > 0 ? (
            <div className="mt-4 flex flex-col gap-2">
              <h3 className="text-sm font-medium">ipick&apos;s answers, as the browser saw them</h3>
              <ol aria-label="ipick's answers" className="flex flex-col gap-1 text-sm">
                {answers.map((answer) => (
                  <li key={answer.id}>
                    <Badge
                      variant={
                        answer.status >= 200 && answer.status < 300
                          ? 'success'
                          : answer.status === 0
                            ? 'default'
                            : 'destructive'
                      }
                      className="whitespace-normal"
                    >
                      {describeAnswer(answer.status)}
                    </Badge>
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
