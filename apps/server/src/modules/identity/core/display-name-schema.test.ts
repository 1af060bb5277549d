import { describe, expect, it } from 'vitest';
import { clientUserUpdateBody, serverUserCreateBody } from './api-schemas.ts';

// Issue 20: a display name is shown to other people; the identity API refuses line breaks,
// control characters and text-direction marks in it, naming the field, as the product API does.

describe('display_name on the identity API', () => {
  it.each([
    ['a line break', 'Ann\nLee'],
    ['a control character', 'Ann\u0007'],
    ['a right-to-left override', 'Ann\u202eeeL'],
  ])('refuses %s', (_what, name) => {
    for (const schema of [clientUserUpdateBody, serverUserCreateBody]) {
      const result = schema.safeParse({ display_name: name });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['display_name'],
        message:
          'Display names may not contain line breaks, control characters or text-direction marks',
      });
    }
  });

  it('takes a plain name, and none', () => {
    expect(clientUserUpdateBody.safeParse({ display_name: 'Ann Lee' }).success).toBe(true);
    expect(clientUserUpdateBody.safeParse({ display_name: null }).success).toBe(true);
  });
});
