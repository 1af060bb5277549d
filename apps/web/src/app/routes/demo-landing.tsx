import { HowItWorks } from '../layouts/how-it-works';
import { LandingHero } from '../layouts/landing-hero';

export default function DemoLandingPage() {
  return (
    <>
      <LandingHero
        title="See how ipick compares prices"
        description="Try it with any product page you have open in another tab: paste its link and see what other retailers charge."
        documentTitle="Demo"
      />
      <HowItWorks />
    </>
  );
}
