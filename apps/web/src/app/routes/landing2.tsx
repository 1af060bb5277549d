import { HowItWorks } from '../layouts/how-it-works';
import { LandingHero } from '../layouts/landing-hero';

export default function Landing2Page() {
  return (
    <>
      <LandingHero
        title="Find a better price in seconds"
        description="One product link is all it takes: ipick checks other retailers for the same item and close matches."
        documentTitle="Find a better price"
      />
      <HowItWorks />
    </>
  );
}
