import type { IntegrationStatus } from '@ipick/contracts';
import { Check } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useIntegrationStatus } from '../api/integration-status';
import { AddDomainForm, DomainList } from './domains';
import {
  CreatePublishableKey,
  SendTestEventButton,
  StatusMessage,
  usePublishableKey,
} from './integration';
import { SectionLoad } from './section-card';

export type WizardStepKey = keyof IntegrationStatus['steps'];

export const wizardSteps: ReadonlyArray<{ key: WizardStepKey; title: string; text: string }> = [
  { key: 'domain', title: 'Verify your domain', text: 'Prove the shop’s domain is yours.' },
  { key: 'snippet', title: 'Install the snippet', text: 'Put the ipick tag on your shop’s pages.' },
  { key: 'testEvent', title: 'Send a test event', text: 'Check that events reach ipick.' },
  { key: 'feed', title: 'Upload a product feed', text: 'Tell ipick what your shop sells.' },
];

/** The step to open on: the first one not done yet (the last when all are done). */
export function firstOpenStep(status: IntegrationStatus): number {
  const index = wizardSteps.findIndex((step) => !status.steps[step.key]);
  return index === -1 ? wizardSteps.length - 1 : index;
}

interface IntegrationWizardProps {
  /**
   * The snippet tag to paste, filled in with `publishableKey` (composed by the page); its box
   * takes `snippetRef`, where focus goes once a key made here fills it in.
   */
  renderSnippet: (publishableKey: string | null, snippetRef: Ref<HTMLPreElement>) => ReactNode;
  /**
   * The feed upload (composed by the page), opened on the latest import; `onFinished` re-checks
   * the steps when an import followed there ends.
   */
  renderFeedUpload: (props: { importId: string | null; onFinished: () => void }) => ReactNode;
  /** The step in the address bar, if any (0-based); otherwise the first open one. */
  step: number | null;
  onStepChange: (step: number) => void;
  /** Where "Finish" goes. */
  finish: ReactNode;
}

/**
 * Four steps to a working integration. Which steps are done comes from the server, so a reload
 * (or another tab) picks up where the merchant is.
 */
export function IntegrationWizard(props: IntegrationWizardProps) {
  const status = useIntegrationStatus();
  if (!status.data) return <SectionLoad query={status} what="integration status" />;
  return <Wizard {...props} status={status.data} onRecheck={() => status.refetch()} />;
}

function Wizard({
  status,
  step,
  onStepChange,
  renderSnippet,
  renderFeedUpload,
  finish,
  onRecheck,
}: IntegrationWizardProps & { status: IntegrationStatus; onRecheck: () => Promise<unknown> }) {
  // The step opened on is kept here too, not only in the address: the address is written by an
  // effect, and a status that changes first (a step just done) must not move the merchant on.
  const [openedOn] = useState(() => firstOpenStep(status));
  const current = step !== null && step >= 0 && step < wizardSteps.length ? step : openedOn;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previous = useRef(current);

  useEffect(() => {
    // Pin the step opened on, so finishing it does not move the merchant on by itself.
    if (step === null) onStepChange(current);
  }, [step, current, onStepChange]);

  useEffect(() => {
    // Moving between steps moves focus to the new step's heading, for keyboard and screen readers.
    if (previous.current !== current) headingRef.current?.focus();
    previous.current = current;
  }, [current]);

  const active = wizardSteps[current]!;
  const doneCount = wizardSteps.filter((item) => status.steps[item.key]).length;

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Integration steps">
        <p className="mb-3 text-sm text-muted-foreground">
          {doneCount} of {wizardSteps.length} steps done
        </p>
        <ol className="grid gap-2 sm:grid-cols-4">
          {wizardSteps.map((item, index) => {
            const isDone = status.steps[item.key];
            const isCurrent = index === current;
            return (
              <li key={item.key}>
                <button
                  type="button"
                  aria-current={isCurrent ? 'step' : undefined}
                  aria-label={`Step ${index + 1}: ${item.title}${isDone ? ' (done)' : ''}`}
                  onClick={() => onStepChange(index)}
                  className={cn(
                    'flex h-full w-full items-start gap-3 rounded-lg border p-3 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    isCurrent ? 'border-primary bg-card shadow-xs' : 'border-border hover:bg-muted',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                      isDone
                        ? 'bg-primary text-primary-foreground'
                        : isCurrent
                          ? 'border-2 border-primary text-primary'
                          : 'bg-secondary text-secondary-foreground',
                    )}
                  >
                    {isDone ? <Check className="size-4" /> : index + 1}
                  </span>
                  <span className="flex flex-col">
                    <span className="font-medium">{item.title}</span>
                    <span className="text-xs text-muted-foreground">
                      {isDone ? 'Done' : isCurrent ? 'Current step' : item.text}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <section
        aria-labelledby="wizard-step-heading"
        className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5 sm:p-6"
      >
        <h2
          id="wizard-step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none"
        >
          Step {current + 1} of {wizardSteps.length}: {active.title}
        </h2>
        {active.key === 'domain' ? <DomainStep status={status} /> : null}
        {active.key === 'snippet' ? (
          <SnippetStep status={status} renderSnippet={renderSnippet} onRecheck={onRecheck} />
        ) : null}
        {active.key === 'testEvent' ? <TestEventStep status={status} /> : null}
        {active.key === 'feed' ? (
          <FeedStep status={status} renderFeedUpload={renderFeedUpload} onRecheck={onRecheck} />
        ) : null}
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="outline"
          onClick={() => onStepChange(current - 1)}
          disabled={current === 0}
        >
          Back
        </Button>
        {current < wizardSteps.length - 1 ? (
          <Button onClick={() => onStepChange(current + 1)}>Next</Button>
        ) : (
          finish
        )}
      </div>
    </div>
  );
}

function DoneNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-800">
      <Check aria-hidden="true" className="size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

function DomainStep({ status }: { status: IntegrationStatus }) {
  return (
    <div className="flex flex-col gap-4">
      {status.steps.domain ? (
        <DoneNote>
          Verified: <span className="font-mono">{status.verifiedDomains.join(', ')}</span>. Events
          from these domains are accepted.
        </DoneNote>
      ) : (
        <p className="text-sm text-muted-foreground">
          ipick accepts events only from domains you have proved are yours.
        </p>
      )}
      <DomainList />
      <AddDomainForm />
    </div>
  );
}

function SnippetStep({
  status,
  renderSnippet,
  onRecheck,
}: {
  status: IntegrationStatus;
  renderSnippet: IntegrationWizardProps['renderSnippet'];
  onRecheck: () => Promise<unknown>;
}) {
  // A callback ref: the page renders the snippet's box, and gets it through renderSnippet.
  const [snippetBox, setSnippetBox] = useState<HTMLPreElement | null>(null);
  const { keys, publishableKey, create, isCreating, createError } = usePublishableKey({
    onCreated: () => snippetBox?.focus(),
  });
  const [checked, setChecked] = useState(false);
  const [isChecking, setChecking] = useState(false);

  const check = async () => {
    if (isChecking) return;
    setChecking(true);
    try {
      await onRecheck();
    } finally {
      setChecking(false);
      setChecked(true);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {keys.data && !publishableKey ? (
        <CreatePublishableKey onCreate={create} isCreating={isCreating} error={createError} />
      ) : null}
      {keys.data ? (
        renderSnippet(publishableKey, setSnippetBox)
      ) : (
        <SectionLoad query={keys} what="API keys" />
      )}
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-muted-foreground">
          Once the tag is on your shop, open any of its pages, then check: ipick looks for a page
          view from your domain.
        </p>
        {/* Not `disabled` while checking: a disabled button drops keyboard focus to the page. */}
        <Button
          onClick={() => void check()}
          aria-disabled={isChecking || undefined}
          className="aria-disabled:opacity-50"
        >
          {isChecking ? 'Checking…' : 'Check installation'}
        </Button>
        {checked || status.steps.snippet ? <StatusMessage status={status} /> : null}
        {checked && !status.steps.snippet ? (
          <p role="alert" className="text-sm text-destructive">
            No event from your shop yet. Check that the tag is on the page, that the domain is
            verified, and that the page was loaded after installing it.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function TestEventStep({ status }: { status: IntegrationStatus }) {
  return (
    <div className="flex flex-col gap-4">
      {/* Activity and the figures leave test events out (dashboard-repository's `not is_test`). */}
      <p className="text-sm text-muted-foreground">
        ipick records a test event for your shop, marked as a test so it never counts in your
        figures or shows in your activity. You can see it among the received events on the{' '}
        <Link to="/real-tracking-test" className="font-medium text-primary underline">
          tracking test page
        </Link>
        .
      </p>
      {status.lastTestEvent ? <DoneNote>ipick has received a test event from you.</DoneNote> : null}
      <SendTestEventButton label="wizard" />
    </div>
  );
}

function FeedStep({
  status,
  renderFeedUpload,
  onRecheck,
}: {
  status: IntegrationStatus;
  renderFeedUpload: IntegrationWizardProps['renderFeedUpload'];
  onRecheck: () => Promise<unknown>;
}) {
  const latestId = status.latestFeedImport?.id ?? null;
  return (
    <div className="flex flex-col gap-4">
      {status.steps.feed ? <DoneNote>Your product feed has been imported.</DoneNote> : null}
      {renderFeedUpload({ importId: latestId, onFinished: () => void onRecheck() })}
    </div>
  );
}
