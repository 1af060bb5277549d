import { describe, expect, it } from 'vitest';
import { prepareSide } from './features.ts';
import { extractConnectors } from './normalize.ts';
import { variantDifference } from './variants.ts';

const side = (title: string) => prepareSide({ title });

describe('extractConnectors', () => {
  it('reads each connector however it is written', () => {
    expect(extractConnectors('AirPods Max (USB-C)')).toEqual(['usb-c']);
    expect(extractConnectors('Charger, USB C, 20W')).toEqual(['usb-c']);
    expect(extractConnectors('Type-C cable')).toEqual(['usb-c']);
    expect(extractConnectors('Micro USB cable')).toEqual(['micro-usb']);
    expect(extractConnectors('Lightning to USB-C Cable')).toEqual(['usb-c', 'lightning']);
    expect(extractConnectors('Wireless Headphones')).toEqual([]);
  });
});

describe('variantDifference', () => {
  it('names a colour or connector the two titles do not share', () => {
    expect(variantDifference(side('AirPods Max - Starlight'), side('AirPods Max - Midnight'))).toBe(
      'different colour: starlight vs midnight',
    );
    expect(variantDifference(side('AirPods Max (Lightning)'), side('AirPods Max (USB-C)'))).toBe(
      'different connector: lightning vs usb-c',
    );
  });

  it('names model numbers that do not agree, and not one that extends the other', () => {
    const charger = prepareSide({ title: 'Anker Nano II USB-C Charger', model: 'A2778-100' });
    expect(variantDifference(charger, side('Anker Nano II GaN USB-C Charger (A2161) 30W'))).toBe(
      'different model numbers: A2778-100 vs A2161',
    );
    expect(variantDifference(charger, side('Anker Nano II Charger (A2778) 65W'))).toBeNull();
  });

  it('finds none when one title is silent or they share one', () => {
    expect(variantDifference(side('AirPods Max Blue'), side('AirPods Max'))).toBeNull();
    expect(
      variantDifference(side('AirPods Max Sky Blue'), side('AirPods Max, Blue, USB-C')),
    ).toBeNull();
    expect(
      variantDifference(side('USB-C to Lightning Cable'), side('Lightning Cable (USB-C), 1 m')),
    ).toBeNull();
  });
});
