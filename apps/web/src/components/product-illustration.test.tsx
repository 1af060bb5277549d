import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImageFrame } from './ui/image-frame';
import { illustrationKey, ProductIllustration } from './product-illustration';

const drawingOf = (container: HTMLElement) => container.querySelector('[data-illustration]');

describe('a product without a picture', () => {
  it('shows a drawing of its category, made in the page', () => {
    const { container } = render(<ImageFrame src={null} alt="" category="gaming" />);
    const drawing = drawingOf(container)!;
    expect(drawing.getAttribute('data-illustration')).toBe('gaming');
    expect(drawing.getAttribute('aria-hidden')).toBe('true');
    expect(drawing.querySelector('svg')).not.toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it("shows its category's drawing when the picture fails to load", () => {
    const { container } = render(
      <ImageFrame src="https://images.example.com/gone.jpg" alt="" category="kitchen" />,
    );
    expect(drawingOf(container)).toBeNull();
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(drawingOf(container)!.getAttribute('data-illustration')).toBe('kitchen');
  });

  it('shows a neutral parcel without a category, or with one it has no drawing of', () => {
    for (const category of [undefined, null, 'pet supplies']) {
      const { container, unmount } = render(
        <ImageFrame src="https://images.example.com/gone.jpg" alt="" category={category} />,
      );
      fireEvent.error(container.querySelector('img')!);
      expect(drawingOf(container)!.getAttribute('data-illustration')).toBe('product');
      unmount();
    }
    const { container } = render(<ProductIllustration category="pet supplies" />);
    expect(drawingOf(container)!.getAttribute('data-illustration')).toBe('product');
  });

  it('still names the product when the frame has a text and the drawing stands in', () => {
    const { container, getByText } = render(
      <ImageFrame src={null} alt="Acme Kettle 1.7 L" category="kitchen" />,
    );
    expect(drawingOf(container)!.getAttribute('aria-hidden')).toBe('true');
    expect(getByText('Acme Kettle 1.7 L').className).toContain('sr-only');
  });

  it('shows the picture when there is one', () => {
    const { container } = render(
      <ImageFrame src="https://images.example.com/a.jpg" alt="" category="gaming" />,
    );
    expect(container.querySelector('img')).not.toBeNull();
    expect(drawingOf(container)).toBeNull();
  });
});

describe("a shop's own category", () => {
  it('gets the drawing its words name, the most specific part first', () => {
    expect(illustrationKey('Home & Kitchen › Blenders')).toBe('kitchen');
    expect(illustrationKey('Electronics > Headphones')).toBe('accessories');
    expect(illustrationKey('TV & Video')).toBe('electronics');
    expect(illustrationKey('Video Games > PlayStation 5')).toBe('gaming');
    expect(illustrationKey('Cell Phones')).toBe('small-tech');
    expect(illustrationKey('Appliances / Washers & Dryers')).toBe('appliances');
  });

  it('gets the neutral parcel when no word is known', () => {
    expect(illustrationKey('Pet Supplies')).toBeNull();
    expect(illustrationKey('')).toBeNull();
    const { container } = render(<ProductIllustration category="Pet Supplies > Dog Beds" />);
    expect(drawingOf(container)!.getAttribute('data-illustration')).toBe('product');
  });
});
