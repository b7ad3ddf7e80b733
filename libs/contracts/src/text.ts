const HAN = /\p{Script=Han}/gu;
const NON_SPACE = /\S/gu;

/** Spec §2 Memory card: text with more than 20% Chinese characters counts as Chinese. */
export function isMostlyChinese(text: string): boolean {
  const visible = text.match(NON_SPACE)?.length ?? 0;
  if (visible === 0) return false;
  return (text.match(HAN)?.length ?? 0) / visible > 0.2;
}
