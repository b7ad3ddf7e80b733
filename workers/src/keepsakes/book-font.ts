/**
 * The memory book's typeface: Noto Sans SC (SIL OFL), which covers Latin and Chinese, from the npm registry
 * (@expo-google-fonts/noto-sans-sc: the plain TrueType files), so no machine needs a system font package.
 * PDFKit embeds only the glyphs a book uses.
 */
export const BOOK_FONT = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
