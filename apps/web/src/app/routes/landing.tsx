import { HowItWorks } from '../layouts/how-it-works';
import { LandingHero } from '../layouts/landing-hero';

// Route modules export their page as default, the shape React.lazy loads.
export default function LandingPage() {
  return (
    <>
      <LandingHero
        title="Compare prices before you buy"
        description="Paste a product link from any online shop and ipick finds the same product and close alternatives at other retailers."
        documentTitle="Compare prices"
      />
      <HowItWorks />
    </>
  );
}
