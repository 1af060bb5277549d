import { HowItWorks } from '../layouts/how-it-works';
import { LandingHero } from '../layouts/landing-hero';

/** The alternate landing page (spec §2): the same parts side by side, with shorter copy. */
export default function Landing2Page() {
  return (
    <>
      <LandingHero
        variant="split"
        eyebrow="One link, every retailer"
        title="Find a better price in seconds"
        description="One product link is all it takes: ipick checks other retailers for the same item and close matches."
        documentTitle="Find a better price"
      />
      <HowItWorks />
    </>
  );
}
