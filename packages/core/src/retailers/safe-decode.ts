/** `decodeURIComponent` that keeps malformed escapes (`50%off`) as text instead of throwing. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
