/**
 * A stored product picture (WebP) as a JPEG: link previews (WhatsApp, Facebook, X) do not
 * show WebP. Made on request; the CDN and browsers keep it forever (the URL names the
 * bytes), and this instance keeps the last few.
 */
const recent = new Map<string, Promise<Buffer>>();
const KEEP = 24;

export function jpegVariant(sha256: string, webp: Buffer): Promise<Buffer> {
  const hit = recent.get(sha256);
  if (hit) return hit;
  const made = (async () => {
    const { default: sharp } = await import('sharp');
    return sharp(webp).flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  })();
  recent.set(sha256, made);
  made.catch(() => recent.delete(sha256));
  if (recent.size > KEEP) recent.delete(recent.keys().next().value as string);
  return made;
}
