// Shrinks the README's screenshot: Chromium's truecolour PNG re-encoded with a 256-colour palette.
import { deflateSync, inflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
const MAX_COLOURS = 256;

interface Image {
  width: number;
  height: number;
  /** RGB, three bytes a pixel. */
  pixels: Buffer;
}

/** Weighted median cut keeps the flat interface colours exact; the file shrinks to about a third. */
export function paletteFromScreenshot(png: Buffer): Buffer {
  const image = decode(png);
  const counts = new Map<number, number>();
  for (let i = 0; i < image.pixels.length; i += 3) {
    const rgb = (image.pixels[i]! << 16) | (image.pixels[i + 1]! << 8) | image.pixels[i + 2]!;
    counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
  }
  const palette = medianCut([...counts.entries()], MAX_COLOURS);
  const nearest = new Map<number, number>();
  const indexOf = (rgb: number): number => {
    let found = nearest.get(rgb);
    if (found === undefined) {
      found = closest(palette, rgb);
      nearest.set(rgb, found);
    }
    return found;
  };
  const rows = Buffer.alloc(image.height * (image.width + 1));
  for (let y = 0; y < image.height; y++) {
    rows[y * (image.width + 1)] = 0;
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 3;
      const rgb = (image.pixels[i]! << 16) | (image.pixels[i + 1]! << 8) | image.pixels[i + 2]!;
      rows[y * (image.width + 1) + 1 + x] = indexOf(rgb);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 3, 0, 0, 0], 8);
  const plte = Buffer.from(palette.flatMap((rgb) => [rgb >> 16, (rgb >> 8) & 255, rgb & 255]));
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("PLTE", plte),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Reads an 8-bit RGB or RGBA PNG without interlacing (what Chromium writes); alpha is dropped. */
function decode(png: Buffer): Image {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG");
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("ascii", at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      channels = colour === 2 ? 3 : colour === 6 ? 4 : 0;
      if (depth !== 8 || channels === 0 || interlace !== 0)
        throw new Error("only 8-bit RGB(A) PNGs are read");
    } else if (type === "IDAT") data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(width * height * 3);
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = Buffer.alloc(stride);
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? row[x - channels]! : 0;
      const up = previous[x]!;
      const upLeft = x >= channels ? previous[x - channels]! : 0;
      row[x] = (line[x]! + predict(filter!, left, up, upLeft)) & 255;
    }
    for (let x = 0; x < width; x++) row.copy(pixels, (y * width + x) * 3, x * channels, x * channels + 3);
    previous = row;
  }
  return { width, height, pixels };
}

function predict(filter: number, left: number, up: number, upLeft: number): number {
  if (filter === 1) return left;
  if (filter === 2) return up;
  if (filter === 3) return (left + up) >> 1;
  if (filter === 4) {
    const p = left + up - upLeft;
    const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
    return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
  }
  return 0;
}

/** Splits the colours, weighted by how often they occur, into `size` boxes; each box's average is a colour. */
function medianCut(colours: Array<[number, number]>, size: number): number[] {
  const channel = (rgb: number, c: number) => (rgb >> (16 - 8 * c)) & 255;
  const boxes: Array<Array<[number, number]>> = [colours];
  while (boxes.length < size) {
    let widest = -1;
    let widestRange = 0;
    let widestChannel = 0;
    boxes.forEach((box, i) => {
      if (box.length < 2) return;
      for (let c = 0; c < 3; c++) {
        const values = box.map(([rgb]) => channel(rgb, c));
        const range = Math.max(...values) - Math.min(...values);
        if (range > widestRange) [widest, widestRange, widestChannel] = [i, range, c];
      }
    });
    if (widest < 0) break;
    const box = boxes[widest]!.sort((a, b) => channel(a[0], widestChannel) - channel(b[0], widestChannel));
    const total = box.reduce((sum, [, n]) => sum + n, 0);
    let seen = 0;
    let cut = 1;
    for (; cut < box.length - 1; cut++) {
      seen += box[cut - 1]![1];
      if (seen >= total / 2) break;
    }
    boxes.splice(widest, 1, box.slice(0, cut), box.slice(cut));
  }
  return boxes.map((box) => {
    const total = box.reduce((sum, [, n]) => sum + n, 0);
    const mean = [0, 1, 2].map((c) =>
      Math.round(box.reduce((sum, [rgb, n]) => sum + channel(rgb, c) * n, 0) / total),
    );
    return (mean[0]! << 16) | (mean[1]! << 8) | mean[2]!;
  });
}

function closest(palette: number[], rgb: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  palette.forEach((entry, i) => {
    const dr = (entry >> 16) - (rgb >> 16);
    const dg = ((entry >> 8) & 255) - ((rgb >> 8) & 255);
    const db = (entry & 255) - (rgb & 255);
    const distance = dr * dr + dg * dg + db * db;
    if (distance < bestDistance) [best, bestDistance] = [i, distance];
  });
  return best;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 255]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, "ascii");
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}
