import { Readable } from "node:stream";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

/** A ZIP archive of the given files, each deflated (what the tenant export and the tests' .xlsx files use). */
export function zip(files: { name: string; data: Buffer | string }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const stamp = dosTime(new Date());
  for (const file of files) {
    const data = typeof file.data === "string" ? Buffer.from(file.data, "utf8") : file.data;
    const packed = deflateRawSync(data);
    const name = Buffer.from(file.name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(stamp, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(stamp, 12);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    central.push(entry, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

type Source = Buffer | string | Iterable<Buffer | string> | AsyncIterable<Buffer | string>;

/** Gathers small pieces (a sheet's rows) into chunks of about 64 KiB before they are deflated. */
async function* chunked(source: Source, seen: (data: Buffer) => void) {
  const pieces: Buffer[] = [];
  let size = 0;
  const iterable = typeof source === "string" || Buffer.isBuffer(source) ? [source] : source;
  for await (const piece of iterable) {
    const data = typeof piece === "string" ? Buffer.from(piece, "utf8") : piece;
    seen(data);
    pieces.push(data);
    size += data.length;
    if (size >= 65_536) {
      yield Buffer.concat(pieces.splice(0));
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(pieces);
}

/**
 * A ZIP archive written as it is made (issue 18's files): each entry is deflated as its content arrives and
 * handed to `sink`, its CRC and sizes following in a data descriptor, so neither an entry nor the archive is
 * ever whole in memory. `readFirstSheet` and every unzip tool read it.
 */
export class ZipWriter {
  private offset = 0;
  private readonly central: Buffer[] = [];
  private entries = 0;
  private readonly stamp = dosTime(new Date());

  constructor(private readonly sink: (chunk: Buffer) => Promise<void>) {}

  private async emit(data: Buffer) {
    this.offset += data.length;
    await this.sink(data);
  }

  async add(fileName: string, source: Source): Promise<void> {
    const name = Buffer.from(fileName, "utf8");
    const start = this.offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; names are UTF-8
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(this.stamp, 10);
    local.writeUInt16LE(name.length, 26);
    await this.emit(Buffer.concat([local, name]));
    let crc = 0;
    let size = 0;
    let packed = 0;
    const input = Readable.from(chunked(source, (data) => {
      crc = crc32(data, crc);
      size += data.length;
    }));
    const deflate = createDeflateRaw();
    input.on("error", (error) => deflate.destroy(error));
    for await (const data of input.pipe(deflate) as AsyncIterable<Buffer>) {
      packed += data.length;
      await this.emit(data);
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(packed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.emit(descriptor);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0808, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(this.stamp, 12);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(packed, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(start, 42);
    this.central.push(entry, name);
    this.entries++;
  }

  /** The central directory and its end: the archive is complete. */
  async finish(): Promise<void> {
    const directory = Buffer.concat(this.central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries, 8);
    end.writeUInt16LE(this.entries, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(this.offset, 16);
    await this.emit(Buffer.concat([directory, end]));
  }
}

/** MS-DOS date and time, as ZIP headers hold them. */
function dosTime(date: Date): number {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return ((day << 16) | time) >>> 0;
}
