const steps = [
  {
    title: 'Paste a product link',
    text: 'Copy the address of a product page from an online shop and paste it above.',
  },
  {
    title: 'See it at other retailers',
    text: 'ipick looks for the same product and close alternatives elsewhere, with their prices.',
  },
  {
    title: 'Buy where it suits you',
    text: 'Follow a link to the retailer you choose and buy there as usual.',
  },
] as const;

/** The three steps of a comparison, as plain facts about what the product does. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="mx-auto w-full max-w-5xl px-4 pb-16 sm:px-6">
      <h2 id="how-it-works" className="mb-6 text-center text-xl font-semibold">
        How it works
      </h2>
      <ol className="grid gap-4 sm:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-lg border border-border bg-card p-5">
            <p className="mb-2 flex size-8 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground">
              {index + 1}
            </p>
            <p className="font-medium">{step.title}</p>
            <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
