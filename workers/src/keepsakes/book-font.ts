import { create, Font } from 'fontkit';
import { readFileSync } from 'node:fs';

/**
 * The memory book's typeface: Noto Sans SC (SIL OFL), which covers Latin and Chinese, from the npm registry
 * (@expo-google-fonts/noto-sans-sc: the plain TrueType files), so no machine needs a system font package.
 * PDFKit embeds only the glyphs a book uses.
 */
const BOOK_FONT = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');

let parsed: Font | undefined;

/**
 * The typeface parsed once per process and shared by every book (PDFKit accepts a parsed fontkit font):
 * parsed for each book, the file's 10 MB were read again, and a finished book's copy could still await
 * collection while the next book parsed its own (figures in bench/README.md, keepsake case).
 */
export function bookFont(): Font {
  return (parsed ??= create(readFileSync(BOOK_FONT)) as Font);
}
