// The package ships its typings where TypeScript does not look; the declaration beside this file says so.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./unicode-confusables.d.ts" />
import { rectifyConfusion } from 'unicode-confusables';
import { normalizeUsername } from '@memory-wall/contracts';

/** UTS #39 skeleton: NFD, each character mapped to its confusables.txt prototype, NFD again. */
const skeleton = (text: string) => rectifyConfusion(text.normalize('NFD')).normalize('NFD');

/**
 * What a username looks like, whatever the letters it is written with: two usernames with the same key
 * (Latin "paypal", Cyrillic "раураl", "PAYPAL", "paypa1") are confusable, and only one may exist. Case is
 * folded between two skeleton passes, so an upper-case look-alike (I for l) maps like its lower-case one.
 */
export function usernameSkeleton(username: string): string {
  return skeleton(skeleton(normalizeUsername(username)).toLowerCase());
}
