/** `name` with its extension replaced (a cropped photo becomes a .jpg). */
export function withExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'photo'}.${extension}`;
}
