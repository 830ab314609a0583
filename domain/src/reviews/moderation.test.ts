import { describe, expect, it } from 'vitest';
import { holdReasons, parseBlocklist, reviewPhotoUrl } from './moderation.js';

const review = (text: string, title = 'My bag') => ({ title, text });
const list = parseBlocklist('Telegram, promo code ,  WhatsApp\nass');

describe('review moderation check', () => {
  it('publishes honest criticism, however harsh, at once', () => {
    expect(holdReasons(review('The zip broke in a week and the stitching came apart. Terrible, do not buy.'), list)).toEqual([]);
    expect(holdReasons(review('First class build; 10/10 would buy again for 2,499 rupees.'), list)).toEqual([]);
  });

  it('holds phone numbers, emails and links', () => {
    expect(holdReasons(review('Call me on +91 98765 43210 for a cheaper one'), [])).toEqual(['phone']);
    expect(holdReasons(review('Write to me at deals@example.com for more'), [])).toEqual(['email']);
    expect(holdReasons(review('Cheaper at https://other-shop.example/bags today'), [])).toEqual(['url']);
    expect(holdReasons(review('Cheaper at www.othershop.in today', 'Look'), [])).toEqual(['url']);
    expect(holdReasons(review('Nice', 'See bagdeals.com'), [])).toEqual(['url']);
  });

  it('holds a word or phrase from the block list, as a whole word, any case', () => {
    expect(holdReasons(review('Join my TELEGRAM channel for offers'), list)).toEqual(['blocked_word']);
    expect(holdReasons(review('Use promo   code BAG50 for offers'), list)).toEqual(['blocked_word']);
    expect(holdReasons(review('A classy bag for the business class lounge'), list)).toEqual([]);
  });

  it('parses the block list setting', () => {
    expect(list).toEqual(['telegram', 'promo code', 'whatsapp', 'ass']);
    expect(parseBlocklist(' , ,')).toEqual([]);
  });

  it('serves a review photo under its review (issue 37: the review decides who sees it)', () => {
    expect(reviewPhotoUrl('p1_u1', 'a'.repeat(64))).toBe(`/api/images/review/p1_u1/${'a'.repeat(64)}`);
  });
});
