import { describe, expect, it } from 'vitest';
import { parseRetailerUrl } from './parse-retailer-url.ts';
import type { RetailerKey } from './retailer-table.ts';

/** A link, the product id read from it, the canonical link, and the slug's title words. */
type LinkCase = [url: string, productId: string | null, canonicalUrl: string, titleWords: string[]];

const retailerCases: Record<RetailerKey, LinkCase[]> = {
  amazon: [
    [
      'https://www.amazon.com/dp/B08P2HBBLX',
      'B08P2HBBLX',
      'https://www.amazon.com/dp/B08P2HBBLX',
      [],
    ],
    [
      'https://www.amazon.com/Apple-AirPods-Pro-2nd-Generation/dp/B0D1XD1ZV3/ref=sr_1_1?crid=2V9OAG&keywords=airpods+pro&qid=1726000000&sprefix=airpods%2Caps%2C120&sr=8-1',
      'B0D1XD1ZV3',
      'https://www.amazon.com/dp/B0D1XD1ZV3',
      ['apple', 'airpods', 'pro', '2nd', 'generation'],
    ],
    [
      'https://www.amazon.com/gp/product/B0916J478T?psc=1',
      'B0916J478T',
      'https://www.amazon.com/dp/B0916J478T',
      [],
    ],
    [
      'https://m.amazon.co.uk/gp/aw/d/b0916j478t/',
      'B0916J478T',
      'https://www.amazon.co.uk/dp/B0916J478T',
      [],
    ],
    [
      'https://smile.amazon.com/Sony-WH-1000XM5-Canceling-Headphones-Hands-Free/dp/B09XS7JWHH?th=1',
      'B09XS7JWHH',
      'https://www.amazon.com/dp/B09XS7JWHH',
      ['sony', 'wh', '1000xm5', 'canceling', 'headphones', 'hands', 'free'],
    ],
    [
      'https://www.amazon.de/-/en/dp/B0BDJ8NJTX/ref=sr_1_3',
      'B0BDJ8NJTX',
      'https://www.amazon.de/dp/B0BDJ8NJTX',
      [],
    ],
    [
      'https://www.amazon.co.jp/%E3%82%BD%E3%83%8B%E3%83%BC-WH-1000XM5/dp/B09Y2MYL5C/',
      'B09Y2MYL5C',
      'https://www.amazon.co.jp/dp/B09Y2MYL5C',
      ['ソニー', 'wh', '1000xm5'],
    ],
    [
      'https://www.amazon.com/exec/obidos/ASIN/0316769487/',
      '0316769487',
      'https://www.amazon.com/dp/0316769487',
      [],
    ],
    [
      'https://www.amazon.ca/product-reviews/B07FZ8S74R/ref=cm_cr_dp_d_show_all_btm?ie=UTF8&reviewerType=all_reviews',
      'B07FZ8S74R',
      'https://www.amazon.ca/dp/B07FZ8S74R',
      [],
    ],
    [
      'https://www.amazon.com.au/Echo-Dot-5th-Gen/dp/B09B8V1LZ3?tag=someone-21&linkCode=ll1#customerReviews',
      'B09B8V1LZ3',
      'https://www.amazon.com.au/dp/B09B8V1LZ3',
      ['echo', 'dot', '5th', 'gen'],
    ],
    ['http://AMAZON.COM/DP/b08p2hbblx', 'B08P2HBBLX', 'https://www.amazon.com/dp/B08P2HBBLX', []],
    ['https://amzn.com/B08P2HBBLX', 'B08P2HBBLX', 'https://www.amazon.com/dp/B08P2HBBLX', []],
    [
      'https://www.amazon.com:443/gp/offer-listing/B08P2HBBLX/ref=dp_olp_unknown_mbc',
      'B08P2HBBLX',
      'https://www.amazon.com/dp/B08P2HBBLX',
      [],
    ],
    [
      'https://www.amazon.com/s?k=airpods&ref=nb_sb_noss',
      null,
      'https://www.amazon.com/s?k=airpods',
      [],
    ],
    ['https://www.amazon.com/', null, 'https://www.amazon.com/', []],
    ['https://amzn.to/3xYzAbC', null, 'https://amzn.to/3xYzAbC', []],
    ['https://a.co/d/1a2B3cD', null, 'https://a.co/d/1a2B3cD', []],
    [
      'https://www.amazon.com/stores/Apple/page/77D9E1F7-0337-4282-9DB6-B6B8FB2DC98D?ref_=ast_bln',
      null,
      'https://www.amazon.com/stores/Apple/page/77D9E1F7-0337-4282-9DB6-B6B8FB2DC98D',
      [],
    ],
  ],
  walmart: [
    [
      'https://www.walmart.com/ip/Apple-AirPods-Pro-2nd-Generation-with-MagSafe-Case-USB-C/5689919121',
      '5689919121',
      'https://www.walmart.com/ip/5689919121',
      ['apple', 'airpods', 'pro', '2nd', 'generation', 'with', 'magsafe', 'case', 'usb', 'c'],
    ],
    [
      'https://www.walmart.com/ip/5689919121',
      '5689919121',
      'https://www.walmart.com/ip/5689919121',
      [],
    ],
    [
      'https://www.walmart.com/ip/Straight-Talk-Apple-iPhone-13/806217614?athbdg=L1600&from=/search',
      '806217614',
      'https://www.walmart.com/ip/806217614',
      ['straight', 'talk', 'apple', 'iphone', '13'],
    ],
    [
      'https://walmart.com/ip/PlayStation-5-Console-Slim/15949610846/',
      '15949610846',
      'https://www.walmart.com/ip/15949610846',
      ['playstation', '5', 'console', 'slim'],
    ],
    [
      'http://www.walmart.com/ip/Onn-32-Class-HD-LED-Roku-Smart-TV/314022535?selected=true#about',
      '314022535',
      'https://www.walmart.com/ip/314022535',
      ['onn', '32', 'class', 'hd', 'led', 'roku', 'smart', 'tv'],
    ],
    [
      'https://WWW.WALMART.COM/IP/5689919121',
      '5689919121',
      'https://www.walmart.com/ip/5689919121',
      [],
    ],
    [
      'https://www.walmart.com/search?q=airpods&typeahead=airp',
      null,
      'https://www.walmart.com/search?q=airpods&typeahead=airp',
      [],
    ],
    [
      'https://www.walmart.com/browse/electronics/headphones/3944_133251',
      null,
      'https://www.walmart.com/browse/electronics/headphones/3944_133251',
      [],
    ],
    [
      'https://www.walmart.com/cp/electronics/3944',
      null,
      'https://www.walmart.com/cp/electronics/3944',
      [],
    ],
    [
      'https://www.walmart.com/ip/not-a-number',
      null,
      'https://www.walmart.com/ip/not-a-number',
      [],
    ],
  ],
  target: [
    [
      'https://www.target.com/p/apple-airpods-pro-2nd-generation-with-magsafe-case-usb-c/-/A-85978612',
      '85978612',
      'https://www.target.com/p/-/A-85978612',
      ['apple', 'airpods', 'pro', '2nd', 'generation', 'with', 'magsafe', 'case', 'usb', 'c'],
    ],
    [
      'https://www.target.com/p/-/A-1011209279',
      '1011209279',
      'https://www.target.com/p/-/A-1011209279',
      [],
    ],
    [
      'https://www.target.com/p/A-87716467',
      '87716467',
      'https://www.target.com/p/-/A-87716467',
      [],
    ],
    [
      'https://www.target.com/p/women-s-short-sleeve-t-shirt-a-new-day/-/A-88345425?preselect=88341234#lnk=sametab',
      '88341234',
      'https://www.target.com/p/-/A-88345425?preselect=88341234',
      ['women', 's', 'short', 'sleeve', 't', 'shirt', 'a', 'new', 'day'],
    ],
    [
      'https://www.target.com/p/playstation-5-console-slim/-/A-89494548?preselect=89494548&clkid=abc&lnk=snippet&afid=google',
      '89494548',
      'https://www.target.com/p/-/A-89494548',
      ['playstation', '5', 'console', 'slim'],
    ],
    [
      'https://target.com/p/apple-airpods/-/a-85978612/',
      '85978612',
      'https://www.target.com/p/-/A-85978612',
      ['apple', 'airpods'],
    ],
    [
      'https://www.target.com/s?searchTerm=airpods',
      null,
      'https://www.target.com/s?searchTerm=airpods',
      [],
    ],
    [
      'https://www.target.com/c/headphones-audio-electronics/-/N-4xw74',
      null,
      'https://www.target.com/c/headphones-audio-electronics/-/N-4xw74',
      [],
    ],
    ['https://www.target.com/', null, 'https://www.target.com/', []],
  ],
  bestbuy: [
    [
      'https://www.bestbuy.com/site/apple-airpods-pro-2nd-generation/6447382.p?skuId=6447382',
      '6447382',
      'https://www.bestbuy.com/site/6447382.p?skuId=6447382',
      ['apple', 'airpods', 'pro', '2nd', 'generation'],
    ],
    [
      'https://www.bestbuy.com/site/6447382.p?skuId=6447382',
      '6447382',
      'https://www.bestbuy.com/site/6447382.p?skuId=6447382',
      [],
    ],
    [
      'https://www.bestbuy.com/site/sony-playstation-5-slim-console/6566039.p',
      '6566039',
      'https://www.bestbuy.com/site/6566039.p?skuId=6566039',
      ['sony', 'playstation', '5', 'slim', 'console'],
    ],
    [
      'https://m.bestbuy.com/site/logitech-g502-x-plus/6553475.p?skuId=6553475&intl=nosplash',
      '6553475',
      'https://www.bestbuy.com/site/6553475.p?skuId=6553475',
      ['logitech', 'g502', 'x', 'plus'],
    ],
    [
      'https://www.bestbuy.com/product/switch-2-the-legend-of-zelda-40th-anniversary-edition/J7GSL57HTY/sku/6691841',
      '6691841',
      'https://www.bestbuy.com/site/6691841.p?skuId=6691841',
      ['switch', '2', 'the', 'legend', 'of', 'zelda', '40th', 'anniversary', 'edition'],
    ],
    [
      'https://www.bestbuy.com/product/pokemon-lets-go-pikachu-nintendo-switch/J7GSL4G7GQ',
      'J7GSL4G7GQ',
      'https://www.bestbuy.com/product/pokemon-lets-go-pikachu-nintendo-switch/J7GSL4G7GQ',
      ['pokemon', 'lets', 'go', 'pikachu', 'nintendo', 'switch'],
    ],
    [
      'https://www.bestbuy.com/product/lenovo-yoga-7i-16-laptop/6615769?sb_share_source=PDP',
      '6615769',
      'https://www.bestbuy.com/site/6615769.p?skuId=6615769',
      ['lenovo', 'yoga', '7i', '16', 'laptop'],
    ],
    [
      'https://api.bestbuy.com/click/-/6447382/pdp',
      '6447382',
      'https://www.bestbuy.com/site/6447382.p?skuId=6447382',
      [],
    ],
    [
      'https://www.bestbuy.ca/en-ca/product/msi-nvidia-geforce-rtx-2060-super-gaming-x-8gb-gddr6-video-card/14419420?intl=nosplash',
      '14419420',
      'https://www.bestbuy.ca/en-ca/product/14419420',
      [
        'msi',
        'nvidia',
        'geforce',
        'rtx',
        '2060',
        'super',
        'gaming',
        'x',
        '8gb',
        'gddr6',
        'video',
        'card',
      ],
    ],
    [
      'https://www.bestbuy.ca/en-ca/product/14335048',
      '14335048',
      'https://www.bestbuy.ca/en-ca/product/14335048',
      [],
    ],
    [
      'https://www.bestbuy.ca/fr-ca/produit/sonos-arc-barre-de-son-noir/14597172',
      '14597172',
      'https://www.bestbuy.ca/fr-ca/produit/14597172',
      ['sonos', 'arc', 'barre', 'de', 'son', 'noir'],
    ],
    [
      'https://www.bestbuy.com/site/searchpage.jsp?st=airpods&_dyncharset=UTF-8',
      null,
      'https://www.bestbuy.com/site/searchpage.jsp?_dyncharset=UTF-8&st=airpods',
      [],
    ],
    [
      'https://www.bestbuy.com/site/misc/deal-of-the-day/pcmcat248000050016.c?id=pcmcat248000050016',
      null,
      'https://www.bestbuy.com/site/misc/deal-of-the-day/pcmcat248000050016.c?id=pcmcat248000050016',
      [],
    ],
    [
      'https://www.bestbuy.ca/en-ca/category/laptops-macbooks/20352',
      null,
      'https://www.bestbuy.ca/en-ca/category/laptops-macbooks/20352',
      [],
    ],
  ],
  ebay: [
    [
      'https://www.ebay.com/itm/256123456789',
      '256123456789',
      'https://www.ebay.com/itm/256123456789',
      [],
    ],
    [
      'https://www.ebay.com/itm/Apple-AirPods-Pro-2nd-Generation-MagSafe-USB-C/256123456789?hash=item3ba1c2d3e4:g:abcAAOSw&amdata=enc%3A1',
      '256123456789',
      'https://www.ebay.com/itm/256123456789',
      ['apple', 'airpods', 'pro', '2nd', 'generation', 'magsafe', 'usb', 'c'],
    ],
    [
      'https://m.ebay.com/itm/406019437108?mkevt=1&mkcid=1&mkrid=711-53200-19255-0&campid=5338&toolid=10001',
      '406019437108',
      'https://www.ebay.com/itm/406019437108',
      [],
    ],
    [
      'https://www.ebay.co.uk/itm/186512345678?_trkparms=abc&_trksid=p2047675',
      '186512345678',
      'https://www.ebay.co.uk/itm/186512345678',
      [],
    ],
    [
      'https://www.ebay.de/itm/Sony-PlayStation-5-Slim/395012345678',
      '395012345678',
      'https://www.ebay.de/itm/395012345678',
      ['sony', 'playstation', '5', 'slim'],
    ],
    [
      'https://www.ebay.com/itm/314512345678?var=612345678901',
      '314512345678',
      'https://www.ebay.com/itm/314512345678?var=612345678901',
      [],
    ],
    [
      'https://cgi.ebay.com/ws/eBayISAPI.dll?ViewItem&item=250123456789',
      '250123456789',
      'https://www.ebay.com/itm/250123456789',
      [],
    ],
    [
      'https://www.ebay.com/sch/i.html?_nkw=airpods+pro&_sacat=0',
      null,
      'https://www.ebay.com/sch/i.html?_nkw=airpods+pro&_sacat=0',
      [],
    ],
    ['https://www.ebay.com/p/19034573041', null, 'https://www.ebay.com/p/19034573041', []],
    ['https://ebay.us/m/AbCdEf', null, 'https://ebay.us/m/AbCdEf', []],
    ['https://www.ebay.com/itm/not-an-item', null, 'https://www.ebay.com/itm/not-an-item', []],
  ],
  newegg: [
    [
      'https://www.newegg.com/p/N82E16814137601',
      'N82E16814137601',
      'https://www.newegg.com/p/N82E16814137601',
      [],
    ],
    [
      'https://www.newegg.com/msi-geforce-rtx-4070-ti-super-16g-gaming-x-slim/p/N82E16814137861?Item=N82E16814137861&cm_sp=Homepage_SS-_-P1_14-137-861-_-01082024',
      'N82E16814137861',
      'https://www.newegg.com/p/N82E16814137861',
      ['msi', 'geforce', 'rtx', '4070', 'ti', 'super', '16g', 'gaming', 'x', 'slim'],
    ],
    [
      'https://www.newegg.com/Product/Product.aspx?Item=N82E16820250087',
      'N82E16820250087',
      'https://www.newegg.com/p/N82E16820250087',
      [],
    ],
    [
      'https://www.newegg.com/asus-rog-crosshair-viii-dark-hero/p/9SIA4RRJPT6655',
      '9SIA4RRJPT6655',
      'https://www.newegg.com/p/9SIA4RRJPT6655',
      ['asus', 'rog', 'crosshair', 'viii', 'dark', 'hero'],
    ],
    [
      'https://www.newegg.com/p/27N-008E-00005?Item=9SIB601J6Z3595&Description=GPU&cm_re=GPU-_-9SIB601J6Z3595-_-Product',
      '9SIB601J6Z3595',
      'https://www.newegg.com/p/9SIB601J6Z3595',
      [],
    ],
    [
      'https://www.newegg.com/p/2S7-01KR-035X0',
      '2S7-01KR-035X0',
      'https://www.newegg.com/p/2S7-01KR-035X0',
      [],
    ],
    [
      'https://www.newegg.com/global/sg-en/sapphire-radeon-rx-6800-11305-02-20g/p/N82E16814202394',
      'N82E16814202394',
      'https://www.newegg.com/global/sg-en/p/N82E16814202394',
      ['sapphire', 'radeon', 'rx', '6800', '11305', '02', '20g'],
    ],
    [
      'https://www.newegg.ca/g-skill-16gb-288-pin-ddr4-sdram/p/n82e16820231941',
      'N82E16820231941',
      'https://www.newegg.ca/p/N82E16820231941',
      ['g', 'skill', '16gb', '288', 'pin', 'ddr4', 'sdram'],
    ],
    ['https://www.newegg.com/p/pl?d=rtx+4070', null, 'https://www.newegg.com/p/pl?d=rtx+4070', []],
    [
      'https://www.newegg.com/global/uk-en/p/pl?N=101582752',
      null,
      'https://www.newegg.com/global/uk-en/p/pl?N=101582752',
      [],
    ],
    [
      'https://www.newegg.com/Desktop-Graphics-Cards/SubCategory/ID-48',
      null,
      'https://www.newegg.com/Desktop-Graphics-Cards/SubCategory/ID-48',
      [],
    ],
  ],
  costco: [
    [
      'https://www.costco.com/lg-65-class-c4-series-oled-4k-uhd-smart-tv.product.4000243410.html',
      '4000243410',
      'https://www.costco.com/p/-/4000243410',
      ['lg', '65', 'class', 'c4', 'series', 'oled', '4k', 'uhd', 'smart', 'tv'],
    ],
    [
      'https://www.costco.com/p/-/tide-pods-laundry-detergent-pods-free-gentle-152-count/4000415444?sp=grs&langId=-1',
      '4000415444',
      'https://www.costco.com/p/-/4000415444',
      ['tide', 'pods', 'laundry', 'detergent', 'pods', 'free', 'gentle', '152', 'count'],
    ],
    [
      'https://www.costco.com/p/-/4000000001',
      '4000000001',
      'https://www.costco.com/p/-/4000000001',
      [],
    ],
    [
      'https://www.costco.ca/Wi-Fi-Smart-Plug%2C-2-pack.product.100417575.html',
      '100417575',
      'https://www.costco.ca/.product.100417575.html',
      ['wi', 'fi', 'smart', 'plug', '2', 'pack'],
    ],
    [
      'https://costco.ca/.product.123456.html',
      '123456',
      'https://www.costco.ca/.product.123456.html',
      [],
    ],
    [
      'https://www.costco.co.uk/Electronics/Televisions/Samsung-QE65Q80C-65-Inch-QLED-4K-Smart-TV/p/348651',
      '348651',
      'https://www.costco.co.uk/p/348651',
      ['samsung', 'qe65q80c', '65', 'inch', 'qled', '4k', 'smart', 'tv'],
    ],
    [
      'https://www.costco.com/p/-/noel-consorcio-serrano-ham-reserva-leg-14-lbs/100592455',
      '100592455',
      'https://www.costco.com/p/-/100592455',
      ['noel', 'consorcio', 'serrano', 'ham', 'reserva', 'leg', '14', 'lbs'],
    ],
    [
      'https://www.costco.com/CatalogSearch?dept=All&keyword=tv',
      null,
      'https://www.costco.com/CatalogSearch?dept=All&keyword=tv',
      [],
    ],
    [
      'https://www.costco.com/televisions.html',
      null,
      'https://www.costco.com/televisions.html',
      [],
    ],
    ['https://www.costco.ca/electronics.html', null, 'https://www.costco.ca/electronics.html', []],
  ],
  apple: [
    [
      'https://www.apple.com/shop/product/MTJV3AM/A/airpods-pro',
      'MTJV3AM/A',
      'https://www.apple.com/shop/product/MTJV3AM/A',
      ['airpods', 'pro'],
    ],
    [
      'https://www.apple.com/shop/product/MTJV3AM/A',
      'MTJV3AM/A',
      'https://www.apple.com/shop/product/MTJV3AM/A',
      [],
    ],
    [
      'https://www.apple.com/shop/product/MXP63AM%2FA/airpods-4',
      'MXP63AM/A',
      'https://www.apple.com/shop/product/MXP63AM/A',
      ['airpods', '4'],
    ],
    [
      'https://www.apple.com/uk/shop/product/MX572ZM/A/apple-mac-pro-wheels-kit',
      'MX572ZM/A',
      'https://www.apple.com/uk/shop/product/MX572ZM/A',
      ['apple', 'mac', 'pro', 'wheels', 'kit'],
    ],
    [
      'https://www.apple.com/shop/product/MQ052LL/A/magic-keyboard-with-numeric-keypad-us-english-silver?fnode=abc',
      'MQ052LL/A',
      'https://www.apple.com/shop/product/MQ052LL/A',
      ['magic', 'keyboard', 'with', 'numeric', 'keypad', 'us', 'english', 'silver'],
    ],
    [
      'https://www.apple.com/shop/product/MXQT2LL/A/magic-keyboard-for-ipad-pro-11%E2%80%91inch-2nd-generation-us-english',
      'MXQT2LL/A',
      'https://www.apple.com/shop/product/MXQT2LL/A',
      [
        'magic',
        'keyboard',
        'for',
        'ipad',
        'pro',
        '11',
        'inch',
        '2nd',
        'generation',
        'us',
        'english',
      ],
    ],
    [
      'https://apple.com/shop/product/mk0w2am/a/',
      'MK0W2AM/A',
      'https://www.apple.com/shop/product/MK0W2AM/A',
      [],
    ],
    [
      'https://www.apple.com/ca/fr/shop/product/MU8F2AM/A/apple-pencil-2e-generation',
      'MU8F2AM/A',
      'https://www.apple.com/ca/fr/shop/product/MU8F2AM/A',
      ['apple', 'pencil', '2e', 'generation'],
    ],
    [
      'https://www.apple.com/shop/buy-iphone/iphone-16-pro',
      null,
      'https://www.apple.com/shop/buy-iphone/iphone-16-pro',
      [],
    ],
    ['https://www.apple.com/airpods-pro/', null, 'https://www.apple.com/airpods-pro/', []],
    [
      'https://www.apple.com/us/search/airpods?src=globalnav',
      null,
      'https://www.apple.com/us/search/airpods?src=globalnav',
      [],
    ],
  ],
  playstation: [
    [
      'https://direct.playstation.com/en-us/consoles/console/playstation5-console.3005816',
      '3005816',
      'https://direct.playstation.com/en-us/consoles/console/playstation5-console.3005816',
      ['playstation5', 'console'],
    ],
    [
      'https://direct.playstation.com/en-us/accessories/accessory/dualsense-wireless-controller.3005715?smcid=pdc%3Aen-us%3Ahome',
      '3005715',
      'https://direct.playstation.com/en-us/accessories/accessory/dualsense-wireless-controller.3005715',
      ['dualsense', 'wireless', 'controller'],
    ],
    [
      'https://direct.playstation.com/en-us/consoles/console/playstation5-digital-edition-console.3006647/',
      '3006647',
      'https://direct.playstation.com/en-us/consoles/console/playstation5-digital-edition-console.3006647',
      ['playstation5', 'digital', 'edition', 'console'],
    ],
    [
      'https://direct.playstation.com/en-us/buy-accessories/dualsense-wireless-controller-cosmic-red-for-ps5-pc-mac-mobile',
      'dualsense-wireless-controller-cosmic-red-for-ps5-pc-mac-mobile',
      'https://direct.playstation.com/en-us/buy-accessories/dualsense-wireless-controller-cosmic-red-for-ps5-pc-mac-mobile',
      ['dualsense', 'wireless', 'controller', 'cosmic', 'red', 'for', 'ps5', 'pc', 'mac', 'mobile'],
    ],
    [
      'https://direct.playstation.com/de-de/buy-consoles/PlayStation5-Console-Slim#specs',
      'playstation5-console-slim',
      'https://direct.playstation.com/de-de/buy-consoles/playstation5-console-slim',
      ['playstation5', 'console', 'slim'],
    ],
    [
      'http://DIRECT.PLAYSTATION.COM/en-us/games/game/marvels-spider-man-2-standard-edition.3007350',
      '3007350',
      'https://direct.playstation.com/en-us/games/game/marvels-spider-man-2-standard-edition.3007350',
      ['marvels', 'spider', 'man', '2', 'standard', 'edition'],
    ],
    [
      'https://direct.playstation.com/en-us/ps5',
      null,
      'https://direct.playstation.com/en-us/ps5',
      [],
    ],
    ['https://direct.playstation.com/en-us/', null, 'https://direct.playstation.com/en-us/', []],
    [
      'https://direct.playstation.com/en-us/buy-accessories',
      null,
      'https://direct.playstation.com/en-us/buy-accessories',
      [],
    ],
  ],
};

describe.each(Object.entries(retailerCases))('parseRetailerUrl: %s links', (retailer, cases) => {
  it.each(cases)('%s', (url, productId, canonicalUrl, titleWords) => {
    expect(parseRetailerUrl(url)).toEqual({
      retailer,
      host: expect.any(String) as string,
      productId,
      canonicalUrl,
      titleWords,
    });
  });
});

describe('parseRetailerUrl: the same item through different links', () => {
  it.each([
    [
      'https://www.amazon.com/dp/B08P2HBBLX',
      'https://www.amazon.com/Some-Title/dp/B08P2HBBLX/ref=sr_1_1?keywords=x',
      'https://m.amazon.com/gp/aw/d/B08P2HBBLX',
      'https://smile.amazon.com/gp/product/B08P2HBBLX?psc=1',
    ],
    [
      'https://www.bestbuy.com/site/x/6447382.p?skuId=6447382',
      'https://api.bestbuy.com/click/-/6447382/pdp',
      'https://www.bestbuy.com/product/apple-airpods-pro/JJGCQ3GCV6/sku/6447382',
    ],
    [
      'https://www.costco.com/lg-tv.product.4000243410.html',
      'https://www.costco.com/p/-/lg-tv/4000243410',
      'https://www.costco.com/p/-/4000243410?langId=-1',
    ],
  ])('collapses %s and its variants to one canonical link', (...urls) => {
    const canonical = new Set(urls.map((url) => parseRetailerUrl(url)?.canonicalUrl));
    expect(canonical.size).toBe(1);
  });

  it('keeps country stores apart by their canonical link', () => {
    const us = parseRetailerUrl('https://www.amazon.com/dp/B08P2HBBLX')!;
    const de = parseRetailerUrl('https://www.amazon.de/dp/B08P2HBBLX')!;
    expect(us.productId).toBe(de.productId);
    expect(us.canonicalUrl).not.toBe(de.canonicalUrl);
  });

  it('reads its own canonical link back to the same product', () => {
    for (const cases of Object.values(retailerCases)) {
      for (const [url, productId] of cases) {
        const parsed = parseRetailerUrl(url)!;
        const again = parseRetailerUrl(parsed.canonicalUrl)!;
        expect([again.retailer, again.productId, again.canonicalUrl]).toEqual([
          parsed.retailer,
          productId,
          parsed.canonicalUrl,
        ]);
      }
    }
  });
});

describe('parseRetailerUrl: host', () => {
  it.each([
    ['https://www.amazon.com/dp/B08P2HBBLX', 'amazon.com'],
    ['https://smile.amazon.com/dp/B08P2HBBLX', 'smile.amazon.com'],
    ['https://WWW.Example.COM./x', 'example.com'],
    ['http://127.0.0.1:4010/shop/blue-kettle.html', '127.0.0.1:4010'],
    ['http://[::1]:3000/products/kettle', '[::1]:3000'],
    ['https://example.com:443/x', 'example.com'],
    ['https://bücher.de/x', 'xn--bcher-kva.de'],
    ['https://www2.example.com/x', 'www2.example.com'],
  ])('%s -> %s', (url, host) => {
    expect(parseRetailerUrl(url)?.host).toBe(host);
  });

  it.each([
    ['https://aws.amazon.com/ec2/', null],
    ['https://store.playstation.com/en-us/concept/10001234', null],
    ['https://www.amazon.com./dp/B08P2HBBLX', 'amazon'],
    ['https://www.amazon.com:8443/dp/B08P2HBBLX', 'amazon'],
  ])('%s is retailer %s', (url, retailer) => {
    expect(parseRetailerUrl(url)?.retailer).toBe(retailer);
  });
});

describe('parseRetailerUrl: generic shops', () => {
  it.each<[string, string | null, string, string[]]>([
    [
      'https://shop.example.com/collections/kitchen/products/blue-kettle?variant=123&utm_source=x&fbclid=1#reviews',
      'blue-kettle',
      'https://shop.example.com/collections/kitchen/products/blue-kettle?variant=123',
      ['blue', 'kettle'],
    ],
    [
      'https://Shop.Example.COM/products/tee?size=M&utm_medium=email&color=red&gclid=abc',
      'tee',
      'https://shop.example.com/products/tee?color=red&size=M',
      ['tee'],
    ],
    [
      'http://example.com:8080/item.php?id=42&ref=home',
      '42',
      'http://example.com:8080/item.php?id=42',
      [],
    ],
    [
      'https://www.example.co.uk/index.php?route=product/product&product_id=42',
      '42',
      'https://www.example.co.uk/index.php?product_id=42&route=product/product',
      [],
    ],
    ['https://www.example.co.uk/', null, 'https://www.example.co.uk/', []],
    ['https://www.example.co.uk', null, 'https://www.example.co.uk/', []],
    [
      'https://example.com/search?q=blue+kettle',
      null,
      'https://example.com/search?q=blue+kettle',
      [],
    ],
    [
      'https://bücher.de/Der-Zauberberg-Thomas-Mann.html',
      'der-zauberberg-thomas-mann',
      'https://xn--bcher-kva.de/Der-Zauberberg-Thomas-Mann.html',
      ['der', 'zauberberg', 'thomas', 'mann'],
    ],
    [
      'https://example.com/p/caf%C3%A9-cr%C3%A8me/12345/',
      '12345',
      'https://example.com/p/caf%C3%A9-cr%C3%A8me/12345/',
      ['café', 'crème'],
    ],
    [
      'https://example.com/shop/Blue_Kettle;jsessionid=ABC123?sku=9',
      'blue_kettle',
      'https://example.com/shop/Blue_Kettle?sku=9',
      ['blue', 'kettle'],
    ],
    [
      'https://user:secret@example.com/products/kettle',
      'kettle',
      'https://example.com/products/kettle',
      ['kettle'],
    ],
    [
      'https://example.com/en-us/kettles/acme-steel-kettle-1-7l/',
      'acme-steel-kettle-1-7l',
      'https://example.com/en-us/kettles/acme-steel-kettle-1-7l/',
      ['acme', 'steel', 'kettle', '1', '7l'],
    ],
    [
      'http://127.0.0.1:4010/shop/blue-kettle.html',
      'blue-kettle',
      'http://127.0.0.1:4010/shop/blue-kettle.html',
      ['blue', 'kettle'],
    ],
    ['https://example.com/50%off', '50%off', 'https://example.com/50%off', ['50', 'off']],
  ])('%s', (url, productId, canonicalUrl, titleWords) => {
    expect(parseRetailerUrl(url)).toMatchObject({
      retailer: null,
      productId,
      canonicalUrl,
      titleWords,
    });
  });
});

describe('parseRetailerUrl: input', () => {
  it.each([
    '',
    '   ',
    'not a url',
    'www.amazon.com/dp/B08P2HBBLX',
    '//www.amazon.com/dp/B08P2HBBLX',
    'ftp://example.com/file',
    'javascript:alert(1)',
    'mailto:shop@example.com',
    'data:text/html,hello',
    'https://',
    'https://exa mple.com/x',
  ])('refuses %j', (input) => {
    expect(parseRetailerUrl(input)).toBeNull();
  });

  it('trims the text around a link', () => {
    expect(parseRetailerUrl('  https://www.walmart.com/ip/123456  \n')?.productId).toBe('123456');
  });

  it('accepts a URL object and leaves it untouched', () => {
    const url = new URL('https://www.amazon.com/dp/B08P2HBBLX?tag=x#y');
    expect(parseRetailerUrl(url)?.productId).toBe('B08P2HBBLX');
    expect(url.href).toBe('https://www.amazon.com/dp/B08P2HBBLX?tag=x#y');
  });
});
