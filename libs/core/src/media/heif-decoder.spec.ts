import sharp, { type Sharp } from 'sharp';
import { gpsTaggedJpeg, heicOf } from '@memory-wall/testkit/images';
import { decodeHeifUpright } from './heif-decoder';

/** 60×40, red in its top-left corner, blue in its bottom-right one: every turn and mirror shows. */
const marked = (orientation: number) =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#808080' } })
    .composite([
      { input: { create: { width: 20, height: 12, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
      { input: { create: { width: 20, height: 12, channels: 3, background: '#0000ff' } }, left: 40, top: 28 },
    ])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation })
    .toBuffer();

/** The image as 3×3 cells of mean colour, rounded to 0, 128 or 255 per channel, and its size. */
async function cells(image: Sharp) {
  const { data, info } = await image
    .removeAlpha()
    .resize(3, 3, { fit: 'fill', kernel: 'nearest' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, pixels: Array.from(data, (v: number) => Math.round(v / 128) * 128) };
}

describe('decodeHeifUpright', () => {
  // heif-enc before 1.17 keeps a JPEG's EXIF orientation and writes no irot: EXIF then says which way is up.
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'turns a HEIC with EXIF orientation %i upright as sharp turns the JPEG',
    async (orientation) => {
      const jpeg = await marked(orientation);
      const decoded = await decodeHeifUpright(heicOf(jpeg), 1_000_000);
      const expected = await sharp(jpeg).rotate().toBuffer({ resolveWithObject: true });
      const { info } = await decoded.clone().png().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([expected.info.width, expected.info.height]);
      expect(await cells(decoded)).toEqual(await cells(sharp(expected.data)));
    },
  );

  it('refuses an image over the pixel limit before decoding it', async () => {
    await expect(decodeHeifUpright(heicOf(await marked(1)), 60 * 40 - 1)).rejects.toThrow('too many pixels');
  });

  // A 12 MP HEIC takes libheif about a second of one core: on this thread it would hold every timer, socket
  // and job of the process that long. Each turn below is a full pass of this thread's event loop.
  it('decodes in another thread while this event loop keeps turning', async () => {
    const heic = heicOf(await gpsTaggedJpeg(3000, 2000));
    let decoding = true;
    const decoded = decodeHeifUpright(heic, 40_000_000).finally(() => (decoding = false));
    let turns = 0;
    while (decoding) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    const { info } = await (await decoded).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([3000, 2000]);
    expect(turns).toBeGreaterThan(100);
  }, 60_000);
});
