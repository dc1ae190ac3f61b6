import CRC32 from "crc-32";
import { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output } from "mediabunny";

/** Small but real files for media tests: headers that sniffers and dimension readers accept. */
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16 = (n: number) => [(n >>> 8) & 255, n & 255];

function padded(bytes: number[] | Uint8Array, size?: number): Uint8Array {
  const out = new Uint8Array(Math.max(size ?? 0, bytes.length));
  out.set(bytes);
  return out;
}

/** A PNG chunk with its CRC. */
function chunk(type: string, data: number[]): number[] {
  const body = [...type].map((ch) => ch.charCodeAt(0)).concat(data);
  return [...u32(data.length), ...body, ...u32(CRC32.buf(body) >>> 0)];
}

/**
 * A structurally whole PNG whose IHDR says width × height: IHDR, one IDAT and IEND with correct CRCs (the
 * pixel data is a token: nothing here decodes it). `size` pads after IEND, which readers ignore.
 */
export function pngBytes(width: number, height: number, size?: number): Uint8Array {
  const ihdr = chunk("IHDR", [...u32(width), ...u32(height), 8, 2, 0, 0, 0]);
  return padded(
    [
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...ihdr,
      ...chunk("IDAT", [0x78, 0x9c, 0x03, 0, 0, 0, 0, 1]),
      ...chunk("IEND", []),
    ],
    size,
  );
}

/** A baseline JPEG (JFIF, SOF0 for width × height, a scan, EOI); `size` pads after EOI. */
export function jpegBytes(width: number, height: number, size?: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0, 17, 8, ...u16(height), ...u16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  const sos = [0xff, 0xda, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0, 0x12, 0x34, 0xff, 0x00, 0x56];
  return padded([0xff, 0xd8, ...app0, ...sof0, ...sos, 0xff, 0xd9], size);
}

/** A Windows executable's first bytes. */
export const exeBytes = () => padded([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff], 2048);

/**
 * A real MP4 (H.264 track of `seconds` at 30 fps, `width` × `height`), optionally grown to `size`
 * bytes with a trailing `free` box — still a valid file, so large uploads can be tested cheaply.
 */
export async function mp4Bytes(opts: {
  width: number;
  height: number;
  seconds: number;
  size?: number;
}): Promise<Uint8Array> {
  const output = new Output({ format: new Mp4OutputFormat(), target: new BufferTarget() });
  const source = new EncodedVideoPacketSource("avc");
  output.addVideoTrack(source, { frameRate: 30 });
  await output.start();
  const description = new Uint8Array([1, 0x42, 0, 0x1f, 0xff, 0xe1, 0, 4, 0x67, 0x42, 0, 0x1f, 1, 0, 2, 0x68, 0xce]);
  const frames = Math.round(opts.seconds * 30);
  for (let i = 0; i < frames; i++) {
    const packet = new EncodedPacket(
      new Uint8Array([0, 0, 0, 1, 0x65, i & 255]),
      i === 0 ? "key" : "delta",
      i / 30,
      1 / 30,
    );
    await source.add(
      packet,
      i === 0
        ? { decoderConfig: { codec: "avc1.42001f", codedWidth: opts.width, codedHeight: opts.height, description } }
        : undefined,
    );
  }
  await output.finalize();
  const file = new Uint8Array(output.target.buffer!);
  if (!opts.size || opts.size <= file.length) return file;
  const out = new Uint8Array(opts.size);
  out.set(file);
  const free = opts.size - file.length;
  out.set([...u32(free), 0x66, 0x72, 0x65, 0x65], file.length);
  return out;
}

export function fileOf(bytes: Uint8Array, name: string, type = "application/octet-stream"): File {
  return new File([bytes as BlobPart], name, { type });
}
