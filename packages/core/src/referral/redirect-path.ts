/** The path of ipick's redirect endpoint (spec §7 "Outbound link helper"). */
export const REDIRECT_PATH = '/api/redirect';

/** `/api/redirect?to={encoded target}`: the relative address of an outbound link (spec §7). */
export function redirectPath(target: string): string {
  return `${REDIRECT_PATH}?to=${encodeURIComponent(target)}`;
}
