// @ts-check
'use strict';
/*
 * A HEIC decode, run in a thread of heif-decoder.ts's pool: libheif in WebAssembly takes a core for about a
 * second per 12 MP photo, which on the caller's thread would stop its event loop (BullMQ's lock renewals,
 * the other jobs, the outbox) that long. Plain JavaScript, so that the same file runs from the sources
 * (Jest) and from dist.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by the thread as it is written */
const decodeHeif = require('heic-decode');
const { move, transferableSymbol, valueSymbol } = require('piscina');

/**
 * Decodes the first image of a HEIF file if it has at most `maxPixels`; its RGBA pixels are moved, not
 * copied, back to the caller. A file libheif cannot read is an answer (`refused`), not an error: errors
 * are the pool's (a thread that died), worth trying again.
 *
 * @param {{ file: Uint8Array, maxPixels: number }} task
 */
module.exports = async function decodeFirstHeifImage({ file, maxPixels }) {
  /** @type {Array<{ width: number, height: number, decode(): Promise<{ width: number, height: number, data: Uint8ClampedArray }> }> & { dispose(): void }} */
  let images;
  try {
    images = /** @type {any} */ (await decodeHeif.all({ buffer: file }));
  } catch (err) {
    return { refused: /** @type {Error} */ (err).message };
  }
  try {
    const first = images[0];
    if (!first) return { refused: 'no image in the file' };
    if (first.width * first.height > maxPixels) return { refused: 'too many pixels' };
    const { width, height, data } = await first.decode();
    return move({
      get [transferableSymbol]() {
        return data.buffer;
      },
      get [valueSymbol]() {
        return { width, height, data };
      },
    });
  } catch (err) {
    return { refused: /** @type {Error} */ (err).message };
  } finally {
    images.dispose();
  }
};
