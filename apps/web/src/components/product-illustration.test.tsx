import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImageFrame } from './ui/image-frame';
import { ProductIllustration } from './product-illustration';

describe('a product without a picture', () => {
  it('shows a drawing of its category, made in the page', () => {
    const { container } = render(
      <ImageFrame src={null} alt="" fallback={<ProductIllustration category="gaming" />} />,
    );
    const drawing = container.querySelector('[data-illustration]')!;
    expect(drawing.getAttribute('data-illustration')).toBe('gaming');
    expect(drawing.getAttribute('aria-hidden')).toBe('true');
    expect(drawing.querySelector('svg')).not.toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('draws a parcel for a category it has no drawing of', () => {
    const { container } = render(<ProductIllustration category="garden" />);
    expect(container.querySelector('[data-illustration]')!.getAttribute('data-illustration')).toBe(
      'product',
    );
  });

  it('shows the picture when there is one', () => {
    const { container } = render(
      <ImageFrame
        src="https://images.example.com/a.jpg"
        alt=""
        fallback={<ProductIllustration category="gaming" />}
      />,
    );
    expect(container.querySelector('img')).not.toBeNull();
    expect(container.querySelector('[data-illustration]')).toBeNull();
  });
});
