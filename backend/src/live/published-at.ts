const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
/** `"ts":` read backwards from its colon. */
const TS_KEY = [0x3a, 0x22, 0x73, 0x74, 0x22];

/**
 * The publish time (`ts`, epoch ms) of a serialised live message, read from its last bytes without
 * parsing or copying it: LivePublisher writes `ts` as the message's last field (`…,"ts":1764000000000}`).
 * NaN when the message does not end that way.
 */
export function publishedAt(message: Buffer): number {
  let i = message.length - 2;
  let value = 0;
  let scale = 1;
  while (i >= 0 && message[i] >= DIGIT_0 && message[i] <= DIGIT_9) {
    value += (message[i] - DIGIT_0) * scale;
    scale *= 10;
    i--;
  }
  if (scale === 1 || message[message.length - 1] !== 0x7d) return NaN;
  for (const byte of TS_KEY) if (message[i--] !== byte) return NaN;
  return value;
}
