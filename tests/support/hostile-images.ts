/**
 * Twenty hostile or awkward images, made here from bytes or with sharp (nothing downloaded), each
 * with what the upload must answer: a refusal in the upload messages, or a correct picture.
 * Shared by tests/integration/image-processing.test.ts and scripts/bench-images.ts.
 */
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { UPLOAD_MESSAGES } from "~/platform/uploads/uploads";

export type HostileOutcome =
  | { refused: { status: 400 | 413; error: string } }
  | {
      accepted: {
        width: number;
        height: number;
        /** Colours expected at points of the stored picture, as fractions of its width and height. */
        pixels?: Array<{ x: number; y: number; rgb: [number, number, number] }>;
      };
    };

export interface HostileImage {
  name: string;
  bytes: Buffer;
  outcome: HostileOutcome;
}

const RED: [number, number, number] = [220, 30, 30];
const BLUE: [number, number, number] = [30, 40, 210];

const refused = (error: string, status: 400 | 413 = 400): HostileOutcome => ({
  refused: { status, error },
});

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring width×height pixels, followed by almost nothing. */
function pngHeaderOnly(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A GIF of `frames` frames, each declaring the whole width×height canvas with a few bytes of
 * picture data: tens of kilobytes that expand to width×height×frames pixels when every frame
 * is decoded.
 */
export function gifBomb(width: number, height: number, frames: number) {
  const screen = Buffer.alloc(13);
  screen.write("GIF89a", 0, "ascii");
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  screen[10] = 0x80; // a global colour table of two entries
  const colours = Buffer.from([...RED, ...BLUE]);
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  const frame = Buffer.concat([
    Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00]), // 0.1 s a frame
    descriptor,
    // LZW, minimum code size 2: clear, colour 0, end.
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]),
  ]);
  const loop = Buffer.from("21ff0b4e45545343415045322e300301000000", "hex");
  return Buffer.concat([screen, colours, loop, ...Array(frames).fill(frame), Buffer.from([0x3b])]);
}

/** Left half red, right half blue: a turned or mirrored picture shows. */
async function halves(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: BLUE[0], g: BLUE[1], b: BLUE[2] } },
  })
    .composite([
      {
        input: {
          create: {
            width: width / 2,
            height,
            channels: 3,
            background: { r: RED[0], g: RED[1], b: RED[2] },
          },
        },
        left: 0,
        top: 0,
      },
    ])
    .raw()
    .toBuffer({ resolveWithObject: true });
}

async function halvesJpeg(width: number, height: number, orientation?: number) {
  const { data, info } = await halves(width, height);
  const image = sharp(data, { raw: info });
  if (orientation) image.withMetadata({ orientation });
  return image.jpeg({ quality: 95 }).toBuffer();
}

/** A JPEG whose frame header (SOF) is rewritten to declare width×height. */
async function jpegDeclaring(width: number, height: number) {
  const jpeg = Buffer.from(await halvesJpeg(64, 64));
  for (let i = 2; i < jpeg.length - 8; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error("no SOF marker");
}

export async function hostileImages(): Promise<HostileImage[]> {
  const solid = (width: number, height: number) =>
    sharp({
      create: { width, height, channels: 3, background: { r: RED[0], g: RED[1], b: RED[2] } },
    });
  const redAt = [{ x: 0.5, y: 0.5, rgb: RED }];
  // What a turned photo must look like once upright: the red half moves with the rotation.
  const upright = (red: "left" | "right" | "top" | "bottom") => {
    const at = { left: [0.1, 0.5], right: [0.9, 0.5], top: [0.5, 0.1], bottom: [0.5, 0.9] }[red];
    const away = { left: [0.9, 0.5], right: [0.1, 0.5], top: [0.5, 0.9], bottom: [0.5, 0.1] }[red];
    return [
      { x: at[0]!, y: at[1]!, rgb: RED },
      { x: away[0]!, y: away[1]!, rgb: BLUE },
    ];
  };
  const goodPng = await halves(1200, 800).then(({ data, info }) =>
    sharp(data, { raw: info }).png().toBuffer(),
  );
  const goodJpeg = await halvesJpeg(1200, 800);
  const noise = Buffer.alloc(1800 * 1200 * 3);
  for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);

  return [
    {
      name: "GIF bomb: 2,000 frames of 4000×4000 (32 gigapixels in 46 KB)",
      bytes: gifBomb(4000, 4000, 2000),
      // Only the first frame is kept; its few bytes of picture leave most of it transparent.
      outcome: { accepted: { width: 4000, height: 4000 } },
    },
    {
      name: "GIF bomb: 500 frames of 6000×6000",
      bytes: gifBomb(6000, 6000, 500),
      outcome: refused(UPLOAD_MESSAGES.tooManyPixelsAnimated),
    },
    {
      name: "GIF declaring 65535×65535",
      bytes: gifBomb(65535, 65535, 1),
      outcome: refused(UPLOAD_MESSAGES.tooManyPixelsAnimated),
    },
    {
      name: "GIF cut short",
      bytes: (await solid(800, 600).gif().toBuffer()).subarray(0, 400),
      outcome: refused(UPLOAD_MESSAGES.notImage),
    },
    {
      name: "PNG bomb: 8000×5000 of one colour, deflated",
      bytes: await solid(8000, 5000).png({ compressionLevel: 9 }).toBuffer(),
      outcome: { accepted: { width: 8000, height: 5000, pixels: redAt } },
    },
    {
      name: "PNG declaring 20000×20000",
      bytes: pngHeaderOnly(20000, 20000),
      outcome: refused(UPLOAD_MESSAGES.tooManyPixels),
    },
    {
      name: "PNG declaring 2³¹−1 × 1",
      bytes: pngHeaderOnly(2 ** 31 - 1, 1),
      // Beyond what the PNG decoder reads at all.
      outcome: refused(UPLOAD_MESSAGES.notImage),
    },
    {
      name: "PNG cut short",
      bytes: goodPng.subarray(0, Math.floor(goodPng.length / 2)),
      outcome: refused(UPLOAD_MESSAGES.notImage),
    },
    {
      name: "JPEG declaring 65500×65500",
      bytes: await jpegDeclaring(65500, 65500),
      outcome: refused(UPLOAD_MESSAGES.tooManyPixels),
    },
    {
      name: "JPEG cut short",
      bytes: goodJpeg.subarray(0, Math.floor(goodJpeg.length / 2)),
      outcome: refused(UPLOAD_MESSAGES.notImage),
    },
    {
      name: "CMYK JPEG",
      bytes: await solid(900, 600).toColourspace("cmyk").jpeg({ quality: 95 }).toBuffer(),
      outcome: { accepted: { width: 900, height: 600, pixels: redAt } },
    },
    {
      name: "16-bit PNG",
      bytes: await solid(900, 600).toColourspace("rgb16").png().toBuffer(),
      outcome: { accepted: { width: 900, height: 600, pixels: redAt } },
    },
    {
      name: "JPEG with EXIF orientation 3 (upside down)",
      bytes: await halvesJpeg(600, 400, 3),
      outcome: { accepted: { width: 600, height: 400, pixels: upright("right") } },
    },
    {
      name: "JPEG with EXIF orientation 6 (turned right)",
      bytes: await halvesJpeg(600, 400, 6),
      outcome: { accepted: { width: 400, height: 600, pixels: upright("top") } },
    },
    {
      name: "JPEG with EXIF orientation 8 (turned left)",
      bytes: await halvesJpeg(600, 400, 8),
      outcome: { accepted: { width: 400, height: 600, pixels: upright("bottom") } },
    },
    {
      name: "JPEG with EXIF orientation 5 (mirrored and turned)",
      bytes: await halvesJpeg(600, 400, 5),
      outcome: { accepted: { width: 400, height: 600, pixels: upright("top") } },
    },
    {
      name: "Text renamed .png",
      bytes: Buffer.from("just some words, not pixels\n".repeat(50)),
      outcome: refused(UPLOAD_MESSAGES.notImage),
    },
    {
      name: "SVG with a script",
      bytes: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
      ),
      outcome: refused(UPLOAD_MESSAGES.notImage),
    },
    {
      name: "TIFF (a format not taken)",
      bytes: await solid(300, 200).tiff().toBuffer(),
      outcome: refused(UPLOAD_MESSAGES.notImage),
    },
    {
      name: "PNG of noise over 5 MB",
      bytes: await sharp(noise, { raw: { width: 1800, height: 1200, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
      outcome: refused(UPLOAD_MESSAGES.tooLarge, 413),
    },
  ];
}

/**
 * A typical phone photo just under 5 MB: 4032×3024 with detail everywhere (a gradient and
 * shapes plus grain), so it compresses like a real one.
 */
export async function typicalPhoto() {
  const width = 4032;
  const height = 3024;
  const grain = Buffer.alloc(width * height * 3);
  for (let i = 0; i < grain.length; i += 4) grain.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#f4d03f"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#c0392b"/>
    <rect x="${width / 2}" y="${height / 3}" width="${width / 3}" height="${height / 2}" fill="#27ae60"/>
  </svg>`;
  for (const quality of [92, 85, 75, 65, 55]) {
    const bytes = await sharp(Buffer.from(svg))
      .composite([
        {
          input: grain,
          raw: { width, height, channels: 3 },
          blend: "soft-light",
        },
      ])
      .jpeg({ quality })
      .toBuffer();
    if (bytes.length < 5 * 1024 * 1024) return bytes;
  }
  throw new Error("could not make a photo under 5 MB");
}
