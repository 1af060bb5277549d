import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';

const steps = [
  { title: 'Add your shop’s domain', text: 'Tell ipick which site the referrals go to.' },
  {
    title: 'Install the snippet',
    text: 'Add the ipick script to your shop’s pages, or use server-side calls.',
  },
  { title: 'Send a test event', text: 'Check that an event from your shop reaches ipick.' },
] as const;

export default function IntegrationWizardPage() {
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader
        title="Integration wizard"
        description="A step-by-step set-up of ipick tracking on your shop."
      />
      <ol className="flex flex-col gap-3">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4 rounded-lg border border-border bg-card p-4">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-medium">{step.title}</p>
              <p className="text-sm text-muted-foreground">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm text-muted-foreground">
        The wizard works on your business account.{' '}
        <Link
          to="/business-login"
          className={buttonVariants({ variant: 'link', className: 'h-auto px-0' })}
        >
          Sign in to start
        </Link>
      </p>
    </PageContainer>
  );
}
