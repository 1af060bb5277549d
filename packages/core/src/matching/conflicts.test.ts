import { describe, expect, it } from 'vitest';
import { conflictFacts, findConflicts, type ConflictKind } from './conflicts.ts';
import { prepareSide } from './features.ts';
import { extractConnectors } from './normalize.ts';

interface Listing {
  title: string;
  condition?: string | null;
  model?: string | null;
}

const facts = (listing: Listing | string) => {
  const {
    title,
    condition = null,
    model = null,
  } = typeof listing === 'string' ? { title: listing } : listing;
  return conflictFacts({ title, condition, side: prepareSide({ title, model }) });
};

/** The conflicts of another listing against the pasted one, as the shopper reads them. */
const conflicts = (offer: Listing | string, pasted: Listing | string) =>
  findConflicts(facts(offer), facts(pasted)).map((conflict) => conflict.text);

const kinds = (offer: Listing | string, pasted: Listing | string): ConflictKind[] =>
  findConflicts(facts(offer), facts(pasted)).map((conflict) => conflict.kind);

// The pairs of issue 19, as the demo catalog lists them.
const TCL_85 = 'TCL QM655R 85" Quantum Dot Roku TV 85QM655R';
const TCL_43 = 'TCL QM655R 43" QLED TV';
const WATCH_46 = 'Apple Watch Series 10 GPS + Cellular 46mm GPS Heart Rate Monitor, Midnight';
const WATCH_40 = 'Apple Watch Series 10 GPS + Cellular 40mm GPS - Midnight';

describe('findConflicts: size', () => {
  it('tells an 85" TV from the 43" one of the same line (issue 19)', () => {
    expect(conflicts(TCL_43, TCL_85)).toEqual(['Different size: 43-inch vs 85-inch']);
  });

  it('tells a 46 mm watch case from a 40 mm one (issue 19)', () => {
    expect(conflicts(WATCH_40, WATCH_46)).toEqual(['Different size: 40 mm vs 46 mm']);
  });

  it('reads a size however a shop writes it, and a "2 in 1" is no size', () => {
    expect(conflicts('TCL - 85" Class QM655R TV', TCL_85)).toEqual([]);
    expect(conflicts('TCL QM655R 85 Inch QLED Google TV', TCL_85)).toEqual([]);
    expect(conflicts('HP Chromebook x360 14 inch 2 in 1', 'HP 2-in-1 Chromebook 14"')).toEqual([]);
  });
});

describe('findConflicts: size in two numbers', () => {
  it('tells a 29" tyre from a 27.5" one of the same line, however the size is written', () => {
    expect(
      conflicts(
        "Maxxis Minion DHR II Tire, 27.5''x2.30, Folding, EXO",
        'Maxxis Minion DHR II Tire: 29 x 2.30, Folding, EXO',
      ),
    ).toEqual(['Different size: 27.5 x 2.3 vs 29 x 2.3']);
  });

  it('finds none when one title is silent or both write one size', () => {
    expect(
      conflicts('Maxxis Minion DHR II Folding Tire', 'Maxxis Minion DHR II Tire 29 x 2.30'),
    ).toEqual([]);
    expect(
      conflicts('Reifen Maxxis 29x2.30 Minion DHR II', 'Maxxis Minion DHR II Tire: 29 x 2.3"'),
    ).toEqual([]);
    expect(
      conflicts('Corsair Vengeance 16GB (2 x 8GB) DDR4', 'Corsair Vengeance 16GB (1 x 16GB) DDR4'),
    ).toEqual([]);
  });
});

describe('findConflicts: capacity', () => {
  it('tells storage and battery capacities apart', () => {
    expect(
      conflicts(
        'Apple iPhone 15 Pro 256GB Black Titanium',
        'Apple iPhone 15 Pro 128GB Black Titanium',
      ),
    ).toEqual(['Different storage: 256 GB vs 128 GB']);
    expect(
      conflicts(
        'Anker PowerCore 20000mAh Portable Charger',
        'Anker PowerCore 10000 mAh Portable Charger',
      ),
    ).toEqual(['Different capacity: 20,000 mAh vs 10,000 mAh']);
    expect(
      conflicts(
        'Instant Pot Duo 7-in-1 Electric Pressure Cooker, 8 Quart',
        'Instant Pot Duo 7-in-1 Electric Pressure Cooker, 6 Qt',
      ),
    ).toEqual(['Different capacity: 8-quart vs 6-quart']);
  });

  it('does not take memory for storage', () => {
    expect(
      conflicts(
        'HP Pavilion 16-f6979nr Laptop, 16GB RAM, 1TB SSD, Blue',
        'HP Pavilion 16-f6979nr Backlit Keyboard Laptop Computer 16 GB',
      ),
    ).toEqual([]);
    expect(
      conflicts(
        'MacBook Air 13-inch (M2) 24GB Unified Memory, 512GB SSD - Silver',
        'APPLE MacBook Air 13-inch (M2) Apple Silicon Notebook 24GB Unified Memory',
      ),
    ).toEqual([]);
  });
});

describe('findConflicts: pack quantity', () => {
  it('tells a 3-pack from a single one, and says nothing when one title is silent', () => {
    const single = 'ESR Armorite Privacy Screen Protector for Apple Watch Series 9 GPS, 1-Pack';
    expect(
      conflicts(
        'ESR Armorite Privacy Screen Protector for Apple Watch Series 9 GPS, 3-Pack',
        single,
      ),
    ).toEqual(['Different pack size: 3-pack vs single']);
    expect(conflicts('AA Batteries, Pack of 24', 'AA Batteries, 8 Count')).toEqual([
      'Different pack size: 24-pack vs 8-pack',
    ]);
    expect(
      conflicts('ESR Armorite Anti-Spy Screen Protector Fits Apple Watch Series 9', single),
    ).toEqual([]);
  });

  it('reads packs named by a word: single, twin, triple, quad', () => {
    const twin = 'Corsair ML140 140mm PWM Premium Magnetic Levitation Fan - Twin Pack';
    expect(
      conflicts('Corsair ML140 PRO RGB LED 140MM PWM Magnetic Levitation Fan - Single Pack', twin),
    ).toContain('Different pack size: single vs 2-pack');
    expect(conflicts('Corsair ML140 140mm Magnetic Levitation Fan, 2-Pack', twin)).toEqual([]);
    expect(conflicts('Corsair ML140 140mm Premium Magnetic Levitation Fan', twin)).toEqual([]);
  });
});

describe('findConflicts: model generation', () => {
  it('tells generations apart: a series, a numbered generation, a model year', () => {
    expect(
      conflicts(
        'Apple Watch Series 9 GPS 45mm Midnight Aluminum Case',
        'Apple Watch Series 10 GPS 45mm Midnight Aluminum Case',
      ),
    ).toEqual(['Different generation: Series 9 vs Series 10']);
    expect(
      conflicts(
        'Apple AirPods Pro (3rd Generation)',
        'Apple AirPods Pro (2nd Gen) with MagSafe Case',
      ),
    ).toEqual(['Different generation: 3rd generation vs 2nd generation']);
    expect(
      conflicts(
        'Apple MacBook Air 13-inch M2 (2022) 256GB',
        'Apple MacBook Air 13-inch M2 (2024) 256GB',
      ),
    ).toEqual(['Different model year: 2022 vs 2024']);
  });

  it("tells a line's models apart by their number, as the title writes the line", () => {
    expect(conflicts('Apple iPhone 16 Pro 256GB', 'Apple iPhone 15 Pro 256GB')).toEqual([
      'Different model: iPhone 16 vs iPhone 15',
    ]);
  });

  it('tells editions and software versions apart', () => {
    expect(
      conflicts(
        'Adventure Workshop Preschool-1st Grade 7th Ed',
        'Adventure Workshop Preschool-1st Grade 8th Edition',
      ),
    ).toEqual(['Different edition: 7th edition vs 8th edition']);
    expect(conflicts('PrintMaster Gold v. 18', 'PrintMaster Gold v 17.0')).toEqual([
      'Different version: Version 18 vs Version 17',
    ]);
    expect(conflicts('Apple Remote Desktop 3 (Mac)', 'Apple Remote Desktop 2.2 (Mac)')).toEqual([
      'Different model: Desktop 3 vs Desktop 2.2',
    ]);
  });

  it('finds no other edition or version when one title is silent or rounds it', () => {
    expect(
      conflicts(
        'Adventure Workshop Preschool-1st Grade',
        'Adventure Workshop Preschool-1st Grade 8th Edition',
      ),
    ).toEqual([]);
    expect(conflicts('PrintMaster Gold', 'PrintMaster Gold v 17.0')).toEqual([]);
    expect(conflicts('Rumba Web-to-Host v. 4.2', 'Rumba Web-to-Host as400 v4 .2')).toEqual([]);
    expect(conflicts('Rumba Web-to-Host version 4', 'Rumba Web-to-Host v. 4.2')).toEqual([]);
    expect(conflicts('Samsung 750 EVO SSD 2.5 SATA 120GB', 'Samsung SSD 750 EVO 120 GB')).toEqual(
      [],
    );
  });

  it('does not read a measure, a part number or a list of models as a generation', () => {
    expect(
      conflicts('Instant Pot Duo Pressure Cooker, 6 Qt', 'Instant Pot Duo Pressure Cooker 6 Quart'),
    ).toEqual([]);
    expect(conflicts('Clear Case for iPhone 15/14/13', 'Case for iPhone 13/14/15, Clear')).toEqual(
      [],
    );
    expect(
      conflicts(
        'Cable Matters HDMI Cable 802-414-GRY 6 ft 3-Pack',
        "Cable Matters HDMI Cable 6' 3pk",
      ),
    ).toEqual([]);
  });
});

describe('findConflicts: model number', () => {
  it('names model numbers that do not agree, and not one that extends the other', () => {
    expect(
      conflicts(
        'Sony WH-1000XM5 Wireless Noise Cancelling Headphones, Black',
        'Sony WH-1000XM6 Wireless Noise Cancelling Headphones, Black',
      ),
    ).toEqual(['Different model number: WH-1000XM5 vs WH-1000XM6']);
    const charger = { title: 'Anker Nano II USB-C Charger', model: 'A2778-100' };
    expect(conflicts('Anker Nano II GaN USB-C Charger (A2161) 30W', charger)).toEqual([
      'Different model number: A2161 vs A2778-100',
    ]);
    expect(conflicts('Anker Nano II Charger (A2778) 65W', charger)).toEqual([]);
  });

  it("takes neither a pack nor another of the maker's numbering schemes for a model number", () => {
    expect(
      conflicts('Apple iPhone 15 Pro Max Factory Unlocked, 512GB, Natural Titanium (A3055)', {
        title: 'Apple iPhone 15 Pro Max, 512GB, Natural Titanium',
        model: 'MYDL5LL/A',
      }),
    ).toEqual([]);
  });
});

describe('findConflicts: a measure is no model number', () => {
  it.each([
    ['volume', 'Johnnie Walker Blue Label Whisky 700ml', 'Johnnie Walker - Blue Label 70cl'],
    [
      'tyre spec',
      'Maxxis High Roller II 29er Dual Compound Folding Tubeless Ready',
      'Maxxis High Roller II Tire: Folding, 60tpi, Dual Compound, EXO',
    ],
    [
      'memory spec',
      'Kingston HyperX Fury HX421C14FB/8',
      'Kingston HyperX Fury Black DDR4 2133 PC4-17000 8GB CL14',
    ],
  ])('takes no %s for a model number', (_kind, left, right) => {
    expect(conflicts(left, right)).toEqual([]);
  });

  it('still names model numbers that do not agree beside measures', () => {
    expect(
      conflicts(
        'Corsair Vengeance LPX 16GB DDR4 2400MHz (CMK16GX4M1A2400C16)',
        'Corsair Vengeance LPX 16GB DDR4 2400MHz (CMK16GX4M1A2400C14)',
      ),
    ).toEqual(['Different model number: CMK16GX4M1A2400C16 vs CMK16GX4M1A2400C14']);
  });
});

describe('findConflicts: model of a line', () => {
  it("tells a line's models apart by the word after their number", () => {
    expect(
      conflicts('Garmin fenix 5S Sapphire, Black', 'Garmin Fenix 5S Plus GPS Watch, Black'),
    ).toEqual(['Different model: 5S vs 5S Plus']);
    expect(
      conflicts('ASUS GeForce GTX 1660 SUPER DUAL EVO OC', 'ASUS GeForce GTX 1660 DUAL OC EVO 6GB'),
    ).toEqual(['Different model: 1660 SUPER vs 1660']);
  });

  it('finds none when a title is silent on the model or writes the word elsewhere', () => {
    expect(conflicts('Garmin fenix GPS Watch', 'Garmin Fenix 5S Plus GPS Watch')).toEqual([]);
    expect(
      conflicts(
        'Belkin Pro Series VGA Monitor Extension Cable F3H982-10',
        'Belkin F3H982-10 Pro Series 10 ft Monitor Cable',
      ),
    ).toEqual([]);
    expect(
      conflicts(
        'Asus H81I-PLUS Motherboard, Mini-ITX',
        'Asus H81I-PLUS Mini ITX LGA1150 Motherboard',
      ),
    ).toEqual([]);
  });
});

describe('findConflicts: hardware variant', () => {
  it('tells a mono headset from a stereo one, and a wired case from a wireless one', () => {
    expect(conflicts('Jabra BIZ 2300 USB MS Mono', 'Jabra BIZ 2300 USB MS Duo')).toEqual([
      'Different version: Mono vs Duo',
    ]);
    expect(
      conflicts(
        'Apple AirPods with Wired Charging Case (2nd Generation)',
        'Apple AirPods with Wireless Charging Case (2nd Generation)',
      ),
    ).toEqual(['Different connection: Wired vs Wireless']);
  });

  it('finds none when one title is silent or names both, or both name one variant', () => {
    expect(conflicts('Jabra BIZ 2300 USB MS Headset', 'Jabra BIZ 2300 USB MS Duo')).toEqual([]);
    expect(conflicts('Jabra Evolve 20 UC Stereo', 'Jabra Evolve 20 UC Duo')).toEqual([]);
    expect(
      conflicts(
        'Apple AirPods with Charging Case (2nd Generation)',
        'Apple AirPods with Wireless Charging Case (2nd Generation)',
      ),
    ).toEqual([]);
    expect(
      conflicts('Logitech G733 Wired/Wireless Gaming Headset', 'Logitech G733 Wireless Headset'),
    ).toEqual([]);
  });
});

describe('findConflicts: colour and connector', () => {
  it('names a colour or connector the two titles do not share', () => {
    expect(conflicts('AirPods Max - Midnight', 'AirPods Max - Starlight')).toEqual([
      'Different color: Midnight vs Starlight',
    ]);
    expect(conflicts('AirPods Max (USB-C)', 'AirPods Max (Lightning)')).toEqual([
      'Different connector: USB-C vs Lightning',
    ]);
  });

  it('finds none when one title is silent, they share one, or name shades of one colour', () => {
    expect(conflicts('AirPods Max', 'AirPods Max Blue')).toEqual([]);
    expect(conflicts('AirPods Max, Blue, USB-C', 'AirPods Max Sky Blue')).toEqual([]);
    expect(conflicts('Lightning Cable (USB-C), 1 m', 'USB-C to Lightning Cable')).toEqual([]);
    expect(
      conflicts(
        'Bose QuietComfort 45 Headphone Navy',
        'Bose QuietComfort 45 Headphones, Midnight Blue',
      ),
    ).toEqual([]);
  });
});

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

describe('findConflicts: condition', () => {
  it('keeps a refurbished unit of the very watch apart from the new one (issue 19)', () => {
    const refurbished = {
      title: 'Apple Watch Series 10 GPS + Cellular A2808 46mm Midnight Excellent - Refurbished',
      condition: 'refurbished',
    };
    expect(conflicts(refurbished, { title: WATCH_46, condition: 'new' })).toEqual([
      'Refurbished, not new',
    ]);
  });

  it("reads the condition from the shop's field or the title; a silent listing is new", () => {
    expect(conflicts({ title: 'Apple Watch Series 10 46mm', condition: 'used' }, WATCH_46)).toEqual(
      ['Used, not new'],
    );
    expect(conflicts('Apple Watch Series 10 46mm Midnight - Open Box', WATCH_46)).toEqual([
      'Open box, not new',
    ]);
    expect(conflicts('Apple Watch Series 10 46mm (Renewed)', WATCH_46)).toEqual([
      'Refurbished, not new',
    ]);
    expect(conflicts(WATCH_46, { title: 'Apple Watch Series 10 46mm', condition: 'used' })).toEqual(
      ['New, not used'],
    );
    expect(
      conflicts('Windows Vista Business, no open box returns', 'Windows Vista Business'),
    ).toEqual([]);
  });
});

describe('findConflicts: region', () => {
  it('keeps an international or UK version apart from the shop’s own', () => {
    expect(
      conflicts(
        'Sony WH-1000XM5 Wireless Headphones (International Version)',
        'Sony WH-1000XM5 Wireless Headphones',
      ),
    ).toEqual(['International version, not US version']);
    expect(
      conflicts('Nintendo Switch OLED - UK Version', 'Nintendo Switch OLED (US Version)'),
    ).toEqual(['UK version, not US version']);
    expect(conflicts('Nintendo Switch OLED (US Version)', 'Nintendo Switch OLED')).toEqual([]);
  });
});

describe('findConflicts', () => {
  it('lists every difference, the most telling first', () => {
    expect(
      kinds({ title: 'TCL QM655R 43" QLED TV (Renewed)', condition: 'refurbished' }, TCL_85),
    ).toEqual(['size', 'condition']);
  });

  it('finds nothing between two shops’ listings of one product', () => {
    expect(conflicts('TCL QM655R 85 Inch QLED Google TV HDR Gaming Smart TV', TCL_85)).toEqual([]);
    expect(conflicts('Apple Watch Series 10 GPS + Cellular 46mm - Midnight', WATCH_46)).toEqual([]);
  });
});
