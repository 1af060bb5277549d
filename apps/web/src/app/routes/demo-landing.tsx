import { HowItWorks } from '../layouts/how-it-works';
import { LandingHero } from '../layouts/landing-hero';

/** The demo landing page (spec §2): examples from the demo catalog first, the paste box after. */
export default function DemoLandingPage() {
  return (
    <>
      <LandingHero
        variant="demo"
        eyebrow="Demo"
        title="See how ipick compares prices"
        description="Pick a product below to watch ipick find it at other retailers, or paste a link from any product page you have open."
        documentTitle="Demo"
      />
      <HowItWorks />
    </>
  );
}
